import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode/decodeResponse';
import { useSimulatorSender, type SimulatorSender } from '../../harness/simulatorSender';

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

describe('Retrieve Order answers from the simulator', () => {
  let sender: SimulatorSender;
  useSimulatorSender((s) => { sender = s; });

  it('a correct Retrieve Order answer carries no "Differs from the documented model" notes', async () => {
    const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
    const pay = await sender.send({ operationId: 'gateway.pay', params: { orderId: 'RO-1', transactionId: 'T-1' }, body: { apiOperation: 'PAY', order: { amount: '12.50', currency: 'EUR' }, sourceOfFunds: card } });
    assert.equal(pay.decoded?.verdict.title, 'Approved');
    const read = await sender.send({ operationId: 'gateway.retrieveOrder', params: { orderId: 'RO-1' } });
    assert.equal(read.decoded?.verdict.title, 'Order CAPTURED');
    assert.deepEqual(read.decoded?.notes.filter((n) => /documented model/.test(n)), []);
  });
});
