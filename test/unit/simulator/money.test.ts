import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DecimalNumber, jsonText } from '../../../src/simulator/jsonText';
import { formatAmount, parseAmount } from '../../../src/simulator/money';

describe('simulator: exact money', () => {
  it('parses request amounts into thousandths and refuses anything else', () => {
    assert.equal(parseAmount('10.01'), 10010n);
    assert.equal(parseAmount('7'), 7000n);
    assert.equal(parseAmount('0.125'), 125n);
    for (const bad of ['', '1.2345', '-1', '1e3', '1,00', ' 1', '.5', '1.']) assert.equal(parseAmount(bad), undefined, bad);
  });

  it('formats with at least two decimals and a third only when needed', () => {
    assert.equal(formatAmount(0n), '0.00');
    assert.equal(formatAmount(10010n), '10.01');
    assert.equal(formatAmount(125n), '0.125');
    assert.equal(formatAmount(1_000_000_000_000_000n), '1000000000000.00');
  });

  it('sums exactly where floats drift (0.1 + 0.2 = 0.30)', () => {
    assert.equal(formatAmount((parseAmount('0.1') ?? 0n) + (parseAmount('0.2') ?? 0n)), '0.30');
  });

  it('round-trips any amount through parse and format', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (milli) => {
        assert.equal(parseAmount(formatAmount(milli)), milli);
      }),
    );
  });

  it('prints DecimalNumber as a bare JSON number, verbatim, and leaves look-alike strings alone', () => {
    const text = jsonText({ a: DecimalNumber.of(0n), b: [DecimalNumber.of(10010n)], c: '\u0000x:1.00\u0000', d: undefined });
    assert.equal(text, '{"a":0.00,"b":[10.01],"c":"\\u0000x:1.00\\u0000"}');
    assert.deepEqual(JSON.parse(text), { a: 0, b: [10.01], c: '\u0000x:1.00\u0000' });
  });
});
