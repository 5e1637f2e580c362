/**
 * Hostile input never freezes the extension host: every pattern is linear, a value over its maximum
 * length never reaches a pattern or a cross-field rule, and messages quote at most about 60
 * characters of a value. The time bound per case is the one timing assertion the issue allows.
 */
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { fieldsOf, validateBody, validateField, type ValidationIssue } from '../../../src/catalogue';
import { formatDecimal } from '../../../src/catalogue/decimal';
import { MAX_PROBLEMS } from '../../../src/catalogue/issues';
import { bodyOpVersions, NOW } from './helpers';

/** Per call; the slow cases of the issue took 4.7 s and 5 s. */
const BOUND_MS = 100;
/** A message: path, rule words, a value quoted in at most ~60 characters. */
const MAX_MESSAGE = 400;

function timed<T>(what: string, run: () => T): T {
  const started = performance.now();
  const out = run();
  const ms = performance.now() - started;
  assert.ok(ms < BOUND_MS, `${what} took ${ms.toFixed(1)} ms`);
  return out;
}

function assertShortMessages(issues: readonly ValidationIssue[]): void {
  for (const i of issues) assert.ok(i.message.length < MAX_MESSAGE, `a message of ${i.message.length} characters: ${i.message.slice(0, 120)}…`);
}

/** Long runs of the characters patterns trip over: dots, zeros, '@', spaces, digits with a dot. */
const hostileText = fc
  .tuple(
    fc.string({ maxLength: 4 }),
    fc.constantFrom('.', '0', '@', 'a', ' ', '1.', 'a@', '.a', '-', '=', 'x'),
    fc.integer({ min: 1_000, max: 100_000 }),
    fc.string({ maxLength: 4 }),
  )
  .map(([head, unit, length, tail]) => head + unit.repeat(Math.ceil(length / unit.length)) + tail);

const textFields = bodyOpVersions.flatMap(({ id, version }) =>
  fieldsOf(id, version)
    .filter((f) => f.jsonType === 'string' && !f.enum)
    .map((f) => ({ id, version, path: f.path.replace(/\[\]/g, '[0]').replace('{key}', 'k1') })),
);

describe('catalogue: hostile input is bounded and linear', () => {
  it('the cases of the issue: a@ + 60,000 dots + @, and a run of 50,000 zeros in a decimal', () => {
    const mail = `a@${'.'.repeat(60_000)}@`;
    const issues = timed('e-mail', () => validateField('financing.offers', undefined, 'email_address', mail));
    assert.deepEqual(issues.map((i) => i.rule), ['pattern']);
    assertShortMessages(issues);
    // /0+$/ retried from every zero of a run that does not end the text: quadratic.
    const zeros = timed('a run of zeros', () => formatDecimal({ units: 1n, scale: 50_000 }));
    assert.equal(zeros, `0.${'0'.repeat(49_999)}1`);
    assert.equal(timed('trailing zeros', () => formatDecimal({ units: 10n ** 50_000n, scale: 50_000 })), '1');
  });

  it('a value over its maximum length is reported by its length rule only (no pattern, no cross-field rule)', () => {
    const amount = `1.${'0'.repeat(99_990)}`;
    const card = { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' } } } };
    const body = { apiOperation: 'AUTHORIZE', order: { amount, currency: 'USD', itemAmount: amount, taxAmount: '1' }, sourceOfFunds: card };
    const issues = timed('long amounts', () => validateBody('gateway.authorize', 11, body, NOW));
    assert.deepEqual(issues.map((i) => `${i.path}:${i.rule}`), ['order.amount:maxLength', 'order.itemAmount:maxLength']);
  });

  it('any text field, any hostile string up to ~100k characters: each check under the bound, messages short', () => {
    fc.assert(
      fc.property(fc.constantFrom(...textFields), hostileText, ({ id, version, path }, value) => {
        assertShortMessages(timed(`${id} ${path} (${value.length})`, () => validateField(id, version, path, value)));
      }),
      { numRuns: 150 },
    );
  });

  it('whole bodies with hostile values and hostile unknown names: under the bound, messages short', () => {
    fc.assert(
      fc.property(fc.constantFrom(...bodyOpVersions), hostileText, hostileText, ({ id, version }, value, name) => {
        const body: Record<string, unknown> = {
          order: { amount: value, reference: value, custom: { [name.slice(0, 200)]: value } },
          [name]: value,
          item: Array.from({ length: 5 }, () => ({ name: value, quantity: value, unitPrice: value })),
          products: [{ name: value, price: 1, quantity: 1 }],
          email_address: value,
          customer: { email: value },
        };
        assertShortMessages(timed(`${id} body`, () => validateBody(id, version, body, NOW)));
      }),
      { numRuns: 60 },
    );
  });

  it('many unknown names cost a bounded search each', () => {
    const body: Record<string, unknown> = { apiOperation: 'AUTHORIZE' };
    for (let i = 0; i < 500; i++) body[`ordr${i}`] = i;
    const issues = timed('500 unknown names', () => validateBody('gateway.authorize', 11, body, NOW));
    // Every one is warned about: those listed, and the rest counted in the last problem.
    const listed = issues.filter((i) => i.rule === 'unknownField').length;
    const more = issues.at(-1);
    assert.equal(more?.severity, 'warning', 'only warnings were left unlisted');
    assert.equal(listed + Number(/and (\d+) more problems/.exec(more?.message ?? '')?.[1]), 500);
  });

  it(`a list of 2,000 bad entries: the first ${MAX_PROBLEMS} problems, then one that says how many more`, () => {
    const body = { products: Array.from({ length: 2_000 }, () => ({ name: 5 })) };
    const issues = validateBody('financing.offers', undefined, body, NOW);
    assert.equal(issues.length, MAX_PROBLEMS + 1);
    assert.deepEqual(issues[0]?.path, 'products[0].name');
    const more = issues[MAX_PROBLEMS];
    assert.equal(more?.severity, 'error');
    const count = Number(/^body: and (\d+) more problems are not listed \(only the first 100 are\)$/.exec(more?.message ?? '')?.[1]);
    assert.ok(count >= 2_000 * 3 - MAX_PROBLEMS, `${more?.message}`);
    assertShortMessages(issues);
  });

  it('a map field holding megabytes of bad keys: one field, a bounded list of short messages', () => {
    const custom: Record<string, string> = {};
    for (let i = 0; i < 5_000; i++) custom[`bad key ${i} ${'!'.repeat(200)}`] = 'x'.repeat(1_000);
    const issues = validateField('gateway.authorize', 11, 'order.custom', custom);
    assert.equal(issues.length, MAX_PROBLEMS + 1);
    assert.match(issues[MAX_PROBLEMS]?.message ?? '', /^order\.custom: and \d+ more problems are not listed/);
    assertShortMessages(issues);
  });
});
