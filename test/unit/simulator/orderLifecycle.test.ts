/**
 * The order lifecycle through the core (the request runner, its decoder and the order ledger) against
 * the simulator over loopback, on the authorize-only merchant: authorize → capture part → capture more
 * than is left (refused) → refund → Retrieve Order (totals and transactions) → void of another
 * authorization (order CANCELLED; a capture after it refused) → Pay (captured at once).
 */
import * as assert from 'node:assert/strict';
import type { Exchange } from '../../../src/send/exchange';
import { renderDecodedAsText } from '../../../src/decode/renderText';
import { nextStepsFor } from '../../../src/orders/answers/nextSteps';
import { describeOrder, ordersOf } from '../../../src/orders/answers/timeline';
import { OrderLedger } from '../../../src/orders/answers/ledger';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID } from '../../../src/simulator';
import { useSimulatorSender, type SimulatorSender } from '../../harness/simulatorSender';

const CARD = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
const authorizeBody = (amount: string) => ({ apiOperation: 'AUTHORIZE', order: { amount, currency: 'EUR' }, sourceOfFunds: CARD });
const money = (op: string, amount: string) => ({ apiOperation: op, transaction: { amount, currency: 'EUR' } });
const labels = (e: Exchange) => nextStepsFor(e).map((s) => s.label);

describe('the order lifecycle through the core (authorize-only merchant)', () => {
  let sender: SimulatorSender;
  useSimulatorSender((s) => { sender = s; });
  const ledger = new OrderLedger();
  const sent: Exchange[] = [];
  let n = 0;
  async function send(operationId: string, orderId: string, body?: Record<string, unknown>, transactionId = `T-${++n}`): Promise<Exchange> {
    const env = { ...sender.env, merchantId: SIMULATOR_AUTH_ONLY_MERCHANT_ID };
    const exchange = await sender.send({ operationId, params: { orderId, transactionId }, ...(body ? { body } : {}) }, env);
    ledger.record(exchange);
    sent.push(exchange);
    return exchange;
  }

  it('captures in parts, refuses an over-capture, refunds, and Retrieve Order tells the whole story', async () => {
    const auth = await send('gateway.authorize', 'LC-1', authorizeBody('100.00'), 'AUTH');
    assert.equal(auth.decoded?.order?.status, 'AUTHORIZED');
    assert.match(ledger.choiceFor('gateway.capture', sender.env.id)?.note ?? '', /LC-1 .*100\.00 EUR left to capture/);
    assert.deepEqual(labels(auth), ['Capture 100.00 EUR…', 'Update Authorization 100.00 EUR…', 'Void authorization AUTH…', 'Retrieve Order']);
    const capture = nextStepsFor(auth)[0];
    assert.deepEqual(capture?.body, { apiOperation: 'CAPTURE', transaction: { amount: '100.00', currency: 'EUR' } });
    assert.deepEqual(capture?.params, { orderId: 'LC-1' });
    assert.match(capture?.fieldNotes['transaction.amount'] ?? '', /^100\.00 left to capture: authorized 100\.00 − captured 0\.00, from the Authorize response on order LC-1\.$/);

    const part = await send('gateway.capture', 'LC-1', money('CAPTURE', '60.00'));
    assert.equal(part.decoded?.verdict.title, 'Approved');
    assert.equal(part.decoded?.order?.status, 'PARTIALLY_CAPTURED');
    assert.equal(part.decoded?.order?.totalCapturedAmount, '60.00');
    assert.deepEqual(labels(part), ['Capture 40.00 EUR…', 'Refund 60.00 EUR…', 'Void capture T-1…', 'Retrieve Order']);

    const tooMuch = await send('gateway.capture', 'LC-1', money('CAPTURE', '40.01'));
    assert.equal(tooMuch.response?.status, 400);
    assert.equal(tooMuch.decoded?.error?.field, 'transaction.amount');
    assert.match(tooMuch.decoded?.error?.explanation ?? '', /exceeds the authorized amount left to capture \(40\.00 EUR\)/);

    const refund = await send('gateway.refund', 'LC-1', money('REFUND', '25.00'));
    assert.equal(refund.decoded?.order?.totalRefundedAmount, '25.00');
    assert.equal(refund.decoded?.order?.status, 'PARTIALLY_REFUNDED');

    const read = await send('gateway.retrieveOrder', 'LC-1');
    assert.equal(read.decoded?.verdict.title, 'Order PARTIALLY_REFUNDED');
    assert.deepEqual(labels(read), ['Refund 35.00 EUR…', 'Void refund T-3…', 'Retrieve Order'], 'what is left, and the newest transaction not voided');
    assert.deepEqual(labels(tooMuch), [], 'a refused request offers nothing');
    assert.match(read.decoded?.verdict.detail ?? '', /authorized 100\.00 EUR, captured 60\.00 EUR, refunded 25\.00 EUR\. 3 transactions\./);
    const rows = read.decoded?.order?.transactions ?? [];
    assert.deepEqual(rows.map((t) => [t.id, t.type, t.amount, t.result]), [
      ['AUTH', 'AUTHORIZATION', '100.00', 'SUCCESS'],
      ['T-1', 'CAPTURE', '60.00', 'SUCCESS'],
      ['T-3', 'REFUND', '25.00', 'SUCCESS'],
    ], 'the refused capture left no transaction');
    assert.equal(ledger.choiceFor('gateway.capture', sender.env.id), undefined, 'a partly refunded order takes no capture: the simulator refuses it, and the response offers none');
  });

  it('a void of another authorization cancels its order; a capture or a second void after it is refused', async () => {
    await send('gateway.authorize', 'LC-2', authorizeBody('80.00'), 'AUTH');
    const voided = await send('gateway.void', 'LC-2', { apiOperation: 'VOID', transaction: { targetTransactionId: 'AUTH' } });
    assert.equal(voided.decoded?.verdict.title, 'Approved');
    assert.equal(voided.decoded?.transaction?.type?.code, 'VOID_AUTHORIZATION');
    assert.equal(voided.decoded?.order?.status, 'CANCELLED');
    assert.deepEqual(labels(voided), ['Retrieve Order'], 'a cancelled order takes no capture, refund or void');

    const capture = await send('gateway.capture', 'LC-2', money('CAPTURE', '10.00'));
    assert.equal(capture.response?.status, 400);
    assert.match(capture.decoded?.error?.explanation ?? '', /its status is CANCELLED/);
    const again = await send('gateway.void', 'LC-2', { apiOperation: 'VOID', transaction: { targetTransactionId: 'AUTH' } });
    assert.equal(again.response?.status, 400);
    const unknown = await send('gateway.void', 'LC-2', { apiOperation: 'VOID', transaction: { targetTransactionId: 'NOPE' } });
    assert.equal(unknown.decoded?.error?.field, 'transaction.targetTransactionId');
    assert.equal(ledger.choiceFor('gateway.capture', sender.env.id), undefined, 'the cancelled order is not offered for a capture');
    assert.match(ledger.choiceFor('gateway.void', sender.env.id)?.note ?? '', /^order LC-1 from your Authorize at \d\d:\d\d:\d\d, PARTIALLY_REFUNDED$/, 'nor for a void');

    const read = await send('gateway.retrieveOrder', 'LC-2');
    assert.equal(read.decoded?.verdict.title, 'Order CANCELLED');
    assert.deepEqual(read.decoded?.order?.transactions?.map((t) => [t.type, t.targetTransactionId]), [['AUTHORIZATION', undefined], ['VOID_AUTHORIZATION', 'AUTH']]);
    const text = read.decoded ? renderDecodedAsText(read.decoded) : '';
    assert.match(text, /## Transactions on the order[\s\S]*\| VOID_AUTHORIZATION \| 80\.00 EUR \| SUCCESS \| APPROVED \| AUTH \|/, 'the text view shows the same table');
  });

  it('Pay authorizes and captures at once, even for the authorize-only merchant; a voided capture gives its funds back', async () => {
    const paid = await send('gateway.pay', 'LC-3', { ...authorizeBody('50.00'), apiOperation: 'PAY' });
    assert.equal(paid.decoded?.transaction?.type?.code, 'PAYMENT');
    assert.equal(paid.decoded?.order?.status, 'CAPTURED');
    assert.equal(paid.decoded?.order?.totalCapturedAmount, '50.00');

    await send('gateway.authorize', 'LC-4', authorizeBody('30.00'), 'AUTH');
    await send('gateway.capture', 'LC-4', money('CAPTURE', '30.00'), 'CAP');
    const undo = await send('gateway.void', 'LC-4', { apiOperation: 'VOID', transaction: { targetTransactionId: 'CAP' } });
    assert.equal(undo.decoded?.transaction?.type?.code, 'VOID_CAPTURE');
    assert.equal(undo.decoded?.order?.status, 'AUTHORIZED');
    assert.equal(undo.decoded?.order?.totalCapturedAmount, '0.00');
  });

  it('Orders at a glance: every order of the environment, newest first, with status, totals and its requests in time order', () => {
    const orders = ordersOf([...sent].reverse(), sender.env.id);
    assert.deepEqual(orders.map((o) => [o.orderId, describeOrder(o)]), [
      ['LC-4', 'AUTHORIZED · captured 0.00 of 30.00 EUR'],
      ['LC-3', 'CAPTURED · captured 50.00 of 50.00 EUR'],
      ['LC-2', 'CANCELLED · captured 0.00 of 0.00 EUR'],
      ['LC-1', 'PARTIALLY_REFUNDED · captured 60.00 of 100.00 EUR, refunded 25.00'],
    ]);
    const first = orders.find((o) => o.orderId === 'LC-1');
    assert.deepEqual(first?.steps.map((s) => [s.operationTitle, s.type ?? '', s.outcome]), [
      ['Authorize', 'AUTHORIZATION', 'Approved'],
      ['Capture', 'CAPTURE', 'Approved'],
      ['Capture', '', first?.steps[2]?.outcome],
      ['Refund', 'REFUND', 'Approved'],
      ['Retrieve Order', '', 'Order PARTIALLY_REFUNDED'],
    ]);
    assert.match(first?.steps[2]?.outcome ?? '', /refused|INVALID/i, 'the refused capture is in the timeline as refused');
    assert.deepEqual(ordersOf(sent, 'another-environment'), []);
  });
});
