import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The real CLI, as `npx payment-workbench` runs it: bin/payment-workbench.js over dist/cli.js. */
const repoRoot = process.cwd();
const bin = path.join(repoRoot, 'bin', 'payment-workbench.js');

function cli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
const failingFlow = {
  name: 'Refund more than was paid',
  steps: [
    { id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'EUR' }, sourceOfFunds: { ...card, provided: { card: { ...card.provided.card, expiry: { month: '5', year: '39' } } } } }, expect: { 'response.gatewayCode': 'APPROVED' } },
    { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '10.00', currency: 'EUR' } } },
  ],
};

describe('payment-workbench CLI (the real process)', function () {
  this.timeout(60_000);
  let dir: string;

  before(() => {
    assert.ok(fs.existsSync(path.join(repoRoot, 'dist', 'cli.js')), 'dist/cli.js is not built: run `npm run build`');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-'));
    fs.writeFileSync(path.join(dir, 'declined.payflow.json'), JSON.stringify(failingFlow));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs every example flow against the embedded simulator, all passing (exit 0)', async () => {
    const r = await cli(['run', 'examples/flows', '--simulator']);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^\d+ passed, 0 failed, 0 skipped$/m);
    const files = fs.readdirSync(path.join(repoRoot, 'examples', 'flows')).filter((f) => f.endsWith('.payflow.json'));
    for (const f of files) assert.ok(r.stdout.includes(`examples/flows/${f}`), `${f} did not run`);
  });

  it('exits 1 on a failing step and writes a JUnit report: the failure names path, expected, actual and the code’s meaning; later steps are skipped', async () => {
    const out = path.join(dir, 'report.xml');
    const r = await cli(['run', dir, '--simulator', '--reporter', 'junit', '--out', out]);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    const xml = fs.readFileSync(out, 'utf8');
    assert.match(xml, /<testsuite name="Refund more than was paid" tests="2" failures="1" skipped="1"/);
    assert.match(xml, /<testcase name="auth"[^>]*>\s*<failure message="response\.gatewayCode: expected &quot;APPROVED&quot;, got &quot;DECLINED&quot; \(&quot;DECLINED&quot;: [^"]*declined[^"]*\)"/i);
    assert.match(xml, /<testcase name="refund"[^>]*><skipped\/><\/testcase>/);
    assert.match(r.stdout, /0 passed, 1 failed, 1 skipped/);
  });

  it('--reporter json gives the same as data', async () => {
    const r = await cli(['run', path.join(dir, 'declined.payflow.json'), '--simulator', '--reporter', 'json']);
    assert.equal(r.status, 1);
    const report = JSON.parse(r.stdout) as { flows: { name: string; steps: { id: string; status: string; failures: { path: string; expected: string; actual: string }[] }[] }[]; summary: object };
    assert.deepEqual(report.summary, { passed: 0, failed: 1, skipped: 1 });
    assert.deepEqual(report.flows[0]?.steps.map((s) => [s.id, s.status]), [['auth', 'failed'], ['refund', 'skipped']]);
    const failure = report.flows[0]?.steps[0]?.failures[0] as { path: string; expected: string; actual: string; meaning?: string } | undefined;
    assert.deepEqual(failure && [failure.path, failure.expected, failure.actual], ['response.gatewayCode', '"APPROVED"', '"DECLINED"']);
    assert.match(failure?.meaning ?? '', /declined/i);
    assert.match(r.stderr, /Refund more than was paid/, 'the progress lines go to stderr when the report is on stdout');
  });

  it('runs a request file as a one-step flow', async () => {
    const file = path.join(dir, 'verify.payreq.json');
    fs.writeFileSync(file, JSON.stringify({ operation: 'gateway.verify', params: { orderId: 'CLI-VERIFY-1' }, body: { apiOperation: 'VERIFY', order: { currency: 'EUR' }, sourceOfFunds: card } }));
    const r = await cli(['run', file, '--simulator']);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ request\s+Verify\s+HTTP 200/);
    fs.rmSync(file);
  });

  it('exits 2 for an invalid flow, naming the file, the step and the field, and runs nothing', async () => {
    const bad = path.join(dir, 'bad.payflow.json');
    fs.writeFileSync(bad, JSON.stringify({ name: 'bad', steps: [{ id: 'a', operation: 'gateway.refnd' }, { id: 'b', operation: 'gateway.refund', params: { orderId: '{{c.params.orderId}}' } }] }));
    try {
      const r = await cli(['run', bad, '--simulator']);
      assert.equal(r.status, 2);
      assert.match(r.stderr, /bad\.payflow\.json: step 1 \(a\): operation: unknown operation "gateway\.refnd" \(did you mean gateway\.refund\?\)/);
      assert.match(r.stderr, /bad\.payflow\.json: step 2 \(b\): params: \{\{c\.params\.orderId\}\} refers to step "c"/);
      assert.equal(r.stdout, '', 'nothing ran');
    } finally {
      fs.rmSync(bad);
    }
  });

  it('exits 2 for bad usage: an unknown flag, an unknown environment, a file that is not a flow, no command', async () => {
    const flag = await cli(['run', 'examples/flows', '--reportr', 'junit']);
    assert.equal(flag.status, 2);
    assert.match(flag.stderr, /--reportr/);
    const env = await cli(['run', 'examples/flows', '--env', 'staging']);
    assert.equal(env.status, 2);
    assert.match(env.stderr, /no environment "staging"; known: local-simulator, local-simulator-authorize-only/);
    const notFlow = await cli(['run', 'package.json']);
    assert.equal(notFlow.status, 2);
    assert.match(notFlow.stderr, /package\.json: not a flow file/);
    assert.equal((await cli([])).status, 2);
    const help = await cli(['run', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD/, 'the help names the secret variables');
  });

  it('prints no secret: an expectation on a token shows <redacted> for both sides', async () => {
    const flow = path.join(dir, 'token.payflow.json');
    fs.writeFileSync(flow, JSON.stringify({ name: 'token', steps: [
      { id: 'offers', operation: 'financing.offers', body: { products: [{ name: 'Laptop', category: 1, price: 999.99, quantity: 1 }] } },
      { id: 'refresh', operation: 'financing.refreshToken', expect: { access_token: 'not-this-one' } },
    ] }));
    try {
      const r = await cli(['run', flow, '--simulator', '--reporter', 'json']);
      assert.equal(r.status, 1, r.stdout + r.stderr);
      const failure = (JSON.parse(r.stdout) as { flows: { steps: { failures: { expected: string; actual: string }[] }[] }[] }).flows[0]?.steps[1]?.failures[0];
      assert.deepEqual(failure && [failure.expected, failure.actual], ['<redacted>', '<redacted>']);
      assert.ok(!r.stdout.includes('not-this-one') && !r.stderr.includes('not-this-one'));
    } finally {
      fs.rmSync(flow);
    }
  });
});
