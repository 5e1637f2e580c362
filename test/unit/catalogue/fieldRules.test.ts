/**
 * Every field-level rule of every operation, driven by its metadata: the valid value passes, the
 * boundaries pass, one past fails with the right rule and message. Removing a rule from the
 * catalogue's checks (but not from its metadata) makes these fail.
 */
import * as assert from 'node:assert/strict';
import { fieldsOf, validateField, type FieldMeta } from '../../../src/catalogue';
import { REDACTED, secretKindOfPath } from '../../../src/redaction';
import { bodyOpVersions, candidateStringsOfLength, validStringOfLength } from './helpers';

/** A concrete path for a catalogue path: 'item[].name' → 'item[0].name', 'order.custom.{key}' → 'order.custom.k1'. */
const concrete = (p: string) => p.replace(/\[\]/g, '[0]').replace('{key}', 'k1');

function check(id: Parameters<typeof validateField>[0], version: number | undefined, meta: FieldMeta, failures: string[]): void {
  const path = concrete(meta.path);
  const run = (value: unknown) => validateField(id, version, path, value);
  const expectOk = (value: unknown, why: string) => {
    const issues = run(value);
    if (issues.length) failures.push(`${path} ${why} (${JSON.stringify(value)}) should pass: ${issues.map((i) => i.message).join('; ')}`);
  };
  const expectRule = (value: unknown, rule: string, messageStart: string, why: string, severity: 'error' | 'warning' = 'error') => {
    const issues = run(value);
    const hit = issues.find((i) => i.rule === rule);
    if (!hit) failures.push(`${path} ${why} (${JSON.stringify(value)}) should fail ${rule}, got ${JSON.stringify(issues)}`);
    else if (!hit.message.startsWith(messageStart)) failures.push(`${path} ${why}: message '${hit.message}' should start with '${messageStart}'`);
    else if (hit.path !== path) failures.push(`${path} ${why}: reported on ${hit.path}`);
    else if (hit.severity !== severity) failures.push(`${path} ${why}: should be an ${severity}, is an ${hit.severity}`);
    else if (severity === 'warning' && issues.some((i) => i.severity === 'error')) failures.push(`${path} ${why}: a warning only, got ${JSON.stringify(issues)}`);
  };

  if (meta.kind === 'array' || meta.kind === 'map') return;

  // required-ness
  if (meta.required) expectRule(undefined, 'required', `${path}: required`, 'missing');
  else expectOk(undefined, 'absent');
  // What real integrations send and the gateway accepts: null for an optional field is absent, with a warning.
  if (meta.required) expectRule(null, meta.enum ? 'enum' : 'type', `${path}: must be `, 'null for a required field');
  else expectRule(null, 'null', `${path}: null is treated as absent`, 'null for an optional field', 'warning');

  if (meta.example !== undefined) expectOk(meta.example, 'example');

  if (meta.enum) {
    for (const v of meta.enum) expectOk(v, 'enum value');
    expectRule('NOT_A_LISTED_VALUE', 'enum', `${path}: must be one of `, 'unlisted value');
    return;
  }
  if (meta.jsonType === 'boolean') {
    expectOk(true, 'true');
    expectOk(false, 'false');
    expectRule('true', 'type', `${path}: must be true or false, got text 'true'`, 'boolean as text');
    return;
  }
  if (meta.jsonType === 'number') {
    if (meta.kind === 'integer') expectRule(1.5, 'integer', `${path}: must be a whole number`, 'fraction');
    if (meta.min !== undefined) {
      expectOk(meta.min, 'min');
      expectRule(meta.min - 1, 'min', `${path}: must be at least ${meta.min}, got ${meta.min - 1}`, 'below min');
    }
    if (meta.max !== undefined) {
      expectOk(meta.max, 'max');
      expectRule(meta.max + 1, 'max', `${path}: must be at most ${meta.max}, got ${meta.max + 1}`, 'above max');
    }
    if (meta.kind === 'integer') expectRule(String(meta.min ?? 1), 'digitString', `${path}: the spec asks for a whole number, not text`, 'digits as text', 'warning');
    else expectRule('12', 'type', `${path}: must be `, 'number as text');
    if (meta.kind === 'integer' && path !== 'external_id') expectRule('twelve', 'type', `${path}: must be `, 'words for a number');
    return;
  }

  // text
  if (meta.kind === 'decimal') expectRule(12, 'numberAmount', `${path}: the spec asks for a decimal string such as '10.50'; a number can lose precision`, 'number for an amount', 'warning');
  // A value at a secret's field is never quoted: the message names the field.
  else expectRule(12, 'type', `${path}: must be text, got number ${secretKindOfPath(path) === 'secret' ? REDACTED : 12}`, 'number instead of text');
  if (meta.maxLength !== undefined) {
    const candidates = candidateStringsOfLength(meta, meta.maxLength);
    const atMax = candidates.find((c) => run(c).length === 0);
    if (candidates.length > 0 && atMax === undefined) failures.push(`${path}: no value of maxLength ${meta.maxLength} passes (${candidates.join(', ')}): ${run(candidates[0]).map((i) => i.message).join('; ')}`);
    const past = (atMax ?? 'a'.repeat(meta.maxLength)) + (atMax?.slice(-1) ?? '1');
    expectRule(past, 'maxLength', `${path}: must be at most ${meta.maxLength} characters, got ${meta.maxLength + 1}`, 'one past maxLength');
  }
  if (meta.minLength !== undefined && meta.minLength > 0) {
    const atMin = validStringOfLength(meta, meta.minLength);
    if (atMin !== undefined) expectOk(atMin, 'at minLength');
    const below = (atMin ?? 'a'.repeat(meta.minLength)).slice(0, meta.minLength - 1);
    expectRule(below, 'minLength', `${path}: must be at least ${meta.minLength} characters, got ${meta.minLength - 1}`, 'one below minLength');
  }
  if (meta.pattern) {
    const re = new RegExp(meta.pattern);
    const base = typeof meta.example === 'string' ? meta.example : validStringOfLength(meta, Math.max(1, meta.minLength ?? 1)) ?? 'a';
    const bad = ['\u00e9', '~', ' ', '@', 'x'].map((c) => c + base.slice(1)).find((v) => !re.test(v));
    if (!bad) failures.push(`${path}: could not build a value the pattern rejects`);
    else expectRule(bad, 'pattern', `${path}: must be ${meta.patternHint ?? ''}`, 'character outside the pattern');
  }
}

describe('catalogue: field rules from metadata', () => {
  for (const { id, version, label } of bodyOpVersions) {
    it(`${label}: every field passes its valid values and boundaries and fails one past them`, () => {
      const failures: string[] = [];
      for (const meta of fieldsOf(id, version)) check(id, version, meta, failures);
      assert.deepEqual(failures, []);
    });
  }
});
