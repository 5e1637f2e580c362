import * as assert from 'node:assert/strict';
import { add, compare, formatDecimal, multiply, parseDecimal, sum } from '../../../src/catalogue/decimal';

const d = (s: string) => {
  const v = parseDecimal(s);
  if (!v) throw new Error(`not a decimal: ${s}`);
  return v;
};

describe('catalogue: exact decimals', () => {
  it('0.1 + 0.2 equals 0.3 exactly (where binary floats do not)', () => {
    assert.notEqual(0.1 + 0.2, 0.3);
    assert.equal(compare(add(d('0.1'), d('0.2')), d('0.3')), 0);
  });
  it('tells 10.005 from 10.004', () => {
    assert.equal(compare(d('10.005'), d('10.004')), 1);
    assert.equal(compare(d('10.004'), d('10.005')), -1);
  });
  it('ignores trailing zeros when comparing', () => {
    assert.equal(compare(d('1.50'), d('1.5')), 0);
    assert.equal(compare(d('2'), d('2.000')), 0);
  });
  it('multiplies quantity × price exactly', () => {
    assert.equal(formatDecimal(multiply(d('3'), d('0.1'))), '0.3');
    assert.equal(formatDecimal(multiply(d('2.5'), d('1.25'))), '3.125');
    // Beyond 2^53: a float would lose the last digits.
    assert.equal(formatDecimal(multiply(d('9999999999999999'), d('1.01'))), '10099999999999998.99');
  });
  it('handles signs and sums', () => {
    assert.equal(formatDecimal(sum([d('-1.25'), d('0.25'), d('1')])), '0');
    assert.equal(formatDecimal(add(d('-1.5'), d('0.25'))), '-1.25');
  });
  it('rejects text that is not a plain decimal', () => {
    for (const bad of ['', '.5', '1.', '1e3', '+1', '1,5', ' 1', 'abc']) assert.equal(parseDecimal(bad), undefined, bad);
    assert.equal(parseDecimal(12), undefined);
  });
});
