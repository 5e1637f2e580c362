/**
 * Reconcile judges the endpoint as a handler that ignores a repeated X-Notification-Id: the same id
 * taken again counts once, and one transaction taken under several ids (a resend as new) is a
 * duplicate such a handler counts twice, set against the transactions Retrieve Order lists.
 */
import * as assert from 'node:assert/strict';
import { describeReconciliation, reconcile, type GatewayOrder, type NotificationRecord } from '../../../src/deliveries';

const ORDER = 'ORD-1';

const order: GatewayOrder = {
  id: ORDER,
  status: 'PARTIALLY_REFUNDED',
  currency: 'EUR',
  totalCapturedAmount: '25.00',
  totalRefundedAmount: '10.00',
  transactions: [
    { id: 'pay-1', type: 'PAYMENT', amount: '25.00', currency: 'EUR', gatewayCode: 'APPROVED' },
    { id: 'ref-1', type: 'REFUND', amount: '10.00', currency: 'EUR', gatewayCode: 'APPROVED' },
  ],
};

let seq = 0;
const attempt = (n: number, status: number) => ({ n, time: `2026-01-01T00:00:${String(seq * 2 + n).padStart(2, '0')}.000Z`, url: 'http://127.0.0.1/hook', status, latencyMs: 1 });

/** A webhook about ORD-1 the endpoint answered `statuses`, attempt after attempt. */
function notification(id: string, transactionId: string, type: 'PAYMENT' | 'REFUND', statuses: number[], extra: Partial<NotificationRecord> = {}): NotificationRecord {
  seq++;
  const orderStatus = type === 'PAYMENT' ? 'CAPTURED' : 'PARTIALLY_REFUNDED';
  return {
    id, seq, changed: seq, kind: 'webhook', orderId: ORDER, transactionId, summary: `${type} APPROVED · order ${orderStatus}`,
    facts: { transactionType: type, amount: type === 'PAYMENT' ? '25.00' : '10.00', currency: 'EUR', gatewayCode: 'APPROVED', orderStatus },
    createdAt: '2026-01-01T00:00:00.000Z', url: 'http://127.0.0.1/hook', faults: [], state: 'delivered', headers: {}, body: '{}',
    attempts: statuses.map((s, i) => attempt(i + 1, s)), ...extra,
  };
}

describe('reconcile: judged by notification id and by the transactions Retrieve Order lists', () => {
  beforeEach(() => {
    seq = 0;
  });

  it('a notification taken again under the same id (a resend) counts once: the order agrees', () => {
    const payment = notification('aaaaaaaa-0000-0000-0000-000000000001', 'pay-1', 'PAYMENT', [200]);
    const refund = notification('bbbbbbbb-0000-0000-0000-000000000002', 'ref-1', 'REFUND', [500, 200, 200]);
    const result = reconcile(order, [payment, refund]);
    assert.deepEqual(result.findings, []);
    assert.deepEqual(result.repeatedIds, [refund.id]);
    const text = describeReconciliation(result).join('\n');
    assert.match(text, /notification bbbbbbbb-\S+ was taken more than once under the same X-Notification-Id: counted once/);
    assert.match(text, /Reconciled: what the endpoint acknowledged agrees with Retrieve Order/);
    assert.doesNotMatch(text, /20(\.00)? EUR/, 'no doubled refund');
  });

  it('one refund taken under two notification ids (resend --new) is a duplicate delivery to deduplicate by transaction id, with the total it gives', () => {
    const payment = notification('aaaaaaaa-0000-0000-0000-000000000001', 'pay-1', 'PAYMENT', [200]);
    const refund = notification('bbbbbbbb-0000-0000-0000-000000000002', 'ref-1', 'REFUND', [200]);
    const copy = notification('cccccccc-0000-0000-0000-000000000003', 'ref-1', 'REFUND', [500, 200], { resentFrom: refund.id });
    const result = reconcile(order, [payment, refund, copy]);
    assert.deepEqual(result.findings.map((f) => f.kind), ['duplicate', 'duplicate'], JSON.stringify(result.findings, null, 2));
    const [duplicate, total] = result.findings;
    assert.equal(duplicate?.transactionId, 'ref-1');
    assert.match(duplicate?.message ?? '', /^transaction ref-1 \(REFUND APPROVED 10\.00 EUR\): the endpoint took 2 notifications about it with different X-Notification-Ids \(bbbbbbbb-\S+, cccccccc-\S+ \(resent as new from bbbbbbbb-\S+\)\); Retrieve Order lists it once\./);
    assert.match(duplicate?.message ?? '', /deduplicate by order and transaction id \(ORD-1, ref-1\)/);
    assert.equal(total?.message, 'refunded total: a handler that counts each notification id once gets 20.00 EUR; Retrieve Order says 10.00 EUR.');
    assert.deepEqual(result.repeatedIds, []);
    assert.match(describeReconciliation(result).join('\n'), /✗ duplicate transaction ref-1/);
  });

  it('a transaction none of whose notifications was taken is missed, not a duplicate', () => {
    const payment = notification('aaaaaaaa-0000-0000-0000-000000000001', 'pay-1', 'PAYMENT', [200]);
    const refund = notification('bbbbbbbb-0000-0000-0000-000000000002', 'ref-1', 'REFUND', [500], { state: 'failed' });
    const copy = notification('cccccccc-0000-0000-0000-000000000003', 'ref-1', 'REFUND', [500], { state: 'failed', resentFrom: refund.id });
    const result = reconcile(order, [payment, refund, copy]);
    assert.deepEqual(result.findings.filter((f) => f.transactionId !== undefined).map((f) => [f.kind, f.transactionId]), [['missed', 'ref-1']]);
    assert.ok(!result.findings.some((f) => f.kind === 'duplicate'), JSON.stringify(result.findings, null, 2));
  });
});
