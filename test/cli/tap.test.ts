/**
 * The Gateway Tap's "Done when", through real processes: a merchant server written for the test in
 * Python (and in PHP, where php is installed) runs a Hosted Session + 3-D Secure checkout the way the
 * official modules do, its gateway base URL pointed at `payment-workbench tap --upstream simulator
 * --json --record FILE`. Every call is captured, recognised, checked and decoded, threaded into one
 * order; the simulator's notification reaches the merchant's webhook; the record becomes a flow that
 * replays green (`tap flow`, then `run --simulator`), a call is sent again (`tap replay`, a LIVE target
 * refused without --yes-live) and exported as a cURL command that runs (`tap export --curl`).
 */
import * as assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bin, cli, printed, repoRoot } from './cliProcess';

const MERCHANT_ID = 'TESTSIMULATOR01';
const API_PASSWORD = 'simulator-api-password';
/** The simulator's frictionless 3-D Secure test card (a published 3DS emulator card): Authenticate Payer answers Y without a challenge. */
const CARD = { number: '5123456789012346', expiry: { month: '1', year: '39' }, securityCode: '100' };
const OPERATIONS = ['gateway.createSession', 'gateway.updateSession', 'gateway.initiateAuthentication', 'gateway.authenticatePayer', 'gateway.pay', 'gateway.retrieveOrder'];
const FIXTURES = path.join(repoRoot, 'test', 'fixtures', 'tap');

interface TapLine {
  seq: number;
  operation: string | null;
  version: number | null;
  orderId: string | null;
  transactionId: string | null;
  sessionId: string | null;
  status: number | null;
  verdict: string | null;
  problems: number;
  recognised: boolean;
  exchange: { request: { headers: Record<string, string>; body?: unknown }; response?: { bodyText: string }; decoded?: { verdict: { title: string } }; requestProblems?: { path: string; severity: string; message: string }[]; seenBy?: string };
}

interface Checkout {
  orderId: string;
  authenticationTransactionId: string;
  calls: { name: string; status: number; body: Record<string, unknown> }[];
}

interface Merchant {
  language: string;
  /** Why it cannot run here, or undefined. */
  missing(): string | undefined;
  start(env: NodeJS.ProcessEnv, dir: string): { child: ChildProcess; url: Promise<string> };
}

const works = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' }).status === 0;

const MERCHANTS: Merchant[] = [
  {
    language: 'Python (http.server + urllib.request)',
    missing: () => (works('python3', ['--version']) ? undefined : 'python3 is not installed here'),
    start: (env) => {
      const child = spawn('python3', [path.join(FIXTURES, 'merchant_server.py')], { env, detached: true });
      return { child, url: printed(child, 'stdout', /Merchant server at (http:\/\/127\.0\.0\.1:\d+)/) };
    },
  },
  {
    language: 'PHP (php -S + curl)',
    missing: () => (!works('php', ['--version']) ? 'php is not installed here' : !works('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']) ? 'php has no curl extension here' : undefined),
    start: (env, dir) => {
      // Workers, so the simulator's webhook is taken while /checkout still runs.
      const child = spawn('php', ['-S', '127.0.0.1:0', path.join(FIXTURES, 'merchant_server.php')], { env: { ...env, PHP_CLI_SERVER_WORKERS: '3', NOTIFICATIONS_FILE: path.join(dir, 'notifications.jsonl') }, detached: true });
      return { child, url: printed(child, 'stderr', /Development Server \((http:\/\/127\.0\.0\.1:\d+)\) started/) };
    },
  },
];

/** Waits for `check` to hold (each event loop turn a few ms apart), failing with `what` once `bound` is passed: a bound on a hang, no timed assertion. */
async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: () => string, bound = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > bound) throw new Error(`never happened: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Stops a process this test started, with its children (the PHP server's workers), and waits for its exit status. */
function stop(child: ChildProcess | undefined): Promise<number | null> {
  if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve(child?.exitCode ?? null);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  });
}

for (const merchant of MERCHANTS) {
  describe(`payment-workbench tap: a ${merchant.language} merchant server's 3-D Secure checkout through the tap (real processes)`, function () {
    this.timeout(120_000);
    let dir: string;
    let record: string;
    let tap: ChildProcess | undefined;
    let tapUrl: string;
    let shop: ChildProcess | undefined;
    let shopUrl: string;
    let tapOut = '';
    let checkout: Checkout;
    let lines: TapLine[];
    let environments: string;

    const tapLines = () => tapOut.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as TapLine);

    before(async function () {
      const missing = merchant.missing();
      if (missing) {
        // The reason in each test's title, so the report says why they did not run.
        for (const test of this.test?.parent?.tests ?? []) test.title += ` — skipped: ${missing}`;
        this.skip();
      }
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-'));
      record = path.join(dir, 'checkout.jsonl');
      tap = spawn(process.execPath, [bin, 'tap', '--upstream', 'simulator', '--json', '--record', record], { cwd: dir, detached: true });
      tap.stdout?.on('data', (d: Buffer) => (tapOut += d.toString()));
      tapUrl = await printed(tap, 'stderr', /Gateway Tap at (http:\/\/127\.0\.0\.1:\d+)/);

      const env = { ...process.env, GATEWAY_BASE_URL: tapUrl, GATEWAY_MERCHANT_ID: MERCHANT_ID, GATEWAY_API_PASSWORD: API_PASSWORD, GATEWAY_API_VERSION: '100', PORT: '0' };
      const started = merchant.start(env, dir);
      shop = started.child;
      shopUrl = await started.url;

      const answer = await fetch(`${shopUrl}/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: '50.00', currency: 'EUR', card: CARD }) });
      checkout = (await answer.json()) as Checkout;
      lines = await until(() => (tapLines().length >= 6 ? tapLines() : undefined), () => `six tap lines; got: ${tapOut}`);
      environments = path.join(dir, 'environments.json');
      fs.writeFileSync(environments, JSON.stringify({ environments: [
        { id: 'through-tap', name: 'The simulator, through the tap', gatewayUrl: tapUrl, merchantId: MERCHANT_ID },
        { id: 'shop-live', name: 'The shop, LIVE', gatewayUrl: tapUrl, merchantId: 'SHOP01' },
      ] }));
    });

    after(async () => {
      await stop(shop);
      const status = await stop(tap);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      if (tap) assert.equal(status, 0, 'the tap ends with status 0 on SIGTERM');
    });

    it('the checkout went through: the merchant got Approved for its Pay', () => {
      assert.deepEqual(checkout.calls.map((c) => [c.name, c.status]), [['createSession', 201], ['updateSession', 200], ['initiateAuthentication', 200], ['authenticatePayer', 200], ['pay', 201], ['retrieveOrder', 200]], JSON.stringify(checkout).slice(0, 2000));
      assert.equal((checkout.calls[4]?.body['response'] as { gatewayCode?: string }).gatewayCode, 'APPROVED');
    });

    it('every call is captured once, recognised as its operation at the version in its URL, in the order made; the record file holds exactly the --json lines', () => {
      assert.equal(lines.length, 6, tapOut);
      assert.deepEqual(lines.map((l) => [l.seq, l.operation, l.version, l.recognised]), OPERATIONS.map((op, i) => [i + 1, op, 100, true]));
      assert.deepEqual(lines.map((l) => l.status), checkout.calls.map((c) => c.status), 'the answers went back as the upstream gave them');
      assert.ok(lines.every((l) => l.exchange.seenBy === 'tap'));
      const recorded = fs.readFileSync(record, 'utf8').split('\n').filter(Boolean);
      assert.deepEqual(recorded, tapOut.split('\n').filter(Boolean));
    });

    it('threads the calls into one order: the order calls carry its id, the session calls the session Pay used', () => {
      const sessionId = (checkout.calls[0]?.body['session'] as { id: string }).id;
      assert.deepEqual(lines.map((l) => l.orderId), [null, null, checkout.orderId, checkout.orderId, checkout.orderId, checkout.orderId]);
      assert.deepEqual(lines.slice(0, 5).map((l) => l.sessionId), Array(5).fill(sessionId));
      assert.deepEqual(lines.slice(2, 4).map((l) => l.transactionId), [checkout.authenticationTransactionId, checkout.authenticationTransactionId], 'Authenticate Payer on the authentication\'s transaction');
    });

    it('checks each body as the form would: the deliberate departure (Update Session order.amount as a JSON number) is reported as a warning, and nothing as an error', () => {
      const update = lines[1];
      const amount = update?.exchange.requestProblems?.find((p) => p.path === 'order.amount');
      assert.ok(amount, `a problem at order.amount: ${JSON.stringify(update?.exchange.requestProblems)}`);
      assert.equal(amount.severity, 'warning');
      assert.match(amount.message, /decimal string/);
      assert.ok((update?.problems ?? 0) >= 1);
      for (const l of lines) {
        assert.equal(l.problems, l.exchange.requestProblems?.length ?? 0);
        assert.ok(!(l.exchange.requestProblems ?? []).some((p) => p.severity === 'error'), `#${l.seq}: ${JSON.stringify(l.exchange.requestProblems)}`);
        if (l !== update) assert.ok(!(l.exchange.requestProblems ?? []).some((p) => p.path === 'order.amount'), `#${l.seq} sends a decimal string`);
      }
    });

    it('decodes each answer into its verdict', () => {
      assert.deepEqual(lines.map((l) => l.verdict), ['Session created', 'Session updated', 'AUTHENTICATION_IN_PROGRESS', 'APPROVED', 'APPROVED', 'Order CAPTURED']);
      assert.ok(lines.every((l) => typeof l.exchange.decoded?.verdict.title === 'string' && l.exchange.decoded.verdict.title !== ''));
    });

    it('keeps no credential: the merchant\'s Basic password is nowhere in the record', () => {
      const text = fs.readFileSync(record, 'utf8');
      assert.ok(!text.includes(API_PASSWORD));
      assert.ok(!text.includes(Buffer.from(`merchant.${MERCHANT_ID}:${API_PASSWORD}`).toString('base64')));
      assert.ok(lines.every((l) => l.exchange.request.headers['authorization'] === 'Basic <redacted>'));
    });

    it("the simulator's notification of the order reaches the merchant's own webhook (order.notificationUrl)", async () => {
      const notifications = await until(async () => {
        const got = (await (await fetch(`${shopUrl}/notifications`)).json()) as { secret: string | null; body: { order?: { id?: string; status?: string } } }[];
        return got.some((n) => n.body.order?.id === checkout.orderId && n.body.order.status === 'CAPTURED') ? got : undefined;
      }, () => `a notification of order ${checkout.orderId} CAPTURED at ${shopUrl}/webhook`);
      assert.ok(notifications.every((n) => n.secret === `${MERCHANT_ID}-notification-secret`), 'signed with the merchant\'s notification secret');
    });

    it('tap flow --order saves the checkout as a flow with no recorded id in it, and run --simulator replays it green', async () => {
      const flowFile = path.join(dir, 'checkout.payflow.json');
      const saved = await cli(['tap', 'flow', record, '--order', checkout.orderId, '--out', flowFile]);
      assert.equal(saved.status, 0, saved.stderr);
      assert.match(saved.stdout, /^Wrote .*checkout\.payflow\.json: 6 steps \(createSession, updateSession, initiateAuthentication, authenticatePayer, pay, retrieveOrder\) from order /m);
      assert.doesNotMatch(saved.stdout, /Fill in/, 'nothing to fill in: the public test card is kept on TEST');
      const flow = JSON.parse(fs.readFileSync(flowFile, 'utf8')) as { steps: { id: string; params?: Record<string, string>; body?: unknown }[] };
      const recorded = new Set([checkout.orderId, (checkout.calls[0]?.body['session'] as { id: string }).id, checkout.authenticationTransactionId]);
      // Ids in the URL and in the body's id fields; order.reference is the merchant's free text, kept as it sent it.
      const ids = flow.steps.flatMap((s) => [...Object.values(s.params ?? {}), ...idFieldValues(s.body)]);
      assert.ok(ids.length >= 8, JSON.stringify(ids));
      for (const id of ids) assert.ok(!recorded.has(id), `${id} is a recorded id, not a reference to the step that made it`);
      assert.deepEqual(flow.steps.find((s) => s.id === 'pay')?.params, { orderId: '{{initiateAuthentication.params.orderId}}' });

      const run = await cli(['run', flowFile, '--simulator']);
      assert.equal(run.status, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /6 passed, 0 failed/);
    });

    it('tap replay sends a call again: Create Session to a fresh simulator, Retrieve Order through the tap itself (the same answer), and a Pay to a LIVE environment not without --yes-live', async () => {
      const created = await cli(['tap', 'replay', record, '--call', '1', '--simulator']);
      assert.equal(created.status, 0, created.stdout + created.stderr);
      assert.match(created.stdout, /Create Session v100, call #1 of checkout\.jsonl[\s\S]*1 passed, 0 failed/);

      const env = { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: API_PASSWORD };
      const live = await cli(['tap', 'replay', record, '--call', '5', '--env', 'shop-live', '--environments', environments], { env });
      assert.notEqual(live.status, 0, 'a money-moving call to LIVE is not sent without --yes-live');
      assert.match(live.stdout + live.stderr, /--yes-live/);
      assert.match(live.stderr, /uses session \S+, which #1 \(Create Session[^\n]*tap flow \S+ --order /, 'a Pay of a session says the earlier calls it needs and how to replay them together');
      assert.doesNotMatch(created.stderr, /uses session/, 'Create Session stands alone: no advice');

      const read = await cli(['tap', 'replay', record, '--call', '6', '--env', 'through-tap', '--environments', environments], { env });
      assert.equal(read.status, 0, read.stdout + read.stderr);
      assert.match(read.stdout, /Order CAPTURED[\s\S]*1 passed, 0 failed/);
      const seen = await until(() => (tapLines().length >= 7 ? tapLines() : undefined), () => `the replay through the tap; got: ${tapOut}`);
      assert.deepEqual(seen.slice(6).map((l) => [l.operation, l.orderId]), [['gateway.retrieveOrder', checkout.orderId]], 'the replay came through the tap, and the refused LIVE Pay never did');
    });

    it('tap export --curl prints a cURL command that runs: the password from the shell, never from the record', async function () {
      const exported = await cli(['tap', 'export', record, '--call', '6', '--curl', '--env', 'through-tap', '--environments', environments]);
      assert.equal(exported.status, 0, exported.stderr);
      assert.match(exported.stdout, /^curl /);
      assert.ok(exported.stdout.includes(`/order/${checkout.orderId}`), exported.stdout);
      assert.ok(!exported.stdout.includes(API_PASSWORD));
      if (!works('bash', ['--version']) || !works('curl', ['--version'])) return;
      const ran = spawnSync('bash', ['-c', exported.stdout], { encoding: 'utf8', env: { ...process.env, PAYMENT_WORKBENCH_THROUGH_TAP_GATEWAY_API_PASSWORD: API_PASSWORD, PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: API_PASSWORD } });
      assert.equal(ran.status, 0, ran.stderr);
      assert.equal((JSON.parse(ran.stdout) as { status?: string }).status, 'CAPTURED', ran.stdout);
    });
  });
}

/** The values of every id field ("id", "…Id") in a body. */
function idFieldValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(idFieldValues);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (typeof inner === 'string' && (key === 'id' || key.endsWith('Id')) ? [inner] : idFieldValues(inner)));
}

/** A line as the tap writes it, for the file-handling cases (no tap needed). */
function recordLine(seq: number, overrides: Record<string, unknown> = {}): string {
  const orderId = 'ORDER-FILE-1';
  return JSON.stringify({
    seq, time: '2026-01-01T00:00:00.000Z', operation: 'gateway.retrieveOrder', version: 100, orderId, transactionId: null, sessionId: null, status: 200, verdict: 'Order CAPTURED', problems: 0, recognised: true,
    exchange: {
      id: `x-${seq}`, startedAt: `2026-01-01T00:00:0${Math.min(seq, 9)}.000Z`, environment: { id: 'local-simulator', name: 'Local simulator', live: false },
      operationId: 'gateway.retrieveOrder', operationTitle: 'Retrieve Order', version: 100, params: { merchantId: MERCHANT_ID, orderId },
      request: { method: 'GET', url: `http://127.0.0.1:1/api/rest/version/100/merchant/${MERCHANT_ID}/order/${orderId}`, headers: {}, bodyWasMasked: false, curl: '' },
      seenBy: 'tap',
    },
    ...overrides,
  });
}

describe('payment-workbench tap flow|replay|export: a record file that is not what the tap writes gets a clear error (real process)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-files-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('names the file and the line of a line that is not JSON, not a call, or cut short', async () => {
    const cases: [string, string, RegExp][] = [
      ['not-json.jsonl', `${recordLine(1)}\n${recordLine(2)}\n{"seq": 3, "exchange": \n`, /not-json\.jsonl:3: not a JSON line/],
      ['no-seq.jsonl', `${recordLine(1)}\n${recordLine(2, { seq: 'two' })}\n`, /no-seq\.jsonl:2: seq must be a whole number from 1, got "two"/],
      ['bad-params.jsonl', `\n${recordLine(1, { exchange: { ...JSON.parse(recordLine(1)).exchange, params: { orderId: 7 } } })}\n`, /bad-params\.jsonl:2: exchange\.params\.orderId must be text/],
      ['cut.jsonl', `${recordLine(1)}\n${recordLine(2).slice(0, 100)}`, /cut\.jsonl:2: not a JSON line/],
      ['empty.jsonl', '\n\n', /empty\.jsonl: no calls in it/],
    ];
    for (const [name, text, expected] of cases) {
      const r = await cli(['tap', 'flow', write(name, text), '--out', path.join(dir, 'out')]);
      assert.equal(r.status, 2, `${name}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, expected);
      assert.match(r.stderr, /payment-workbench tap flow --help/);
    }
    assert.ok(!fs.existsSync(path.join(dir, 'out.payflow.json')), 'nothing written');
  });

  it('says which call is missing, and that a file appended by two tap runs is read as runs (RUN:SEQ)', async () => {
    const file = write('two-runs.jsonl', [recordLine(1), recordLine(2), recordLine(3), recordLine(1), recordLine(2)].join('\r\n'));
    const missing = await cli(['tap', 'replay', file, '--call', '3']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--call 3: no call #3 of run 2 \(the latest\); it holds #1-#2; an earlier run has one: 1:3/);
    const saved = await cli(['tap', 'flow', file, '--calls', '1:2-3', '--out', path.join(dir, 'earlier')]);
    assert.equal(saved.status, 0, saved.stderr);
    assert.match(saved.stdout, /2 steps \(retrieveOrder, retrieveOrder2\) from calls #2-#3/);
    const flow = JSON.parse(fs.readFileSync(path.join(dir, 'earlier.payflow.json'), 'utf8')) as { steps: { params: Record<string, string> }[] };
    assert.deepEqual(flow.steps.map((s) => s.params), [{ orderId: 'ORDER-FILE-1' }, { orderId: '{{retrieveOrder.params.orderId}}' }], 'an order only looked up keeps its id');
  });

  it('a call the catalogue does not have is forwarded by the tap but is no flow step: named when chosen, left out (and said) by default', async () => {
    const unknown = recordLine(2, { operation: null, recognised: false, exchange: { ...JSON.parse(recordLine(2)).exchange, operationId: 'notInCatalogue', operationTitle: 'POST /api/rest/version/100/merchant/M/nothing' } });
    const file = write('unknown.jsonl', `${recordLine(1)}\n${unknown}\n`);
    const chosen = await cli(['tap', 'flow', file, '--calls', '1-2']);
    assert.equal(chosen.status, 2);
    assert.match(chosen.stderr, /call #2 \(POST \/api\/rest\/version\/100\/merchant\/M\/nothing\) is not an operation of the catalogue/);
    const all = await cli(['tap', 'flow', file], { cwd: dir });
    assert.equal(all.status, 0, all.stderr);
    assert.match(all.stderr, /Left out call #2/);
    assert.match(all.stdout, /Wrote unknown\.payflow\.json: 1 step/);
    const again = await cli(['tap', 'flow', file], { cwd: dir });
    assert.match(again.stdout, /Wrote unknown-2\.payflow\.json/, 'a default name never overwrites');
    const exported = await cli(['tap', 'export', file, '--call', '2', '--curl']);
    assert.equal(exported.status, 2);
    assert.match(exported.stderr, /not an operation of the catalogue; its masked cURL line is in the record/);
  });

  it('a card the tap masked (not a public test card) is named as one to fill in by tap flow, and tap replay does not send the call without it', async () => {
    const base = JSON.parse(recordLine(1)) as { exchange: Record<string, unknown> };
    const update = recordLine(1, {
      operation: 'gateway.updateSession', sessionId: 'SESSION0002abcdefghijklmnopqrst', orderId: null,
      exchange: { ...base.exchange, operationId: 'gateway.updateSession', operationTitle: 'Update Session', params: { merchantId: MERCHANT_ID, sessionId: 'SESSION0002abcdefghijklmnopqrst' },
        request: { method: 'PUT', url: 'http://127.0.0.1:1/x', headers: {}, curl: '', bodyWasMasked: true, body: { sourceOfFunds: { provided: { card: { number: '555555xxxxxx4444', expiry: { month: '1', year: '39' }, securityCode: '<redacted>' } } } } } },
    });
    const file = write('masked.jsonl', `${update}
`);
    const saved = await cli(['tap', 'flow', file, '--out', path.join(dir, 'masked')]);
    assert.equal(saved.status, 0, saved.stderr);
    assert.match(saved.stdout, /Fill in before it runs[^\n]*\n {2}updateSession: sourceOfFunds\.provided\.card\.number \(card data is not kept: enter it or pick a test card\); sourceOfFunds\.provided\.card\.securityCode/);
    const replay = await cli(['tap', 'replay', file, '--call', '1', '--simulator']);
    assert.equal(replay.status, 2);
    assert.match(replay.stderr, /call #1 \(Update Session\) cannot be sent as the tap recorded it: sourceOfFunds\.provided\.card\.number/);
    assert.doesNotMatch(replay.stdout, /Simulator started/, 'refused before anything started');
  });

  it('a line longer than the bound is refused by its number, without reading it whole', async () => {
    const file = path.join(dir, 'huge.jsonl');
    const fd = fs.openSync(file, 'w');
    fs.writeSync(fd, `${recordLine(1)}\n{"seq": 2, "pad": "`);
    const mib = Buffer.alloc(1024 * 1024, 'a');
    for (let i = 0; i < 9; i++) fs.writeSync(fd, mib);
    fs.closeSync(fd);
    const r = await cli(['tap', 'flow', file]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /huge\.jsonl:2: longer than 8388608 bytes; not a line tap --record writes/);
  });

  it('tap flow --out refuses a file that exists (exit 2) unless --force, which replaces a link by name and never writes through it', async () => {
    const file = write('force.jsonl', `${recordLine(1)}\n`);
    const kept = path.join(dir, 'kept.payflow.json');
    fs.writeFileSync(kept, 'mine');
    const refused = await cli(['tap', 'flow', file, '--out', path.join(dir, 'kept')]);
    assert.equal(refused.status, 2, `${refused.stdout}${refused.stderr}`);
    assert.match(refused.stderr, /tap flow: \S*kept\.payflow\.json exists; use --force to replace it/);
    assert.equal(fs.readFileSync(kept, 'utf8'), 'mine', 'left as it was');
    const forced = await cli(['tap', 'flow', file, '--out', path.join(dir, 'kept'), '--force']);
    assert.equal(forced.status, 0, forced.stderr);
    assert.equal((JSON.parse(fs.readFileSync(kept, 'utf8')) as { steps: unknown[] }).steps.length, 1);

    const outside = path.join(dir, 'elsewhere', 'planted.json');
    fs.mkdirSync(path.dirname(outside));
    const link = path.join(dir, 'linked.payflow.json');
    fs.symlinkSync(outside, link);
    const throughLink = await cli(['tap', 'flow', file, '--out', link]);
    assert.equal(throughLink.status, 2, 'a dangling link is a name taken');
    assert.match(throughLink.stderr, /linked\.payflow\.json exists; use --force/);
    const replaced = await cli(['tap', 'flow', file, '--out', link, '--force']);
    assert.equal(replaced.status, 0, replaced.stderr);
    assert.ok(!fs.existsSync(outside), 'nothing written where the link pointed');
    assert.equal(fs.lstatSync(link).isFile(), true, 'the link itself was replaced by the flow');

    const help = await cli(['tap', 'flow', '--help']);
    assert.match(help.stdout, /--force\s+replaces the file --out names when it exists/);
  });

  it('tap flow --help and tap replay --help show their own usage', async () => {
    for (const sub of ['flow', 'replay', 'export']) {
      const r = await cli(['tap', sub, '--help']);
      assert.equal(r.status, 0);
      assert.match(r.stdout, new RegExp(`^usage: payment-workbench tap ${sub} <record\\.jsonl>`));
    }
  });
});
