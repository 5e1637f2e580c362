import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode/decodeResponse';
import type { Exchange } from '../../../src/send/exchange';
import { idsToRenewAfterSend, OrderLedger } from '../../../src/orders/answers/ledger';
import { orderOfAnswer } from '../../../src/orders/answers/orderOfAnswer';
import { wasRefused } from '../../../src/orders/refused';

/** "Was the request refused?": one answer for the ledger, the order read from an answer and the form. */

function answer(operationId: string, httpStatus: number | undefined, body: unknown, orderId = 'O-1'): Exchange {
  const bodyText = JSON.stringify(body);
  return {
    id: `x-${operationId}-${httpStatus}`,
    startedAt: '2026-07-20T08:00:00.000Z',
    environment: { id: 'env', name: 'Test', live: false },
    operationId,
    operationTitle: operationId,
    params: { orderId, transactionId: 'T1' },
    request: { method: 'PUT', url: 'https://gateway.test/', headers: {}, bodyWasMasked: false, curl: '' },
    ...(httpStatus === undefined
      ? { failure: { kind: 'timeout', message: 'no answer' } }
      : {
          response: { status: httpStatus, headers: {}, bodyText, sizeBytes: bodyText.length, truncated: false, timing: { totalMs: 1, ttfbMs: 1 } },
          decoded: decodeResponse({ operationId, httpStatus, body, rawText: bodyText }),
        }),
  } as Exchange;
}

const envelope = { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Value \'0.00\' is invalid.', field: 'order.amount', validationType: 'INVALID' } };
const approved = {
  result: 'SUCCESS', response: { gatewayCode: 'APPROVED' },
  order: { id: 'O-1', status: 'AUTHORIZED', currency: 'EUR', amount: 10, totalAuthorizedAmount: 10, totalCapturedAmount: 0, totalRefundedAmount: 0 },
  transaction: { id: 'T1', type: 'AUTHORIZATION', amount: 10, currency: 'EUR' },
};
const declined = { ...approved, result: 'FAILURE', response: { gatewayCode: 'DECLINED' }, order: { ...approved.order, status: 'FAILED', totalAuthorizedAmount: 0 } };

describe('wasRefused: the one predicate for a refused request', () => {
  const table: [string, Exchange, boolean][] = [
    ['an approved answer', answer('gateway.authorize', 200, approved), false],
    ['a decline (a business answer: the transaction is recorded)', answer('gateway.authorize', 200, declined), false],
    ['the error envelope with 400', answer('gateway.authorize', 400, envelope), true],
    ['a 401 (bad credentials; the body says INVALID_REQUEST)', answer('gateway.authorize', 401, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Invalid credentials.' } }), true],
    ['a 404 from a proxy, not the envelope', answer('gateway.authorize', 404, 'Not Found'), true],
    ['the error envelope with 200 (odd, but the body says ERROR)', answer('gateway.authorize', 200, envelope), true],
    ['a 502 from a load balancer (the gateway may have processed it)', answer('gateway.authorize', 502, 'Bad Gateway'), false],
    ['the envelope with 500 SERVER_FAILED (it may have been processed)', answer('gateway.authorize', 500, { result: 'ERROR', error: { cause: 'SERVER_FAILED' } }), false],
    ['no answer at all (a timeout may have reached the gateway)', answer('gateway.authorize', undefined, {}), false],
  ];
  for (const [title, e, refused] of table) it(`${title}: ${refused ? 'refused' : 'not refused'}`, () => assert.equal(wasRefused(e), refused));

  it('the ledger, the order read from an answer and the id rules agree on an envelope answered with 200', () => {
    const odd = answer('gateway.authorize', 200, { ...envelope, order: approved.order });
    // Refused: the order id stays (nothing was recorded on it), and no order is read from the answer.
    assert.deepEqual(idsToRenewAfterSend(odd), { orderId: false, transactionId: true });
    assert.equal(orderOfAnswer(odd), undefined);
    const ledger = new OrderLedger();
    ledger.record(answer('gateway.authorize', 200, approved));
    ledger.record(odd);
    assert.match(ledger.choiceFor('gateway.capture', 'env')?.note ?? '', /10 EUR left to capture/);
  });

  it('an initial operation the gateway may have recorded (a 502, no answer) moves the form to a new order id', () => {
    assert.deepEqual(idsToRenewAfterSend(answer('gateway.authorize', 502, 'Bad Gateway')), { orderId: true, transactionId: true });
    assert.deepEqual(idsToRenewAfterSend(answer('gateway.authorize', undefined, {})), { orderId: true, transactionId: true });
    assert.deepEqual(idsToRenewAfterSend(answer('gateway.authorize', 400, envelope)), { orderId: false, transactionId: true });
  });
});
