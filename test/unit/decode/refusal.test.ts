/**
 * A refused answer where a command reports it (reconcile's Retrieve Order, a Tap line): the gateway's
 * explanation, cause and field, not the status alone.
 */
import * as assert from 'node:assert/strict';
import { decodeResponse, describeRefusal } from '../../../src/decode';
import { describeTapCall } from '../../../src/tap';
import { makeExchange } from '../../harness/exchanges';

const notFound = { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Unable to find order NOPE-123 for merchant TESTSIMULATOR01' } };
const invalidField = { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: "Value 'XXX' is invalid.", field: 'order.currency', validationType: 'INVALID' } };
const decoded = (body: unknown, httpStatus = 400) => decodeResponse({ operationId: 'gateway.retrieveOrder', httpStatus, body, rawText: JSON.stringify(body) });

describe('a refused answer told in the gateway\'s words', () => {
  it('gives the status, the verdict, the explanation and the cause', () => {
    assert.equal(describeRefusal(400, decoded(notFound)), 'HTTP 400 Order not found: Unable to find order NOPE-123 for merchant TESTSIMULATOR01 (cause INVALID_REQUEST)');
  });

  it('names the field, and says the status once when the verdict already does', () => {
    const text = describeRefusal(400, decoded(invalidField));
    assert.match(text, /: Value 'XXX' is invalid\. \(cause INVALID_REQUEST, field order\.currency\)$/);
    assert.equal(text.match(/HTTP 400/g)?.length, 1, text);
  });

  it('without an error envelope, says what the decoder made of the answer', () => {
    assert.match(describeRefusal(502, decodeResponse({ operationId: 'gateway.retrieveOrder', httpStatus: 502, body: undefined, rawText: '<html>Bad gateway</html>' })), /^HTTP 502 Response is not JSON$/);
  });

  it('a Tap line ends with the explanation of a refused call', () => {
    const body = JSON.stringify(notFound);
    const e = makeExchange({ operationId: 'gateway.retrieveOrder', operationTitle: 'Retrieve Order', response: { status: 400, headers: {}, bodyText: body, sizeBytes: body.length, truncated: false, timing: { totalMs: 3, ttfbMs: 2 } }, decoded: decoded(notFound) });
    assert.match(describeTapCall({ seq: 1, exchange: e, recognised: true, problems: [] }), /400 {2}INVALID_REQUEST {2}no problems {2}3 ms {2}— Unable to find order NOPE-123 for merchant TESTSIMULATOR01$/);
  });
});
