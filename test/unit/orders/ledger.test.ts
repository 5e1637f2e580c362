import * as assert from 'node:assert/strict';
import { exampleBody } from '../../../src/catalogue';
import { HttpClient } from '../../../src/http';
import { createGatewaySession } from '../../../src/send/createSession';
import { idsToRenewAfterSend, OrderLedger } from '../../../src/orders/answers/ledger';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS } from '../../../src/simulator';
import { SimulatorSender, useSimulatorSender } from '../../harness/simulatorSender';
import { answerYes } from '../../harness/sendPorts';

/** The order and transaction id rules a form and the Send command follow, decided from real simulator answers. */
describe('order and transaction ids after a send', function () {
  this.timeout(30_000);
  let sender: SimulatorSender;
  let n = 0;
  const orderId = () => `ORD-UNIT-${Date.now()}-${++n}`;
  const authorizeBody = (expiry: { month: string; year: string }) => {
    const body = exampleBody('gateway.authorize', 11) as { sourceOfFunds: { provided: { card: { expiry: unknown } } } };
    body.sourceOfFunds.provided.card.expiry = expiry;
    return body;
  };
  const APPROVED = { month: '1', year: '39' };
  const DECLINED = { month: '5', year: '39' };

  useSimulatorSender((s) => (sender = s));

  const authorize = (order: string, expiry: { month: string; year: string }, merchantId?: string) =>
    sender.send({ operationId: 'gateway.authorize', params: { orderId: order, transactionId: `T-${++n}`, ...(merchantId ? { merchantId } : {}) }, body: authorizeBody(expiry) });

  it('an approved Authorize moves the form to a fresh order: sending again on it would be refused', async () => {
    const order = orderId();
    const first = await authorize(order, APPROVED);
    assert.equal(first.decoded?.outcome?.result, 'SUCCESS');
    assert.deepEqual(idsToRenewAfterSend(first), { orderId: true, transactionId: true });
    // What the user met: the same order again is refused by the gateway.
    const again = await authorize(order, APPROVED);
    assert.notEqual(again.decoded?.outcome?.result, 'SUCCESS');
  });

  it('a declined Authorize keeps its order (a new initial transaction may follow) but never its transaction id', async () => {
    const declined = await authorize(orderId(), DECLINED);
    assert.equal(declined.decoded?.outcome?.result, 'FAILURE');
    assert.deepEqual(idsToRenewAfterSend(declined), { orderId: false, transactionId: true });
  });

  it('a Refund keeps its order', async () => {
    const order = orderId();
    await authorize(order, APPROVED);
    const refund = await sender.send({ operationId: 'gateway.refund', params: { orderId: order, transactionId: `R-${++n}` }, body: { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'USD' } } });
    assert.deepEqual(idsToRenewAfterSend(refund), { orderId: false, transactionId: true });
  });

  it('Refund is offered the last order with captured funds left, not a declined order sent after it, and says which', async () => {
    const ledger = new OrderLedger();
    const approved = orderId();
    const a = await authorize(approved, APPROVED);
    ledger.record(a);
    ledger.record(await authorize(orderId(), DECLINED));
    const choice = ledger.choiceFor('gateway.refund', sender.env.id, () => '15:02');
    const amount = a.decoded?.order?.totalCapturedAmount;
    assert.ok(amount, 'the simulator reports the captured total');
    assert.equal(choice?.orderId, approved);
    assert.equal(choice?.note, `order ${approved} from your Authorize at 15:02, ${amount} ${a.decoded?.order?.currency} left to refund`);
    // Once it is fully refunded, nothing is left to offer.
    const refund = await sender.send({ operationId: 'gateway.refund', params: { orderId: approved, transactionId: `R-${++n}` }, body: { apiOperation: 'REFUND', transaction: { amount, currency: a.decoded?.order?.currency } } });
    assert.equal(refund.decoded?.outcome?.result, 'SUCCESS', refund.response?.bodyText);
    ledger.record(refund);
    assert.equal(ledger.choiceFor('gateway.refund', sender.env.id), undefined);
    assert.equal(ledger.choiceFor('gateway.refund', 'another-environment'), undefined);
  });

  it('Retrieve Order and Retrieve Transaction read the newest order, even one with nothing left, and never renew the transaction id they read', async () => {
    const ledger = new OrderLedger();
    const declined = orderId();
    ledger.record(await authorize(orderId(), APPROVED));
    ledger.record(await authorize(declined, DECLINED));
    const choice = ledger.choiceFor('gateway.retrieveOrder', sender.env.id, () => '15:02');
    assert.equal(choice?.orderId, declined, 'a read looks at any order: the newest');
    assert.match(choice?.note ?? '', /from your Authorize at 15:02, the newest in this window/);
    assert.equal(ledger.choiceFor('gateway.retrieveTransaction', 'another-environment'), undefined);
    const read = await sender.send({ operationId: 'gateway.retrieveOrder', params: { orderId: declined } });
    assert.equal(read.response?.status, 200, read.response?.bodyText);
    assert.deepEqual(idsToRenewAfterSend(read), { orderId: false, transactionId: false }, 'a read keeps the ids it reads');
    const txn = await sender.send({ operationId: 'gateway.retrieveTransaction', params: { orderId: declined, transactionId: 'T-1' } });
    assert.equal(idsToRenewAfterSend(txn).transactionId, false, 'the transaction it reads stays the one to read');
  });

  it('Update Authorization is offered only an authorization not yet captured', async () => {
    const ledger = new OrderLedger();
    const captured = orderId();
    ledger.record(await authorize(captured, APPROVED));
    assert.equal(ledger.choiceFor('gateway.updateAuthorization', sender.env.id), undefined, 'the default merchant captures at once');
    const authorizedOnly = orderId();
    const a = await authorize(authorizedOnly, APPROVED, SIMULATOR_AUTH_ONLY_MERCHANT_ID);
    assert.equal(a.decoded?.order?.status, 'AUTHORIZED', a.response?.bodyText);
    ledger.record(a);
    ledger.record(await authorize(orderId(), DECLINED, SIMULATOR_AUTH_ONLY_MERCHANT_ID));
    const choice = ledger.choiceFor('gateway.updateAuthorization', sender.env.id);
    assert.equal(choice?.orderId, authorizedOnly);
    assert.match(choice?.note ?? '', new RegExp(`^order ${authorizedOnly} from your Authorize at \\d\\d:\\d\\d:\\d\\d, [\\d.]+ \\w{3} authorized, not captured$`));
  });
});

describe('a session id for Update Session', function () {
  this.timeout(30_000);
  let sender: SimulatorSender;
  useSimulatorSender((s) => (sender = s));

  it('Create Session on the simulator gives an id that Update Session then accepts', async () => {
    const client = new HttpClient();
    try {
      const id = await createGatewaySession({ client: async () => client, secret: async () => SIMULATOR_DEFAULTS.apiPassword }, answerYes, sender.env);
      assert.match(id, /^SESSION\w{20,}$/);
      const update = await sender.send({ operationId: 'gateway.updateSession', params: { sessionId: id }, body: exampleBody('gateway.updateSession', 100) });
      assert.equal(update.response?.status, 200, update.response?.bodyText);
      assert.equal(update.decoded?.session?.id, id);
    } finally {
      await client.close();
    }
  });

  it('a wrong password is said plainly, not as a missing id', async () => {
    const client = new HttpClient();
    try {
      await assert.rejects(createGatewaySession({ client: async () => client, secret: async () => 'wrong' }, answerYes, sender.env), /Create Session on "Local simulator" answered HTTP 401/);
    } finally {
      await client.close();
    }
  });
});
