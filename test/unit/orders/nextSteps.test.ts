import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode/decodeResponse';
import type { Exchange } from '../../../src/send/exchange';
import { nextStepsFor } from '../../../src/orders/answers/nextSteps';
import { describeOrder, ordersOf } from '../../../src/orders/answers/timeline';

/** What a response offers next, decided from answers a gateway could really send (odd ones included). */

const TITLES: Readonly<Record<string, string>> = { 'gateway.retrieveOrder': 'Retrieve Order', 'gateway.capture': 'Capture', 'gateway.authorize': 'Authorize' };

function exchangeOf(operationId: string, body: unknown, params: Record<string, string> = { orderId: 'O-1' }): Exchange {
  const bodyText = JSON.stringify(body);
  return {
    id: 'x',
    startedAt: '2026-07-20T08:00:00.000Z',
    environment: { id: 'env', name: 'Test', live: false },
    operationId,
    operationTitle: TITLES[operationId] ?? operationId,
    params,
    request: { method: 'PUT', url: 'https://gateway.test/', headers: {}, bodyWasMasked: false, curl: '' },
    response: { status: 200, headers: {}, bodyText, sizeBytes: bodyText.length, truncated: false, timing: { totalMs: 1, ttfbMs: 1 } },
    decoded: decodeResponse({ operationId, httpStatus: 200, body, rawText: bodyText }),
  };
}

const row = (id: string, type: string, amount: string, i: number, target?: string) => ({
  result: 'SUCCESS',
  response: { gatewayCode: 'APPROVED' },
  timeOfRecord: `2026-07-20T08:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`,
  transaction: { id, type, amount, currency: 'EUR', ...(target ? { targetTransactionId: target } : {}) },
});

const labels = (e: Exchange): string[] => nextStepsFor(e).map((s) => s.label);

describe('next steps of an order answer', () => {
  it('an order with more than 200 transactions: the void offered is the newest transaction not yet voided, counted over the whole order', () => {
    // AUTH, 199 captures of 1.00, the last of them voided, then a refund: 202 transactions.
    const rows = [row('AUTH', 'AUTHORIZATION', '1000.00', 0)];
    for (let i = 1; i <= 199; i++) rows.push(row(`C${i}`, 'CAPTURE', '1.00', i));
    rows.push(row('V1', 'VOID_CAPTURE', '1.00', 200, 'C199'));
    rows.push(row('R1', 'REFUND', '1.00', 201));
    const read = exchangeOf('gateway.retrieveOrder', {
      id: 'O-1', status: 'PARTIALLY_REFUNDED', currency: 'EUR', amount: 1000,
      totalAuthorizedAmount: 1000, totalCapturedAmount: 198, totalRefundedAmount: 1, result: 'SUCCESS', transaction: rows,
    });
    assert.deepEqual(labels(read), ['Refund 197 EUR…', 'Void refund R1…', 'Retrieve Order']);
    assert.match(read.decoded?.verdict.detail ?? '', /202 transactions \(the newest 200 shown\)\./);
  });

  it('negative totals offer no money step (no "Update Authorization -10"), only reading the order again, and say why', () => {
    const answer = exchangeOf('gateway.authorize', {
      result: 'SUCCESS', response: { gatewayCode: 'APPROVED' },
      order: { id: 'O-1', status: 'AUTHORIZED', currency: 'EUR', amount: 10, totalAuthorizedAmount: -10.0, totalCapturedAmount: 0, totalRefundedAmount: 0 },
      transaction: { id: 'T1', type: 'AUTHORIZATION', amount: 10, currency: 'EUR' },
    }, { orderId: 'O-1', transactionId: 'T1' });
    assert.deepEqual(labels(answer), ['Retrieve Order (the totals in this answer are inconsistent: authorized -10 is negative)']);
  });

  it('totals that do not add up (refunded more than captured) offer no refund of the difference', () => {
    const answer = exchangeOf('gateway.capture', {
      result: 'SUCCESS', response: { gatewayCode: 'APPROVED' },
      order: { id: 'O-1', status: 'PARTIALLY_REFUNDED', currency: 'EUR', amount: 100, totalAuthorizedAmount: 100, totalCapturedAmount: 50, totalRefundedAmount: -20 },
      transaction: { id: 'T2', type: 'CAPTURE', amount: 50, currency: 'EUR' },
    }, { orderId: 'O-1', transactionId: 'T2' });
    const offered = labels(answer);
    assert.ok(!offered.some((l) => l.startsWith('Refund')), offered.join(' | '));
    assert.deepEqual(offered, ['Retrieve Order (the totals in this answer are inconsistent: refunded -20 is negative)']);
  });

  it('the Orders view says when an order\'s newest totals do not add up', () => {
    const answer = exchangeOf('gateway.capture', {
      result: 'SUCCESS', response: { gatewayCode: 'APPROVED' },
      order: { id: 'O-1', status: 'CAPTURED', currency: 'EUR', amount: 100, totalAuthorizedAmount: 100, totalCapturedAmount: 150, totalRefundedAmount: 0 },
      transaction: { id: 'T2', type: 'CAPTURE', amount: 150, currency: 'EUR' },
    }, { orderId: 'O-1', transactionId: 'T2' });
    const [order] = ordersOf([answer], 'env');
    assert.equal(order && describeOrder(order), 'CAPTURED · captured 150 of 100 EUR · totals inconsistent: captured 150 is more than authorized 100');
  });

  it('the Orders view shows the totals the order model read, and says when one is no decimal amount', () => {
    const answer = exchangeOf('gateway.capture', {
      result: 'SUCCESS', response: { gatewayCode: 'APPROVED' },
      order: { id: 'O-1', status: 'PARTIALLY_CAPTURED', currency: 'EUR', amount: 100, totalAuthorizedAmount: 100, totalCapturedAmount: 'forty', totalRefundedAmount: 0 },
      transaction: { id: 'T2', type: 'CAPTURE', amount: 40, currency: 'EUR' },
    }, { orderId: 'O-1', transactionId: 'T2' });
    const [order] = ordersOf([answer], 'env');
    // The next steps read the same model: no "Capture 100" offered from a total nobody could read.
    assert.deepEqual(labels(answer), ["Retrieve Order (the totals in this answer are inconsistent: totalCapturedAmount 'forty' is not a decimal amount)"]);
    assert.equal(order && describeOrder(order), "PARTIALLY_CAPTURED · captured 0 of 100 EUR · totals inconsistent: totalCapturedAmount 'forty' is not a decimal amount");
  });
});

