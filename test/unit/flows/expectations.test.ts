import * as assert from 'node:assert/strict';
import { checkExpectations, redactFailure } from '../../../src/flows/expectations';

const bodyText = '{"result":"FAILURE","response":{"gatewayCode":"DECLINED"},"order":{"totalRefundedAmount":40.00,"amount":100.10},"flag":true,"transaction":[{"type":"AUTHORIZATION"},{"type":"REFUND"}]}';
const observed = { status: 200, body: JSON.parse(bodyText) as unknown, bodyText };

describe('flow expectations', () => {
  it('passes exact strings, booleans, the HTTP status, and indexed paths', () => {
    assert.deepEqual(checkExpectations({ status: 200, result: 'FAILURE', flag: true, 'transaction[1].type': 'REFUND' }, observed), []);
  });

  it('body.status reads the body\'s status field (Retrieve Order), which the reserved key status hides', () => {
    const text = '{"status":"CANCELLED","totalCapturedAmount":0}';
    const order = { status: 200, body: JSON.parse(text) as unknown, bodyText: text };
    assert.deepEqual(checkExpectations({ status: 200, 'body.status': 'CANCELLED', 'body.totalCapturedAmount': 0 }, order), []);
    assert.deepEqual(checkExpectations({ 'body.status': 'CAPTURED' }, order), [{ path: 'body.status', expected: '"CAPTURED"', actual: '"CANCELLED"' }]);
  });

  it('compares a decimal string and a JSON number by exact decimal value, from the literal in the response', () => {
    assert.deepEqual(checkExpectations({ 'order.totalRefundedAmount': '40.00', 'order.amount': 100.1 }, observed), []);
    assert.deepEqual(checkExpectations({ 'order.totalRefundedAmount': 40 }, observed), []);
    const [f] = checkExpectations({ 'order.amount': '100.11' }, observed);
    assert.deepEqual(f, { path: 'order.amount', expected: '"100.11"', actual: '100.10' });
  });

  it('two strings compare exactly: "40.0" is not "40.00"', () => {
    const text = '{"a":"40.00"}';
    assert.equal(checkExpectations({ a: '40.0' }, { status: 200, body: JSON.parse(text) as unknown, bodyText: text }).length, 1);
  });

  it('reports a wrong gatewayCode with what the code means', () => {
    const [f] = checkExpectations({ 'response.gatewayCode': 'APPROVED' }, observed);
    assert.equal(f?.actual, '"DECLINED"');
    assert.match(f?.meaning ?? '', /declined/i);
  });

  it('matchers: present / absent and one of a list', () => {
    assert.deepEqual(checkExpectations({ 'order.amount': { present: true }, 'order.nothing': { present: false }, result: { oneOf: ['SUCCESS', 'FAILURE'] } }, observed), []);
    assert.equal(checkExpectations({ 'order.nothing': { present: true } }, observed)[0]?.actual, 'absent');
  });

  it('no response fails a status expectation clearly', () => {
    assert.deepEqual(checkExpectations({ status: 200 }, { status: undefined, body: undefined, bodyText: '' }), [{ path: 'status', expected: '200', actual: 'no response' }]);
  });

  it('quotes at most 200 characters of a compared value, masked first, and showing a failure again changes nothing', () => {
    const huge = `5123450000000008 ${'v'.repeat(900_000)}`;
    const text = JSON.stringify({ order: { description: huge, password: 'Hunter2Secret' } });
    const failures = checkExpectations({ 'order.description': 'short', 'order.password': 'other' }, { status: 200, body: JSON.parse(text) as unknown, bodyText: text });
    const shown = failures.map((f) => redactFailure(f));
    assert.deepEqual(shown.map((f) => f.path), ['order.description', 'order.password']);
    assert.match(shown[0]?.actual ?? '', /^"512345xxxxxx0008 v{183}…" \(900017 characters\)$/);
    assert.deepEqual([shown[1]?.expected, shown[1]?.actual], ['<redacted>', '<redacted>']);
    assert.deepEqual(shown.map((f) => redactFailure(f)), shown, 'the CLI report redacts what the runner redacted: the same');
  });
});
