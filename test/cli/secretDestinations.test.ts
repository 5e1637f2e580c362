import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
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

/** A gateway that answers every call with a 404 and counts them: whether anything reached it. */
function countingGateway(): Promise<{ server: http.Server; port: number; calls(): number }> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    calls += 1;
    req.resume();
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"result":"ERROR","error":{"cause":"INVALID_REQUEST"}}');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as net.AddressInfo).port, calls: () => calls })));
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

  it('a proxy with TLS checks off is named as reading the password in clear, before the first request and in the report', async () => {
    const proxy = await droppingProxy(500);
    try {
      const environments = writeEnvironments([{ id: 'acme', name: 'Acme', gatewayUrl: 'https://test-gateway.mastercard.com', merchantId: 'TESTACME', proxy: { url: `http://127.0.0.1:${proxy.port}`, strictSSL: false } }]);
      const r = await cli(['run', writeFlow('acme'), '--environments', environments, '--reporter', 'text', '--reporter', `json:${path.join(dir, 'report.json')}`], { env: { ...unsetSecrets, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD } });
      const hop = `proxy 127\\.0\\.0\\.1:${proxy.port} \\(TLS checks off: so can anything between it and test-gateway\\.mastercard\\.com:443\\)`;
      assert.match(r.stderr, new RegExp(`^Secret gateway API password of environment acme will go to test-gateway\\.mastercard\\.com:443 via proxy 127\\.0\\.0\\.1:${proxy.port}; read in clear by ${hop}$`, 'm'));
      assert.match(r.stdout, new RegExp(`Secrets sent: gateway API password → test-gateway\\.mastercard\\.com:443 via proxy 127\\.0\\.0\\.1:${proxy.port}; read in clear by ${hop}`));
      const sent = (JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) as { flows: { secretsSent: { via?: string; readInClearBy?: string[] }[] }[] }).flows[0]?.secretsSent[0];
      assert.equal(sent?.via, `127.0.0.1:${proxy.port}`);
      assert.equal(sent?.readInClearBy?.length, 1);
      assert.doesNotMatch(r.stdout + r.stderr, new RegExp(PASSWORD));
    } finally {
      proxy.server.close();
    }
  });

  it('run --help says which environments file it reads and how to pin the hosts of secrets', async () => {
    const help = (await cli(['run', '--help'])).stdout.replace(/\s+/g, ' ');
    assert.doesNotMatch(help, /default: the two simulator environments/);
    assert.match(help, /default: \.vscode\/payment-workbench\.environments\.json of the working folder when it exists/);
    assert.match(help, /--secret-hosts/);
    assert.match(help, /PAYMENT_WORKBENCH_SECRET_HOSTS/);
    for (const command of [['trigger'], ['reconcile'], ['tap'], ['tap', 'replay']]) assert.match((await cli([...command, '--help'])).stdout, /--secret-hosts/, command.join(' '));
  });

  describe('a cloned repository\'s environments file, with the hosts of secrets pinned', () => {
    let gateway: Awaited<ReturnType<typeof countingGateway>>;
    before(async () => {
      gateway = await countingGateway();
    });
    after(() => gateway.server.close());

    const cloneWith = (environment: object) => {
      fs.mkdirSync(path.join(dir, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(dir, '.vscode', 'payment-workbench.environments.json'), JSON.stringify({ environments: [environment] }));
      return writeFlow('acme');
    };
    const redirected = () => ({ id: 'acme', name: 'Acme', gatewayUrl: `http://127.0.0.1:${gateway.port}`, merchantId: 'TESTACME' });

    it('a host the variable does not allow is refused before anything is sent, naming environment, secret, host and list (exit 4)', async () => {
      const flow = cloneWith(redirected());
      const r = await cli(['run', flow], { cwd: dir, env: { ...unsetSecrets, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD, PAYMENT_WORKBENCH_SECRET_HOSTS: 'test-gateway.mastercard.com' } });
      assert.equal(r.status, 4, r.stdout + r.stderr);
      assert.match(r.stderr, new RegExp(`the gateway API password of environment acme would reach 127\\.0\\.0\\.1:${gateway.port}, which PAYMENT_WORKBENCH_SECRET_HOSTS \\(test-gateway\\.mastercard\\.com\\) does not allow; nothing was sent`));
      assert.equal(gateway.calls(), 0, 'nothing reached the host');
    });

    it('the flag pins too; a host it names (any port when none is given) gets the request', async () => {
      const flow = cloneWith(redirected());
      const refused = await cli(['run', flow, '--secret-hosts', `127.0.0.1:${gateway.port + 1}`], { cwd: dir, env: { ...unsetSecrets, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD } });
      assert.equal(refused.status, 4, refused.stdout + refused.stderr);
      assert.match(refused.stderr, /which --secret-hosts \(127\.0\.0\.1:\d+\) does not allow/);
      assert.equal(gateway.calls(), 0);
      const allowed = await cli(['run', flow, '--secret-hosts', '127.0.0.1'], { cwd: dir, env: { ...unsetSecrets, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD } });
      assert.notEqual(allowed.status, 4, allowed.stdout + allowed.stderr);
      assert.equal(gateway.calls(), 1);
    });

    it('an allowed host through a proxy that would read the password in clear is refused, naming the proxy', async () => {
      const flow = cloneWith({ ...redirected(), gatewayUrl: 'https://test-gateway.mastercard.com', proxy: { url: 'http://127.0.0.1:9', strictSSL: false } });
      const r = await cli(['run', flow], { cwd: dir, env: { ...unsetSecrets, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD, PAYMENT_WORKBENCH_SECRET_HOSTS: 'test-gateway.mastercard.com' } });
      assert.equal(r.status, 4, r.stdout + r.stderr);
      assert.match(r.stderr, /would reach 127\.0\.0\.1:9, which PAYMENT_WORKBENCH_SECRET_HOSTS/);
    });

    it('trigger and reconcile are pinned as run is', async () => {
      const env = { ...unsetSecrets, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD, PAYMENT_WORKBENCH_SECRET_HOSTS: 'test-gateway.mastercard.com' };
      const before = gateway.calls();
      const reconcile = await cli(['reconcile', '--order', 'o-1', '--port', String(gateway.port)], { cwd: dir, env });
      assert.equal(reconcile.status, 4, reconcile.stdout + reconcile.stderr);
      const trigger = await cli(['trigger', 'payment-approved', '--port', String(gateway.port)], { cwd: dir, env });
      assert.equal(trigger.status, 4, trigger.stdout + trigger.stderr);
      assert.match(trigger.stderr, new RegExp(`would reach 127\\.0\\.0\\.1:${gateway.port}`));
      assert.equal(gateway.calls(), before);
    });

    it('a pin that is not HOST or HOST:PORT is bad usage (exit 2), not an empty list', async () => {
      const r = await cli(['run', cloneWith(redirected()), '--secret-hosts', 'https://test-gateway.mastercard.com/'], { cwd: dir, env: { ...unsetSecrets, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD } });
      assert.equal(r.status, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /--secret-hosts: "https:\/\/test-gateway\.mastercard\.com\/" is not HOST or HOST:PORT/);
    });
  });

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
