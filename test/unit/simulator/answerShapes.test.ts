/**
 * The simulator's answers carry what the real gateway's answers carry, per operation, version and
 * outcome (src/catalogue/answerFields.ts names the recorded answers each expectation comes from).
 */
import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { MID, authorizeBody, basicAuth, field, gatewayPut, send, useSimulator } from './helpers';

const FRICTIONLESS = { provided: { card: { number: '5123456789012346', expiry: { month: '1', year: '39' } } } };

function payBody(o: { month?: string; amount?: string; reference?: string; csc?: string } = {}): Record<string, unknown> {
  return { ...authorizeBody({ amount: o.amount ?? '10.01', month: o.month ?? '1', ...(o.reference ? { reference: o.reference } : {}), ...(o.csc ? { csc: o.csc } : {}) }), apiOperation: 'PAY' };
}

describe('simulator: answers carry what the real gateway answers carry', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({ processingDelayMs: 0 }, (s, a) => {
    sim = s;
    agent = a;
  });

  it('a Pay without 3-D Secure at 100: AUTHENTICATION_NOT_IN_EFFECT, NO_ACTION, the acquirer\'s authorizationResponse, exact amounts and a masked card', async () => {
    const paid = await gatewayPut(agent, sim.baseUrl, 100, 'SHAPE-PAY', 'pay', payBody({ csc: '100' }));
    assert.equal(field(paid.json, 'result'), 'SUCCESS', paid.text);
    assert.equal(field(paid.json, 'order.authenticationStatus'), 'AUTHENTICATION_NOT_IN_EFFECT');
    assert.equal(field(paid.json, 'transaction.authenticationStatus'), 'AUTHENTICATION_NOT_IN_EFFECT');
    assert.equal(field(paid.json, 'response.gatewayRecommendation'), 'NO_ACTION');
    assert.equal(field(paid.json, 'authorizationResponse.responseCode'), '00');
    assert.equal(field(paid.json, 'authorizationResponse.cardSecurityCodeError'), 'M');
    const stan = field(paid.json, 'authorizationResponse.stan');
    assert.match(String(stan), /^\d{6}$/);
    assert.equal(field(paid.json, 'transaction.stan'), stan);
    assert.match(String(field(paid.json, 'transaction.receipt')), new RegExp(`^\\d{6}${String(stan)}$`));
    assert.equal(field(paid.json, 'transaction.source'), 'INTERNET');
    assert.match(String(field(paid.json, 'transaction.acquirer.settlementDate')), /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(field(paid.json, 'sourceOfFunds.provided.card.number'), '512345xxxxxx0008');
    assert.equal(field(paid.json, 'sourceOfFunds.provided.card.storedOnFile'), 'NOT_STORED');
    assert.match(paid.text, /"chargeback":\{"amount":0,"currency":"USD"\}/);
    assert.match(paid.text, /"merchantAmount":10\.01,/);
    assert.match(paid.text, /"totalDisbursedAmount":0\.00,/);
    assert.equal(typeof field(paid.json, 'timeOfLastUpdate'), 'string');
  });

  it('a declined Pay at 100: RESUBMIT_WITH_ALTERNATIVE_PAYMENT_DETAILS and the acquirer\'s response code, no authorization code', async () => {
    const declined = await gatewayPut(agent, sim.baseUrl, 100, 'SHAPE-DECLINE', 'pay', payBody({ month: '5' }));
    assert.equal(field(declined.json, 'response.gatewayCode'), 'DECLINED', declined.text);
    assert.equal(field(declined.json, 'response.gatewayRecommendation'), 'RESUBMIT_WITH_ALTERNATIVE_PAYMENT_DETAILS');
    assert.equal(field(declined.json, 'authorizationResponse.responseCode'), '05');
    assert.equal(field(declined.json, 'transaction.authorizationCode'), undefined);
  });

  it('gatewayRecommendation on payments from 74, not at 57 (a recorded v57 Pay has none)', async () => {
    const at74 = await gatewayPut(agent, sim.baseUrl, 74, 'SHAPE-REC-74', 'pay', payBody());
    const at57 = await gatewayPut(agent, sim.baseUrl, 57, 'SHAPE-REC-57', 'pay', payBody());
    assert.equal(field(at74.json, 'response.gatewayRecommendation'), 'NO_ACTION', at74.text);
    assert.equal(field(at57.json, 'response.gatewayRecommendation'), undefined, at57.text);
    assert.equal(field(at57.json, 'order.authenticationStatus'), 'AUTHENTICATION_NOT_IN_EFFECT');
  });

  it('order.merchantAmount and merchantCurrency from 56: none at 55', async () => {
    const at55 = await gatewayPut(agent, sim.baseUrl, 55, 'SHAPE-MA-55', 'pay', payBody({ amount: '12.50' }));
    const at56 = await gatewayPut(agent, sim.baseUrl, 56, 'SHAPE-MA-56', 'pay', payBody({ amount: '12.50' }));
    assert.equal(field(at55.json, 'order.merchantAmount'), undefined, at55.text);
    assert.equal(field(at55.json, 'order.merchantCurrency'), undefined);
    // Nor, at 55, what the recorded v57 answers are the first to show.
    assert.equal(field(at55.json, 'order.authenticationStatus'), undefined);
    assert.equal(field(at55.json, 'timeOfLastUpdate'), undefined);
    assert.equal(field(at55.json, 'authorizationResponse.responseCode'), '00', at55.text);
    assert.match(at56.text, /"merchantAmount":12\.50,/);
    assert.equal(field(at56.json, 'order.merchantCurrency'), 'USD');
  });

  it('a Void carries authorizationResponse and the order\'s masked card (storedOnFile), not the payment\'s authenticationStatus', async () => {
    await gatewayPut(agent, sim.baseUrl, 100, 'SHAPE-VOID', 'pay', payBody());
    const voided = await gatewayPut(agent, sim.baseUrl, 100, 'SHAPE-VOID', 'void', { apiOperation: 'VOID', transaction: { targetTransactionId: 'pay' } });
    assert.equal(field(voided.json, 'result'), 'SUCCESS', voided.text);
    assert.equal(field(voided.json, 'authorizationResponse.responseCode'), '00');
    assert.equal(field(voided.json, 'sourceOfFunds.provided.card.number'), '512345xxxxxx0008');
    assert.equal(field(voided.json, 'sourceOfFunds.provided.card.storedOnFile'), 'NOT_STORED');
    assert.equal(field(voided.json, 'order.authenticationStatus'), undefined);
    assert.equal(field(voided.json, 'response.gatewayRecommendation'), undefined);
  });

  it('a Refund carries authorizationResponse (a refund\'s processing code) and the order\'s masked card', async () => {
    await gatewayPut(agent, sim.baseUrl, 100, 'SHAPE-REFUND', 'pay', payBody());
    const refunded = await gatewayPut(agent, sim.baseUrl, 100, 'SHAPE-REFUND', 'refund', { apiOperation: 'REFUND', transaction: { amount: '4.00', currency: 'USD' } });
    assert.equal(field(refunded.json, 'result'), 'SUCCESS', refunded.text);
    assert.equal(field(refunded.json, 'authorizationResponse.processingCode'), '200030');
    assert.equal(field(refunded.json, 'sourceOfFunds.provided.card.number'), '512345xxxxxx0008');
    assert.match(refunded.text, /"totalRefundedAmount":4\.00/);
  });

  it('Authenticate Payer echoes no request-only fields; Initiate Authentication echoes what it was asked', async () => {
    const orderId = 'SHAPE-3DS-ECHO';
    const initiated = await gatewayPut(agent, sim.baseUrl, 100, orderId, 'auth', { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { acceptVersions: '3DS2', channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION' }, order: { currency: 'EUR' }, sourceOfFunds: FRICTIONLESS });
    assert.equal(field(initiated.json, 'authentication.channel'), 'PAYER_BROWSER', initiated.text);
    assert.equal(field(initiated.json, 'authentication.acceptVersions'), '3DS2');
    const asked = await gatewayPut(agent, sim.baseUrl, 100, orderId, 'auth', {
      apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: 'https://shop.example/3ds-back' }, order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: FRICTIONLESS,
      device: { browser: 'MOZILLA', ipAddress: '127.0.0.1', browserDetails: { javaEnabled: false } },
    });
    assert.equal(field(asked.json, 'authentication.3ds2.transactionStatus'), 'Y', asked.text);
    for (const path of ['authentication.acceptVersions', 'authentication.channel', 'authentication.purpose', 'authentication.redirectResponseUrl']) {
      assert.equal(field(asked.json, path), undefined, `${path} in ${asked.text}`);
    }
    assert.deepEqual(field(asked.json, 'device'), { browser: 'MOZILLA', ipAddress: '127.0.0.1' });
  });

  it('a Pay after 3-D Secure: AUTHENTICATION_SUCCESSFUL, the authentication block, and the order\'s reference and description from the Pay', async () => {
    const orderId = 'SHAPE-3DS-PAY';
    await gatewayPut(agent, sim.baseUrl, 100, orderId, 'auth', { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { channel: 'PAYER_BROWSER' }, order: { currency: 'EUR' }, sourceOfFunds: FRICTIONLESS });
    const asked = await gatewayPut(agent, sim.baseUrl, 100, orderId, 'auth', { apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: 'https://shop.example/3ds-back' }, order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: FRICTIONLESS });
    const paid = await gatewayPut(agent, sim.baseUrl, 100, orderId, 'pay', {
      apiOperation: 'PAY', authentication: { transactionId: 'auth' }, order: { amount: '5.00', currency: 'EUR', reference: 'SHOP-42', description: 'Two tickets' }, sourceOfFunds: FRICTIONLESS,
    });
    assert.equal(field(paid.json, 'result'), 'SUCCESS', paid.text);
    assert.equal(field(paid.json, 'order.authenticationStatus'), 'AUTHENTICATION_SUCCESSFUL');
    assert.equal(field(paid.json, 'transaction.authenticationStatus'), 'AUTHENTICATION_SUCCESSFUL');
    assert.equal(field(paid.json, 'authentication.3ds.acsEci'), field(asked.json, 'authentication.3ds.acsEci'));
    assert.equal(field(paid.json, 'authentication.3ds.authenticationToken'), field(asked.json, 'authentication.3ds.authenticationToken'));
    assert.equal(field(paid.json, 'authentication.3ds2.transactionStatus'), 'Y');
    assert.equal(field(paid.json, 'authentication.transactionId'), 'auth');
    assert.equal(field(paid.json, 'authentication.version'), '3DS2');
    assert.equal(field(paid.json, 'order.reference'), 'SHOP-42');
    assert.equal(field(paid.json, 'order.description'), 'Two tickets');

    const read = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/order/${orderId}`, { headers: { authorization: basicAuth() } });
    assert.equal(field(read.json, 'authenticationStatus'), 'AUTHENTICATION_SUCCESSFUL', read.text);
    assert.equal(field(read.json, '3dsAcsEci'), field(asked.json, 'authentication.3ds.acsEci'));
    assert.equal(field(read.json, 'authenticationVersion'), '3DS2');
    assert.equal(field(read.json, 'reference'), 'SHOP-42');
  });

  it('Create Session answers an aes256Key', async () => {
    const created = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session`, { method: 'POST', headers: { authorization: basicAuth() }, body: {} });
    assert.equal(created.status, 201, created.text);
    assert.equal(Buffer.from(String(field(created.json, 'session.aes256Key')), 'base64').length, 32);
  });
  it('Update Session names the card (brand, scheme, "xxx" for a held code) without authenticationLimit; a Pay without billing has no AVS block', async () => {
    const url = `${sim.baseUrl}/api/rest/version/78/merchant/${MID}/session/SESSION0002SHAPEUPDATE000000001`;
    const card = { number: '4111111111111111', expiry: { month: '1', year: '39' }, securityCode: '100' };
    const updated = await send(agent, url, { method: 'PUT', headers: { authorization: basicAuth() }, body: { sourceOfFunds: { provided: { card } } } });
    assert.equal(field(updated.json, 'sourceOfFunds.provided.card.brand'), 'VISA', updated.text);
    assert.equal(field(updated.json, 'sourceOfFunds.provided.card.scheme'), 'VISA');
    assert.equal(field(updated.json, 'sourceOfFunds.provided.card.securityCode'), 'xxx');
    assert.equal(field(updated.json, 'sourceOfFunds.provided.card.number'), '411111xxxxxx1111');
    assert.equal(field(updated.json, 'session.authenticationLimit'), undefined);
    const paid = await gatewayPut(agent, sim.baseUrl, 100, 'SHAPE-NO-AVS', 'pay', payBody());
    assert.equal(field(paid.json, 'response.cardholderVerification'), undefined, paid.text);
  });

  it('Initiate Authentication names the directory server; Authenticate Payer adds the time, without methodCompleted', async () => {
    const orderId = 'SHAPE-3DS-DS';
    const initiated = await gatewayPut(agent, sim.baseUrl, 78, orderId, 'auth', { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { acceptVersions: '3DS2', channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION' }, order: { currency: 'EUR' }, sourceOfFunds: FRICTIONLESS });
    assert.equal(field(initiated.json, 'authentication.3ds2.authenticationScheme'), 'MASTERCARD', initiated.text);
    assert.equal(field(initiated.json, 'authentication.3ds2.directoryServerId'), 'A000000004');
    assert.equal(field(initiated.json, 'authentication.3ds2.methodCompleted'), false);
    const asked = await gatewayPut(agent, sim.baseUrl, 78, orderId, 'auth', { apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: 'https://shop.example/3ds-back' }, order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: FRICTIONLESS });
    assert.equal(typeof field(asked.json, 'authentication.time'), 'string', asked.text);
    assert.equal(field(asked.json, 'authentication.3ds2.methodCompleted'), undefined);
    assert.equal(field(asked.json, 'authentication.3ds2.methodSupported'), 'SUPPORTED');
  });
});
