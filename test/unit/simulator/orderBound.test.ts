import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, type SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, basicAuth, field, send, useSimulator } from './helpers';

/** One order holds a bounded number of transactions, so a client in a loop cannot grow the simulator's memory without end. */
describe('simulator: transactions on one order are bounded', function () {
  this.timeout(60_000);
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({ processingDelayMs: 0 }, (s, a) => {
    sim = s;
    agent = a;
  });

  it('refuses the 1,001st transaction on an order (400 INVALID_REQUEST, says the limit and what to do); the order is unchanged', async () => {
    const auth = basicAuth(`merchant.${SIMULATOR_AUTH_ONLY_MERCHANT_ID}`);
    const base = `${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_AUTH_ONLY_MERCHANT_ID}/order/BIG-1`;
    const put = (txn: string, body: unknown) => send(agent, `${base}/transaction/${txn}`, { method: 'PUT', headers: { authorization: auth }, body });
    const first = await send(agent, `${base.replace('/100/', '/11/')}/transaction/AUTH`, { method: 'PUT', headers: { authorization: auth }, body: authorizeBody({ amount: '1000.00' }) });
    assert.equal(field(first.json, 'order.status'), 'AUTHORIZED', first.text);
    for (let i = 1; i < 1000; i++) {
      const captured = await put(`C${i}`, { apiOperation: 'CAPTURE', transaction: { amount: '0.01', currency: 'USD' } });
      assert.equal(captured.status, 201, captured.text);
    }
    const over = await put('C1000', { apiOperation: 'CAPTURE', transaction: { amount: '0.01', currency: 'USD' } });
    assert.equal(over.status, 400, over.text);
    assert.equal(field(over.json, 'error.cause'), 'INVALID_REQUEST');
    assert.match(String(field(over.json, 'error.explanation')), /Order BIG-1 already has 1000 transactions, the most the simulator keeps on one order; start a new order/);
    const read = await send(agent, base, { headers: { authorization: auth } });
    assert.equal((field(read.json, 'transaction') as unknown[]).length, 1000);
    assert.match(read.text, /"totalCapturedAmount":9\.99,/);
  });
});
