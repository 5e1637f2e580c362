import { isPublicTestCard, maskCardNumber } from './cardMask';
import { REDACTED, isCardSecurityCodeKey, isIdentifierKey, isSecretValue, lastKeyOfPath, secretKindOfKey } from './secretFields';
import { identifierRuns, redactIdentifier, redactText, type SecretValues } from './text';

interface JsonRedactionOptions {
  known?: SecretValues;
  /**
   * Keep the gateway's public test cards (and the CSC beside them) in full: set only for what a
   * TEST environment sent, so history can re-send them. Every other card is masked.
   */
  keepPublicTestCards?: boolean;
  /** False when the caller scans the serialised text itself (redactBodyText), so literals survive. */
  scanStrings?: boolean;
  /**
   * Digit runs left whole in free text: those of the same record's identifiers (identifierRuns), as
   * redactBodyText keeps them. Asked for only when a text has a run to mask, so most values never pay for them.
   */
  keepRuns?: () => ReadonlySet<string>;
  /**
   * The copy is plain JSON data, as JSON.parse(JSON.stringify(value)) would make it: a member that is
   * undefined (or a function) left out, one in a list and a number that is not finite made null.
   */
  plain?: boolean;
}

/**
 * Deep copy of a parsed JSON value: secret keys replaced, card numbers masked, and every string
 * scanned as free text (a URL with a password, a card number in a description).
 */
export function redactJson(value: unknown, options: JsonRedactionOptions = {}): unknown {
  if (typeof value === 'string') return options.scanStrings === false ? value : redactFreeText(value, options.known, options);
  // A card number sent as a JSON number is still a card number: masked, as text.
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1e11) {
    const digits = String(value);
    const masked = redactFreeText(digits, undefined, options);
    return masked === digits ? value : masked;
  }
  // In a plain copy an entry JSON cannot write becomes null: plainScalar does it for each entry.
  if (Array.isArray(value)) return value.map((v) => redactJson(v, options));
  if (typeof value !== 'object' || value === null) return options.plain ? plainScalar(value) : value;
  const record = value as Record<string, unknown>;
  const keepCard = options.keepPublicTestCards === true && Object.entries(record).some(([k, v]) => secretKindOfKey(k) === 'cardNumber' && isPublicTestCard(v));
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) {
    if (options.plain && (inner === undefined || typeof inner === 'function')) continue;
    // Judged once per key here, and handed on.
    const kind = secretKindOfKey(key);
    const shown = keepCard && (kind === 'cardNumber' || isCardSecurityCodeKey(key)) && (typeof inner === 'string' || typeof inner === 'number') ? inner : redactAtKey(key, inner, options, kind);
    // A "__proto__" member (JSON.parse makes it an own key) stays a member: an assignment would set the copy's prototype.
    if (key === '__proto__') Object.defineProperty(result, key, { value: shown, enumerable: true, writable: true, configurable: true });
    else result[key] = shown;
  }
  return result;
}

/** A scalar as JSON.parse(JSON.stringify(…)) gives it back: null for what JSON cannot write, 0 for -0 (written "0"). */
const plainScalar = (v: unknown): unknown => (!isJsonValue(v) ? null : Object.is(v, -0) ? 0 : v);

/** What JSON.stringify writes as itself: not undefined, a function, a symbol or a number that is not finite. */
const isJsonValue = (v: unknown): boolean => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol' && (typeof v !== 'number' || Number.isFinite(v));

/** redactText, then again with the identifiers' runs kept when it masked something and the caller keeps some. */
function redactFreeText(text: string, known: SecretValues | undefined, options: JsonRedactionOptions): string {
  const shown = redactText(text, known);
  return shown === text || !options.keepRuns ? shown : redactText(text, known, { keepRuns: options.keepRuns() });
}

/** The value at `key` as redactJson shows it: a secret replaced, a card number masked, an id's digits kept, anything else walked. */
function redactAtKey(key: string, inner: unknown, options: JsonRedactionOptions, kind = secretKindOfKey(key)): unknown {
  if (kind === 'secret' && isSecretValue(key, typeof inner === 'object' && inner !== null && !Array.isArray(inner))) return REDACTED;
  if (kind === 'cardNumber' && (typeof inner === 'string' || typeof inner === 'number')) return maskCardNumber(String(inner));
  if (typeof inner === 'string' && isIdentifierKey(key)) return options.scanStrings === false ? inner : redactIdentifier(inner, options.known);
  return redactJson(inner, options);
}

/**
 * The value of the field at `path` as it may be shown (a message quoting what was given): judged by
 * the path's last key as redactJson judges a key, and any text in it scanned as free text.
 */
export function redactValueAt(path: string, value: unknown, known?: SecretValues): unknown {
  return redactAtKey(lastKeyOfPath(path), value, known ? { known } : {});
}

/**
 * The digit runs the identifiers of a parsed JSON value keep (identifierRuns of each text at an
 * identifier key), as http/redact's identifierDigitRuns finds them in its text: so what is shown of
 * the value elsewhere (a decoded answer) keeps the same ids whole. The value's depth is its caller's bound.
 */
export function identifierRunsOfJson(value: unknown, runs: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const inner of value) identifierRunsOfJson(inner, runs);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner !== 'string') identifierRunsOfJson(inner, runs);
      else if (isIdentifierKey(key)) for (const run of identifierRuns(inner)) runs.add(run);
    }
  }
  return runs;
}
