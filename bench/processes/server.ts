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
import { startTap } from '../../src/tap';

const FIXED_ANSWER = '{"result":"SUCCESS","order":{"id":"BENCH","amount":10.00,"currency":"USD","status":"CAPTURED"},"response":{"gatewayCode":"APPROVED"}}';

async function main(): Promise<void> {
  const kind = process.argv[2];
  const repoRoot = process.argv[3] ?? process.cwd();
  let close: () => Promise<void>;
  let port: number;
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
    const tap = await startTap({ upstream: { url: upstream, environment: { id: 'bench', name: 'bench upstream', live: false } }, analysisWorker: path.join(repoRoot, 'dist', 'tapWorker.js') });
    port = Number(new URL(tap.url).port);
    close = () => tap.close();
  } else if (kind === 'bare') {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(FIXED_ANSWER));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  } else {
    throw new Error(`server kind: simulator, tap or bare, not ${kind}`);
  }
  process.stdout.write(JSON.stringify({ port }) + '\n');
  process.stdin.on('end', () => void close().then(() => process.exit(0))).resume();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
