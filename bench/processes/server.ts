/**
 * A server for the bench in a process of its own: `simulator` (in a worker thread, as VS Code
 * starts it: dist/simulatorWorker.js) or `bare` (node:http answering a fixed JSON). Prints
 * `{"port":N}` once listening; ends when its standard input closes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { DEFAULT_MAX_ORDERS } from '../../src/simulator/defaults';
import { startSimulatorThread } from '../../src/simulator/thread';
import { Agent } from 'undici';
import * as net from 'node:net';
import { createServer as createTlsServer } from 'node:https';
import { startTap } from '../../src/tap';
import { issueServerCertificate, makeCa } from '../../src/tap/certificate';
import { PUBLIC_GATEWAY_HOSTS } from '../../src/tap/interceptRoutes';

const FIXED_ANSWER = '{"result":"SUCCESS","order":{"id":"BENCH","amount":10.00,"currency":"USD","status":"CAPTURED"},"response":{"gatewayCode":"APPROVED"}}';

async function main(): Promise<void> {
  const kind = process.argv[2];
  const repoRoot = process.argv[3] ?? process.cwd();
  let close: () => Promise<void>;
  let port: number;
  /** A CA (PEM) a client must trust for this server: the tap's interception CA, or tls-bare's own. */
  let ca: string | undefined;
  if (kind === 'simulator' || kind === 'simulator-default') {
    // The order lock's hold (processingDelayMs, default 5 ms) is a sleep, not work: left out, the rate is the simulator's CPU.
    // simulator-default keeps it: the simulator as a developer runs it.
    const sim = await startSimulatorThread(path.join(repoRoot, 'dist', 'simulatorWorker.js'), { port: 0, maxOrders: DEFAULT_MAX_ORDERS, runBy: 'test', ...(kind === 'simulator' ? { processingDelayMs: 0 } : {}) });
    let lines = 0;
    // As the extension host does, this thread takes the log's batches (and here only counts them).
    sim.onLog((entries, omitted) => (lines += entries.length + omitted));
    port = sim.port;
    close = () => sim.close();
  } else if (kind === 'tap') {
    // The Gateway Tap as the CLI runs it, in a process of its own, forwarding to the upstream named next.
    const upstream = process.argv[4] ?? '';
    const tap = await startTap({
      upstream: { url: upstream, environment: { id: 'bench', name: 'bench upstream', live: false } },
      analysisWorker: path.join(repoRoot, 'dist', 'tapWorker.js'),
      // The gateway's TEST host, as a program has it in its code, mapped to the upstream (bench/intercept.bench.ts).
      intercept: { routes: new Map(PUBLIC_GATEWAY_HOSTS.map((host) => [host, { kind: 'mapped', url: upstream }] as const)) },
    });
    port = Number(new URL(tap.url).port);
    ca = tap.interceptCaPem;
    close = () => tap.close();
  } else if (kind === 'bare-proxy') {
    // The least a Node proxy does (node:http in, undici out, the answer piped back): the floor a tap's hop has on this machine.
    const upstream = new URL(process.argv[4] ?? '');
    const agent = new Agent({});
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const { host: _host, connection: _connection, 'content-length': _length, ...headers } = req.headers;
        agent
          .request({ origin: upstream.origin, path: req.url ?? '/', method: (req.method ?? 'GET') as 'PUT', headers: headers as Record<string, string>, body: Buffer.concat(chunks) })
          .then((answer) => {
            res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? ''), 'content-length': String(answer.headers['content-length'] ?? '') });
            answer.body.pipe(res);
          })
          .catch(() => res.destroy());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    close = async () => {
      server.close();
      await agent.close();
    };
  } else if (kind === 'connect-tunnel') {
    // The least a Node HTTPS proxy does for a host it does not decrypt: CONNECT, then two pipes.
    const server = createServer();
    server.on('connect', (req, client: net.Socket, head: Buffer) => {
      const [host = '', portText = ''] = (req.url ?? '').split(':');
      const upstream = net.connect(Number(portText), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  } else if (kind === 'tls-bare') {
    // An HTTPS host the tap does not intercept: its own certificate, for IP 127.0.0.1.
    const own = makeCa({ commonName: 'bench tls-bare CA', scope: { dns: [], ips: ['127.0.0.1'], subjects: ['127.0.0.1'] }, days: 2 }, new Date());
    const leaf = issueServerCertificate(own, { dns: [], ips: ['127.0.0.1'] }, new Date());
    const server = createTlsServer({ cert: leaf.cert, key: leaf.key, keepAliveTimeout: 5000 }, (req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(FIXED_ANSWER));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    ca = own.pem;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  } else if (kind === 'bare') {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(FIXED_ANSWER));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  } else {
    throw new Error(`server kind: simulator, simulator-default, tap, bare-proxy, connect-tunnel, tls-bare or bare, not ${kind}`);
  }
  process.stdout.write(JSON.stringify({ port, ...(ca ? { ca } : {}) }) + '\n');
  process.stdin.on('end', () => void close().then(() => process.exit(0))).resume();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
