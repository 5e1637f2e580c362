import * as assert from 'node:assert/strict';
import { apiOperationAt, authAt, getOperation, operations, rangeLabel, validatePathParam } from '../../../src/catalogue';

describe('catalogue: operations', () => {
  it('lists the operations with their method, path, version range, documented versions, apiOperation and auth', () => {
    const rows = operations.map((o) => [o.id, o.method, o.pathTemplate + (o.query ? `?${new URLSearchParams(o.query).toString()}` : ''), rangeLabel(o), o.documentedVersions.join('/'), o.defaultVersion ?? '-', apiOperationAt(o, 100) ?? '-', o.auth, o.hasBody, o.moneyMoving]);
    const tx = '/api/rest/version/{version}/merchant/{merchantId}/order/{orderId}/transaction/{transactionId}';
    const merchant = '/api/rest/version/{version}/merchant/{merchantId}';
    assert.deepEqual(rows, [
      ['financing.login', 'POST', '/api/online/login', '', '', '-', '-', 'none', true, false],
      ['financing.refreshToken', 'POST', '/api/online/refreshToken', '', '', '-', '-', 'refreshToken', false, false],
      ['financing.logout', 'POST', '/api/online/logout', '', '', '-', '-', 'bearer', false, false],
      ['financing.offers', 'POST', '/api/online/offers', '', '', '-', '-', 'bearer', true, false],
      ['financing.offersSelectFirst', 'POST', '/api/online/offers?selectFirst=true', '', '', '-', '-', 'bearer', true, false],
      ['gateway.authorize', 'PUT', tx, 'v1–100', '11/100', 100, 'AUTHORIZE', 'basicMerchant', true, true],
      ['gateway.updateAuthorization', 'PUT', tx, 'v11–100', '18/100', 100, 'UPDATE_AUTHORIZATION', 'basicMerchant', true, true],
      ['gateway.refund', 'PUT', tx, 'v1–100', '13/100', 100, 'REFUND', 'basicMerchant', true, true],
      ['gateway.verify', 'PUT', tx, 'v7–100', '100', 100, 'VERIFY', 'basicMerchant', true, false],
      ['gateway.initiateBrowserPayment', 'PUT', tx, 'v16–100', '16/100', 100, 'INITIATE_BROWSER_PAYMENT', 'basicMerchant', true, true],
      ['gateway.updateSession', 'PUT', '/api/rest/version/{version}/merchant/{merchantId}/session/{sessionId}', 'v18–100', '100', 100, '-', 'basicMerchant', true, false],
      ['gateway.capture', 'PUT', tx, 'v1–100', '100', 100, 'CAPTURE', 'basicMerchant', true, true],
      ['gateway.void', 'PUT', tx, 'v4–100', '100', 100, 'VOID', 'basicMerchant', true, true],
      ['gateway.pay', 'PUT', tx, 'v1–100', '100', 100, 'PAY', 'basicMerchant', true, true],
      ['gateway.initiateAuthentication', 'PUT', tx, 'v50–100', '100', 100, 'INITIATE_AUTHENTICATION', 'basicMerchant', true, false],
      ['gateway.authenticatePayer', 'PUT', tx, 'v50–100', '100', 100, 'AUTHENTICATE_PAYER', 'basicMerchant', true, false],
      ['gateway.retrieveOrder', 'GET', '/api/rest/version/{version}/merchant/{merchantId}/order/{orderId}', 'v11–100', '100', 100, '-', 'basicMerchant', false, false],
      ['gateway.retrieveTransaction', 'GET', tx, 'v1–100', '100', 100, '-', 'basicMerchant', false, false],
      ['gateway.checkGateway', 'GET', '/api/rest/version/{version}/information', 'v1–100', '100', 100, '-', 'none', false, false],
      ['gateway.paymentOptionsInquiry', 'POST', `${merchant}/paymentOptionsInquiry`, 'v8–100', '100', 100, '-', 'basicMerchant', true, false],
      ['gateway.paymentOptionsInquiryGet', 'GET', `${merchant}/paymentOptionsInquiry`, 'v8–100', '100', 100, '-', 'basicMerchant', false, false],
      ['gateway.createSession', 'POST', `${merchant}/session`, 'v18–100', '100', 100, '-', 'basicMerchant', true, false],
      ['gateway.initiateCheckout', 'POST', `${merchant}/session`, 'v45–100', '100', 100, 'INITIATE_CHECKOUT', 'basicMerchant', true, false],
      ['gateway.retrieveSession', 'GET', `${merchant}/session/{sessionId}`, 'v18–100', '100', 100, '-', 'basicMerchant', false, false],
      ['gateway.updateSessionAsPayer', 'PUT', `${merchant}/session/{sessionId}`, 'v18–100', '100', 100, '-', 'basicSession', true, false],
      ['gateway.createToken', 'POST', `${merchant}/token`, 'v56–100', '100', 100, '-', 'basicMerchant', true, false],
      ['gateway.updateToken', 'PUT', `${merchant}/token/{tokenId}`, 'v30–100', '100', 100, '-', 'basicMerchant', true, false],
      ['gateway.retrieveToken', 'GET', `${merchant}/token/{tokenId}`, 'v30–100', '100', 100, '-', 'basicMerchant', false, false],
      ['gateway.deleteToken', 'DELETE', `${merchant}/token/{tokenId}`, 'v30–100', '100', 100, '-', 'basicMerchant', false, false],
    ]);
  });
  it('a gateway Basic user is blank up to version 11 and merchant.<id> from 12 (the seed: Authorize v11, Refund v13)', () => {
    const authorize = getOperation('gateway.authorize')!;
    assert.deepEqual([11, 12, 57, 100].map((v) => authAt(authorize, v)), ['basicEmptyUser', 'basicMerchant', 'basicMerchant', 'basicMerchant']);
    assert.equal(authAt(getOperation('financing.offers')!, undefined), 'bearer');
  });
  it('getOperation finds by id and returns undefined otherwise', () => {
    assert.equal(getOperation('gateway.refund')?.title, 'Refund');
    assert.equal(getOperation('gateway.void')?.title, 'Void');
    assert.equal(getOperation('gateway.disbursement'), undefined);
  });
  it('path params match the path template', () => {
    for (const op of operations) {
      const inTemplate = [...op.pathTemplate.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((n) => n !== 'version');
      assert.deepEqual(op.pathParams.map((p) => p.name), inTemplate, op.id);
    }
  });
});

describe('catalogue: URL parameters', () => {
  const rules = (name: Parameters<typeof validatePathParam>[0], v: string) => validatePathParam(name, v).map((i) => i.rule);
  it('merchantId: letters, digits, - and _; 1 to 40', () => {
    assert.deepEqual(rules('merchantId', 'TEST_MER-01'), []);
    assert.deepEqual(rules('merchantId', 'M'.repeat(40)), []);
    assert.deepEqual(validatePathParam('merchantId', 'M'.repeat(41)).map((i) => i.message), ['merchantId: must be at most 40 characters, got 41']);
    assert.deepEqual(validatePathParam('merchantId', 'MER 1').map((i) => i.message), ["merchantId: must be letters, digits, '-' and '_' only, got 'MER 1'"]);
    assert.deepEqual(rules('merchantId', ''), ['required']);
  });
  it('orderId and transactionId: any characters, 1 to 40', () => {
    for (const name of ['orderId', 'transactionId'] as const) {
      assert.deepEqual(rules(name, 'a/b c#é'), []);
      assert.deepEqual(rules(name, 'x'.repeat(40)), []);
      assert.deepEqual(rules(name, 'x'.repeat(41)), ['maxLength']);
      assert.deepEqual(rules(name, ''), ['required']);
    }
  });
  it('sessionId: ASCII, 31 to 35', () => {
    assert.deepEqual(rules('sessionId', 'SESSION0002' + 'A'.repeat(20)), []);
    assert.deepEqual(rules('sessionId', 'S'.repeat(35)), []);
    assert.deepEqual(validatePathParam('sessionId', 'S'.repeat(30)).map((i) => i.message), ['sessionId: must be at least 31 characters, got 30']);
    assert.deepEqual(rules('sessionId', 'S'.repeat(36)), ['maxLength']);
    assert.deepEqual(rules('sessionId', 'é'.repeat(31)), ['pattern']);
  });
});
