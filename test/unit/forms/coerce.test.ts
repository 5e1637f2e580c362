/** Text typed into a field becomes JSON by the field's wire type, without losing anything typed. */
import * as assert from 'node:assert/strict';
import { lengthCount, textToValue, valueToText } from '../../../src/features/form/model/coerce';

describe('forms: text to JSON', () => {
  it('a number field sends numbers when the text is one', () => {
    assert.equal(textToValue({ jsonType: 'number' }, '12'), 12);
    assert.equal(textToValue({ jsonType: 'number' }, '-0.5'), -0.5);
    assert.equal(textToValue({ jsonType: 'number' }, '999.99'), 999.99);
  });
  it('a number field keeps text that is not a number, so validation can say why', () => {
    assert.equal(textToValue({ jsonType: 'number' }, 'abc'), 'abc');
    assert.equal(textToValue({ jsonType: 'number' }, '12.'), '12.');
    assert.equal(textToValue({ jsonType: 'number' }, ' 12'), ' 12');
  });
  it('a text field keeps digits as text (gateway amounts are text)', () => {
    assert.equal(textToValue({ jsonType: 'string' }, '10.00'), '10.00');
  });
  it('an empty field is not sent', () => {
    assert.equal(textToValue({ jsonType: 'string' }, ''), undefined);
    assert.equal(textToValue({ jsonType: 'number' }, ''), undefined);
  });
  it('shows values as text', () => {
    assert.equal(valueToText(12), '12');
    assert.equal(valueToText(undefined), '');
    assert.equal(valueToText({ a: 1 }), '{"a":1}');
  });
  it('counts length against the maximum', () => {
    assert.deepEqual(lengthCount({ maxLength: 40, jsonType: 'string' }, 'x'.repeat(41)), { text: '41/40', over: true });
    assert.deepEqual(lengthCount({ maxLength: 40, jsonType: 'string' }, 'x'.repeat(40)), { text: '40/40', over: false });
    assert.equal(lengthCount({ jsonType: 'string' }, 'x'), undefined);
  });
});
