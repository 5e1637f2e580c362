import * as assert from 'node:assert/strict';
import { toFieldError, validationTypeOf } from '../../../src/simulator/requestChecks';

describe('simulator: catalogue issues as gateway errors', () => {
  it('maps the rule to the validationType', () => {
    assert.equal(validationTypeOf('required'), 'MISSING');
    assert.equal(validationTypeOf('requiredFor'), 'MISSING', 'required in this case (an Authorize without order.amount) is still a missing parameter');
    assert.equal(validationTypeOf('unexpected'), 'UNSUPPORTED');
    for (const rule of ['enum', 'pattern', 'maxLength', 'minLength', 'type', 'integer', 'max', 'custom']) assert.equal(validationTypeOf(rule), 'INVALID', rule);
  });

  it('words each kind like the real gateway', () => {
    assert.deepEqual(toFieldError({ path: 'order.amount', rule: 'required', message: 'order.amount: required' }), { field: 'order.amount', validationType: 'MISSING', explanation: 'Missing parameter' });
    assert.deepEqual(toFieldError({ path: '3DSecure.authenticationIndicator', rule: 'unexpected', message: 'x', value: 'y' }), {
      field: '3DSecure.authenticationIndicator',
      validationType: 'UNSUPPORTED',
      explanation: "Unexpected parameter '3DSecure.authenticationIndicator'",
    });
    const long = 'x'.repeat(42);
    assert.equal(toFieldError({ path: 'order.reference', rule: 'maxLength', message: `order.reference: must be at most 40 characters, got 42`, value: long }).explanation, `Value '${long}' is invalid. Length is 42 characters, but must be less than 41`);
    assert.equal(
      toFieldError({ path: 'transaction.currency', rule: 'pattern', message: "transaction.currency: must be 3 upper-case letters (ISO 4217), got 'usd'", value: 'usd' }).explanation,
      "Value 'usd' is invalid. Must be 3 upper-case letters (ISO 4217)",
    );
  });

  it('quotes at most 200 characters of a value, and a list or object by its shape: a field holding megabytes gets a short answer', () => {
    const huge = 'y'.repeat(5_000_000);
    const pattern = toFieldError({ path: 'order.reference', rule: 'pattern', message: 'order.reference: must be printable text', value: huge }).explanation;
    assert.ok(pattern.length < 400, `an explanation of ${pattern.length} characters`);
    assert.match(pattern, /^Value 'y{200}…' \(5000000 characters\) is invalid\./);
    const long = toFieldError({ path: 'order.reference', rule: 'maxLength', message: 'order.reference: must be at most 40 characters', value: huge }).explanation;
    assert.match(long, /Length is 5000000 characters, but must be less than 41$/);
    assert.ok(long.length < 400);
    const list = toFieldError({ path: 'order.item', rule: 'type', message: 'order.item: must be an object', value: Array.from({ length: 100_000 }, () => 'z'.repeat(100)) }).explanation;
    assert.match(list, /a list of 100000/);
    assert.ok(list.length < 400);
  });
});
