import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { amplifyingFlow } from '../../bench/flows.bench';
import { cli, repoRoot } from './cliProcess';

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
    assert.match(r.stdout, /✓ request\s+Verify\s+HTTP 201/);
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

  it('refuses a flow whose references amplify each step\'s body: exit 2, naming the step, the reference and the limit, before memory runs out', async () => {
    const file = path.join(dir, 'amplify.payflow.json');
    fs.writeFileSync(file, JSON.stringify(amplifyingFlow()));
    try {
      // The heap cap keeps an unbounded run (today's) from taking the machine with it.
      const r = await cli(['run', file, '--simulator'], { env: { NODE_OPTIONS: '--max-old-space-size=512' } });
      assert.equal(r.status, 2, r.stdout.slice(0, 2000) + r.stderr.slice(0, 2000));
      assert.match(r.stdout, /✗ s2 .*\n\s+body: \{\{s1\.body\}\} makes the resolved body larger than 1 MiB \(1048576 characters as JSON\), the most a step's body may resolve to/);
      assert.match(r.stdout, /- s3\s+Verify\s+skipped/);
    } finally {
      fs.rmSync(file);
    }
  });

  it('refuses a 600 MB flow file and request file from their size, without reading them', async () => {
    const flow = path.join(dir, 'huge.payflow.json');
    const request = path.join(dir, 'huge.payreq.json');
    for (const f of [flow, request]) {
      fs.writeFileSync(f, '');
      fs.truncateSync(f, 600 * 1024 * 1024); // sparse: nothing is written
    }
    try {
      const r = await cli(['run', flow, request, '--simulator']);
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /huge\.payflow\.json: \(file\): is 629145600 bytes; a flow file holds at most 2000000 bytes \(not read\)/);
      assert.match(r.stderr, /huge\.payreq\.json: \(file\): is 629145600 bytes; a request file holds at most 2000000 bytes \(not read\)/);
      assert.equal(r.stdout, '', 'nothing ran');
    } finally {
      fs.rmSync(flow);
      fs.rmSync(request);
    }
  });

  it('runs a flow file and a request file that start with a UTF-8 BOM (as editors on Windows write them)', async () => {
    const bom = path.join(dir, 'bom');
    fs.mkdirSync(bom);
    fs.writeFileSync(path.join(bom, 'verify.payflow.json'), `\uFEFF${JSON.stringify({ name: 'BOM flow', steps: [{ id: 'verify', operation: 'gateway.verify', body: { apiOperation: 'VERIFY', order: { currency: 'EUR' }, sourceOfFunds: card } }] })}`);
    fs.writeFileSync(path.join(bom, 'verify.payreq.json'), `\uFEFF${JSON.stringify({ operation: 'gateway.verify', body: { apiOperation: 'VERIFY', order: { currency: 'EUR' }, sourceOfFunds: card } })}`);
    try {
      const r = await cli(['run', bom, '--simulator']);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^2 passed, 0 failed, 0 skipped$/m);
    } finally {
      fs.rmSync(bom, { recursive: true });
    }
  });

  it('prints no password a server echoes back (error.field, explanation) in the text, json and junit reports', async () => {
    const password = 'Echo-Pa55word-9f3k';
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const echoed = `Value '${password}' is invalid`;
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: echoed, field: password, validationType: 'INVALID' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const echo = path.join(dir, 'echo');
    fs.mkdirSync(echo);
    const environments = path.join(echo, 'environments.json');
    fs.writeFileSync(environments, JSON.stringify({ environments: [{ id: 'echo', name: 'Echo', gatewayUrl: `http://127.0.0.1:${port}`, merchantId: 'TESTECHO' }] }));
    const flow = path.join(echo, 'echo.payflow.json');
    fs.writeFileSync(flow, JSON.stringify({ name: 'Echo', steps: [
      { id: 'plain', operation: 'gateway.verify', body: { apiOperation: 'VERIFY', order: { currency: 'EUR' }, sourceOfFunds: card } },
    ] }));
    try {
      for (const reporter of ['text', 'json', 'junit']) {
        const r = await cli(['run', flow, '--env', 'echo', '--environments', environments, '--reporter', reporter], { env: { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: password } });
        assert.equal(r.status, 1, r.stdout + r.stderr);
        assert.match(r.stdout + r.stderr, /<redacted>/, `${reporter}: the echoed value shows as <redacted>`);
        assert.ok(!r.stdout.includes(password) && !r.stderr.includes(password), `${reporter} printed the password:\n${r.stdout}\n${r.stderr}`);
      }
    } finally {
      server.close();
      fs.rmSync(echo, { recursive: true });
    }
  });

  it('a rule on a secret field reads as written: "securityCode: must be at most 4 characters", the value itself never shown', async () => {
    const csc = path.join(dir, 'csc');
    fs.mkdirSync(csc);
    const request = (securityCode: string) => JSON.stringify({ operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'EUR' }, sourceOfFunds: { ...card, provided: { card: { ...card.provided.card, securityCode } } } } });
    fs.writeFileSync(path.join(csc, 'long.payreq.json'), request('12345'));
    fs.writeFileSync(path.join(csc, 'letters.payreq.json'), request('9q8'));
    try {
      for (const reporter of ['text', 'json', 'junit']) {
        const r = await cli(['run', csc, '--simulator', '--reporter', reporter]);
        const out = r.stdout + r.stderr;
        assert.equal(r.status, 1, out);
        assert.match(out, /sourceOfFunds\.provided\.card\.securityCode: must be at most 4 characters, got 5/, `${reporter}: ${out}`);
        assert.match(out, /sourceOfFunds\.provided\.card\.securityCode: must be digits only, got &lt;redacted&gt;|sourceOfFunds\.provided\.card\.securityCode: must be digits only, got <redacted>/, `${reporter}: ${out}`);
        assert.doesNotMatch(out, /securityCode: (<|&lt;)redacted(>|&gt;) be/, `${reporter}: a word of the message is not taken for a value`);
        assert.ok(!out.includes('9q8'), `${reporter}: the code itself is not quoted`);
      }
    } finally {
      fs.rmSync(csc, { recursive: true });
    }
  });

  it('quotes no card number or password from a malformed flow or request file: card numbers masked, secrets redacted', async () => {
    const bad = path.join(dir, 'quoting');
    fs.mkdirSync(bad);
    fs.writeFileSync(path.join(bad, 'syntax.payflow.json'), '{"name":"x","steps":[{"id":"a","operation":"gateway.pay","body":{"password": Hunter2Secret}}]}');
    fs.writeFileSync(path.join(bad, 'values.payflow.json'), JSON.stringify({ name: 'x', steps: [{ id: 'a', operation: 'gateway.pay', params: '5123450000000008', expect: { 'response.password': { is: 'Hunter2Secret' }, 'sourceOfFunds.provided.card.number': { is: '5123450000000008' } } }] }));
    fs.writeFileSync(path.join(bad, 'values.payreq.json'), JSON.stringify({ operation: 'gateway.pay', params: { orderId: 5123450000000008 } }));
    fs.writeFileSync(path.join(bad, 'syntax.payreq.json'), '{"operation":"gateway.pay","body":{"apiPassword": Hunter2Secret}}');
    try {
      const r = await cli(['run', bad, '--simulator']);
      assert.equal(r.status, 2, r.stderr);
      for (const name of ['syntax.payflow.json', 'values.payflow.json', 'values.payreq.json', 'syntax.payreq.json']) assert.ok(r.stderr.includes(name), `${name} is named:\n${r.stderr}`);
      assert.ok(!r.stderr.includes('Hunter2Secret'), r.stderr);
      assert.ok(!r.stderr.includes('5123450000000008'), r.stderr);
      assert.match(r.stderr, /512345xxxxxx0008/, 'a card number shows masked, first 6 and last 4');
      assert.match(r.stderr, /syntax\.payflow\.json:1:\d+: \(file\): is not valid JSON: .*line 1, column \d+/);
    } finally {
      fs.rmSync(bad, { recursive: true });
    }
  });
});
