import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from './cliProcess';

/** The variables a developer may have set: none of them may answer for the test. */
const unsetSecrets = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('PAYMENT_WORKBENCH_') || /^https?_proxy$/i.test(k)).map((k) => [k, undefined]));
const PASSWORD = 'destinations-gateway-password';

const retrieve = { id: 'order', operation: 'gateway.retrieveOrder', params: { orderId: 'order-1' } };

/**
 * A proxy that accepts every CONNECT with a 200 carrying a body, then closes the tunnel: undici took
 * such a tunnel as a connection dropped before the request went out and opened the next one at once.
 * It stops listening after `limit` connections, so the code before the fix ends too (refused), and
 * the test asserts on the count instead of waiting for ever.
 */
function droppingProxy(limit: number): Promise<{ server: net.Server; port: number; connections(): number }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    if (connections >= limit) server.close();
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello'));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as net.AddressInfo).port, connections: () => connections })));
}

describe('payment-workbench: where secrets go (the real process)', function () {
  this.timeout(60_000);
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-destinations-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const writeEnvironments = (environments: object[]) => {
    const file = path.join(dir, 'environments.json');
    fs.writeFileSync(file, JSON.stringify({ environments }));
    return file;
  };
  const writeFlow = (environment: string) => {
    const file = path.join(dir, 'retrieve.payflow.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'Retrieve', environment, steps: [retrieve] }));
    return file;
  };

  it('a proxy that accepts each tunnel and closes it gets a few connections per send, and the run names it', async () => {
    const proxy = await droppingProxy(500);
    try {
      const environments = writeEnvironments([{ id: 'acme', name: 'Acme', gatewayUrl: 'http://test-gateway.example.invalid', merchantId: 'TESTACME', proxy: { url: `http://127.0.0.1:${proxy.port}` } }]);
      const r = await cli(['run', writeFlow('acme'), '--environments', environments], { env: { ...unsetSecrets, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD } });
      assert.ok(proxy.connections() <= 4, `one send opened ${proxy.connections()} connections to the proxy`);
      assert.equal(r.status, 3, `the environment could not be reached: exit 3\n${r.stdout}${r.stderr}`);
      assert.match(r.stdout, new RegExp(`proxy 127\\.0\\.0\\.1:${proxy.port} .*closed`, 'i'));
    } finally {
      proxy.server.close();
    }
  });

  describe('files an environments file or a run names are read as regular files, bounded', function () {
    before(function () {
      if (process.platform === 'win32') this.skip(); // no /dev/zero, no mkfifo
    });
    const simulatorEnv = (extra: object) => ({ id: 'acme', name: 'Acme', gatewayUrl: 'http://127.0.0.1:9', merchantId: 'TESTACME', ...extra });
    /** The CLI must end by itself; should it read for ever, the test fails at this bound instead of filling the machine's memory. */
    const bounded = { env: { ...unsetSecrets, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD }, bounded: true };

    it('caPath /dev/zero is refused as no regular file, naming the field and the file', async () => {
      const environments = writeEnvironments([simulatorEnv({ caPath: '/dev/zero' })]);
      const r = await cli(['run', writeFlow('acme'), '--environments', environments], bounded);
      assert.match(r.stdout + r.stderr, /caPath \/dev\/zero is not a regular file/);
      assert.equal(r.status, 1, r.stdout + r.stderr);
    });

    it('a client certificate or key that is a pipe is refused at once (the open does not wait for a writer)', async () => {
      const fifo = path.join(dir, 'client.pem');
      execFileSync('mkfifo', [fifo]);
      const environments = writeEnvironments([simulatorEnv({ gatewayAuth: 'certificate', certificate: { certPath: fifo, keyPath: fifo } })]);
      const r = await cli(['run', writeFlow('acme'), '--environments', environments], bounded);
      assert.match(r.stdout + r.stderr, new RegExp(`certPath ${fifo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a regular file`));
    });

    it('a CA file larger than 1 MiB is refused with its size and the limit', async () => {
      const big = path.join(dir, 'big-ca.pem');
      fs.writeFileSync(big, Buffer.alloc(2 * 1024 * 1024, 0x41));
      const environments = writeEnvironments([simulatorEnv({ caPath: big })]);
      const r = await cli(['run', writeFlow('acme'), '--environments', environments], bounded);
      assert.match(r.stdout + r.stderr, /caPath .*big-ca\.pem is 2097152 bytes, larger than the 1 MB read at most/);
    });

    it('an environments file, a flow file or a scenario that is a link to /dev/zero is refused (usage, exit 2)', async () => {
      fs.mkdirSync(path.join(dir, '.vscode'));
      fs.symlinkSync('/dev/zero', path.join(dir, '.vscode', 'payment-workbench.environments.json'));
      const flow = writeFlow('local-simulator');
      const r = await cli(['run', flow], { ...bounded, cwd: dir });
      assert.equal(r.status, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /payment-workbench\.environments\.json is not a regular file/);
      fs.rmSync(path.join(dir, '.vscode'), { recursive: true });
      fs.symlinkSync('/dev/zero', path.join(dir, 'zero.payflow.json'));
      const f = await cli(['run', path.join(dir, 'zero.payflow.json')], { ...bounded, cwd: dir });
      assert.equal(f.status, 2, f.stdout + f.stderr);
      assert.match(f.stderr, /zero\.payflow\.json: \(file\): is not a regular file/);
      const t = await cli(['trigger', path.join(dir, 'zero.payflow.json'), '--port', '9'], { ...bounded, cwd: dir });
      assert.equal(t.status, 2, t.stdout + t.stderr);
      assert.match(t.stderr, /zero\.payflow\.json is not a regular file/);
    });
  });
});
