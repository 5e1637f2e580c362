import * as assert from 'node:assert/strict';
import { collectNumberLiterals, formatJsonNumber, pathKey } from '../../../src/json';

describe('number literals', () => {
  it('keeps every number literal by its path', () => {
    const found = collectNumberLiterals('{"a":0.00,"b":[1.50,{"c.d":-2e3}],"e":"3.0","f":true,"g":null,"h\\"x":10}');
    assert.equal(found.get(pathKey(['a'])), '0.00');
    assert.equal(found.get(pathKey(['b', 0])), '1.50');
    assert.equal(found.get(pathKey(['b', 1, 'c.d'])), '-2e3');
    assert.equal(found.get(pathKey(['h"x'])), '10');
    assert.equal(found.has(pathKey(['e'])), false, 'strings are not numbers');
    assert.equal(found.size, 4);
  });

  it('keeps paths apart that a naive join would merge', () => {
    const found = collectNumberLiterals('{"a.b":1,"a":{"b":2},"0":3,"x":[4],"n\\u0000s":5,"n":{"":6}}');
    assert.equal(found.get(pathKey(['a.b'])), '1');
    assert.equal(found.get(pathKey(['a', 'b'])), '2');
    assert.equal(found.get(pathKey(['0'])), '3');
    assert.equal(found.get(pathKey(['x', 0])), '4');
    assert.equal(found.get(pathKey(['n\u0000s'])), '5');
    assert.equal(found.get(pathKey(['n', ''])), '6');
  });

  it('returns nothing for text that is not JSON', () => {
    assert.equal(collectNumberLiterals('{"a":1').size, 0);
    assert.equal(collectNumberLiterals('<html>').size, 0);
    assert.equal(collectNumberLiterals('{"a":1} trailing').size, 0);
  });

  it('survives nesting deeper than the stack', () => {
    const deep = '['.repeat(100000) + '1' + ']'.repeat(100000);
    assert.doesNotThrow(() => collectNumberLiterals(deep));
  });

  it('formats numbers in shortest plain decimal form', () => {
    assert.equal(formatJsonNumber(10.01), '10.01');
    assert.equal(formatJsonNumber(0), '0');
    assert.equal(formatJsonNumber(-0), '0');
    assert.equal(formatJsonNumber(1e21), '1000000000000000000000');
    assert.equal(formatJsonNumber(1.5e-7), '0.00000015');
    assert.equal(formatJsonNumber(-1.25e22), '-12500000000000000000000');
    assert.equal(formatJsonNumber(1000000000000), '1000000000000');
  });
});
