import * as assert from 'node:assert/strict';
import type { FlowInbox } from '../../../src/flows';
import { awaitNotification } from '../../../src/flows/notificationExpectation';
import type { NotificationEvent } from '../../../src/notifications';

/** An inbox holding `events` (newest first) that never receives another: each wait ends at once on what it holds. */
function inboxOf(events: NotificationEvent[]): FlowInbox {
  return {
    urlFor: (source) => `http://127.0.0.1:9/${source}`,
    events: () => events,
    waitFor: (matches) => Promise.resolve(events.filter((e) => e.verified !== false).find(matches)),
  };
}

const event = (extra: Partial<NotificationEvent>): NotificationEvent => ({
  id: `n-${Math.random()}`, source: 'gateway', orderId: 'O-1', transactionId: 'T-1', receivedAt: '2026-01-01T00:00:00.000Z', attempts: 1, verified: true, headers: {}, body: {}, summary: { title: 'Approved' }, ...extra,
});

const target = { source: 'gateway' as const, orderId: 'O-1', transactionId: 'T-1' };

describe('expect.notification: every shape of event the inbox keeps is judged without throwing', () => {
  const cases: [string, NotificationEvent[], RegExp][] = [
    ['a refused post (wrong secret: no body)', [event({ verified: false, body: undefined })], /^1 notification about it refused by the inbox: the X-Notification-Secret was missing or wrong/],
    ['two refused posts', [event({ verified: false, body: undefined }), event({ verified: false, body: undefined })], /^2 notifications about it refused by the inbox: .*their bodies/],
    ['a body the inbox\'s budget dropped (a note in its place)', [event({ body: '<body of 5000 characters no longer kept: the inbox keeps 4194304 characters of the newest bodies>' })], /^1 notification about it, none matching \(the newest has a body that is not a JSON object: "<body of 5000 characters no longer kept/],
    ['a body that is a list', [event({ body: [1, 2] })], /^1 notification about it, none matching \(the newest has a body that is not a JSON object: \[1,2\]\)$/],
    ['a body that is null', [event({ body: null })], /^1 notification about it, none matching \(the newest has a body that is not a JSON object: null\)$/],
    ['a taken one that differs, and a refused one', [event({ body: { transaction: { type: 'REFUND' } } }), event({ verified: false, body: undefined })], /^1 notification about it, none matching \(the newest has transaction\.type "REFUND"\); 1 notification about it refused by the inbox/],
    ['none about the step', [event({ orderId: 'O-2', body: { transaction: { type: 'PAYMENT' } } })], /^no notification about it$/],
  ];
  for (const [what, events, told] of cases) {
    it(what, async () => {
      const [failure, ...more] = await awaitNotification(inboxOf(events), { within: 1, 'transaction.type': 'PAYMENT' }, target);
      assert.equal(more.length, 0);
      assert.equal(failure?.path, 'notification');
      assert.match(failure?.actual ?? '', told);
    });
  }

  it('quotes at most 200 characters of what was expected and of what came, and no secret', async () => {
    const huge = 'v'.repeat(900_000);
    const events = [event({ body: { transaction: { type: huge }, order: { description: `card 5123450000000008 ${huge}` } } })];
    const [failure] = await awaitNotification(inboxOf(events), { within: 1, 'transaction.type': huge, 'order.description': 'x', 'order.password': 'Hunter2Secret' }, target);
    assert.ok((failure?.expected.length ?? 0) < 1000 && (failure?.actual.length ?? 0) < 1000, JSON.stringify(failure).slice(0, 500));
    assert.match(failure?.expected ?? '', /transaction\.type "v{200}…" \(900000 characters\)/);
    assert.match(failure?.expected ?? '', /order\.password <redacted>/);
    assert.match(failure?.actual ?? '', /order\.description "card 512345xxxxxx0008 v+…" \(900022 characters\)/);
    assert.ok(!JSON.stringify(failure).includes('Hunter2Secret'));
  });
});
