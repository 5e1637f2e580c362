import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode';
import { BAD_CREDENTIALS, FIELD_ERROR, UNSUPPORTED_VERSION } from './fixtures';

function refund(httpStatus: number, body: unknown, rawText?: string) {
  return decodeResponse({ operationId: 'gateway.refund', httpStatus, body, ...(rawText !== undefined && { rawText }) });
}

describe('decodeResponse: gateway error envelope', () => {
  it('400 field error: names the field, the validation type and the explanation', () => {
    const d = refund(400, FIELD_ERROR);
    assert.equal(d.verdict.tone, 'error');
    assert.equal(d.verdict.title, 'Field order.amount is invalid');
    assert.equal(d.error?.httpStatus, 400);
    assert.equal(d.error?.cause?.code, 'INVALID_REQUEST');
    assert.equal(d.error?.field, 'order.amount');
    assert.equal(d.error?.validationType?.code, 'INVALID');
    assert.match(d.error?.explanation ?? '', /must be greater than zero/);
    assert.match(d.error?.whatToFix ?? '', /order\.amount/);
    assert.equal(d.outcome, undefined, 'an error is not a decline');
    assert.deepEqual(d.notes, []);
  });

  it('400 MISSING and UNSUPPORTED fields', () => {
    const missing = refund(400, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Missing parameter', field: 'order.currency', validationType: 'MISSING' } });
    assert.equal(missing.verdict.title, 'Field order.currency is missing');
    assert.match(missing.error?.whatToFix ?? '', /Add the named field/);
    const unsupported = refund(400, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', field: 'agreement.id', validationType: 'UNSUPPORTED' } });
    assert.equal(unsupported.verdict.title, 'Field agreement.id is not supported');
  });

  it('401 with INVALID_REQUEST in the body is explained as bad credentials (the status wins)', () => {
    const d = refund(401, BAD_CREDENTIALS);
    assert.equal(d.verdict.tone, 'error');
    assert.match(d.verdict.title, /Bad credentials/);
    assert.equal(d.error?.cause?.code, 'INVALID_REQUEST');
    assert.match(d.error?.whatToFix ?? '', /password/);
    assert.doesNotMatch(d.error?.whatToFix ?? '', /Fix the field/);
  });

  it('404 unsupported version', () => {
    const d = refund(404, UNSUPPORTED_VERSION);
    assert.match(d.verdict.title, /Unsupported API version 80/);
    assert.match(d.error?.whatToFix ?? '', /Refund is served at versions 1 to 100 \(not 2, 5, 6, 22, 25, 80\); this request asked for 80/);
  });

  it('404 for an unknown path whose explanation repeats the path is not called a version problem: it names the path, the merchant and the ids to check', () => {
    const path = '/api/rest/version/13/merchant/TESTSIM/order/ORD-9/transactions/T-1';
    const body = { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: `Requested resource ${path} not found` } };
    const d = decodeResponse({ operationId: 'gateway.refund', httpStatus: 404, body, requestUrl: `https://gw.example.com${path}` });
    assert.equal(d.verdict.title, 'Unknown path (HTTP 404)');
    const fix = d.error?.whatToFix ?? '';
    assert.ok(fix.includes(path), fix);
    assert.match(fix, /merchant id TESTSIM/);
    assert.match(fix, /order ORD-9/);
    assert.match(fix, /gateway URL/);
    assert.doesNotMatch(fix, /unsupported|change the version/i);
  });

  it('404 "Unsupported value for version" at a version the operation serves: the version is not the cause, the path is', () => {
    const body = { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: "Unsupported value for 'version = 13'" } };
    const d = decodeResponse({ operationId: 'gateway.refund', httpStatus: 404, body, requestUrl: 'https://gw.example.com/pay/api/rest/version/13/merchant/TESTSIM/order/O-1/transaction/T-2' });
    assert.equal(d.verdict.title, 'Unknown path (HTTP 404)');
    assert.match(d.error?.whatToFix ?? '', /merchant id TESTSIM, order O-1, transaction T-2/);
  });

  it('404 unsupported version names the version asked and the ones the operation serves', () => {
    const d = decodeResponse({ operationId: 'gateway.refund', httpStatus: 404, body: UNSUPPORTED_VERSION, requestUrl: 'https://gw.example.com/api/rest/version/80/merchant/TESTSIM/order/O-1/transaction/T-2' });
    assert.equal(d.verdict.title, 'Unsupported API version 80 (HTTP 404)');
    assert.match(d.error?.whatToFix ?? '', /Refund is served at versions 1 to 100 \(not 2, 5, 6, 22, 25, 80\); this request asked for 80/);
  });

  it('404 unknown path (no envelope, HTML body)', () => {
    const d = refund(404, undefined, '<html><head><title>404 Not Found</title></head></html>');
    assert.equal(d.verdict.title, 'Response is not JSON');
    assert.match(d.verdict.detail, /404 Not Found/);
    assert.match(d.error?.whatToFix ?? '', /gateway URL/);
  });

  it('400 unknown order on a follow-up operation', () => {
    const d = refund(400, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Unable to find order ORD-9 for merchant TESTDEVMER031' } });
    assert.equal(d.verdict.title, 'Order not found');
  });

  it('400 malformed JSON and unexpected parameter', () => {
    assert.equal(
      refund(400, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: "Json encoded payload error: Unexpected character 'a' at [character 14 line 1]" } }).verdict.title,
      'Request body is not valid JSON',
    );
    assert.equal(
      refund(400, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: "Unexpected parameter '3DSecure.authenticationIndicator'" } }).verdict.title,
      'Unexpected field',
    );
  });

  it('500 SERVER_FAILED and 503 SERVER_BUSY: retry later', () => {
    const failed = refund(500, { result: 'ERROR', error: { cause: 'SERVER_FAILED', explanation: 'Internal error' } });
    assert.match(failed.verdict.title, /Gateway failure \(HTTP 500\)/);
    assert.match(failed.error?.whatToFix ?? '', /[Rr]etry later/);
    const busy = refund(503, { result: 'ERROR', error: { cause: 'SERVER_BUSY' } });
    assert.match(busy.verdict.title, /Gateway busy/);
    assert.match(busy.error?.whatToFix ?? '', /[Rr]etry later/);
  });

  it('REQUEST_REJECTED: security, not the request fields', () => {
    const d = refund(400, { result: 'ERROR', error: { cause: 'REQUEST_REJECTED', explanation: 'Request rejected' } });
    assert.match(d.error?.whatToFix ?? '', /certificate/);
  });

  it('an unknown cause is explained as unknown', () => {
    const d = refund(400, { result: 'ERROR', error: { cause: 'NEW_CAUSE', supportCode: 'abc-123' } });
    assert.equal(d.error?.cause?.meaning, 'not known to this workbench');
    assert.equal(d.error?.supportCode, 'abc-123');
    assert.equal(d.verdict.tone, 'error');
  });

  it('non-JSON body: verdict "response is not JSON" with the first characters', () => {
    const text = 'Service Unavailable ' + 'x'.repeat(500);
    const d = refund(503, undefined, text);
    assert.equal(d.verdict.tone, 'error');
    assert.match(d.verdict.title, /not JSON/i);
    assert.match(d.verdict.detail, /Service Unavailable x+…$/);
    assert.ok(d.verdict.detail.length < 300);
  });

  it('non-JSON handed over as the body string is recognised too', () => {
    const d = refund(200, 'OK, thanks');
    assert.match(d.verdict.title, /not JSON/i);
    assert.match(d.verdict.detail, /OK, thanks/);
  });

  it('JSON handed over only as raw text is parsed', () => {
    const d = refund(400, undefined, JSON.stringify(BAD_CREDENTIALS));
    assert.equal(d.error?.explanation, 'Invalid credentials.');
  });

  it('empty body on an error status: explained from the status alone', () => {
    const d = refund(401, undefined, '');
    assert.match(d.verdict.title, /Bad credentials/);
    assert.ok(d.notes.some((n) => /empty/.test(n)));
    const d500 = refund(500, undefined);
    assert.match(d500.error?.whatToFix ?? '', /[Rr]etry later/);
  });

  it('empty body on a success status: a warning', () => {
    const d = refund(200, undefined, '   ');
    assert.equal(d.verdict.tone, 'warning');
    assert.equal(d.verdict.title, 'Empty response body');
  });

  it('a 4xx whose body is not the envelope says a proxy may have answered', () => {
    const d = refund(403, { message: 'Forbidden' });
    assert.equal(d.verdict.tone, 'error');
    assert.ok(d.notes.some((n) => /proxy/.test(n)));
  });
});
