import * as assert from 'node:assert/strict';
import { codeOf, describeExchange, formatMs, shortTime, toneOf, tooltipText } from '../../../src/history/describeExchange';
import { prettyJson } from '../../../src/json';
import { fenced, renderExchange, RAW_BODY_DISPLAY_LIMIT } from '../../../src/features/response/host/renderExchange';
import type { Exchange } from '../../../src/send/exchange';
import { makeExchange } from '../../harness/exchanges';

const failed = (): Exchange => {
  const { response: _r, decoded: _d, ...rest } = makeExchange();
  return { ...rest, failure: { kind: 'timeout', message: 'No answer within 15 s from 127.0.0.1:4477.' } };
};

describe('history wording', () => {
  it('describes status, gatewayCode and time', () => {
    const e = makeExchange({ startedAt: new Date(2026, 0, 2, 14, 3, 7).toISOString() });
    assert.equal(describeExchange(e, new Date(2026, 0, 2, 18, 0, 0)), '201 · APPROVED · 14:03:07');
    assert.equal(toneOf(e), 'success');
    assert.equal(codeOf(e), 'APPROVED');
  });

  it('a failed send shows its kind', () => {
    const e = failed();
    assert.match(describeExchange(e), /^timeout · /);
    assert.equal(toneOf(e), 'failure');
  });

  it('older entries show the date', () => {
    assert.match(shortTime(new Date(2026, 0, 1, 9, 5, 0).toISOString(), new Date(2026, 0, 2)), /^2026-01-01 09:05:00$/);
  });

  it('tooltips are plain text: no Markdown escaping shown, durations rounded', () => {
    const base = makeExchange({ environment: { id: 'p', name: 'Prod [x](y)', live: true } });
    const e: Exchange = { ...base, operationId: 'gateway.authorize', response: { ...(base.response as NonNullable<Exchange['response']>), timing: { totalMs: 72.55592000001343, ttfbMs: 30.4 } } };
    const tip = tooltipText(e);
    assert.match(tip, /\(gateway\.authorize\)/);
    assert.ok(!tip.includes('\\'), `no escaping backslash: ${tip}`);
    assert.match(tip, /73 ms \(TTFB 30 ms\)/);
    assert.ok(!tip.includes('72.555'));
    assert.match(tip, /Prod \[x\]\(y\) · LIVE/);
    assert.equal(formatMs(0.4), '0 ms');
  });
});

describe('response document', () => {
  it('renders the verdict, facts, decoded report, cURL and the raw body', () => {
    const text = renderExchange(makeExchange());
    assert.match(text, /^# /);
    assert.match(text, /\| \*\*HTTP status\*\* \| 201 \|/);
    assert.match(text, /total 42 ms · TTFB 30 ms/);
    assert.match(text, /Local simulator · test/);
    assert.match(text, /APPROVED/);
    assert.match(text, /## Request \(cURL, secrets redacted\)/);
    assert.match(text, /"amount": "10.50"/);
  });

  it('marks a live environment', () => {
    const text = renderExchange(makeExchange({ environment: { id: 'p', name: 'Production', live: true } }));
    assert.match(text, /LIVE/);
  });

  it('a network failure shows its kind and message clearly', () => {
    const text = renderExchange(failed());
    assert.match(text, /^# ❌ Request failed: timeout/);
    assert.match(text, /No answer within 15 s/);
    assert.doesNotMatch(text, /## Raw response/);
  });

  it('decodes on the fly when the exchange has no decoded result', () => {
    const { decoded: _d, ...rest } = makeExchange();
    assert.match(renderExchange(rest), /APPROVED/);
  });

  it('caps the raw body in the document with a note', () => {
    const e = makeExchange();
    const big = JSON.stringify({ data: 'y'.repeat(RAW_BODY_DISPLAY_LIMIT + 10) });
    const text = renderExchange({ ...e, response: { ...(e.response as NonNullable<Exchange['response']>), bodyText: big } });
    assert.match(text, /Showing the first 1 MB/);
    assert.ok(text.length < big.length + 20_000);
  });

  it('shows an answer of a few hundred thousand lines (a long array, pretty-printed) without overflowing the stack', () => {
    const e = makeExchange();
    const long = JSON.stringify({ items: new Array<number>(300_000).fill(0) });
    const text = renderExchange({ ...e, response: { ...(e.response as NonNullable<Exchange['response']>), bodyText: long } });
    assert.ok(text.split('\n').length > 300_000, 'every element on its line');
  });

  it('a fence is longer than any backtick run in the content', () => {
    assert.deepEqual(fenced('text', 'a ``` b'), ['````text', 'a ``` b', '````']);
  });

  it('pretty-prints JSON keeping number literals', () => {
    assert.equal(prettyJson('{"a":10.50,"b":[],"c":{"d":[1,2e3]},"e":"x,{y}"}'), '{\n  "a": 10.50,\n  "b": [],\n  "c": {\n    "d": [\n      1,\n      2e3\n    ]\n  },\n  "e": "x,{y}"\n}');
    assert.equal(prettyJson('not json {'), 'not json {');
  });
});
