import * as assert from 'node:assert/strict';
import { JsonDepthError, MAX_JSON_DEPTH, assertDepth, depthOf, findTooDeep, parseJsonBounded, parseJsonWithOffsets, prettyJson, replacePropertyValues } from '../../../src/json';

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const nestedValue = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

describe('json nesting bound', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, saying where`, () => {
    assert.equal(findTooDeep(nested(MAX_JSON_DEPTH)), undefined);
    const error = findTooDeep(nested(MAX_JSON_DEPTH + 1), { where: 'The request file' });
    assert.ok(error instanceof JsonDepthError);
    assert.match(error.message, new RegExp(`^The request file is nested deeper than ${MAX_JSON_DEPTH} levels \\(at a\\.a\\.a`));
    assert.equal(error.offset, 5 * MAX_JSON_DEPTH);
  });

  it('refuses a body 100,000 levels deep with the clear error, not a stack overflow', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    assert.throws(() => parseJsonBounded(deep, { where: 'The response' }), /The response is nested deeper than 64 levels \(at \[0\]\[0\]/);
    assert.match(parseJsonWithOffsets(nested(5000)).error?.message ?? '', /nested deeper than 64 levels/);
  });

  it('measures parsed values without recursion, stopping past the limit', () => {
    assert.equal(depthOf(1), 0);
    assert.equal(depthOf({}), 1);
    assert.equal(depthOf([{ a: [] }]), 3);
    assert.equal(depthOf(nestedValue(100_000), 10), 11);
    assert.throws(() => assertDepth(nestedValue(5000), { where: 'History entry' }), /History entry is nested deeper than 64 levels \(at a\.a/);
    assert.doesNotThrow(() => assertDepth(nestedValue(MAX_JSON_DEPTH)));
  });

  it('parses a text within the bound as JSON.parse does', () => {
    assert.deepEqual(parseJsonBounded('{"a":[1,{"b":null}]}'), { a: [1, { b: null }] });
    assert.throws(() => parseJsonBounded('{"a":'), SyntaxError);
  });
});

describe('json in-place edits and formatting', () => {
  it('replaces values by key where they stand, everything else byte for byte', () => {
    const text = '{\n    "amount": 10.00,\n    "card": { "number": "5123450000000008", "csc": 123 },\n    "list": [ { "csc": "1" } ]\n}';
    const out = replacePropertyValues(text, (key, value) => (key === 'csc' ? 'X' : key === 'number' ? `${value.text?.slice(0, 6)}…` : undefined));
    assert.equal(out, '{\n    "amount": 10.00,\n    "card": { "number": "512345…", "csc": "X" },\n    "list": [ { "csc": "X" } ]\n}');
  });

  it('replaces an object value whole, and also walks text that is not quite JSON', () => {
    assert.equal(replacePropertyValues('{"s":{"x":[1,{"y":2}]},"n":0.50}', (key) => (key === 's' ? null : undefined)), '{"s":null,"n":0.50}');
    assert.equal(replacePropertyValues('{"p": "a", broken, "q": 1', (key) => (key === 'q' ? 'Q' : undefined)), '{"p": "a", broken, "q": "Q"');
  });

  it('pretty-prints keeping every literal', () => {
    assert.equal(prettyJson('{"a":10.50,"b":[],"c":{"d":[1,2e3]},"e":"x,{y}"}'), '{\n  "a": 10.50,\n  "b": [],\n  "c": {\n    "d": [\n      1,\n      2e3\n    ]\n  },\n  "e": "x,{y}"\n}');
    assert.equal(prettyJson('not json {'), 'not json {');
  });

  it('pretty-prints a body nested 5,000 deep into text that grows with the body, not with its depth squared', function () {
    this.timeout(120_000);
    const text = nested(5000);
    const pretty = prettyJson(text);
    // Indentation stops growing past the nesting bound: every line is at most that deep.
    assert.ok(pretty.length < 10 * text.length + 2 * 2 * MAX_JSON_DEPTH * 10_000, `${pretty.length} characters out for ${text.length} in`);
    const widest = Math.max(...pretty.split('\n').map((line) => line.length));
    assert.ok(widest <= 2 * MAX_JSON_DEPTH + 10, `a line of ${widest} characters`);
    assert.equal(pretty.replace(/\s/g, ''), text);
    assert.ok(pretty.startsWith('{\n  "a": {\n    "a": {'));
  });
});
