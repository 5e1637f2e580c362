/**
 * What the request log keeps. The log is shown in the editor and may be copied into bug reports, so
 * it goes through the workbench's one redaction policy (src/redaction, and the in-place body
 * redaction the HTTP client's log uses): the same secret keys, the same card mask, and the same
 * free-text rules for bodies that are not JSON (form posts, truncated JSON, pseudo-JSON).
 */
import { redactBodyText } from '../http/redact';
import { isSecretValue, maskCardNumber, redactHeaders as redactHeaderValues, redactText, redactUrlText, secretKindOfKey, type HeaderValue } from '../redaction';
import { DecimalNumber, type JsonOut } from './jsonText';

export { redactText, redactUrlText };

/**
 * Characters of a body the log keeps. A summary in text, never a parsed copy: a 16 KB body of small
 * objects parses into far more memory than its text, and the ring holds 1,000 entries.
 */
export const LOG_BODY_CHARS = 4096;
/** Redaction runs past the cut, so a secret or card number straddling it is redacted whole before the cut. */
const REDACTION_MARGIN = 1024;

/** A body as the log keeps it: redacted text, cut after LOG_BODY_CHARS characters with the full size said. */
export function redactBody(body: string): string | undefined {
  if (body.length === 0) return undefined;
  if (body.length <= LOG_BODY_CHARS) return redactBodyText(body);
  const head = redactBodyText(body.slice(0, LOG_BODY_CHARS + REDACTION_MARGIN)).slice(0, LOG_BODY_CHARS);
  return ownCopy(`${head}… (${body.length} characters in all)`);
}

/** A slice of a string may keep the whole original alive (V8 sliced strings): the log keeps its own copy of the few KB. */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** Header names lower-cased, as Node gives them, so the log reads the same for every exchange. */
export function redactHeaders(headers: Readonly<Record<string, HeaderValue>>): Record<string, string> {
  // Node's request headers are lower-case already: only the simulator's own answers may need the copy.
  if (Object.keys(headers).every((name) => name === name.toLowerCase())) return redactHeaderValues(headers);
  const lowered: Record<string, HeaderValue> = {};
  for (const [name, value] of Object.entries(headers)) lowered[name.toLowerCase()] = value;
  return redactHeaderValues(lowered);
}

/** Nesting the object-level check follows; an answer deeper than this is redacted as text. */
const MAX_CHECKED_DEPTH = 32;
/** A separator at a string's end: in the text the scan would read the closing quote as the start of a quoted value. */
const SEPARATOR_AT_END = /[:=]\s*$/;

/**
 * Whether redactBodyText(jsonText(value)) is exactly jsonText(value), decided on the object the
 * simulator answers with instead of scanning its text: the answer's text is then logged as it is.
 * False whenever it cannot be sure (a secret key with a value, an escaped or quoted string, a long
 * digit run, anything unusual): the caller redacts the text then, so the log is never less redacted.
 * Why this is exact: compact JSON has whitespace only inside strings, and with no quote or backslash
 * in any string every free-text rule's match stays inside one string, key or number; each of those
 * is checked with the same rules (redactText) here.
 */
export function redactionKeeps(value: JsonOut, depth = 0): boolean {
  if (value === null || value === undefined || typeof value === 'boolean') return true;
  if (typeof value === 'string') return plainString(value);
  if (typeof value === 'number') return (charsOf(JSON.stringify(value) ?? '') & MANY_DIGITS) === 0;
  if (value instanceof DecimalNumber) return (charsOf(value.text) & MANY_DIGITS) === 0;
  if (depth >= MAX_CHECKED_DEPTH) return false;
  if (Array.isArray(value)) return value.every((v) => redactionKeeps(v, depth + 1));
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const inner = value[key];
    if (inner === undefined) continue;
    const kind = kindOfKey(key);
    if (kind === NOT_A_WORD || !keyKeeps(key, kind, inner, depth)) return false;
  }
  return true;
}

/** A property as the text redaction treats it: a secret value is replaced, a card number masked, anything else walked. */
function keyKeeps(key: string, kind: SecretKind, inner: JsonOut, depth: number): boolean {
  if (kind === 'secret') {
    const isObject = typeof inner === 'object' && inner !== null && !Array.isArray(inner) && !(inner instanceof DecimalNumber);
    if (isSecretValue(key, isObject)) return false;
  }
  if (kind === 'cardNumber' && typeof inner === 'string') return maskCardNumber(inner) === inner && plainString(inner);
  if (kind === 'cardNumber' && (typeof inner === 'number' || inner instanceof DecimalNumber)) return false;
  return redactionKeeps(inner, depth + 1);
}

type SecretKind = ReturnType<typeof secretKindOfKey>;
/** A key JSON.stringify may escape, that holds more than word characters, or a card-length digit run: the text scan judges it. */
const NOT_A_WORD = 'not a word';

/** An answer has a few dozen distinct keys, met on every request: each is judged once. Bounded all the same. */
const kindOfKnownKey = new Map<string, SecretKind | typeof NOT_A_WORD>();
const MAX_KNOWN_KEYS = 1000;
const MAX_KNOWN_KEY_CHARS = 64;

function kindOfKey(key: string): SecretKind | typeof NOT_A_WORD {
  if (kindOfKnownKey.has(key)) return kindOfKnownKey.get(key);
  const kind = (charsOf(key) & (NOT_WORD | MANY_DIGITS)) !== 0 ? NOT_A_WORD : secretKindOfKey(key);
  if (kindOfKnownKey.size < MAX_KNOWN_KEYS && key.length <= MAX_KNOWN_KEY_CHARS) kindOfKnownKey.set(key, kind);
  return kind;
}

function plainString(text: string): boolean {
  const chars = charsOf(text);
  if ((chars & NOT_PLAIN) !== 0) return false;
  if ((chars & (SCANNED | MANY_DIGITS)) === 0) return true;
  return !SEPARATOR_AT_END.test(text) && redactText(text) === text;
}

/** JSON.stringify would escape it (or toLowerCase could fold it), or a quote that may open a value the text scan reads past the string's end. */
const NOT_PLAIN = 1;
/** A separator, or whitespace: every free-text rule but the digit runs needs one (":" of "://" too). */
const SCANNED = 2;
/** 12 digits or more: a card-length digit run may be among them. */
const MANY_DIGITS = 4;
/** Not a letter, digit or underscore. */
const NOT_WORD = 8;
const CARD_DIGITS = 12;

/** What a text holds, in one pass over its characters (the answer's strings are read on every request). */
function charsOf(text: string): number {
  let chars = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++digits >= CARD_DIGITS) chars |= MANY_DIGITS;
      continue;
    }
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) continue;
    chars |= NOT_WORD;
    if (c < 32 || c > 126 || c === 34 || c === 39 || c === 92) chars |= NOT_PLAIN;
    else if (c === 32 || c === 58 || c === 61) chars |= SCANNED;
  }
  return chars;
}

/** The log's copy of the simulator's own JSON answer: its text as it is when redaction would change nothing. */
export function redactAnswerBody(text: string, value: JsonOut): string | undefined {
  if (text.length === 0) return undefined;
  return text.length <= LOG_BODY_CHARS && redactionKeeps(value) ? text : redactBody(text);
}
