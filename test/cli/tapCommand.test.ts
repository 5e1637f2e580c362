import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Agent, request } from 'undici';
import { SIMULATOR_DEFAULTS, startSimulator } from '../../src/simulator';
import { createTestPki, hasOpenssl, type TestPki } from '../harness/certificates';
import { startConnectProxy, type TestProxy } from '../unit/http/support/connectProxy';
import { closedPort } from '../unit/http/support/network';
import { writeOlderTapCa } from '../harness/olderTapCa';
import { cli, startCli } from './cliProcess';

/** `payment-workbench tap`, the real process: its refusals, its lines, its faults, Ctrl+C. */

interface Tapping {
  url: string;
  stderr(): string;
  lines(): string[];
  stop(): Promise<number | null>;
}

async function tap(args: string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = {}): Promise<Tapping> {
  const t = await startCli(['tap', ...args], { stream: 'stderr', pattern: /Gateway Tap at (http:\/\/[^\s]+)/ }, { cwd, env });
  return {
    url: t.url,
    stderr: t.stderr,
    lines: t.lines,
    stop: async () => {
      t.child.kill('SIGINT');
      return t.exited;
    },
  };
}

const auth = 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');
const payBody = JSON.stringify({ apiOperation: 'PAY', order: { amount: '10.00', currency: 'USD' }, sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } } });

async function pay(agent: Agent, base: string, orderId: string): Promise<number> {
  const res = await request(`${base}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/${orderId}/transaction/1`, { dispatcher: agent, method: 'PUT', headers: { authorization: auth, 'content-type': 'application/json' }, body: payBody });
  await res.body.text();
  return res.statusCode;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(condition(), what);
}

describe('payment-workbench tap (real process)', function () {
  this.timeout(60_000);
  let agent: Agent;
  before(() => (agent = new Agent({ connections: 2 })));
  after(async () => agent.close());

  it('prints one line per call with operation, version, ids, status, verdict and problems; exits 0 on Ctrl+C', async () => {
    const t = await tap(['--upstream', 'simulator']);
    assert.match(t.stderr(), /→ the simulator at http:\/\/127\.0\.0\.1:\d+/);
    assert.equal(await pay(agent, t.url, 'ORD-cli-line'), 201);
    await until(() => t.lines().length === 1, 'one line');
    assert.match(t.lines()[0] ?? '', /^#1 {2}\d\d:\d\d:\d\d {2}Pay v100 {2}ORD-cli-line\/1 {2}201 {2}APPROVED {2}no problems {2}\d+ ms$/);
    assert.equal(await t.stop(), 0);
  });

  it('--json prints the masked exchange; --record writes the same lines', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-'));
    const record = path.join(dir, 'calls.jsonl');
    const t = await tap(['--upstream', 'simulator', '--json', '--record', record]);
    await pay(agent, t.url, 'ORD-cli-json');
    await until(() => t.lines().length === 1, 'one JSON line');
    await t.stop();
    const line = JSON.parse(t.lines()[0] ?? '{}') as { operation: string; version: number; orderId: string; status: number; verdict: string; exchange: { seenBy: string; request: { headers: Record<string, string> } } };
    assert.equal(line.operation, 'gateway.pay');
    assert.equal(line.version, 100);
    assert.equal(line.orderId, 'ORD-cli-json');
    assert.equal(line.verdict, 'APPROVED');
    assert.equal(line.exchange.seenBy, 'tap');
    assert.ok(!t.lines()[0]?.includes(SIMULATOR_DEFAULTS.apiPassword), 'the API password is never shown');
    assert.ok(!t.lines()[0]?.includes(auth.slice(6)), 'nor the Basic credentials');
    assert.equal(fs.readFileSync(record, 'utf8'), `${t.lines()[0]}\n`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('--fault answers 503 to the next Pay and says so on its line', async () => {
    const t = await tap(['--upstream', 'simulator', '--fault', 'pay:503@1']);
    try {
      assert.match(t.stderr(), /Faults: pay:503@1/);
      assert.equal(await pay(agent, t.url, 'ORD-one'), 503);
      assert.equal(await pay(agent, t.url, 'ORD-two'), 201);
      await until(() => t.lines().length === 2, 'two lines');
      assert.match(t.lines()[0] ?? '', /503 .*fault pay:503: answered by the tap, not forwarded/);
      assert.doesNotMatch(t.lines()[1] ?? '', /fault/);
    } finally {
      await t.stop();
    }
  });

  it('listens with TLS on a certificate for localhost; a client trusting only the printed CA file is answered', async () => {
    const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-tls-'));
    const t = await tap(['--upstream', 'simulator', '--cert-dir', certDir]);
    try {
      const [, tlsUrl = '', caFile = ''] = /With TLS at (https:\/\/127\.0\.0\.1:\d+): trust the CA file (\S+?) \(new: trust it once\)/.exec(t.stderr()) ?? [];
      assert.ok(tlsUrl, `a TLS address and a new CA file: ${t.stderr()}`);
      assert.ok(caFile.startsWith(certDir));
      const trusting = new Agent({ connect: { ca: fs.readFileSync(caFile, 'utf8') } });
      try {
        assert.equal(await pay(trusting, tlsUrl, 'ORD-cli-tls'), 201);
      } finally {
        await trusting.close();
      }
      const untrusting = new Agent({ connect: { ca: [] as string[] } });
      await assert.rejects(pay(untrusting, tlsUrl, 'ORD-cli-tls-2'), /certificate|self.signed|unable to verify/i);
      await untrusting.close();
      await until(() => t.lines().length === 1, 'the TLS call on its line');
      assert.match(t.lines()[0] ?? '', /Pay v100 {2}ORD-cli-tls\/1 {2}201/);
    } finally {
      await t.stop();
    }
    const again = await tap(['--upstream', 'simulator', '--cert-dir', certDir]);
    assert.doesNotMatch(again.stderr(), /new: trust it once/, 'the same CA the next time');
    await again.stop();
    fs.rmSync(certDir, { recursive: true, force: true });
  });

  it('replaces a CA an earlier version made (it could vouch for more), and says to remove the old one', async () => {
    const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-older-ca-'));
    const older = writeOlderTapCa(certDir);
    const t = await tap(['--upstream', 'simulator', '--cert-dir', certDir]);
    try {
      assert.match(t.stderr(), /trust the CA file \S+ \(new: trust it once\)\. It replaces the previous tap CA \(the CA was made by an older version of the tap: it could vouch for more than TLS servers of this machine[^)]*\): remove that one from where you trusted it\./);
      assert.notEqual(fs.readFileSync(path.join(certDir, 'tap-ca.pem'), 'utf8'), older);
    } finally {
      await t.stop();
      fs.rmSync(certDir, { recursive: true, force: true });
    }
  });

  it('--cert-dir: refuses a folder others can write (1777, as /tmp), and leaves its mode alone', async function () {
    if (process.platform === 'win32') this.skip(); // no POSIX modes
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-shared-'));
    fs.chmodSync(shared, 0o1777);
    try {
      const refused = await cli(['tap', '--upstream', 'simulator', '--cert-dir', shared], { untilStderr: /Gateway Tap at / });
      assert.equal(refused.status, 2, refused.stderr);
      assert.match(refused.stderr, new RegExp(`^payment-workbench: tap: The Gateway Tap keeps its CA's private key in ${shared}, which other users can write to \\(mode 1777\\): they could put a CA of their own there for you to trust\\. Use a folder only you can write to\\. A --cert-dir that does not exist yet is made for you, private\\.$`, 'm'));
      assert.equal(fs.statSync(shared).mode & 0o7777, 0o1777, 'the folder keeps its mode');
      assert.deepEqual(fs.readdirSync(shared), []);

      // A folder that does not exist yet, inside it, is the tap's own: made private, and used.
      const own = path.join(shared, 'tap-certificates');
      const t = await tap(['--upstream', 'simulator', '--cert-dir', own]);
      await t.stop();
      assert.equal(fs.statSync(own).mode & 0o777, 0o700);
      assert.equal(fs.statSync(shared).mode & 0o7777, 0o1777);
    } finally {
      fs.rmSync(shared, { recursive: true, force: true });
    }
  });

  it('refuses a LIVE upstream without --yes-live, naming it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-live-'));
    const environments = path.join(dir, 'environments.json');
    fs.writeFileSync(environments, JSON.stringify({ environments: [{ id: 'prod', name: 'Production', gatewayUrl: 'https://ap-gateway.mastercard.com', merchantId: 'SHOP1' }] }));
    const refused = await cli(['tap', '--upstream', 'prod', '--environments', environments]);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /"Production" is a LIVE environment \(https:\/\/ap-gateway\.mastercard\.com\).*Add --yes-live/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says so when it listens beyond loopback', async () => {
    const t = await tap(['--upstream', 'simulator', '--host', '0.0.0.0']);
    try {
      // Printed before the start line, so it is there once the start line is.
      assert.match(t.stderr(), /Listening on 0\.0\.0\.0, not only on this machine's loopback[^\n]*\nGateway Tap at /);
    } finally {
      await t.stop();
    }
  });

  it('refuses a fault rule it cannot apply, naming the rule', async () => {
    const refused = await cli(['tap', '--upstream', 'simulator', '--fault', 'pay:404']);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /fault "pay:404": a status fault answers 500, 502, 503, got 404/);
  });

  // A company reaches its TEST merchant through its proxy, with a client certificate, trusting its own CA:
  // the tap forwards as `run` sends, with the environment's transport.
  describe('--upstream <environment>: its proxy, CA and client certificate', () => {
    let pki: TestPki;
    let sim: Awaited<ReturnType<typeof startSimulator>>;
    let proxy: TestProxy;
    let dir: string;
    before(async function () {
      if (!hasOpenssl()) {
        console.log('    (skipped: openssl is not installed)');
        this.skip();
      }
      pki = createTestPki();
      sim = await startSimulator({ port: 0, mtls: { port: 0, key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert } });
      proxy = await startConnectProxy();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-transport-'));
    });
    beforeEach(() => (proxy.tunnels.length = 0));
    after(async () => {
      await proxy?.close();
      await sim?.close();
      pki?.remove();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    /** An environments file with one environment at the simulator's client-certificate port, trusting the test CA. */
    function environmentsFile(extra: Record<string, unknown>): string {
      const file = path.join(dir, `environments-${Object.keys(extra).join('-') || 'plain'}.json`);
      const env = {
        id: 'company-test', name: 'Company TEST', gatewayUrl: sim.mtlsUrl, merchantId: SIMULATOR_DEFAULTS.merchantId,
        gatewayAuth: 'certificate', certificate: { certPath: pki.file('client.crt'), keyPath: pki.file('client-encrypted.key') }, caPath: pki.file('ca.crt'),
        ...extra,
      };
      fs.writeFileSync(file, JSON.stringify({ environments: [env] }));
      return file;
    }
    const passphrase = () => ({ PAYMENT_WORKBENCH_CERTIFICATE_PASSPHRASE: pki.clientKeyPassphrase, HTTPS_PROXY: undefined, https_proxy: undefined });

    it("goes through the environment's proxy, with its client certificate, trusting its CA", async () => {
      const t = await tap(['--upstream', 'company-test', '--environments', environmentsFile({ proxy: { url: proxy.url } }), '--no-tls'], process.cwd(), passphrase());
      try {
        assert.equal(await pay(agent, t.url, 'ORD-cli-company'), 201);
        await until(() => t.lines().length === 1, 'the call on its line');
        assert.match(t.lines()[0] ?? '', /Pay v100 {2}ORD-cli-company\/1 {2}201 {2}APPROVED/);
        assert.deepEqual(proxy.tunnels, [new URL(sim.mtlsUrl ?? '').host], 'through the proxy, to the upstream');
      } finally {
        await t.stop();
      }
    });

    it('goes through HTTPS_PROXY when the environment names no proxy of its own, as run does', async () => {
      const t = await tap(['--upstream', 'company-test', '--environments', environmentsFile({}), '--no-tls'], process.cwd(), { ...passphrase(), HTTPS_PROXY: proxy.url });
      try {
        assert.equal(await pay(agent, t.url, 'ORD-cli-https-proxy'), 201);
        assert.deepEqual(proxy.tunnels, [new URL(sim.mtlsUrl ?? '').host]);
      } finally {
        await t.stop();
      }
    });

    it('answers 502 naming the proxy when the proxy cannot be reached', async () => {
      const port = await closedPort();
      const t = await tap(['--upstream', 'company-test', '--environments', environmentsFile({ proxy: { url: `http://127.0.0.1:${port}` } }), '--no-tls'], process.cwd(), passphrase());
      try {
        const res = await request(`${t.url}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/ORD-cli-no-proxy/transaction/1`, { dispatcher: agent, method: 'PUT', headers: { authorization: auth, 'content-type': 'application/json' }, body: payBody });
        assert.equal(res.statusCode, 502);
        // What the merchant's server reads: which hop failed, so the company knows to look at its proxy.
        assert.match(await res.body.text(), new RegExp(`Gateway Tap: the upstream ${sim.mtlsUrl ?? ''} could not be reached through the proxy 127\\.0\\.0\\.1:${port}`));
      } finally {
        await t.stop();
      }
    });
  });
});
