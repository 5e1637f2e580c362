/**
 * A trailing slash names the same resource, as the gateway vendor's public Postman collections write
 * their URLs ("{{gatewayUrl}}/api/rest/version/{{version}}/merchant/{{merchantId}}/session/",
 * "…/order/{{orderId}}/"). The API answers as without it; a page redirects to its own address,
 * relatively, so its relative links still work (behind a path-prefix proxy too).
 */
import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { SIMULATOR_DEFAULTS } from '../../../src/simulator';
import { authorizeBody, basicAuth, field, MID, send, useSimulator } from './helpers';

describe('simulator: a trailing slash is the same resource', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });
  const merchant = (): string => `${sim.baseUrl}/api/rest/version/100/merchant/${MID}`;
  const auth = { authorization: basicAuth() };

  it('the vendor-style URLs: Create Session at …/session/, Update and Retrieve at …/session/ID/, Pay at …/transaction/ID/, Retrieve Order at …/order/ID/', async () => {
    const created = await send(agent, `${merchant()}/session/`, { method: 'POST', headers: auth, body: {} });
    assert.equal(created.status, 201, created.text);
    const sessionId = String(field(created.json, 'session.id'));
    const updated = await send(agent, `${merchant()}/session/${sessionId}/`, { method: 'PUT', headers: auth, body: { order: { amount: '5.00', currency: 'EUR' } } });
    assert.equal(updated.status, 200, updated.text);
    const read = await send(agent, `${merchant()}/session/${sessionId}/`, { headers: auth });
    assert.equal(field(read.json, 'order.amount'), '5.00');

    const paid = await send(agent, `${merchant()}/order/SLASH-1/transaction/1/`, { method: 'PUT', headers: auth, body: { ...authorizeBody(), apiOperation: 'PAY' } });
    assert.equal(paid.status, 201, paid.text);
    assert.equal(field(paid.json, 'result'), 'SUCCESS');
    const order = await send(agent, `${merchant()}/order/SLASH-1/`, { headers: auth });
    assert.equal(order.status, 200, order.text);
    assert.equal(field(order.json, 'status'), 'CAPTURED');
    const transaction = await send(agent, `${merchant()}/order/SLASH-1/transaction/1//`, { headers: auth });
    assert.equal(field(transaction.json, 'transaction.id'), '1');
  });

  it('the financing API and the control endpoints too', async () => {
    const login = await send(agent, `${sim.baseUrl}/api/online/login/`, { method: 'POST', body: { email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword } });
    assert.equal(login.status, 200, login.text);
    const log = await send(agent, `${sim.baseUrl}/_simulator/requests/`);
    assert.equal(log.status, 200, log.text);
  });

  it('a page at its slashed address is sent to its own address (308, relative), where its links work', async () => {
    const checkout = await send(agent, `${merchant()}/session/`, {
      method: 'POST', headers: auth,
      body: { apiOperation: 'INITIATE_CHECKOUT', interaction: { operation: 'PURCHASE', returnUrl: 'https://shop.example/back' }, order: { id: 'SLASH-HCO', amount: '5.00', currency: 'EUR' } },
    });
    assert.equal(checkout.status, 201, checkout.text);
    const pageUrl = `${sim.baseUrl}/_simulator/checkout/${String(field(checkout.json, 'session.id'))}`;
    const slashed = await send(agent, `${pageUrl}/?lang=en`);
    assert.equal(slashed.status, 308);
    const location = String(slashed.headers['location']);
    assert.match(location, /^\.\.\//, 'relative, so a path-prefix proxy keeps it');
    assert.equal(new URL(location, `${pageUrl}/?lang=en`).toString(), `${pageUrl}?lang=en`);
    const page = await send(agent, new URL(location, `${pageUrl}/`).toString());
    assert.equal(page.status, 200);
    const action = /<form id="payForm" method="post" action="([^"]+)"/.exec(page.text)?.[1] ?? '';
    assert.equal(new URL(action, pageUrl).toString(), `${pageUrl}/pay`);
  });
});
