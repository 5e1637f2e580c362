/**
 * A step's `expect`: `status` is the HTTP status; every other key is a dotted path into the response
 * body, and `body.` in front reaches a body field that a reserved key hides (`body.status`: Retrieve
 * Order's order status). Strings and booleans compare exactly; a decimal string and a JSON number compare by exact
 * decimal value ("40.00" equals 40), read from the number's literal in the response text, never
 * through floating point. Matchers: `{ "present": true|false }` and `{ "oneOf": [values] }`.
 */
import { isDeepStrictEqual } from 'node:util';
import { GATEWAY_CODES } from '../catalogue/codes';
import { compare, parseDecimal } from '../catalogue/decimal';
import { collectNumberLiterals, formatJsonNumber, pathKey } from '../json/numbers';
import { ownValue } from '../json/ownKey';
import { REDACTED, redactText, secretKindOfPath, type SecretValues } from '../redaction';
import { parseDottedPath, valueAt } from './paths';

export interface ExpectationFailure {
  path: string;
  expected: string;
  actual: string;
  /** What a gatewayCode (or other code) means, when the path holds one. */
  meaning?: string;
}

const BODY_PREFIX = 'body.';

/**
 * A failure as shown (Test Results, reports): expectations are judged on the response as received, so the
 * compared values pass through the one redaction policy here; `known` adds a run's own secrets.
 */
export function redactFailure(f: ExpectationFailure, known?: SecretValues): ExpectationFailure {
  const secret = secretKindOfPath(f.path) !== undefined;
  const shown = (text: string) => (secret ? REDACTED : redactText(text, known));
  return { ...f, path: redactText(f.path, known), expected: shown(f.expected), actual: shown(f.actual), ...(f.meaning !== undefined ? { meaning: redactText(f.meaning, known) } : {}) };
}

type Matcher = { present: boolean } | { oneOf: unknown[] };

export function isMatcher(value: unknown): value is Matcher {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1) return false;
  const v = (value as Record<string, unknown>)[keys[0] ?? ''];
  return (keys[0] === 'present' && typeof v === 'boolean') || (keys[0] === 'oneOf' && Array.isArray(v));
}

/** The response as the expectations see it: parsed body plus the literal text of each number. */
export interface ObservedResponse {
  status: number | undefined;
  body: unknown;
  bodyText: string;
}

export function checkExpectations(expect: Readonly<Record<string, unknown>>, observed: ObservedResponse): ExpectationFailure[] {
  const failures: ExpectationFailure[] = [];
  let literals: Map<string, string> | undefined;
  for (const [path, expected] of Object.entries(expect)) {
    // Judged by the runner once the notification arrives (notificationExpectation.ts).
    if (path === 'notification') continue;
    if (path === 'status') {
      if (observed.status !== expected) failures.push({ path, expected: show(expected), actual: observed.status === undefined ? 'no response' : String(observed.status) });
      continue;
    }
    const steps = parseDottedPath(path.startsWith(BODY_PREFIX) ? path.slice(BODY_PREFIX.length) : path);
    if (!steps) {
      failures.push({ path, expected: show(expected), actual: 'not a dotted path' });
      continue;
    }
    const actual = valueAt(observed.body, steps);
    literals ??= collectNumberLiterals(observed.bodyText);
    const literal = typeof actual === 'number' ? literals.get(pathKey(steps)) : undefined;
    if (matches(expected, actual, literal)) continue;
    const failure: ExpectationFailure = { path, expected: show(expected), actual: actual === undefined ? 'absent' : literal ?? show(actual) };
    const meaning = codeMeaning(path, actual);
    if (meaning) failure.meaning = meaning;
    failures.push(failure);
  }
  return failures;
}

function matches(expected: unknown, actual: unknown, literal: string | undefined): boolean {
  if (isMatcher(expected)) {
    if ('present' in expected) return (actual !== undefined) === expected.present;
    return expected.oneOf.some((option) => matches(option, actual, literal));
  }
  if (typeof actual === 'number' || typeof expected === 'number') return sameDecimal(expected, typeof actual === 'number' ? literal ?? formatJsonNumber(actual) : actual);
  return isDeepStrictEqual(expected, actual);
}

/** A JSON number against a decimal string or number: equal when the decimal values are equal. */
function sameDecimal(expected: unknown, actual: unknown): boolean {
  const a = parseDecimal(typeof expected === 'number' ? formatJsonNumber(expected) : expected);
  const b = parseDecimal(actual);
  return a !== undefined && b !== undefined && compare(a, b) === 0;
}

function codeMeaning(path: string, actual: unknown): string | undefined {
  if (!path.endsWith('gatewayCode') || typeof actual !== 'string') return undefined;
  return ownValue<{ meaning: string }>(GATEWAY_CODES, actual)?.meaning;
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
}
