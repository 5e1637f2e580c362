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
import { escapeControls, excerpt, quoteValueAt } from '../format/quote';
import { REDACTED, redactMessage, redactText, redactValueAt, secretKindOfPath, type SecretValues } from '../redaction';
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
 * compared values pass through the one redaction policy here (they are cut where they are quoted,
 * after their own redaction); `known` adds a run's own secrets. The path is the flow's own words (a
 * message's), the values are data.
 */
export function redactFailure(f: ExpectationFailure, known?: SecretValues): ExpectationFailure {
  const secret = secretKindOfPath(f.path) === 'secret';
  // "got absent" stays: the runner's own word is no value (values are quoted), and "<redacted>" would say one was there.
  const shown = (text: string) => (NO_VALUE_WORDS.has(text) ? text : secret ? REDACTED : redactText(text, known));
  return {
    ...f,
    // A valid path is at most 500 characters (parseDottedPath): not cut, so that showing it twice changes nothing.
    path: escapeControls(redactMessage(f.path, known)),
    expected: shown(f.expected),
    actual: shown(f.actual),
    ...(f.meaning !== undefined ? { meaning: redactMessage(f.meaning, known) } : {}),
  };
}

/** What a failure says in place of a value the response did not have (checkExpectations): words, never data. */
const NO_VALUE_WORDS: ReadonlySet<string> = new Set(['absent', 'no response', 'not a dotted path']);

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

/**
 * The expectations `expect` fails on `observed`. Compared values are quoted as messages quote input:
 * through the redaction policy (and `known`, a run's secrets) first, then cut at MAX_QUOTED_CHARS.
 */
export function checkExpectations(expect: Readonly<Record<string, unknown>>, observed: ObservedResponse, known?: SecretValues): ExpectationFailure[] {
  const failures: ExpectationFailure[] = [];
  let literals: Map<string, string> | undefined;
  for (const [path, expected] of Object.entries(expect)) {
    // Judged by the runner once the notification arrives (notificationExpectation.ts).
    if (path === 'notification') continue;
    if (path === 'status') {
      if (observed.status !== expected) failures.push({ path, expected: quoteValueAt(path, expected, known), actual: observed.status === undefined ? 'no response' : String(observed.status) });
      continue;
    }
    const steps = parseDottedPath(path.startsWith(BODY_PREFIX) ? path.slice(BODY_PREFIX.length) : path);
    if (!steps) {
      failures.push({ path, expected: quoteValueAt(path, expected, known), actual: 'not a dotted path' });
      continue;
    }
    const actual = valueAt(observed.body, steps);
    literals ??= typeof observed.bodyText === 'string' ? collectNumberLiterals(observed.bodyText) : new Map<string, string>();
    const literal = typeof actual === 'number' ? literals.get(pathKey(steps)) : undefined;
    if (matches(expected, actual, literal)) continue;
    const failure: ExpectationFailure = { path, expected: quoteValueAt(path, expected, known), actual: actual === undefined ? 'absent' : shownActual(path, actual, literal, known) };
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

/** A number as the response wrote it (its literal, through the policy: a card number sent as a number is masked), anything else quoted. */
function shownActual(path: string, actual: unknown, literal: string | undefined, known: SecretValues | undefined): string {
  if (literal === undefined) return quoteValueAt(path, actual, known);
  const shown = redactValueAt(path, literal, known);
  return typeof shown === 'string' ? excerpt(shown) : quoteValueAt(path, actual, known);
}
