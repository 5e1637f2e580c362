import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { exampleBody } from '../../src/catalogue';
import { createTestPki, hasOpenssl } from '../harness/certificates';
import { cli, repoRoot } from './cliProcess';

/** Every file `run examples` collects: flow and request files anywhere under examples/. */
function exampleFiles(folder = 'examples'): string[] {
  return fs.readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((e) => {
    const rel = `${folder}/${e.name}`;
    if (e.isDirectory()) return exampleFiles(rel);
    return /\.(payflow|payreq)\.json$/.test(e.name) ? [rel] : [];
  });
}

/** The file of each <testsuite> of a JUnit report: one suite per flow. */
const suitesOf = (junit: string) => [...junit.matchAll(/<testsuite [^>]*file="([^"]*)"/g)].map((m) => m[1] as string);

const authorize = (id: string, expect?: object) => ({ id, operation: 'gateway.authorize', body: exampleBody('gateway.authorize', 100), ...(expect ? { expect } : {}) });
// Per environment: the simulator environments keep their own test credentials.
const GATEWAY_PASSWORD = { PAYMENT_WORKBENCH_DOWN_GATEWAY_API_PASSWORD: 'ci-test-password', PAYMENT_WORKBENCH_UNTRUSTED_GATEWAY_API_PASSWORD: 'ci-test-password' };

describe('payment-workbench run in CI: shards, several reporters, exit statuses (the real process)', function () {
  this.timeout(120_000);
  let dir: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-ci-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('over 1 to 5 shards every example flow runs in exactly one shard, each shard writing its own JUnit report beside the terminal lines', async () => {
    const expected = exampleFiles().sort();
    assert.ok(expected.length >= 10, `the examples: ${expected.join(', ')}`);
    for (let total = 1; total <= 5; total++) {
      const ran: string[] = [];
      for (let index = 1; index <= total; index++) {
        const report = path.join(dir, `shard-${total}`, `junit-${index}.xml`);
        const r = await cli(['run', 'examples', '--simulator', '--shard', `${index}/${total}`, '--reporter', 'text', '--reporter', `junit:${report}`]);
        assert.equal(r.status, 0, `${index}/${total}: ${r.stdout}${r.stderr}`);
        const suites = suitesOf(fs.readFileSync(report, 'utf8'));
        assert.match(r.stdout, new RegExp(`^Shard ${index}/${total}: ${suites.length} of ${expected.length} flows$`, 'm'), r.stdout);
        assert.match(r.stdout, /^ {2}✓ /m, 'the text lines are on the terminal too');
        assert.match(r.stdout, /\d+ passed, 0 failed, \d+ skipped\n$/);
        ran.push(...suites);
      }
      assert.deepEqual([...ran].sort(), expected, `over ${total} shards each example flow runs once`);
    }
  });

  it('a shard left without flows says so, writes an empty report and passes; the JSON report names its shard', async () => {
    const two = path.join(dir, 'two');
    fs.mkdirSync(two);
    for (const name of ['a', 'b']) fs.writeFileSync(path.join(two, `${name}.payflow.json`), JSON.stringify({ name, steps: [authorize('auth', { 'response.gatewayCode': 'APPROVED' })] }));
    const r = await cli(['run', two, '--simulator', '--shard', '3/3', '--reporter', 'text', '--reporter', 'junit:empty.xml', '--reporter', 'json:empty.json'], { cwd: dir });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /Shard 3\/3: no flows to run \(2 flows over 3 shards\); passes/);
    assert.doesNotMatch(r.stdout, /Simulator started/, 'nothing is started for no flow');
    assert.match(fs.readFileSync(path.join(dir, 'empty.xml'), 'utf8'), /<testsuites name="payment-workbench" tests="0" failures="0" skipped="0">/);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'empty.json'), 'utf8')) as { flows: unknown[]; shard: unknown };
    assert.deepEqual(json, { flows: [], summary: { passed: 0, failed: 0, skipped: 0 }, shard: { index: 3, total: 3 } });
    const second = await cli(['run', path.join(two, 'b.payflow.json'), two, '--simulator', '--shard', '2/2', '--reporter', 'json'], { cwd: dir });
    assert.equal(second.status, 0, second.stderr);
    const report = JSON.parse(second.stdout) as { flows: { file: string }[]; shard: unknown };
    assert.deepEqual(report.flows.map((f) => f.file), ['two/b.payflow.json'], 'b named twice runs once, in the second half');
    assert.deepEqual(report.shard, { index: 2, total: 2 });
    fs.writeFileSync(path.join(two, 'c.payflow.json'), JSON.stringify({ name: 'c', environment: 'no-such-environment', steps: [authorize('auth')] }));
    const typo = await cli(['run', two, '--simulator', '--shard', '1/3'], { cwd: dir });
    assert.equal(typo.status, 2, 'a flow of shard 3 naming an unknown environment stops shard 1 too, before anything runs');
    assert.match(typo.stderr, /two\/c\.payflow\.json/);
    assert.equal(typo.stdout, '');
  });

  it('refuses a --shard that is not i/n with 1 ≤ i ≤ n ≤ 1000 (exit 2), naming what was given, and runs nothing', async () => {
    for (const given of ['0/3', '4/3', '1/1001', '3', 'one/two', '-1/3']) {
      const r = await cli(['run', 'examples', '--simulator', '--shard', given]);
      assert.equal(r.status, 2, `${given}: ${r.stderr}`);
      assert.ok(r.stderr.includes(`run: --shard must be i/n`) && r.stderr.includes(`got ${JSON.stringify(given)}`), `${given}: ${r.stderr}`);
      assert.equal(r.stdout, '', `${given}: nothing ran`);
    }
  });

  it('--reporter NAME:FILE is repeatable; --reporter junit --out FILE still works; a mix that cannot be honoured is refused before anything runs', async () => {
    const flow = path.join(dir, 'declined.payflow.json');
    fs.writeFileSync(flow, JSON.stringify({ name: 'Declined', steps: [authorize('auth', { 'response.gatewayCode': 'DECLINED' })] }));
    const both = await cli(['run', flow, '--simulator', '--reporter', 'junit:reports/deep/junit.xml', '--reporter', 'json:reports/run.json', '--reporter', 'text'], { cwd: dir });
    assert.equal(both.status, 1, both.stdout + both.stderr);
    assert.match(both.stdout, /✗ auth/, 'the terminal lines');
    assert.match(fs.readFileSync(path.join(dir, 'reports/deep/junit.xml'), 'utf8'), /<failure message="response\.gatewayCode: expected &quot;DECLINED&quot;, got &quot;APPROVED&quot;/);
    assert.equal((JSON.parse(fs.readFileSync(path.join(dir, 'reports/run.json'), 'utf8')) as { summary: { failed: number } }).summary.failed, 1);
    const out = await cli(['run', flow, '--simulator', '--reporter', 'text', '--reporter', 'junit', '--out', 'out.xml'], { cwd: dir });
    assert.equal(out.status, 1);
    assert.match(out.stdout, /✗ auth/, '--out goes to junit; the text stays on the terminal');
    assert.match(fs.readFileSync(path.join(dir, 'out.xml'), 'utf8'), /<testsuite name="Declined"/);
    const stdoutJunit = await cli(['run', flow, '--simulator', '--reporter', 'junit']);
    assert.match(stdoutJunit.stdout, /^<\?xml/, 'a report without a file goes to stdout, as before');
    assert.match(stdoutJunit.stderr, /✗ auth/, '…and the text lines to stderr');
    const refusals: [string[], RegExp][] = [
      [['--reporter', 'junit', '--reporter', 'json'], /only one report can go to stdout, got junit and json; give the others a file \(json:FILE\)/],
      [['--reporter', 'junit:same.xml', '--reporter', 'json:same.xml'], /the junit and json reports would both be written to same\.xml/],
      [['--reporter', 'junit:a.xml', '--out', 'b.xml'], /--out b\.xml has no reporter to go to/],
      [['--reporter', 'text,junit'], /--reporter must be text, junit, json, each optionally with :FILE \(junit:reports\/junit\.xml\), got "text,junit"/],
      [['--reporter', 'junit:'], /--reporter junit: names no file after the colon/],
      [['--reporter', 'junit:reports'], /the junit report cannot be written to reports: it is a folder/],
      [['--reporter', 'text', '--reporter', 'junit:declined.payflow.json'], /the junit report would be written over declined\.payflow\.json, one of the files to run/],
    ];
    for (const [flags, message] of refusals) {
      const r = await cli(['run', flow, '--simulator', ...flags], { cwd: dir });
      assert.equal(r.status, 2, `${flags.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, flags.join(' '));
      assert.equal(r.stdout, '', `${flags.join(' ')}: nothing ran`);
    }
  });

  describe('exit statuses: 1 a failed step, 3 an environment out of reach', () => {
    let closedPort: number;
    let environments: string;

    before(async () => {
      const probe = http.createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      closedPort = (probe.address() as AddressInfo).port;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      environments = path.join(dir, 'environments.json');
      fs.writeFileSync(environments, JSON.stringify({ environments: [
        { id: 'down', name: 'Down', gatewayUrl: `http://127.0.0.1:${closedPort}`, financingBaseUrl: `http://127.0.0.1:${closedPort}`, merchantId: 'TESTDOWN' },
        { id: 'simulator-down', name: 'Simulator not started', gatewayUrl: `http://127.0.0.1:${closedPort}`, financingBaseUrl: `http://127.0.0.1:${closedPort}`, merchantId: 'TESTSIMULATOR01', simulator: true },
      ] }));
    });

    it('exits 3 when a gateway step finds the connection refused, and 3 when a financing sign-in does; the message names the host', async () => {
      const flow = path.join(dir, 'down.payflow.json');
      fs.writeFileSync(flow, JSON.stringify({ name: 'Down', environment: 'down', steps: [authorize('auth')] }));
      const r = await cli(['run', flow, '--environments', environments], { env: GATEWAY_PASSWORD });
      assert.equal(r.status, 3, r.stdout + r.stderr);
      assert.match(r.stdout, new RegExp(`refused: Connection refused by 127\\.0\\.0\\.1:${closedPort} \\(ECONNREFUSED\\) — is the service running and the URL right\\?`));
      assert.doesNotMatch(r.stdout + r.stderr, /simulator/i, 'an environment that is not the simulator is not told to start it');
      const simulator = await cli(['run', flow, '--env', 'simulator-down', '--environments', environments]);
      assert.equal(simulator.status, 3, simulator.stdout + simulator.stderr);
      assert.match(simulator.stdout, new RegExp(`Connection refused by 127\\.0\\.0\\.1:${closedPort} \\(ECONNREFUSED\\) — is the simulator running\\?`), 'the simulator\'s own environment is asked about it');
      const financing = await cli(['run', 'examples/flows/financing.payflow.json', '--env', 'down', '--environments', environments], { env: { PAYMENT_WORKBENCH_PARTNER_EMAIL: 'partner@example.com', PAYMENT_WORKBENCH_PARTNER_PASSWORD: 'ci-partner' } });
      assert.equal(financing.status, 3, financing.stdout + financing.stderr);
      assert.match(financing.stdout, new RegExp(`Connection refused by 127\\.0\\.0\\.1:${closedPort}`));
      assert.doesNotMatch(financing.stdout, /Set the environment variable/, 'a network failure is not told as missing credentials');
    });

    it('exits 1 when an unreachable environment and a failed expectation meet in one run (a retry would not fix it), 3 when the rest passed', async () => {
      const down = path.join(dir, 'mixed', 'down.payflow.json');
      fs.mkdirSync(path.dirname(down), { recursive: true });
      fs.writeFileSync(down, JSON.stringify({ name: 'Down', environment: 'down', steps: [authorize('auth')] }));
      const failing = path.join(dir, 'mixed', 'failing.payflow.json');
      fs.writeFileSync(failing, JSON.stringify({ name: 'Fails', steps: [authorize('auth', { 'response.gatewayCode': 'DECLINED' })] }));
      const passing = path.join(dir, 'passing.payflow.json');
      fs.writeFileSync(passing, JSON.stringify({ name: 'Passes', steps: [authorize('auth', { 'response.gatewayCode': 'APPROVED' })] }));
      const mixed = await cli(['run', path.dirname(down), '--simulator', '--environments', environments, '--reporter', 'json'], { env: GATEWAY_PASSWORD });
      assert.equal(mixed.status, 1, mixed.stderr);
      const steps = (JSON.parse(mixed.stdout) as { flows: { name: string; steps: { unreachable?: boolean }[] }[] }).flows.map((f) => [f.name, f.steps[0]?.unreachable ?? false]);
      assert.deepEqual(steps, [['Down', true], ['Fails', false]], 'the JSON report marks the unreachable step');
      const outage = await cli(['run', down, passing, '--simulator', '--environments', environments], { env: GATEWAY_PASSWORD });
      assert.equal(outage.status, 3, outage.stdout + outage.stderr);
    });

    it('exits 3 when the TLS handshake fails (a certificate nobody trusts)', async function () {
      if (!hasOpenssl()) this.skip();
      const pki = createTestPki();
      const server = https.createServer({ cert: pki.serverCert, key: pki.serverKey }, (_req, res) => res.end('{}'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const tlsEnvironments = path.join(dir, 'tls-environments.json');
        fs.writeFileSync(tlsEnvironments, JSON.stringify({ environments: [{ id: 'untrusted', name: 'Untrusted', gatewayUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, merchantId: 'TESTTLS' }] }));
        const flow = path.join(dir, 'tls.payflow.json');
        fs.writeFileSync(flow, JSON.stringify({ name: 'TLS', environment: 'untrusted', steps: [authorize('auth')] }));
        const r = await cli(['run', flow, '--environments', tlsEnvironments], { env: GATEWAY_PASSWORD });
        assert.equal(r.status, 3, r.stdout + r.stderr);
        assert.match(r.stdout, /tls: TLS handshake with 127\.0\.0\.1:\d+ failed/);
      } finally {
        server.close();
        pki.remove();
      }
    });

    it('keeps 2 for refused input and names the statuses in run --help', async () => {
      const r = await cli(['run', path.join(dir, 'nothing-here.payflow.json')]);
      assert.equal(r.status, 2);
      const help = await cli(['run', '--help']);
      assert.match(help.stdout.replace(/\s+/g, ' '), /Exit status: 0 every step passed; 1 a step failed .*; 2 bad usage or an invalid file .*; 3 an environment could not be reached \(connection refused, DNS, TLS, proxy or timeout\)/);
    });
  });
});
