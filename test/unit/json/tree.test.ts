import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { locate, parseJsonWithOffsets, parsePath, positionAt, spanToUnderline, type JsonNode } from '../../../src/json';

const TEXT = `{
  "operation": "gateway.authorize",
  "body": {
    "order": { "reference": "abc", "amount": "10.50" },
    "item": [
      { "name": "first" },
      { "name": "second", "quantity": 2 },
      { "name": "third\\"quoted\\"" }
    ],
    "flag": true,
    "nothing": null
  }
}`;

function slice(text: string, span: { offset: number; length: number }): string {
  return text.slice(span.offset, span.offset + span.length);
}

describe('json text tree (locating a path)', () => {
  it('parses paths with indices', () => {
    assert.deepEqual(parsePath('body.item[2].name'), ['body', 'item', 2, 'name']);
    assert.deepEqual(parsePath('body.matrix[1][0]'), ['body', 'matrix', 1, 0]);
    assert.deepEqual(parsePath(''), []);
  });

  it('finds the exact text of a scalar value', () => {
    const { root, error } = parseJsonWithOffsets(TEXT);
    assert.equal(error, undefined);
    const r = root as JsonNode;
    assert.equal(slice(TEXT, spanToUnderline(locate(r, 'body.order.reference'))), '"abc"');
    assert.equal(slice(TEXT, spanToUnderline(locate(r, 'body.item[2].name'))), '"third\\"quoted\\""');
    assert.equal(slice(TEXT, spanToUnderline(locate(r, 'body.item[1].quantity'))), '2');
    assert.equal(slice(TEXT, spanToUnderline(locate(r, 'body.flag'))), 'true');
    assert.equal(slice(TEXT, spanToUnderline(locate(r, 'body.nothing'))), 'null');
  });

  it('underlines the key of an object or array, not its whole extent', () => {
    const r = parseJsonWithOffsets(TEXT).root as JsonNode;
    assert.equal(slice(TEXT, spanToUnderline(locate(r, 'body.order'))), '"order"');
    assert.equal(slice(TEXT, spanToUnderline(locate(r, 'body.item'))), '"item"');
  });

  it('falls back to the deepest ancestor for a missing path', () => {
    const r = parseJsonWithOffsets(TEXT).root as JsonNode;
    const missing = locate(r, 'body.order.currency');
    assert.equal(missing.exact, false);
    assert.equal(missing.depth, 2);
    assert.equal(slice(TEXT, spanToUnderline(missing)), '"order"');
    const outOfRange = locate(r, 'body.item[7].name');
    assert.equal(slice(TEXT, spanToUnderline(outOfRange)), '"item"');
    assert.equal(slice(TEXT, spanToUnderline(locate(r, 'nothing.here'))), '{');
  });

  it('the last duplicate key wins, as in JSON.parse', () => {
    const text = '{"a": 1, "a": 22}';
    const r = parseJsonWithOffsets(text).root as JsonNode;
    assert.equal(slice(text, spanToUnderline(locate(r, 'a'))), '22');
  });

  it('reports the position of a syntax error', () => {
    const cases: [string, string][] = [
      ['{"a": 1,, "b": 2}', ','],
      ['{"a": 1 "b": 2}', '"b"'],
      ['{"a": tru}', 'tru'],
      ['{"a": 1,}', ','],
      ['{"a": "unterminated\n}', '"unterminated'],
      ['{"a": 1} x', 'x'],
    ];
    for (const [text, at] of cases) {
      const { error } = parseJsonWithOffsets(text);
      assert.ok(error, `no error for ${text}`);
      assert.equal(slice(text, error), at, `${text}: ${error.message}`);
    }
    assert.match(parseJsonWithOffsets('').error?.message ?? '', /empty/);
    assert.match(parseJsonWithOffsets('{"a": ').error?.message ?? '', /end of the file/);
  });

  it('keeps the partial root of a half-typed object, so its operation is still known', () => {
    const { root, error } = parseJsonWithOffsets('{\n  "operation": "gateway.refund",\n  "body": {');
    assert.ok(error);
    assert.equal(root?.type, 'object');
    const op = root?.type === 'object' ? root.properties[0]?.value : undefined;
    assert.equal(op?.type === 'string' ? op.value : undefined, 'gateway.refund');
  });

  it('positionAt gives line and character', () => {
    assert.deepEqual(positionAt('ab\ncd\nef', 4), { line: 1, character: 1 });
    assert.deepEqual(positionAt('ab', 0), { line: 0, character: 0 });
  });

  it('agrees with JSON.parse on validity and values (property test)', () => {
    const toPlain = (n: JsonNode): unknown => {
      switch (n.type) {
        case 'object':
          return Object.fromEntries(n.properties.map((p) => [p.key, toPlain(p.value)]));
        case 'array':
          return n.items.map(toPlain);
        case 'null':
          return null;
        default:
          return n.value;
      }
    };
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const parsed = parseJsonWithOffsets(text);
        assert.equal(parsed.error, undefined, text);
        assert.deepEqual(toPlain(parsed.root as JsonNode), JSON.parse(text));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const ours = parseJsonWithOffsets(text).error === undefined;
        // Ours rejects nothing JSON.parse accepts, except the lone-BOM/whitespace-only edge, which both reject.
        assert.equal(ours, valid, JSON.stringify(text));
      }),
      { numRuns: 500 },
    );
  });
});
