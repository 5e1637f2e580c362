import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, type SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, basicAuth, field, gatewayPut, MID, send, useSimulator, type Answer } from './helpers';

/** What the real gateway answers before any operation runs: its status page, unserved versions, paths, JSON, credentials. */
describe('simulator: the gateway level (status, versions, paths, JSON before credentials)', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({ processingDelayMs: 0 }, (s, a) => {
    sim = s;
    agent = a;
  });

  const call = (method: string, path: string, body?: unknown, authorization = basicAuth()): Promise<Answer> =>
    send(agent, `${sim.baseUrl}${path}`, { method, headers: { authorization }, ...(body !== undefined ? { body } : {}) });

  it('Check Gateway: GET /api/rest/version/N/information answers OPERATING and a gatewayVersion, with no credentials at all', async () => {
    for (const version of [1, 59, 100]) {
      const r = await send(agent, `${sim.baseUrl}/api/rest/version/${version}/information`);
      assert.equal(r.status, 200, `v${version}: ${r.text}`);
      assert.equal(field(r.json, 'status'), 'OPERATING');
      const gatewayVersion = String(field(r.json, 'gatewayVersion'));
      // The reference: ASCII, 5 to 32 characters.
      assert.match(gatewayVersion, /^[\x20-\x7e]{5,32}$/);
    }
    const wrongPassword = await call('GET', '/api/rest/version/100/information', undefined, basicAuth(`merchant.${MID}`, 'wrong'));
    assert.equal(wrongPassword.status, 200, 'the check needs no credentials, so wrong ones do not matter');
  });

  it('answers an unserved version (80) with 404 "Unsupported value for \'version = 80\'" on every route, Check Gateway included', async () => {
    const routes: [string, string, unknown?][] = [
      ['PUT', `/api/rest/version/80/merchant/${MID}/order/LV-1/transaction/1`, authorizeBody()],
      ['GET', `/api/rest/version/80/merchant/${MID}/order/LV-1`],
      ['GET', `/api/rest/version/80/merchant/${MID}/order/LV-1/transaction/1`],
      ['POST', `/api/rest/version/80/merchant/${MID}/session`, {}],
      ['PUT', `/api/rest/version/80/merchant/${MID}/session/SESSION0002levellevellevellevel`, {}],
      ['GET', `/api/rest/version/80/merchant/${MID}/session/SESSION0002levellevellevellevel`],
      ['POST', `/api/rest/version/80/merchant/${MID}/session`, { apiOperation: 'INITIATE_CHECKOUT' }],
      ['POST', `/api/rest/version/80/merchant/${MID}/token`, {}],
      ['GET', `/api/rest/version/80/merchant/${MID}/token/9000000000000001`],
      ['GET', `/api/rest/version/80/merchant/${MID}/paymentOptionsInquiry`],
      ['POST', `/api/rest/version/80/merchant/${MID}/paymentOptionsInquiry`, {}],
      ['GET', '/api/rest/version/80/information'],
    ];
    for (const [method, path, body] of routes) {
      const r = await call(method, path, body);
      assert.equal(r.status, 404, `${method} ${path}: ${r.text}`);
      assert.equal(field(r.json, 'error.explanation'), "Unsupported value for 'version = 80'", `${method} ${path}`);
    }
  });

  it('answers a version below the operation\'s first one with the version\'s 404 on every route, not a 400 on a field "version"', async () => {
    const routes: [string, string, unknown?][] = [
      ['POST', `/api/rest/version/17/merchant/${MID}/session`, {}],
      ['GET', `/api/rest/version/17/merchant/${MID}/session/SESSION0002levellevellevellevel`],
      ['POST', `/api/rest/version/44/merchant/${MID}/session`, { apiOperation: 'CREATE_CHECKOUT_SESSION' }],
      ['POST', `/api/rest/version/55/merchant/${MID}/token`, {}],
      ['GET', `/api/rest/version/29/merchant/${MID}/token/9000000000000001`],
      ['DELETE', `/api/rest/version/29/merchant/${MID}/token/9000000000000001`],
      ['GET', `/api/rest/version/7/merchant/${MID}/paymentOptionsInquiry`],
      ['POST', `/api/rest/version/7/merchant/${MID}/paymentOptionsInquiry`, {}],
    ];
    for (const [method, path, body] of routes) {
      const r = await call(method, path, body);
      const version = /version\/(\d+)/.exec(path)?.[1];
      assert.equal(r.status, 404, `${method} ${path}: ${r.text}`);
      assert.equal(field(r.json, 'error.explanation'), `Unsupported value for 'version = ${version}'`, `${method} ${path}`);
    }
  });

  it('a body that is not JSON is a 400 "Json encoded payload error" even with a wrong password; valid JSON with it stays 401', async () => {
    const wrong = basicAuth(`merchant.${MID}`, 'not-the-password');
    const bad = '{"apiOperation": AUTHORIZE}';
    for (const [method, path] of [
      ['PUT', `/api/rest/version/100/merchant/${MID}/order/LV-J/transaction/1`],
      ['POST', `/api/rest/version/100/merchant/${MID}/session`],
      ['PUT', `/api/rest/version/100/merchant/${MID}/session/SESSION0002levellevellevellevel`],
      ['POST', `/api/rest/version/100/merchant/${MID}/token`],
      ['POST', `/api/rest/version/100/merchant/${MID}/paymentOptionsInquiry`],
    ] as const) {
      const r = await call(method, path, bad, wrong);
      assert.equal(r.status, 400, `${method} ${path}: ${r.text}`);
      assert.match(String(field(r.json, 'error.explanation')), /^Json encoded payload error: Unexpected character 'A' at \[character 18 line 1\]/, `${method} ${path}`);
    }
    const valid = await gatewayPut(agent, sim.baseUrl, 100, 'LV-J', '2', authorizeBody(), wrong);
    assert.equal(valid.status, 401, valid.text);
    assert.equal(field(valid.json, 'error.explanation'), 'Invalid credentials.');
  });

  it('a transaction path cut short at the order (or another word after it) is the gateway\'s 404 "After url path …, expected /transaction"', async () => {
    for (const tail of ['', '/checkout']) {
      const r = await call('PUT', `/api/rest/version/100/merchant/${MID}/order/LV-P${tail}`, { apiOperation: 'PAY' });
      assert.equal(r.status, 404, r.text);
      assert.equal(field(r.json, 'error.cause'), 'INVALID_REQUEST');
      assert.equal(field(r.json, 'error.explanation'), `After url path /rest/version/100/merchant/${MID}/order/LV-P, expected /transaction`);
    }
    // An id of kilobytes is named by its start and its length, not echoed whole.
    const long = await call('PUT', `/api/rest/version/100/merchant/${MID}/order/${'O'.repeat(5000)}`, { apiOperation: 'PAY' });
    assert.equal(long.status, 404);
    assert.match(String(field(long.json, 'error.explanation')), /^After url path \/rest\/version\/100\/merchant\/\w+\/order\/O+… \(\d+ characters\), expected \/transaction$/);
    assert.ok(long.text.length < 600, long.text);
  });

  it('a Void of an authorization leaves nothing authorized: CANCELLED with totalAuthorizedAmount 0, in the answer and in Retrieve Order', async () => {
    const auth = basicAuth(`merchant.${SIMULATOR_AUTH_ONLY_MERCHANT_ID}`);
    const url = (tail: string) => `${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_AUTH_ONLY_MERCHANT_ID}/order/LV-V${tail}`;
    const authorized = await send(agent, url('/transaction/A1'), { method: 'PUT', headers: { authorization: auth }, body: authorizeBody({ amount: '25.00' }) });
    assert.equal(field(authorized.json, 'order.status'), 'AUTHORIZED', authorized.text);
    const voided = await send(agent, url('/transaction/V1'), { method: 'PUT', headers: { authorization: auth }, body: { apiOperation: 'VOID', transaction: { targetTransactionId: 'A1' } } });
    assert.equal(field(voided.json, 'transaction.type'), 'VOID_AUTHORIZATION', voided.text);
    assert.equal(field(voided.json, 'order.status'), 'CANCELLED');
    assert.match(voided.text, /"totalAuthorizedAmount":0\.00,"totalCapturedAmount":0\.00/);
    const read = await send(agent, url(''), { headers: { authorization: auth } });
    assert.equal(field(read.json, 'status'), 'CANCELLED', read.text);
    assert.match(read.text, /"totalAuthorizedAmount":0\.00,"totalCapturedAmount":0\.00/);
  });
});
