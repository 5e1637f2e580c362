/**
 * A request or flow file under the 2 MB size bound can still be made of hundreds of thousands of tiny
 * values (a list of zeros, unknown fields, one-key objects nested in each other). The catalogue's
 * checks and the editor's offset tree took seconds of the extension host per keystroke on such a file
 * (900,000 list entries: 9 s of diagnostics). One bound (json/bounds.ts, the simulator's too) refuses
 * a text holding more than MAX_JSON_VALUES values at every door, with one clear problem that says where.
 */
import * as assert from 'node:assert/strict';
import { parseRequestFile } from '../../../src/catalogue';
import { diagnoseRequestText, summarizeRequestText } from '../../../src/editor/requestDiagnostics';
import { formBodyOf, whyNotFormBody } from '../../../src/features/form/host/credentialFields';
import { parseFlowText } from '../../../src/flows';
import { MAX_INPUT_FILE_BYTES } from '../../../src/json/fileText';
import { MAX_JSON_VALUES } from '../../../src/json';

const request = (body: unknown): string => JSON.stringify({ operation: 'gateway.authorize', params: { orderId: 'O-1', transactionId: '1' }, body });
const zeros = (n: number): number[] => new Array<number>(n).fill(0);
/** `count` unknown keys, each holding one-key objects nested `levels` deep: few commas, many values. */
function nestedKeys(count: number, levels: number): Record<string, unknown> {
  let inner: unknown = 1;
  for (let i = 0; i < levels; i++) inner = { a: inner };
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, inner]));
}
const unknownFields = (n: number): Record<string, number> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, 1]));

const HOSTILE: Record<string, string> = {
  'a list of 600,000 zeros': request({ order: { amount: '1.00', currency: 'EUR' }, item: zeros(600_000) }),
  '120,000 unknown fields': request(unknownFields(120_000)),
  '5,000 keys of one-key objects nested 60 deep': request(nestedKeys(5_000, 60)),
};

describe('hostile request and flow files: one bound on the values a file holds, at every door', () => {
  it('the hostile files are under the size bound, so the size alone does not refuse them', () => {
    for (const [name, text] of Object.entries(HOSTILE)) assert.ok(text.length < MAX_INPUT_FILE_BYTES, `${name}: ${text.length} characters`);
  });

  it('the editor reports one problem saying the bound and where it is passed, and the lenses parse nothing', () => {
    for (const [name, text] of Object.entries(HOSTILE)) {
      const problems = diagnoseRequestText(text);
      assert.equal(problems.length, 1, `${name}: ${problems.length} problems, first ${problems[0]?.message}`);
      const [only] = problems;
      assert.equal(only?.rule, 'size', name);
      assert.match(only?.message ?? '', new RegExp(`^This request file holds more than ${MAX_JSON_VALUES} values \\(the bound is passed at line 1, column \\d+\\); real request bodies hold a few hundred, so it is not read\\.$`), name);
      assert.ok((only?.span.offset ?? 0) > 0, `${name}: the problem sits where the bound is passed`);
      assert.deepEqual(summarizeRequestText(text), { topOffset: 0 }, name);
    }
  });

  it('Send, Open in Form and the CLI (parseRequestFile) and flows (parseFlowText) refuse them with the same words', () => {
    for (const [name, text] of Object.entries(HOSTILE)) {
      const parsed = parseRequestFile(text);
      assert.equal(parsed.ok, false, name);
      assert.match(parsed.ok ? '' : parsed.message, new RegExp(`^The request file holds more than ${MAX_JSON_VALUES} values \\(the bound is passed at line 1, column \\d+\\)`), name);
      const flow = parseFlowText(`{"name":"x","steps":[{"id":"a","operation":"gateway.authorize","body":${JSON.stringify(JSON.parse(text).body)}}]}`);
      assert.equal(flow.ok, false, name);
      const problem = flow.ok ? undefined : flow.problems[0];
      assert.match(problem?.message ?? '', new RegExp(`^The flow file holds more than ${MAX_JSON_VALUES} values`), name);
      assert.equal(problem?.at?.line, 1, `${name}: the problem has its place in the file`);
    }
  });

  it('a real body stays within the bound: the summary and the diagnostics read it as before', () => {
    const items = Array.from({ length: 1_000 }, (_, i) => ({ name: `Item ${i}`, quantity: '1', unitPrice: '1.00', sku: `SKU-${i}` }));
    const text = request({ apiOperation: 'AUTHORIZE', order: { amount: '1000.00', currency: 'EUR', item: items }, sourceOfFunds: { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } } });
    assert.equal(parseRequestFile(text).ok, true);
    assert.ok(!diagnoseRequestText(text).some((p) => p.rule === 'size'));
    assert.equal(summarizeRequestText(text).operation?.id, 'gateway.authorize');
  });

  it('a body the form cannot hold (a list of 12,000) is refused with why, not opened empty', () => {
    const body = { order: { amount: '1.00', currency: 'EUR', item: Array.from({ length: 12_000 }, () => ({ name: 'x' })) } };
    assert.equal(formBodyOf(body), undefined);
    assert.match(whyNotFormBody(body) ?? '', /order\.item has more than 10000 entries; at most 10000 are accepted/);
  });
});
