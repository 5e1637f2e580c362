import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode/decodeResponse';

describe('Retrieve Order answers', () => {
  it('an order without a transaction[] array is still read as the order, with its status and totals', () => {
    const body = { id: 'O-9', status: 'CAPTURED', currency: 'EUR', amount: 10.5, totalAuthorizedAmount: 10.5, totalCapturedAmount: 10.5, totalRefundedAmount: 0.0, result: 'SUCCESS' };
    const rawText = JSON.stringify(body).replace('"totalRefundedAmount":0', '"totalRefundedAmount":0.00');
    const decoded = decodeResponse({ operationId: 'gateway.retrieveOrder', httpStatus: 200, body, rawText });
    assert.equal(decoded.verdict.title, 'Order CAPTURED');
    assert.equal(decoded.order?.id, 'O-9');
    assert.equal(decoded.order?.totalCapturedAmount, '10.5');
    assert.equal(decoded.order?.totalRefundedAmount, '0.00');
    assert.match(decoded.verdict.detail, /0 transactions\./);
  });
});
