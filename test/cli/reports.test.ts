import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from './cliProcess';

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
const verify = (id: string, expect?: object) => ({ id, operation: 'gateway.verify', params: { orderId: id }, body: { apiOperation: 'VERIFY', order: { currency: 'EUR' }, sourceOfFunds: card }, ...(expect ? { expect } : {}) });

/** A gateway that refuses every order naming the field the order id asks for, with an explanation. */
function refusingGateway(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const orderId = decodeURIComponent(/\/order\/([^/]+)/.exec(req.url ?? '')?.[1] ?? '');
      const field = orderId.startsWith('wide') ? '金額の値💳' : orderId.startsWith('plain') ? 'amount' : 'order.currency';
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: `Requested refund exceeds the captured amount of 20.00 (${orderId})`, field, validationType: 'INVALID' } }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Columns on a terminal: CJK and most emoji take two cells. */
const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1FAFF}\u{20000}-\u{3FFFD}]/u;
const cells = (text: string) => [...text].reduce((n, c) => n + (WIDE.test(c) ? 2 : 1), 0);
const PASSWORD = { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: 'refusing-gateway-password' };

describe('payment-workbench run: what its reports say (the real process)', function () {
  this.timeout(60_000);
  let dir: string;
  let server: http.Server;
  let environments: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-reports-'));
    server = await refusingGateway();
    environments = path.join(dir, 'environments.json');
    fs.writeFileSync(environments, JSON.stringify({ environments: [{ id: 'refusing', name: 'Refusing', gatewayUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, merchantId: 'TESTREFUSE' }] }));
  });
  after(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('each report names the host every secret of the variables was sent to, and never the secret', async () => {
    const port = (server.address() as AddressInfo).port;
    const flow = path.join(dir, 'secrets.payflow.json');
    fs.writeFileSync(flow, JSON.stringify({ name: 'Secrets', steps: [verify('plain-s1'), verify('plain-s2')] }));
    const junit = path.join(dir, 'secrets.xml');
    const json = path.join(dir, 'secrets.json');
    const r = await cli(['run', flow, '--env', 'refusing', '--environments', environments, '--reporter', 'text', '--reporter', `junit:${junit}`, '--reporter', `json:${json}`], { env: PASSWORD });
    const line = `Secrets sent: gateway API password → 127.0.0.1:${port}`;
    assert.ok(r.stdout.split('\n').filter((l) => l.trim() === line).length === 1, `the text report says it once for the flow:\n${r.stdout}`);
    const reported = (JSON.parse(fs.readFileSync(json, 'utf8')) as { flows: { secretsSent: unknown }[] }).flows[0]?.secretsSent;
    assert.deepEqual(reported, [{ environment: 'refusing', secret: 'gateway API password', host: `127.0.0.1:${port}` }]);
    assert.match(fs.readFileSync(junit, 'utf8'), new RegExp(`<property name="secret sent: gateway API password of refusing" value="127\\.0\\.0\\.1:${port}"/>`));
    for (const text of [r.stdout, r.stderr, fs.readFileSync(junit, 'utf8'), fs.readFileSync(json, 'utf8')]) assert.doesNotMatch(text, /refusing-gateway-password/);
  });

  it('the simulator\'s public test credentials are not stored secrets: a run on it names none', async () => {
    const flow = path.join(dir, 'simulator.payflow.json');
    fs.writeFileSync(flow, JSON.stringify({ name: 'On the simulator', environment: 'local-simulator', steps: [verify('sim-1', { result: 'SUCCESS' })] }));
    const r = await cli(['run', flow, '--simulator', '--reporter', 'json']);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as { flows: { secretsSent: unknown }[] }).flows[0]?.secretsSent, []);
    assert.doesNotMatch(r.stderr, /Secrets sent/);
  });

  it('a JUnit failure carries the gateway’s explanation and the decoded verdict, not only the compared values', async () => {
    const flow = path.join(dir, 'explained.payflow.json');
    fs.writeFileSync(flow, JSON.stringify({ name: 'Explained', steps: [verify('plain-1', { result: 'SUCCESS' })] }));
    const out = path.join(dir, 'explained.xml');
    const r = await cli(['run', flow, '--env', 'refusing', '--environments', environments, '--reporter', 'junit', '--out', out], { env: PASSWORD });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    const failure = /<failure [^>]*>([^<]*)<\/failure>/.exec(fs.readFileSync(out, 'utf8'))?.[1] ?? '';
    assert.match(failure, /result: expected &quot;SUCCESS&quot;, got &quot;ERROR&quot;/);
    assert.match(failure, /verdict: HTTP 400 Field amount is invalid/);
    assert.match(failure, /explanation: Requested refund exceeds the captured amount of 20\.00 \(plain-1\)/);
    assert.match(r.stdout, /explanation: Requested refund exceeds the captured amount of 20\.00 \(plain-1\)/, 'the text report says it too');
  });

  it('the id column widens to the longest step id, so createSession, createSession2 and createSession3 stay apart', async () => {
    const flow = path.join(dir, 'sessions.payflow.json');
    const refused = { status: 400 };
    fs.writeFileSync(flow, JSON.stringify({ name: 'Sessions', steps: [verify('createSession', refused), verify('createSession2', refused), verify('createSession3', refused)] }));
    const out = path.join(dir, 'sessions.txt');
    const r = await cli(['run', flow, '--env', 'refusing', '--environments', environments, '--reporter', 'text', '--reporter', `text:${out}`], { env: PASSWORD });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    for (const printed of [r.stdout, fs.readFileSync(out, 'utf8')]) {
      const rows = printed.split('\n').filter((l) => /^ {2}✓ /.test(l));
      assert.deepEqual(rows.map((row) => /^ {2}✓ (\S+) +Verify/.exec(row)?.[1]), ['createSession', 'createSession2', 'createSession3'], printed);
      assert.equal(new Set(rows.map((row) => row.indexOf('Verify'))).size, 1, `the title column starts at one place:\n${printed}`);
    }
  });

  it('the text table keeps its columns with wide characters (CJK, emoji) and cuts a step id past 32 cells in the middle, keeping its end', async () => {
    const flow = path.join(dir, 'wide.payflow.json');
    const refused = { status: 400 };
    fs.writeFileSync(flow, JSON.stringify({ name: '幅の広い文字', steps: [verify('plain-2', refused), verify('wide-1', refused), verify('aVeryLongStepIdThatDoesNotFitTheColumn', refused)] }));
    const r = await cli(['run', flow, '--env', 'refusing', '--environments', environments], { env: PASSWORD });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const rows = r.stdout.split('\n').filter((l) => /^ {2}✓ /.test(l));
    assert.equal(rows.length, 3, r.stdout);
    assert.ok(rows.some((l) => l.includes('金額の値💳')), r.stdout);
    assert.ok(rows.some((l) => l.includes('aVeryLongStepIdThatD…itTheColumn ')), `the long id is cut in the middle with …:\n${r.stdout}`);
    const columnOf = (row: string, at: RegExp) => cells(row.slice(0, row.search(at)));
    assert.equal(new Set(rows.map((row) => columnOf(row, /Verify/))).size, 1, `the title column starts at one place:\n${rows.join('\n')}`);
    assert.equal(new Set(rows.map((row) => columnOf(row, /HTTP/))).size, 1, `the status column starts at one place:\n${rows.join('\n')}`);
    assert.equal(new Set(rows.map((row) => columnOf(row, /\d+ ms$/))).size, 1, `the duration column starts at one place:\n${rows.join('\n')}`);
  });

  it('a JSON syntax error in a flow file or a request file is told as file:line:column', async () => {
    const broken = path.join(dir, 'syntax');
    fs.mkdirSync(broken);
    const line3 = '  "steps": [ { "id": "a", } ]';
    fs.writeFileSync(path.join(broken, 'broken.payflow.json'), `{\n  "name": "x",\n${line3}\n}\n`);
    fs.writeFileSync(path.join(broken, 'broken.payreq.json'), '{\n  "operation": "gateway.pay",\n  "body": { "apiOperation": PAY }\n}\n');
    const r = await cli(['run', broken, '--simulator'], { cwd: dir });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`syntax/broken\\.payflow\\.json:3:${line3.indexOf('}') + 1}: \\(file\\): is not valid JSON`), r.stderr);
    assert.match(r.stderr, new RegExp(`syntax/broken\\.payreq\\.json:3:${'  "body": { "apiOperation": '.length + 1}: \\(file\\): not valid JSON`), r.stderr);
  });
});
