/**
 * What the CLI prints and records, as an attacker would feed it (issue 44): a card number in a
 * merchant's free-text field stays masked in every view of the call, the decoded one included; ids
 * from a URL or an answer, and scenario file names, cannot drive the terminal nor forge a line; an
 * empty --host is refused; an error is always told in words, never as "[object Object]".
 * Real processes throughout: the CLI, its simulator and tap, and a hostile upstream served here.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Agent, request } from 'undici';
import { SIMULATOR_DEFAULTS } from '../../src/simulator';
import { cli, startCli, type RunningCli } from './cliProcess';

const MERCHANT = SIMULATOR_DEFAULTS.merchantId;
const auth = 'Basic ' + Buffer.from(`merchant.${MERCHANT}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');
/** Cards no public test list holds, so nothing may keep them whole: one in each reference. */
const ORDER_REFERENCE_CARD = '4111111111111111';
const TRANSACTION_REFERENCE_CARD = '5555555555554444';

/**
 * What a terminal must never receive from the CLI: every C0 control but the line feed ending a line,
 * DEL, the C1 controls (U+009B is a one-character CSI), the line separators and the bidirectional
 * overrides and isolates (text that reads differently from what it is).
 */
// eslint-disable-next-line no-control-regex
const TERMINAL_HOSTILE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** ESC ] 0 ; title BEL (retitles the window), ESC [ 2 J (clears the screen), CR LF and a forged line of its own. */
const HOSTILE_ID = '\u001b]0;pwned\u0007\u001b[2J\r\n#9  12:00:00  Pay v100  FORGED/1  200  APPROVED  no problems  1 ms';

function assertTerminalSafe(text: string, what: string): void {
  const at = TERMINAL_HOSTILE.exec(text);
  assert.equal(at, null, `${what} holds U+${at?.[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${at?.index}: ${JSON.stringify(text.slice(Math.max(0, (at?.index ?? 0) - 40), (at?.index ?? 0) + 40))}`);
}

async function until(condition: () => boolean, what: () => string): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(condition(), what());
}

async function tap(args: string[], cwd?: string): Promise<RunningCli & { stop(): Promise<number | null>; stdout(): string }> {
  const t = await startCli(['tap', '--no-tls', ...args], { stream: 'stderr', pattern: /Gateway Tap at (http:\/\/[^\s]+)/ }, cwd ? { cwd } : {});
  let stdout = '';
  t.child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return {
    ...t,
    stdout: () => stdout,
    stop: async () => {
      t.child.kill('SIGINT');
      return t.exited;
    },
  };
}

describe('CLI output is safe to show: masked everywhere, inert in a terminal (real processes)', function () {
  this.timeout(60_000);
  let agent: Agent;
  let dir: string;
  before(() => {
    agent = new Agent({ connections: 2 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-out-safe-'));
  });
  after(async () => {
    await agent.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function call(base: string, method: string, pathAndQuery: string, body?: unknown): Promise<{ status: number; text: string }> {
    const res = await request(`${base}${pathAndQuery}`, { dispatcher: agent, method: method as 'GET', headers: { authorization: auth, 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    return { status: res.statusCode, text: await res.body.text() };
  }

  it('tap --record and --json: a card number sent as order.reference or transaction.reference is masked in every field, the decoded answer included', async () => {
    const record = path.join(dir, 'calls.jsonl');
    const t = await tap(['--upstream', 'simulator', '--json', '--record', record]);
    let answer: string;
    try {
      const pay = await call(t.url, 'PUT', `/api/rest/version/100/merchant/${MERCHANT}/order/ORD-ref-card/transaction/1`, {
        apiOperation: 'PAY',
        order: { amount: '10.00', currency: 'USD', reference: ORDER_REFERENCE_CARD },
        transaction: { reference: TRANSACTION_REFERENCE_CARD },
        sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
      });
      assert.equal(pay.status, 201, pay.text);
      answer = pay.text;
      await until(() => t.lines().length === 1, () => `one line: ${t.stderr()}`);
    } finally {
      await t.stop();
    }
    // The merchant's server gets the answer unchanged: the gateway echoes both references.
    assert.ok(answer.includes(ORDER_REFERENCE_CARD) && answer.includes(TRANSACTION_REFERENCE_CARD), answer);
    const recorded = fs.readFileSync(record, 'utf8');
    const line = JSON.parse(recorded) as { exchange: { decoded?: { order?: { reference?: string }; transaction?: { reference?: string } } } };
    // Still decoded, and still recognisable as the card it was.
    assert.equal(line.exchange.decoded?.order?.reference, '411111xxxxxx1111');
    assert.equal(line.exchange.decoded?.transaction?.reference, '555555xxxxxx4444');
    for (const [what, text] of [['the record file', recorded], ['the --json line', t.stdout()]] as const) {
      for (const card of [ORDER_REFERENCE_CARD, TRANSACTION_REFERENCE_CARD]) assert.ok(!text.includes(card), `${what} holds the card ${card} whole`);
    }
  });

  it('tap: an order or session id in the URL with ESC, BEL, CR and LF prints as escapes on its own line', async () => {
    const t = await tap(['--upstream', 'simulator']);
    try {
      const id = encodeURIComponent(HOSTILE_ID);
      await call(t.url, 'GET', `/api/rest/version/100/merchant/${MERCHANT}/order/${id}`);
      await call(t.url, 'GET', `/api/rest/version/100/merchant/${MERCHANT}/order/${id}/transaction/${id}`);
      await call(t.url, 'GET', `/api/rest/version/100/merchant/${MERCHANT}/session/${id}`);
      await until(() => t.lines().length >= 3, () => `three lines: ${t.stdout()}`);
    } finally {
      await t.stop();
    }
    assertTerminalSafe(t.stdout(), 'what the tap printed');
    assert.equal(t.lines().length, 3, `one line per call, none forged: ${t.stdout()}`);
    assert.ok(t.lines().every((l) => !l.startsWith('#9')), t.stdout());
    assert.match(t.lines()[0] ?? '', /\\u001b\]0;pwned\\u0007\\u001b\[2J\\r\\n#9/);
    assertTerminalSafe(t.stderr(), 'what the tap said on stderr');
  });

  it('tap: ids and a verdict in the answer with control characters print as escapes', async () => {
    const hostile = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        // Create Session names its session, a Pay its order and verdict: each with the hostile text in it.
        const answer = req.method === 'POST' ? { result: 'SUCCESS', merchant: MERCHANT, session: { id: `SESSION${HOSTILE_ID}`, updateStatus: 'SUCCESS', version: '1' } } : { result: 'SUCCESS', merchant: MERCHANT, order: { id: `ORD${HOSTILE_ID}` }, response: { gatewayCode: `APPROVED${HOSTILE_ID}` } };
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const environments = path.join(dir, 'hostile.environments.json');
    fs.writeFileSync(environments, JSON.stringify({ environments: [{ id: 'hostile', name: 'Hostile', gatewayUrl: `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`, merchantId: MERCHANT }] }));
    const t = await tap(['--upstream', 'hostile', '--environments', environments]);
    try {
      await call(t.url, 'POST', `/api/rest/version/100/merchant/${MERCHANT}/session`, {});
      await call(t.url, 'PUT', `/api/rest/version/100/merchant/${MERCHANT}/order/ORD-1/transaction/1`, { apiOperation: 'PAY', order: { amount: '1.00', currency: 'USD' } });
      await until(() => t.lines().length >= 2, () => `two lines: ${t.stdout()}`);
    } finally {
      await t.stop();
      hostile.close();
    }
    assertTerminalSafe(t.stdout(), 'what the tap printed');
    assert.equal(t.lines().length, 2, `one line per call, none forged: ${t.stdout()}`);
    assert.match(t.lines()[0] ?? '', /session SESSION\\u001b\]0;pwned/);
    assert.match(t.lines()[1] ?? '', / APPROVED\\u001b\]0;pwned/);
  });

  it('trigger --list: a scenario file named with control characters cannot retitle the window or clear the screen', async () => {
    const cwd = path.join(dir, 'scenarios-ws');
    const folder = path.join(cwd, 'payment-scenarios');
    fs.mkdirSync(folder, { recursive: true });
    const name = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202ehostile';
    fs.writeFileSync(path.join(folder, `${name}.payflow.json`), JSON.stringify({ name: 'A hostile name', environment: 'simulator', steps: [{ id: 'order', operation: 'gateway.retrieveOrder', params: { orderId: 'X' } }] }));
    fs.writeFileSync(path.join(folder, `${name}\nforged.payflow.json`), '{ not json');
    const listed = await cli(['trigger', '--list'], { cwd });
    assert.equal(listed.status, 0, listed.stderr);
    assertTerminalSafe(listed.stdout, 'trigger --list');
    assert.match(listed.stdout, /\\u001b\]0;pwned\\u0007\\u001b\[2J\\u009b31m\\u202ehostile/);
    assert.match(listed.stdout, /hostile\\nforged/, 'a line feed in a name is no new line');
  });

  it('refuses an empty --host (and any empty flag value) instead of listening on every interface', async () => {
    for (const args of [['simulator', '--port', '0', '--host', ''], ['tap', '--upstream', 'simulator', '--no-tls', '--host', ''], ['tap', '--upstream', 'simulator', '--no-tls', '--host=']]) {
      const refused = await cli(args, { until: /listening|Gateway Tap at/ });
      assert.equal(refused.status, 2, `${args.join(' ')}: ${refused.stdout}${refused.stderr}`);
      assert.match(refused.stderr, /--host needs a value \((?:H|HOST)\), got an empty one/, args.join(' '));
      assert.doesNotMatch(refused.stdout + refused.stderr, /http:\/\/:\d+/);
    }
    const port = await cli(['tap', '--upstream', 'simulator', '--no-tls', '--port', ''], { until: /Gateway Tap at/ });
    assert.equal(port.status, 2, 'an empty --port is no port 0 either');
  });

  it('deliveries show with an argument that is not a notification id says so; no error prints as [object Object]', async () => {
    const simulator = await startCli(['simulator', '--port', '0'], { stream: 'stdout', pattern: /listening on (http:\/\/127\.0\.0\.1:\d+)/ }, { cwd: dir });
    try {
      const port = new URL(simulator.url).port;
      for (const given of ['x'.repeat(300), `${'a'.repeat(36)}/../../_simulator`, 'é'.repeat(40)]) {
        const shown = await cli(['deliveries', 'show', given, '--port', port]);
        assert.notEqual(shown.status, 0);
        assert.doesNotMatch(shown.stderr, /\[object Object\]/);
        assert.match(shown.stderr, /is not a notification id/, shown.stderr);
        assert.ok(shown.stderr.length < 600, `the argument is quoted in part: ${shown.stderr.length} characters`);
      }
      const unknown = await cli(['deliveries', 'show', '00000000-0000-4000-8000-000000000000', '--port', port]);
      assert.equal(unknown.status, 1);
      assert.match(unknown.stderr, /no notification 00000000-0000-4000-8000-000000000000/);
      // Any command, any message: an order id given on the command line is echoed inert too.
      const reconciled = await cli(['reconcile', '--order', HOSTILE_ID, '--port', port]);
      assert.equal(reconciled.status, 1);
      assert.match(reconciled.stderr, /Retrieve Order \\u001b\]0;pwned/);
      assertTerminalSafe(reconciled.stderr, 'reconcile');
    } finally {
      simulator.child.kill('SIGTERM');
      await simulator.exited;
    }
  });
});
