/**
 * EMV 3-D Secure at the versions integrations pin: the gateway vendor's sample merchant server defaults
 * to version 53 and sends Initiate Authentication and Authenticate Payer at it, its 3DS2 Java sample
 * ran at 50. The Authentication API is served from 50 (catalogue AUTHENTICATION_API_SINCE says where
 * that was read); below it the version's 404, and authentication.transactionId is not a field yet.
 */
import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, field, gatewayPut, useSimulator } from './helpers';

const card = { provided: { card: { number: '5123456789012346', expiry: { month: '1', year: '39' } } } };

describe('simulator: 3-D Secure at the versions integrations pin', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });

  for (const version of [50, 53]) {
    it(`version ${version}: Initiate Authentication, Authenticate Payer (frictionless Y), then Pay with authentication.transactionId`, async () => {
      const orderId = `3DS-V${version}`;
      const initiated = await gatewayPut(agent, sim.baseUrl, version, orderId, 'auth', { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { channel: 'PAYER_BROWSER' }, order: { currency: 'EUR' }, sourceOfFunds: card });
      assert.equal(initiated.status, 200, initiated.text);
      assert.equal(field(initiated.json, 'transaction.authenticationStatus'), 'AUTHENTICATION_AVAILABLE');
      assert.equal(field(initiated.json, 'version'), String(version));
      const authenticated = await gatewayPut(agent, sim.baseUrl, version, orderId, 'auth', { apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: 'https://shop.example/3ds-back' }, order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: card });
      assert.equal(field(authenticated.json, 'authentication.3ds2.transactionStatus'), 'Y', authenticated.text);
      const paid = await gatewayPut(agent, sim.baseUrl, version, orderId, 'pay', { ...authorizeBody({ number: card.provided.card.number, amount: '5.00' }), apiOperation: 'PAY', order: { amount: '5.00', currency: 'EUR' }, authentication: { transactionId: 'auth' } });
      assert.equal(field(paid.json, 'result'), 'SUCCESS', paid.text);
    });
  }

  it('version 49: no Authentication API (the version\'s 404), and authentication.transactionId is not a field of Pay yet', async () => {
    const initiated = await gatewayPut(agent, sim.baseUrl, 49, '3DS-V49', 'auth', { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { channel: 'PAYER_BROWSER' }, order: { currency: 'EUR' }, sourceOfFunds: card });
    assert.equal(initiated.status, 404, initiated.text);
    assert.equal(field(initiated.json, 'error.explanation'), "Unsupported value for 'version = 49'");
    const paid = await gatewayPut(agent, sim.baseUrl, 49, '3DS-V49', 'pay', { ...authorizeBody(), apiOperation: 'PAY', authentication: { transactionId: 'auth' } });
    assert.equal(paid.status, 400, paid.text);
    assert.equal(field(paid.json, 'error.explanation'), "Unexpected parameter 'authentication.transactionId'");
  });
});
