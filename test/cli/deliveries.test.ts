/**
 * Issue 35's "Done when", through real processes: the simulator (`payment-workbench simulator`), a
 * webhook endpoint written for the test (test/fixtures/deliveries/webhook_endpoint.mjs: checks the
 * secret, fails the first two attempts of each notification, records every request), and the CLI's
 * trigger, deliveries and reconcile commands. Retries keep the id and count the attempts; duplicate,
 * out-of-order, delayed and dropped deliveries each reach (or do not reach) the endpoint as said;
 * reconcile names the dropped one; a follow-up scenario runs on an order made before.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli, printed, repoRoot, startCli, type CliOutcome } from './cliProcess';

const SECRET = 'TESTSIMULATOR01-notification-secret';
const AUTH_ONLY_SECRET = 'TESTSIMAUTHONLY-notification-secret';

interface Received {
  id: string;
  attempt: number;
  secretOk: boolean;
  status: number;
  orderId?: string;
  type?: string;
  gatewayCode?: string;
  receivedAt: number;
}

describe('CLI: webhooks as the gateway sends them (trigger, deliveries, reconcile)', function () {
  this.timeout(120_000);
  let dir: string;
  let simulator: ChildProcess;
  let endpoint: ChildProcess;
  let port: string;
  let hook: string;
  let record: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-deliveries-'));
    record = path.join(dir, 'received.jsonl');
    endpoint = spawn(process.execPath, [path.join(repoRoot, 'test', 'fixtures', 'deliveries', 'webhook_endpoint.mjs')], { env: { ...process.env, FAIL_FIRST: '2', RECORD: record, SECRETS: `${SECRET},${AUTH_ONLY_SECRET}` } });
    const [sim, url] = await Promise.all([startCli(['simulator', '--port', '0'], { stream: 'stdout', pattern: /listening on (http:\/\/127\.0\.0\.1:\d+)/ }, { cwd: dir }), printed(endpoint, 'stdout', /Webhook endpoint at (\S+)/)]);
    simulator = sim.child;
    port = new URL(sim.url).port;
    hook = url;
  });

  after(() => {
    simulator?.kill('SIGTERM');
    endpoint?.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const pw = (...args: string[]): Promise<CliOutcome> => cli([...args, '--port', port], { cwd: dir });
  const received = (): Received[] => (fs.existsSync(record) ? fs.readFileSync(record, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Received) : []);
  const notificationIds = (out: string): string[] => [...out.matchAll(/→ notification ([0-9a-f-]{36})/g)].map((m) => m[1] as string);
  const orderOf = async (id: string): Promise<string> => {
    const shown = await pw('deliveries', 'show', id, '--json');
    return (JSON.parse(shown.stdout) as { orderId: string }).orderId;
  };

  it('retries a notification the endpoint refuses with the same X-Notification-Id and attempts 1, 2, 3, and prints each outcome', async () => {
    const run = await pw('trigger', 'payment-approved', '--to', hook);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const [id] = notificationIds(run.stdout);
    assert.ok(id, run.stdout);
    const got = received().filter((r) => r.id === id);
    assert.deepEqual(got.map((r) => [r.attempt, r.status]), [[1, 500], [2, 500], [3, 200]]);
    assert.ok(got.every((r) => r.secretOk), 'every attempt carries the merchant\'s X-Notification-Secret');
    assert.equal(got[0]?.type, 'PAYMENT');
    assert.match(run.stdout, new RegExp(`${id.slice(0, 8)}  attempt 1 → 500 in \\d+ ms: failing on purpose`));
    assert.match(run.stdout, new RegExp(`${id.slice(0, 8)}  attempt 3 → 200 in \\d+ ms: ok`));
    assert.match(run.stdout, /Scenario passed; 1 notification: 1 delivered/);
  });

  it('delivers twice on "duplicate": the same id again, with the next attempt number, after it was taken', async () => {
    const run = await pw('trigger', 'payment-approved', '--to', hook, '--fault', 'duplicate');
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const [id] = notificationIds(run.stdout);
    const got = received().filter((r) => r.id === id);
    assert.deepEqual(got.map((r) => [r.attempt, r.status]), [[1, 500], [2, 500], [3, 200], [4, 200]]);
    assert.match(run.stdout, /attempt 4 \[duplicate\] → 200/);
  });

  it('delivers out of order on "out-of-order": the capture reaches the endpoint before the authorization', async () => {
    const run = await pw('trigger', 'authorize-capture', '--to', hook, '--fault', 'out-of-order@1');
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const [authorization, capture] = notificationIds(run.stdout);
    assert.ok(authorization && capture, run.stdout);
    const firstOf = (id: string) => received().find((r) => r.id === id);
    assert.equal(firstOf(authorization)?.type, 'AUTHORIZATION');
    assert.equal(firstOf(capture)?.type, 'CAPTURE');
    const order = received().filter((r) => r.id === authorization || r.id === capture).map((r) => r.type);
    assert.equal(order[0], 'CAPTURE', `the endpoint got ${order.join(', ')}`);
    assert.ok(received().filter((r) => r.id === authorization || r.id === capture).every((r) => r.secretOk), 'the authorize-only merchant\'s own secret');
  });

  it('delays the first attempt on "delay=2": it reaches the endpoint no sooner than 2 s after the notification was made', async () => {
    const run = await pw('trigger', 'payment-approved', '--to', hook, '--fault', 'delay=2');
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const [id] = notificationIds(run.stdout);
    const shown = JSON.parse((await pw('deliveries', 'show', id as string, '--json')).stdout) as { createdAt: string; faults: string[]; attempts: { time: string }[] };
    assert.deepEqual(shown.faults, ['delay=2']);
    assert.ok(Date.parse(shown.attempts[0]?.time ?? '') - Date.parse(shown.createdAt) >= 2000, JSON.stringify(shown));
  });

  it('drops on "drop": the endpoint never gets it, reconcile names it as missed, and a resend delivers it with the same id', async () => {
    const run = await pw('trigger', 'partial-refund', '--to', hook, '--fault', 'drop@1');
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const [payment, refund] = notificationIds(run.stdout);
    assert.ok(payment && refund, run.stdout);
    assert.match(run.stdout, new RegExp(`${payment.slice(0, 8)}  dropped`));
    assert.equal(received().filter((r) => r.id === payment).length, 0, 'a dropped notification never reaches the endpoint');
    assert.ok(received().some((r) => r.id === refund && r.status === 200));
    const orderId = await orderOf(payment);
    const check = await pw('reconcile', '--order', orderId);
    assert.equal(check.status, 1, check.stdout + check.stderr);
    assert.match(check.stdout, new RegExp(`✗ missed +transaction \\S+ \\(PAYMENT APPROVED 25(\\.00)? EUR\\): notification ${payment} was dropped`));
    assert.match(check.stdout, /A system trusting webhooks alone would not know it happened/);
    for (const expected of [1, 2, 3]) {
      const resend = await pw('deliveries', 'resend', payment.slice(0, 8));
      assert.match(resend.stdout, new RegExp(`Resending notification ${payment} as attempt ${expected}`));
    }
    assert.deepEqual(received().filter((r) => r.id === payment).map((r) => [r.attempt, r.status]), [[1, 500], [2, 500], [3, 200]]);
  });

  it('runs a follow-up scenario on an order made before (trigger --order): the refund is of that order', async () => {
    const first = await pw('trigger', 'payment-approved', '--to', hook, '--set', 'order.amount=40.00');
    assert.equal(first.status, 0, first.stdout + first.stderr);
    const orderId = await orderOf(notificationIds(first.stdout)[0] as string);
    const refund = await pw('trigger', 'partial-refund', '--to', hook, '--order', orderId, '--set', 'transaction.amount=15.00');
    assert.equal(refund.status, 0, refund.stdout + refund.stderr);
    assert.match(refund.stdout, /- pay +Pay +skipped/);
    const [id] = notificationIds(refund.stdout);
    const got = received().find((r) => r.id === id && r.status === 200);
    assert.equal(got?.orderId, orderId);
    assert.equal(got?.type, 'REFUND');
    const check = await pw('reconcile', '--order', orderId);
    assert.equal(check.status, 0, check.stdout);
    assert.match(check.stdout, /Reconciled: what the endpoint acknowledged agrees with Retrieve Order/);
  });

  it('reconcile counts a resend under the same id once, and names a resend as new of the same refund as a duplicate to deduplicate by transaction id', async () => {
    const run = await pw('trigger', 'partial-refund', '--to', hook);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const [, refund] = notificationIds(run.stdout);
    assert.ok(refund, run.stdout);
    const orderId = await orderOf(refund);
    const again = await pw('deliveries', 'resend', refund);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    const sameId = await pw('reconcile', '--order', orderId);
    assert.equal(sameId.status, 0, `a handler ignoring a repeated X-Notification-Id refunds once:\n${sameId.stdout}`);
    assert.match(sameId.stdout, new RegExp(`notification ${refund} was taken more than once under the same X-Notification-Id: counted once`));
    assert.match(sameId.stdout, /Reconciled: what the endpoint acknowledged agrees with Retrieve Order/);

    const copy = await pw('deliveries', 'resend', refund.slice(0, 8), '--new');
    assert.equal(copy.status, 0, `the copy was taken at its third attempt:\n${copy.stdout}${copy.stderr}`);
    const copyId = /Resent as new notification ([0-9a-f-]{36})/.exec(copy.stdout)?.[1] as string;
    assert.match(copy.stdout, new RegExp(`${copyId.slice(0, 8)}  attempt 1 → 500 in \\d+ ms: failing on purpose`));
    assert.match(copy.stdout, new RegExp(`${copyId.slice(0, 8)}  attempt 3 → 200 in \\d+ ms: ok`));
    const newId = await pw('reconcile', '--order', orderId);
    assert.equal(newId.status, 1, newId.stdout + newId.stderr);
    assert.match(newId.stdout, new RegExp(`✗ duplicate transaction \\S+ \\(REFUND APPROVED 10(\\.00)? EUR\\): the endpoint took 2 notifications about it with different X-Notification-Ids \\(${refund}, ${copyId} \\(resent as new from ${refund}\\)\\)`));
    assert.match(newId.stdout, new RegExp(`deduplicate by order and transaction id \\(${orderId}, `));
    assert.match(newId.stdout, /✗ duplicate refunded total: a handler that counts each notification id once gets 20\.00 EUR; Retrieve Order says 10(\.00)? EUR\./);
  });

  it('lists and shows deliveries: the secret masked, the endpoint\'s answers as text', async () => {
    const list = await pw('deliveries', 'list');
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /PAYMENT APPROVED · order CAPTURED +order \S+ +delivered \(3 attempts\)/);
    const id = /^([0-9a-f]{8}) /m.exec(list.stdout)?.[1] as string;
    const show = await pw('deliveries', 'show', id);
    assert.match(show.stdout, /x-notification-secret: ••••/);
    assert.doesNotMatch(show.stdout + (await pw('deliveries', 'list', '--json')).stdout, new RegExp(SECRET));
    assert.match(show.stdout, /attempt 1 → 500 in \d+ ms: failing on purpose/);
  });

  it('refuses what it cannot do, saying what to do instead', async () => {
    const unknown = await pw('trigger', 'payment-aproved', '--to', hook);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /no scenario "payment-aproved"; the scenarios are .*payment-approved/);
    const badInput = await pw('trigger', 'payment-approved', '--to', hook, '--set', 'amount=1');
    assert.equal(badInput.status, 1);
    assert.match(badInput.stderr, /"amount" is not an input of this flow \(it takes orderId, order\.amount, order\.currency\)/);
    const badFault = await pw('trigger', 'payment-approved', '--fault', 'explode');
    assert.equal(badFault.status, 2);
    assert.match(badFault.stderr, /must be duplicate, out-of-order, delay=SECONDS or drop/);
    const noTarget = await pw('trigger', 'payment-approved');
    assert.equal(noTarget.status, 1);
    assert.match(noTarget.stderr, /no webhook URL for merchant TESTSIMULATOR01: give --to URL/);
    const noOrder = await pw('reconcile', '--order', 'NOPE-123');
    assert.equal(noOrder.status, 1);
    assert.match(noOrder.stderr, /Retrieve Order NOPE-123 on Local simulator: HTTP 400 Order not found: Unable to find order NOPE-123 for merchant TESTSIMULATOR01 \(cause INVALID_REQUEST\)/);
    const noSimulator = await cli(['deliveries', 'list', '--port', '9'], { cwd: dir });
    assert.equal(noSimulator.status, 1);
    assert.match(noSimulator.stderr, /no simulator answers at http:\/\/127\.0\.0\.1:9: start it/);
  });
});
