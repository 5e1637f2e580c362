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

  it('null in an optional field (how some servers and proxies write "absent") is no difference from the documented model; a wrong type still is', () => {
    const answer = (note: unknown) => ({ result: 'SUCCESS', response: { gatewayCode: 'APPROVED' }, order: { id: 'O-1', amount: 5, currency: 'EUR' }, risk: { response: { gatewayCode: 'ACCEPTED', review: { decision: 'NOT_REQUIRED', note } } }, transaction: { id: '1', type: 'PAYMENT' } });
    const notesFor = (note: unknown) => {
      const body = answer(note);
      return decodeResponse({ operationId: 'gateway.pay', httpStatus: 200, body, rawText: JSON.stringify(body) }).notes.filter((n) => /documented model/.test(n));
    };
    assert.deepEqual(notesFor(null), []);
    assert.deepEqual(notesFor(undefined), []);
    assert.equal(notesFor({ nested: true }).length, 1, 'an object where the model has text is still noted');
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
