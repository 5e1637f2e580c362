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
});
