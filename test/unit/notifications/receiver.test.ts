import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { describeNotification, startReceiver, type NotificationReceiver } from '../../../src/notifications';

const webhook = (orderId: string, type = 'CAPTURE') => ({
  order: { id: orderId, amount: 100, currency: 'EUR', status: 'CAPTURED' },
  transaction: { id: 'T-1', type, amount: 60.0, currency: 'EUR' },
  result: 'SUCCESS',
  response: { gatewayCode: 'APPROVED' },
  sourceOfFunds: { provided: { card: { number: '4111111111111111' } } },
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, string> }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: r.status, json: (await r.json()) as Record<string, string> };
}

describe('notification receiver (the local inbox), over loopback', () => {
  let inbox: NotificationReceiver;
  let secret: string | undefined;
  beforeEach(async () => {
    secret = undefined;
    inbox = await startReceiver({ secret: () => secret, maxEvents: 3, maxBodyBytes: 4096 });
  });
  afterEach(() => inbox.close());

  it('takes a gateway webhook: 200, the order and transaction, decoded like a response, card masked, verified null without a secret', async () => {
    // The amount as the gateway writes it (60.00), which a JSON.stringify of the number would lose.
    const r = await post(inbox.urlFor('gateway'), JSON.stringify(webhook('ORD-1')).replace('"amount":60,', '"amount":60.00,'), { 'X-Notification-Id': 'N-1' });
    assert.deepEqual(r, { status: 200, json: { status: 'accepted' } });
    const [e] = inbox.events();
    assert.equal(e?.source, 'gateway');
    assert.equal(e?.orderId, 'ORD-1');
    assert.equal(e?.transactionId, 'T-1');
    assert.equal(e?.verified, null);
    assert.deepEqual(e?.summary, { title: 'Approved', transactionType: 'CAPTURE', gatewayCode: 'APPROVED', result: 'SUCCESS', amount: '60.00', currency: 'EUR' });
    assert.ok(!JSON.stringify(e?.body).includes('4111111111111111'), 'the card number is masked');
    // Nothing checked who sent it: its line says so, rather than reading like a verified approval.
    assert.equal(describeNotification(e!), 'gateway ORD-1 CAPTURE APPROVED 60.00 EUR unverified (no notification secret set)');
  });

  it('checks the secret when one is configured: right → verified, wrong or missing → 401 and kept as not verified; the secret header is redacted', async () => {
    secret = 'TESTSIMULATOR01-notification-secret';
    assert.equal((await post(inbox.urlFor('gateway'), webhook('ORD-2'), { 'X-Notification-Secret': secret, 'X-Notification-Id': 'A' })).status, 200);
    assert.equal((await post(inbox.urlFor('gateway'), webhook('ORD-3'), { 'X-Notification-Secret': 'guess', 'X-Notification-Id': 'B' })).status, 401);
    assert.equal((await post(inbox.urlFor('gateway'), webhook('ORD-4'), { 'X-Notification-Id': 'C' })).status, 401);
    assert.deepEqual(inbox.events().map((e) => [e.orderId, e.verified]), [['ORD-4', false], ['ORD-3', false], ['ORD-2', true]]);
    assert.equal(inbox.events()[2]?.headers['x-notification-secret'], '<redacted>');
  });

  it('a retry or duplicate of one notification id is one event with its attempts counted', async () => {
    await post(inbox.urlFor('gateway'), webhook('ORD-5'), { 'X-Notification-Id': 'SAME', 'X-Notification-Attempt': '1' });
    const again = await post(inbox.urlFor('gateway'), webhook('ORD-5'), { 'X-Notification-Id': 'SAME', 'X-Notification-Attempt': '2' });
    assert.deepEqual(again, { status: 200, json: { status: 'duplicate accepted' } });
    assert.deepEqual(inbox.events().map((e) => [e.id, e.attempts]), [['SAME', 2]]);
  });

  it('the gateway\'s X-Notification-Attempt counts deliveries the inbox never saw (it was restarted, the tunnel was down)', async () => {
    await post(inbox.urlFor('gateway'), webhook('ORD-7'), { 'X-Notification-Id': 'LATE', 'X-Notification-Attempt': '3' });
    assert.match(describeNotification(inbox.events()[0]!), /3 attempts$/);
    await post(inbox.urlFor('gateway'), webhook('ORD-7'), { 'X-Notification-Id': 'LATE', 'X-Notification-Attempt': '4' });
    assert.deepEqual(inbox.events().map((e) => [e.id, e.attempts]), [['LATE', 4]]);
    await post(inbox.urlFor('gateway'), webhook('ORD-8'), { 'X-Notification-Id': 'ODD', 'X-Notification-Attempt': 'many' });
    assert.equal(inbox.events()[0]?.attempts, 1, 'a value that is no count is not read');
  });

  it('a secret stored with a space or newline around it still matches (a header value never carries them); a refused post says so first', async () => {
    secret = '  A1B2C3-secret\n';
    assert.equal((await post(inbox.urlFor('gateway'), webhook('ORD-9'), { 'X-Notification-Secret': 'A1B2C3-secret', 'X-Notification-Id': 'T-1' })).status, 200);
    assert.equal((await post(inbox.urlFor('gateway'), webhook('ORD-10'), { 'X-Notification-Secret': 'A1B2C3', 'X-Notification-Id': 'T-2' })).status, 401);
    assert.match(describeNotification(inbox.events()[0]!), /^REFUSED \(401\) gateway ORD-10 CAPTURE APPROVED/);
  });

  it('an NVP (form-encoded) notification is refused with what to change in Merchant Administration', async () => {
    const r = await fetch(inbox.urlFor('gateway'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'merchant=TESTX&order.id=ORD-1&response.gatewayCode=APPROVED' });
    assert.equal(r.status, 400);
    assert.match(((await r.json()) as { error: string }).error, /an NVP \(form-encoded\) notification; the inbox reads REST-JSON ones: set the notification API format to REST-JSON in Merchant Administration/);
  });

  it('tells a financing callback from a webhook at / by its shape', async () => {
    await post(`${inbox.url}/`, { order_id: 'EXT-9', status: 'Disbursed' });
    await post(`${inbox.url}/`, webhook('ORD-6'));
    assert.deepEqual(inbox.events().map((e) => [e.source, e.orderId, e.summary.title]), [['gateway', 'ORD-6', 'Approved'], ['financing', 'EXT-9', 'Application Disbursed']]);
  });

  it('refuses what is not a notification with a clear answer, and records nothing', async () => {
    const notJson = await post(inbox.urlFor('gateway'), '{"order": ');
    assert.equal(notJson.status, 400);
    assert.match(notJson.json['error'] ?? '', /not JSON/);
    const shapeless = await post(`${inbox.url}/`, { hello: 'world' });
    assert.equal(shapeless.status, 400);
    assert.match(shapeless.json['error'] ?? '', /POST it to \/gateway or \/financing/);
    assert.equal((await fetch(inbox.urlFor('gateway'))).status, 405);
    assert.equal((await post(`${inbox.url}/elsewhere`, webhook('X'))).status, 404);
    const deep = await post(inbox.urlFor('gateway'), '['.repeat(200) + ']'.repeat(200));
    assert.equal(deep.status, 400, 'a body nested past the bound is refused, not parsed');
    assert.deepEqual(inbox.events(), []);
  });

  it('an oversize body gets 413 without being read whole', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(inbox.urlFor('gateway'), { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.write('{"pad":"' + 'x'.repeat(8192));
      req.end('"}');
    });
    assert.equal(status, 413);
    assert.deepEqual(inbox.events(), []);
  });

  it('keeps at most maxEvents, newest first, dropping the oldest', async () => {
    for (const id of ['O-1', 'O-2', 'O-3', 'O-4', 'O-5']) await post(inbox.urlFor('gateway'), webhook(id), { 'X-Notification-Id': id });
    assert.deepEqual(inbox.events().map((e) => e.orderId), ['O-5', 'O-4', 'O-3']);
  });

  it('waitFor resolves with an event already here or arriving, and with undefined at the timeout', async () => {
    const pending = inbox.waitFor((e) => e.orderId === 'W-1' && e.summary.transactionType === 'REFUND', 10_000);
    await post(inbox.urlFor('gateway'), webhook('W-1', 'CAPTURE'));
    await post(inbox.urlFor('gateway'), webhook('W-1', 'REFUND'));
    assert.equal((await pending)?.summary.transactionType, 'REFUND');
    assert.equal((await inbox.waitFor((e) => e.orderId === 'W-1', 10))?.orderId, 'W-1');
    assert.equal(await inbox.waitFor((e) => e.orderId === 'never', 20), undefined);
  });
});

describe('notification receiver: what a post without the right secret may cost', () => {
  const secret = 'TESTSIMULATOR01-notification-secret';
  let inbox: NotificationReceiver;
  beforeEach(async () => {
    inbox = await startReceiver({ secret: () => secret, maxEvents: 3 });
  });
  afterEach(() => inbox.close());

  it('a rejected post is answered 401 and kept as a line: its order and id, but neither its body nor its other headers', async () => {
    const r = await post(inbox.urlFor('gateway'), { ...webhook('ORD-R'), pad: 'x'.repeat(512 * 1024) }, { 'X-Notification-Secret': 'guess', 'X-Notification-Id': 'R-1', 'X-Padding': 'y'.repeat(4000) });
    assert.equal(r.status, 401);
    const [e] = inbox.events();
    assert.deepEqual([e?.id, e?.verified], ['R-1', false]);
    assert.equal(e?.body, undefined, 'the body of a rejected post is not kept');
    assert.equal(e?.headers['x-padding'], undefined, 'nor its other headers');
    assert.equal(e?.headers['x-notification-id'], 'R-1');
  });

  it('answers 401 to a post without the right secret before judging its body', async () => {
    const r = await post(inbox.urlFor('gateway'), '{"order": ', { 'X-Notification-Secret': 'guess', 'X-Notification-Id': 'R-2' });
    assert.equal(r.status, 401);
    assert.deepEqual(inbox.events().map((e) => [e.id, e.verified]), [['R-2', false]]);
  });

  it('rejected posts never evict verified events, however many come', async () => {
    for (const id of ['V-1', 'V-2']) assert.equal((await post(inbox.urlFor('gateway'), webhook(id), { 'X-Notification-Secret': secret, 'X-Notification-Id': id })).status, 200);
    for (let i = 0; i < 20; i++) assert.equal((await post(inbox.urlFor('gateway'), webhook(`F-${i}`), { 'X-Notification-Secret': 'guess', 'X-Notification-Id': `F-${i}` })).status, 401);
    assert.deepEqual(inbox.events().filter((e) => e.verified === true).map((e) => e.orderId), ['V-2', 'V-1']);
  });

  it('a forged post with the id of a later verified one: the verified one wins, with its own body, and only it satisfies waitFor', async () => {
    assert.equal((await post(inbox.urlFor('gateway'), webhook('FORGED'), { 'X-Notification-Secret': 'guess', 'X-Notification-Id': 'SAME' })).status, 401);
    const real = await post(inbox.urlFor('gateway'), webhook('REAL'), { 'X-Notification-Secret': secret, 'X-Notification-Id': 'SAME' });
    assert.deepEqual(real, { status: 200, json: { status: 'accepted' } });
    const kept = inbox.events().filter((e) => e.id === 'SAME');
    assert.deepEqual(kept.map((e) => [e.orderId, e.verified]), [['REAL', true]]);
    assert.equal(await inbox.waitFor((e) => e.orderId === 'FORGED', 10), undefined, 'a rejected post never satisfies a wait');
  });

  it('takes a financing callback without a secret header though a secret is set (the partner signs nothing), shown as unsigned', async () => {
    const r = await post(inbox.urlFor('financing'), { order_id: 'EXT-1', status: 'Approved' });
    assert.equal(r.status, 200);
    assert.equal((await post(`${inbox.url}/`, { order_id: 'EXT-2', status: 'Started' })).status, 200, 'at / too, told by its shape');
    const [atRoot, atPath] = inbox.events();
    assert.deepEqual([atRoot?.orderId, atPath?.orderId], ['EXT-2', 'EXT-1']);
    assert.match(describeNotification(atPath!), /unsigned: the partner API signs nothing/);
    assert.doesNotMatch(describeNotification(atPath!), /NOT VERIFIED/);
  });

  it('a gateway webhook whose authentication is still in progress is pending, never approved', async () => {
    const body = { ...webhook('ORD-3DS', 'AUTHENTICATION'), order: { id: 'ORD-3DS', amount: 100, currency: 'EUR', status: 'AUTHENTICATION_INITIATED', authenticationStatus: 'AUTHENTICATION_IN_PROGRESS' }, transaction: { id: 'T-1', type: 'AUTHENTICATION', authenticationStatus: 'AUTHENTICATION_IN_PROGRESS' } };
    assert.equal((await post(inbox.urlFor('gateway'), body, { 'X-Notification-Secret': secret })).status, 200);
    const [e] = inbox.events();
    assert.match(e?.summary.title ?? '', /^Pending/);
    assert.match(describeNotification(e!), /PENDING \(AUTHENTICATION_IN_PROGRESS\)/);
    assert.doesNotMatch(describeNotification(e!), /APPROVED/);
  });
});

describe('notification receiver: bodies taken share a budget', () => {
  it('past 4 MiB of kept bodies the oldest events keep their summary and lose their body; the newest keeps it', async () => {
    const inbox = await startReceiver();
    try {
      for (let i = 1; i <= 6; i++) {
        const r = await post(inbox.urlFor('gateway'), { ...webhook(`BIG-${i}`), pad: 'x'.repeat(1000 * 1000) }, { 'X-Notification-Id': `BIG-${i}` });
        assert.equal(r.status, 200);
      }
      const events = inbox.events();
      assert.deepEqual(events.map((e) => e.orderId), ['BIG-6', 'BIG-5', 'BIG-4', 'BIG-3', 'BIG-2', 'BIG-1']);
      assert.equal((events[0]?.body as { order?: { id?: string } }).order?.id, 'BIG-6');
      assert.match(String(events.at(-1)?.body), /no longer kept/);
      assert.equal(events.at(-1)?.summary.transactionType, 'CAPTURE', 'the summary stays');
    } finally {
      await inbox.close();
    }
  });
});
