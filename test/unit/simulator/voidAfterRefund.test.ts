import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, basicAuth, field, gatewayPut, MID, send, useSimulator } from './helpers';

/** A void gives back what its transaction took; it never gives back money the payer already got back by a refund. */
describe('simulator: a void after a refund', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({ processingDelayMs: 0 }, (s, a) => {
    sim = s;
    agent = a;
  });

  const readOrder = (orderId: string) => send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/order/${orderId}`, { headers: { authorization: basicAuth() } });

  it('refuses to void a PAYMENT that was partly refunded (400 INVALID_REQUEST, says why), and the order keeps its totals', async () => {
    const paid = await gatewayPut(agent, sim.baseUrl, 11, 'VAR-1', 'PAY', authorizeBody({ amount: '10.00' }));
    assert.equal(field(paid.json, 'transaction.type'), 'PAYMENT', paid.text);
    const refunded = await gatewayPut(agent, sim.baseUrl, 13, 'VAR-1', 'R1', { apiOperation: 'REFUND', transaction: { amount: '4.00', currency: 'USD' } });
    assert.equal(refunded.status, 201, refunded.text);

    const voided = await gatewayPut(agent, sim.baseUrl, 100, 'VAR-1', 'V1', { apiOperation: 'VOID', transaction: { targetTransactionId: 'PAY' } });
    assert.equal(voided.status, 400, voided.text);
    assert.equal(field(voided.json, 'result'), 'ERROR');
    assert.equal(field(voided.json, 'error.cause'), 'INVALID_REQUEST');
    assert.match(String(field(voided.json, 'error.explanation')), /PAY cannot be voided: 4\.00 USD of it was refunded .*void the refunds first/);

    const read = await readOrder('VAR-1');
    assert.equal(field(read.json, 'status'), 'PARTIALLY_REFUNDED');
    assert.match(read.text, /"totalCapturedAmount":10\.00,/);
    assert.match(read.text, /"totalRefundedAmount":4\.00[,}]/);
    assert.equal((field(read.json, 'transaction') as unknown[]).length, 2, 'the refused void left no transaction');
  });

  it('a void of a standalone refund cancels the order: it moved no money, so nothing is left to capture or refund', async () => {
    const card = { number: '4508750015741019', expiry: { month: '1', year: '39' } };
    const refunded = await gatewayPut(agent, sim.baseUrl, 13, 'VAR-2', 'R1', { apiOperation: 'REFUND', transaction: { amount: '12.34', currency: 'USD' }, sourceOfFunds: { type: 'CARD', provided: { card } } });
    assert.equal(field(refunded.json, 'order.status'), 'REFUNDED', refunded.text);
    const voided = await gatewayPut(agent, sim.baseUrl, 100, 'VAR-2', 'V1', { apiOperation: 'VOID', transaction: { targetTransactionId: 'R1' } });
    assert.equal(field(voided.json, 'transaction.type'), 'VOID_REFUND', voided.text);
    // Was CAPTURED with every total zero: a status that offers a refund of nothing and reads as money taken.
    assert.equal(field(voided.json, 'order.status'), 'CANCELLED');
    // The real order lists totalDisbursedAmount between captured and refunded (src/catalogue/answerFields.ts, V70).
    assert.match(voided.text, /"totalAuthorizedAmount":0\.00,"totalCapturedAmount":0\.00,"totalDisbursedAmount":0\.00,"totalRefundedAmount":0\.00/);
  });
});
