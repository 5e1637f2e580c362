import * as assert from 'node:assert/strict';
import { largeBodyText } from '../../../bench/decode.bench';
import { decodeResponse } from '../../../src/decode';
import { redactBodyText } from '../../../src/http';
import { collectNumberLiterals, pathKey, prettyJson, walkJson } from '../../../src/json';

/**
 * Linear, shown without a clock: the JSON layer reads each token once (counted below), and a
 * 10 MB body of short strings, which the former scanner took minutes over (it searched the rest of
 * the text once per string), decodes with its amounts exact inside the tier's ordinary timeout.
 */
describe('json text layer on large bodies', () => {
  it('visits each value once: the work grows with the body, not with its square', () => {
    const count = (megabytes: number) => {
      let values = 0;
      walkJson(largeBodyText(megabytes), { onValue: () => void values++ });
      return values;
    };
    const one = count(1);
    const four = count(4);
    assert.ok(four <= 4 * one + 16, `1 MB: ${one} values, 4 MB: ${four}`);
  });

  it('decodes a 10 MB body of short strings with its amounts exactly as written', () => {
    const rawText = largeBodyText(10);
    const decoded = decodeResponse({ operationId: 'gateway.authorize', httpStatus: 200, body: JSON.parse(rawText) as unknown, rawText });
    assert.equal(decoded.verdict.tone, 'success');
    assert.equal(decoded.order?.amount, '10.01');
    assert.equal(decoded.order?.totalRefundedAmount, '0.00');
  });

  it('collects the literals, pretty-prints and redacts a 10 MB body', () => {
    const rawText = largeBodyText(10).replace('"currency":"USD"', '"currency":"USD","password":"hunter2"');
    assert.equal(collectNumberLiterals(rawText).get(pathKey(['order', 'totalRefundedAmount'])), '0.00');
    const redacted = redactBodyText(rawText);
    assert.ok(!redacted.includes('hunter2'));
    assert.ok(redacted.includes('"totalRefundedAmount":0.00'));
    assert.ok(prettyJson(rawText).startsWith('{\n  "result": "SUCCESS",'));
  });
});
