/**
 * Device payments (Apple Pay, Google Pay): Pay and Authorize carry order.walletProvider and
 * sourceOfFunds.provided.card.devicePayment.paymentToken, and no card number, because the gateway
 * decrypts the token. The simulator takes any token as its device test card (README, Device payments).
 */
import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { basicAuth, field, gatewayPut, MID, send, useSimulator } from './helpers';

/** The shape of a Google Pay token (protocolVersion, signature, signedMessage), sent as JSON text as the vendor's SDK samples do. */
const GOOGLE_PAY_TOKEN = JSON.stringify({ signature: 'MEUCIQ…', intermediateSigningKey: { signedKey: '{…}', signatures: ['MEQC…'] }, protocolVersion: 'ECv2', signedMessage: '{"encryptedMessage":"…","ephemeralPublicKey":"…","tag":"…"}' });
const APPLE_PAY_TOKEN = JSON.stringify({ version: 'EC_v1', data: 'k1Fz…', signature: 'MIAG…', header: { ephemeralPublicKey: 'MFkw…', publicKeyHash: 'tH8…', transactionId: 'a1b2' } });

const devicePayment = (apiOperation: string, walletProvider: string | undefined, paymentToken: string): Record<string, unknown> => ({
  apiOperation,
  order: { amount: '12.00', currency: 'EUR', ...(walletProvider ? { walletProvider } : {}) },
  sourceOfFunds: { type: 'CARD', provided: { card: { devicePayment: { paymentToken } } } },
  transaction: { source: 'INTERNET' },
});

describe('simulator: device payments (Apple Pay, Google Pay) carry a payment token, not a card number', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });

  it('Pay with GOOGLE_PAY and a payment token is approved as for a card: the device card masked, the wallet echoed, the order CAPTURED', async () => {
    const paid = await gatewayPut(agent, sim.baseUrl, 100, 'DEVICE-GP-1', '1', devicePayment('PAY', 'GOOGLE_PAY', GOOGLE_PAY_TOKEN));
    assert.equal(paid.status, 201, paid.text);
    assert.equal(field(paid.json, 'result'), 'SUCCESS');
    assert.equal(field(paid.json, 'response.gatewayCode'), 'APPROVED');
    assert.equal(field(paid.json, 'sourceOfFunds.provided.card.number'), '511111xxxxxx1118');
    assert.equal(field(paid.json, 'order.walletProvider'), 'GOOGLE_PAY');
    assert.equal(field(paid.json, 'order.status'), 'CAPTURED');
    assert.doesNotMatch(paid.text, /signedMessage/, 'the token is not echoed');
  });

  it('Authorize with APPLE_PAY at version 47 (Apple Pay from 40, Google Pay from 47) is approved', async () => {
    const authorized = await gatewayPut(agent, sim.baseUrl, 47, 'DEVICE-AP-47', '1', devicePayment('AUTHORIZE', 'APPLE_PAY', APPLE_PAY_TOKEN));
    assert.equal(authorized.status, 201, authorized.text);
    assert.equal(field(authorized.json, 'result'), 'SUCCESS');
  });

  it('a token in the session pays too: Update Session with the token, then Pay with session.id and the wallet', async () => {
    const created = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session`, { method: 'POST', headers: { authorization: basicAuth() }, body: {} });
    const sessionId = String(field(created.json, 'session.id'));
    const updated = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session/${sessionId}`, {
      method: 'PUT', headers: { authorization: basicAuth() }, body: { sourceOfFunds: { provided: { card: { devicePayment: { paymentToken: GOOGLE_PAY_TOKEN } } } } },
    });
    assert.equal(updated.status, 200, updated.text);
    const paid = await gatewayPut(agent, sim.baseUrl, 100, 'DEVICE-SESSION', '1', { apiOperation: 'PAY', session: { id: sessionId }, order: { amount: '3.00', currency: 'EUR', walletProvider: 'GOOGLE_PAY' }, sourceOfFunds: { type: 'CARD' } });
    assert.equal(field(paid.json, 'result'), 'SUCCESS', paid.text);
  });

  it('refused as the catalogue says: a token without order.walletProvider, and a device payment below version 40', async () => {
    const noWallet = await gatewayPut(agent, sim.baseUrl, 100, 'DEVICE-NO-WALLET', '1', devicePayment('PAY', undefined, GOOGLE_PAY_TOKEN));
    assert.equal(noWallet.status, 400, noWallet.text);
    assert.equal(field(noWallet.json, 'error.field'), 'order.walletProvider');
    const tooOld = await gatewayPut(agent, sim.baseUrl, 39, 'DEVICE-39', '1', devicePayment('PAY', 'APPLE_PAY', APPLE_PAY_TOKEN));
    assert.equal(tooOld.status, 400, tooOld.text);
    // A name the version does not have: the explanation alone names it, as the gateway's answer does.
    assert.match(String(field(tooOld.json, 'error.explanation')), /^Unexpected parameter 'sourceOfFunds\.provided\.card\.devicePayment\./);
  });
});
