/**
 * The simulator's delivery log over its control API: every attempt recorded with the endpoint's answer
 * (as text, bounded), faults per merchant, refusals of targets nobody configured, resend, a bounded
 * ring, and a long poll that answers at the first change.
 */
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeliveriesClient, describeAttempt, watchDeliveries, type NotificationRecord } from '../../../src/deliveries';
import type { SimulatorHandle } from '../../../src/simulator';
import { MID, authorizeBody, gatewayPut, send, useSimulator } from '../simulator/helpers';
import type { Agent } from 'undici';

interface Endpoint {
  url: string;
  got: { id: string; attempt: number; body: string }[];
  answer: (count: number) => { status: number; text: string };
  close(): Promise<void>;
}

async function endpoint(answer: Endpoint['answer'] = () => ({ status: 200, text: 'ok' })): Promise<Endpoint> {
  const seen = new Map<string, number>();
  const self: Endpoint = { url: '', got: [], answer, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['x-notification-id']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      self.got.push({ id, attempt: Number(req.headers['x-notification-attempt']), body: Buffer.concat(chunks).toString('utf8') });
      const { status, text } = self.answer(seen.get(id) ?? 1);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  self.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  self.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return self;
}

const settled = (client: DeliveriesClient, orderId: string) => watchDeliveries(client, { orderId }, 10_000);

describe('simulator: the delivery log', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  let client: DeliveriesClient;
  let hook: Endpoint;
  useSimulator({ processingDelayMs: 0, notificationRetryDelaysMs: [20, 20, 20], deliveryLogCapacity: 6 }, (s, a) => {
    sim = s;
    agent = a;
  });
  beforeEach(async () => {
    client = new DeliveriesClient(sim.baseUrl);
    hook = await endpoint();
    await client.setWebhook(MID, { url: hook.url, faults: [] });
  });
  afterEach(() => hook.close());

  const pay = (orderId: string, txn = '1') => gatewayPut(agent, sim.baseUrl, 100, orderId, txn, { ...authorizeBody(), apiOperation: 'PAY' });

  it('records every attempt with its status, latency and the answer as text; the id stays, the attempt counts', async () => {
    hook.answer = (n) => (n < 3 ? { status: 503, text: 'busy, try later' } : { status: 204, text: '' });
    assert.equal((await pay('L-1')).status, 201);
    const { notifications } = await settled(client, 'L-1');
    const [n] = notifications;
    assert.equal(n?.state, 'delivered');
    assert.deepEqual(n?.attempts.map((a) => [a.n, a.status, a.answer ?? '']), [[1, 503, 'busy, try later'], [2, 503, 'busy, try later'], [3, 204, '']]);
    assert.deepEqual(hook.got.map((g) => [g.id, g.attempt]), [1, 2, 3].map((k) => [n?.id, k]));
    assert.equal(n?.summary, 'PAYMENT APPROVED · order CAPTURED');
    assert.equal(n?.headers['x-notification-secret'], '••••', 'the secret never leaves the simulator in the log');
  });

  it('keeps 4 KB of a huge answer and escapes what a terminal would obey', async () => {
    const huge = `\u001b[2J\u001b[31mred${'x'.repeat(100_000)}`;
    hook.answer = () => ({ status: 500, text: huge });
    await client.setWebhook(MID, { faults: [] });
    await pay('L-2');
    const { notifications } = await settled(client, 'L-2');
    const attempt = notifications[0]?.attempts[0];
    assert.ok(attempt);
    assert.equal(Buffer.byteLength(attempt.answer ?? ''), 4096);
    assert.equal(attempt.answerBytes, Buffer.byteLength(huge));
    assert.ok(!describeAttempt(attempt).includes('\u001b'), 'no raw escape character reaches a terminal');
    assert.match(describeAttempt(attempt), /\\u001b\[2J/);
  });

  it('applies the merchant\'s faults: drop never delivers, duplicate delivers the same id twice, @N counts down', async () => {
    await client.setWebhook(MID, { faults: ['drop@1', 'duplicate@2'] });
    await pay('L-3');
    await pay('L-4');
    const [dropped] = (await settled(client, 'L-3')).notifications;
    const [twice] = (await settled(client, 'L-4')).notifications;
    assert.equal(dropped?.state, 'dropped');
    assert.deepEqual(dropped?.faults, ['drop', 'duplicate']);
    assert.equal(hook.got.filter((g) => g.id === dropped?.id).length, 0);
    assert.deepEqual(twice?.attempts.map((a) => [a.n, a.cause ?? '']), [[1, ''], [2, 'duplicate']]);
    assert.deepEqual((await client.webhook(MID)).faults, [], 'both faults are spent');
  });

  it('resends with the same id and the next attempt number, or as a new notification to another URL', async () => {
    await pay('L-5');
    const [first] = (await settled(client, 'L-5')).notifications as [NotificationRecord];
    await client.resend(first.id);
    const other = await endpoint();
    try {
      const copy = await client.resend(first.id.slice(0), { asNew: true, to: other.url });
      assert.notEqual(copy.id, first.id);
      assert.equal(copy.resentFrom, first.id);
      const { notifications } = await settled(client, 'L-5');
      assert.deepEqual(notifications.find((n) => n.id === first.id)?.attempts.map((a) => [a.n, a.cause ?? '']), [[1, ''], [2, 'resend']]);
      assert.deepEqual(other.got.map((g) => [g.id, g.attempt]), [[copy.id, 1]]);
      assert.equal(other.got[0]?.body, hook.got[0]?.body, 'the same body');
    } finally {
      await other.close();
    }
  });

  it('refuses a request\'s notificationUrl on another host unless told (loopback only), and says how to allow it', async () => {
    await client.setWebhook(MID, { url: null });
    const body = { ...authorizeBody(), apiOperation: 'PAY', order: { amount: '5.00', currency: 'EUR', notificationUrl: 'https://hooks.example.com/gateway' } };
    assert.equal((await gatewayPut(agent, sim.baseUrl, 100, 'L-6', '1', body)).status, 201);
    const [n] = (await settled(client, 'L-6')).notifications;
    assert.equal(n?.state, 'refused');
    assert.match(n?.note ?? '', /hooks\.example\.com is not loopback; .*--webhook-host hooks\.example\.com/);
    assert.equal(n?.attempts.length, 0);
  });

  it('keeps the newest notifications only (a bounded ring), and a long poll answers at the next change', async () => {
    for (let i = 0; i < 8; i++) await pay(`R-${i}`);
    const page = await client.list();
    assert.equal(page.capacity, 6);
    assert.ok(page.notifications.length <= 6);
    assert.ok(!page.notifications.some((n) => n.orderId === 'R-0'), 'the oldest left');
    const waiting = client.list({ since: (await client.list({ limit: 0 })).seq, waitMs: 20_000 });
    await pay('R-9');
    const changed = await waiting;
    assert.ok(changed.notifications.some((n) => n.orderId === 'R-9'));
  });

  it('never shows a secret of the webhook URL: the log keeps it redacted, the endpoint gets it whole', async () => {
    await client.setWebhook(MID, { url: `${hook.url}?access_token=s3cr3t-hook-token-123` });
    await pay('L-7');
    const { notifications } = await settled(client, 'L-7');
    const shown = JSON.stringify(notifications);
    assert.doesNotMatch(shown, /s3cr3t-hook-token-123/);
    assert.equal(notifications[0]?.state, 'delivered');
    await client.resend(notifications[0]?.id as string);
    const again = (await settled(client, 'L-7')).notifications[0];
    assert.equal(again?.attempts.at(-1)?.status, 200, 'a resend still reaches the whole URL');
  });

  it('takes changes only as application/json, and tells a wrong fault or URL', async () => {
    const plain = await send(agent, `${sim.baseUrl}/_simulator/merchants/${MID}/webhook`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: '{"url":"http://127.0.0.1:1/x"}' });
    assert.equal(plain.status, 415);
    await assert.rejects(client.setWebhook(MID, { faults: ['explode'] }), /must be duplicate, out-of-order, delay=SECONDS or drop/);
    await assert.rejects(client.setWebhook(MID, { url: 'file:///etc/passwd' }), /must be an http:\/\/ or https:\/\/ URL/);
    await assert.rejects(client.resend('no-such-id'), /no notification no-such-id/);
  });
});
