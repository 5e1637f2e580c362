import { maskCardNumber, maskDigits, passesLuhn } from './cardMask';
import { REDACTED, REDACTED_KEY_NAMES, SECRET_LAST_WORDS, secretKindOfPath } from './secretFields';
import { redactUrlUserinfo } from './url';

/** Secret values the host holds (passwords, tokens), scrubbed wherever they appear. */
export interface SecretValues {
  redact(text: string): string;
}

const AUTH_CREDENTIAL = /\b(Basic|Bearer|Digest|Token)\s+[A-Za-z0-9._~+/=-]{8,}/g;

/** The names secretKindOfKey knows, as a pattern (lower case; the scans ignore case, as it does; a digit is not escaped: `\2` is a back-reference). */
const SECRET_NAMES = REDACTED_KEY_NAMES.map((n) => n.replace(/[^a-z0-9]/g, (c) => `\\${c}`)).join('|');
/** The last words of compound secret keys ("privateKey", "signing_key"): secretKindOfPath decides whether the word ends a key of its own. */
const LAST_WORDS = SECRET_LAST_WORDS.join('|');

/**
 * A key and its separator in any text that is not (or no longer) JSON: pseudo-JSON with single
 * quotes, truncated JSON, JavaScript objects, form-encoded and query strings, escaped JSON inside a
 * string. The look-behind makes only word starts candidates and every part is bounded, so the scan
 * is linear however hostile the text.
 */
const KEY_AND_SEPARATOR = keyAndSeparator();

/**
 * Matches only keys whose last part (as secretKindOfPath reads it) is a secret key's name: the key is
 * the whole run of key characters wherever a match starts, so a key that is no secret stops the match
 * inside the engine instead of costing a match object and a lookup for every key of every body.
 */
function keyAndSeparator(): RegExp {
  // The key is taken whole (a look-ahead then its back-reference: no backtracking into it), then its last part is read once.
  const lastPartIsSecret = `(?<=(?:(?<![\\w%-])(?:${SECRET_NAMES})|[a-z0-9][_-]?(?:${LAST_WORDS}))[.[\\]]*)`;
  return new RegExp(`(?<![\\w.%[\\]-])(\\\\{0,3}["']|)(?=([A-Za-z_][\\w.%[\\]-]{0,127}))\\2${lastPartIsSecret}\\1\\s{0,8}[:=]\\s{0,8}`, 'gi');
}
/**
 * The value after a secret key: quoted (closed or cut off by truncation), or a bare word that does
 * not open an object (the JSON pass has judged objects: the gateway's CSC result object stays).
 * Greedy with nothing after it, so it never backtracks.
 */
const VALUE = /(\\{0,3})(["'])((?:(?!\1\2)[^\r\n\\]|(?!\1\2)\\[^\r\n])*)((?:\1\2)?)|[^\s&,;{}\]'"<][^\s&,;}\]'"<]*/y;

export interface TextRedactionOptions {
  /** Digit runs (as digitRunsOf gives them) left whole: those of identifiers (identifierRuns) in the same record. */
  keepRuns?: ReadonlySet<string>;
}

/**
 * Free text (log lines, error messages, bodies that are not JSON): known secret values, credentials
 * after an auth scheme, URL userinfo, values of secret keys, and card-like digit runs.
 */
export function redactText(text: string, known?: SecretValues, options: TextRedactionOptions = {}): string {
  if (!known && !mayHoldFreeTextSecret(text)) return text;
  let result = known ? known.redact(text) : text;
  if (CLEAN_TEXTS.has(result)) return result;
  const unknown = result;
  result = result.replace(AUTH_CREDENTIAL, `$1 ${REDACTED}`);
  result = redactUrlUserinfo(result);
  result = redactKeyedValues(result, false);
  result = maskDigitRuns(result, options.keepRuns);
  // Kept runs can only leave more of a text as it was: a text clean without them is clean with any.
  if (result === unknown && !options.keepRuns?.size) rememberClean(result);
  return result;
}

/**
 * Short texts the rules above left as they were: the same sentences and codes come back in every
 * decoded answer and every body (a status, a meaning, "Approved"), and are scanned once. Bounded
 * in count and length; emptied when full, so texts seen once cannot hold it for ever.
 */
const CLEAN_TEXTS = new Set<string>();
const MAX_CLEAN_TEXTS = 2048;
const MAX_CLEAN_TEXT_CHARS = 256;

function rememberClean(text: string): void {
  if (text.length > MAX_CLEAN_TEXT_CHARS) return;
  if (CLEAN_TEXTS.size >= MAX_CLEAN_TEXTS) CLEAN_TEXTS.clear();
  CLEAN_TEXTS.add(text);
}

/**
 * A problem message the workbench wrote ("sourceOfFunds.provided.card.securityCode: must be at most 4
 * characters, got 5"). It names fields and quotes values already masked where it was written
 * (quoteValueAt), so a bare field name before ": " is a name, and the word after it is the message's
 * own: redactText would take it for the value of a key ("securityCode: <redacted> be at most…").
 * Everything else of redactText still applies to what a message may carry from elsewhere (a server's
 * words, an echoed body): known secrets, auth credentials, URL userinfo, card-like digit runs, and
 * secret keys written as key=value, as JSON or with a quoted value ("password": "x", password: 'x').
 */
export function redactMessage(text: string, known?: SecretValues): string {
  if (!known && !mayHoldFreeTextSecret(text)) return text;
  let result = known ? known.redact(text) : text;
  result = result.replace(AUTH_CREDENTIAL, `$1 ${REDACTED}`);
  result = redactUrlUserinfo(result);
  result = redactKeyedValues(result, true);
  return maskDigitRuns(result, undefined);
}

/**
 * Digit runs of card length or longer (a space or a dash between two digits allowed), each as
 * [start, end). 12 to 19 digits are masked when they pass Luhn (ids of that length are common); longer
 * runs always, because no id the APIs use is 20 or more bare digits and a card hidden in one must not
 * survive. The pattern only finds where a run starts; its end is scanned: an unbounded pattern ran out of
 * stack on millions of digits in a row.
 */
const CARD_DIGITS_START = /\d(?:[ -]?\d){11}/g;

function forEachDigitRun(text: string, visit: (start: number, end: number) => boolean | void): void {
  const isDigit = (at: number) => {
    const c = text.charCodeAt(at);
    return c >= 48 && c <= 57;
  };
  // Most texts (a name, a status, a sentence) hold fewer than 12 digits in all: no pattern object for them.
  if (!hasDigits(text, CARD_DIGITS)) return;
  // The engine finds where 12 digits start (a bounded pattern: no deep backtracking); the run's end is read on from there.
  // One pattern object per call: a visitor may itself look for digit runs.
  const candidate = new RegExp(CARD_DIGITS_START);
  for (let m = candidate.exec(text); m !== null; m = candidate.exec(text)) {
    let end = m.index + m[0].length;
    for (let j = end; j < text.length; ) {
      if (isDigit(j)) end = ++j;
      else if ((text[j] === ' ' || text[j] === '-') && isDigit(j + 1)) j++;
      else break;
    }
    if (visit(m.index, end) === false) return;
    candidate.lastIndex = end;
  }
}

/** Whether `text` holds at least `count` digits, anywhere. */
function hasDigits(text: string, count: number): boolean {
  let found = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57 && ++found >= count) return true;
  }
  return false;
}

function maskDigitRuns(text: string, keepRuns: ReadonlySet<string> | undefined): string {
  let out = '';
  let from = 0;
  forEachDigitRun(text, (start, end) => {
    const run = text.slice(start, end);
    out += text.slice(from, start) + (keepRuns?.has(run) ? run : maskDigitRun(run));
    from = end;
  });
  return from === 0 ? text : out + text.slice(from);
}

/** The card-length digit runs of a text, as redactText judges them. */
export function digitRunsOf(text: string): string[] {
  const runs: string[] = [];
  forEachDigitRun(text, (start, end) => void runs.push(text.slice(start, end)));
  return runs;
}

/** Whether a text holds a run redactText may mask (Luhn not judged): a cheap gate for callers with more work per run. */
export function hasCardLengthDigitRun(text: string): boolean {
  let found = false;
  forEachDigitRun(text, () => {
    found = true;
    return false;
  });
  return found;
}

/** An identifier value: letters, digits and - _ . : only (no spaces, no escapes), as the gateway's ids are. */
const PLAIN_IDENTIFIER = /^[A-Za-z0-9_.:-]{1,64}$/;
const MAX_CARD_DIGITS = 19;

/**
 * The digit runs an identifier keeps (an order id, a "Random with Luhn" token, a session id): those of
 * 12–19 digits in a plain identifier value. Free text, a longer run, anything else is judged as a card.
 */
export function identifierRuns(value: string): string[] {
  if (!PLAIN_IDENTIFIER.test(value)) return [];
  return digitRunsOf(value).filter((run) => run.replace(/\D/g, '').length <= MAX_CARD_DIGITS);
}

/** The value of an identifier key (isIdentifierKey) or a URL's path parameter: every rule, its own id digits kept. */
export function redactIdentifier(text: string, known?: SecretValues): string {
  return redactText(text, known, { keepRuns: new Set(identifierRuns(text)) });
}

/**
 * A request URL: its path holds the catalogue's words and the ids of path parameters (an order id,
 * a token), whose digits are kept as identifiers; the query is free text like any other.
 */
export function redactUrlText(url: string, known?: SecretValues): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const keepRuns = hasCardLengthDigitRun(path) ? new Set(path.split('/').flatMap(identifierRuns)) : undefined;
  return redactText(path, known, { keepRuns }) + (queryAt < 0 ? '' : redactText(url.slice(queryAt), known));
}

/** Shortest digit run redactText masks. */
const CARD_DIGITS = 12;

/**
 * False when no rule of redactText can match: each needs whitespace (after an auth scheme), a ":"
 * (of "://"), a separator after a key, or 12 digits. Header values, paths and ids mostly have none,
 * and skip the four scans. Anything outside ASCII is scanned (\s matches more than the space).
 */
function mayHoldFreeTextSecret(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++digits >= CARD_DIGITS) return true;
    } else if (c <= 32 || c >= 127 || c === 58 || c === 61) return true;
  }
  return false;
}

function maskDigitRun(run: string): string {
  const digits = run.replace(/\D/g, '');
  return digits.length > MAX_CARD_DIGITS || passesLuhn(digits) ? maskDigits(digits) : run;
}

/**
 * Where a message names a field: at its start, or after a bullet, a "; " between problems or a line
 * break. Not after a colon: what follows "…: " may be a server's words ("Sign in failed: password: x").
 */
const MESSAGE_BREAK = new Set(['•', ';', '\n', '\r']);

/**
 * Whether a secret key's match is a field a message names ("card.securityCode: must be at most 4
 * characters"): an unquoted key at the start of a message or of one of its parts, then a colon and an
 * unquoted word. The same key inside an object ({password: x}, a=1, password: x) or after a word is a pair.
 */
function namesField(text: string, key: RegExpExecArray, value: RegExpExecArray): boolean {
  if (key[1] !== '' || value[2] !== undefined || !key[0].trimEnd().endsWith(':')) return false;
  let before = key.index - 1;
  while (before >= 0 && key.index - before <= 8 && (text[before] === ' ' || text[before] === '\t')) before--;
  return before < 0 || MESSAGE_BREAK.has(text[before] ?? '');
}

/**
 * Values of secret keys written as text ('password': 'x', password=x, "password":"x… cut off). With
 * `bareNames`, a field a message names (namesField) is left with the words after it.
 */
function redactKeyedValues(text: string, bareNames: boolean): string {
  let out = '';
  let from = 0;
  for (let m = nextSecretKey(text, 0); m !== null; m = nextSecretKey(text, KEY_AND_SEPARATOR.lastIndex)) {
    const kind = secretKindOfPath(m[2] ?? '');
    if (!kind) continue;
    const valueStart = m.index + m[0].length;
    VALUE.lastIndex = valueStart;
    const v = VALUE.exec(text);
    if (!v) continue;
    if (bareNames && namesField(text, m, v)) {
      KEY_AND_SEPARATOR.lastIndex = valueStart;
      continue;
    }
    out += text.slice(from, valueStart) + replacementOf(v, kind);
    from = valueStart + v[0].length;
    KEY_AND_SEPARATOR.lastIndex = from;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * A secret key's name anywhere in a text (in a key or not). A last word of a compound key counts only
 * where it ends a word after a letter or digit ("privateKey", "signing_key"), not in "KEY_ENTRY" or a
 * Postman variable's "key".
 */
const KEY_NAME = new RegExp(`${SECRET_NAMES}|[a-z0-9][_-]?(?:${LAST_WORDS})(?![\\w-])`, 'gi');
/**
 * Whether a text may hold a key secretKindOfKey calls secret: false only when it is plain ASCII with
 * no escape and names none (a JSON key may spell a name with escapes, and toLowerCase turns a few
 * non-ASCII letters into ASCII ones), so a caller may skip its own walk of the text.
 */
export function mayNameSecretKey(text: string): boolean {
  KEY_NAME.lastIndex = 0;
  return /[\\\u0080-\uffff]/.test(text) || KEY_NAME.test(text);
}

/** How far before the name in it a secret key's match starts at most: three backslashes, a quote, a key of 128 characters. */
const MATCH_REACH = 132;

/**
 * The first secret key's match at or after `from`. It holds a name within MATCH_REACH of its start,
 * so the key scan starts that close to the next name: a body's long stretches without any secret
 * name are passed over by the name search, which is far cheaper than trying a key at every character.
 */
function nextSecretKey(text: string, from: number): RegExpExecArray | null {
  KEY_NAME.lastIndex = from;
  const name = KEY_NAME.exec(text);
  if (!name) return null;
  KEY_AND_SEPARATOR.lastIndex = Math.max(from, name.index - MATCH_REACH);
  return KEY_AND_SEPARATOR.exec(text);
}

function replacementOf(v: RegExpExecArray, kind: 'secret' | 'cardNumber'): string {
  const [whole, escapes, quote, inner, closing] = v;
  if (quote === undefined) return kind === 'secret' ? REDACTED : maskCardNumber(whole);
  const shown = kind === 'secret' ? REDACTED : maskCardNumber(inner ?? '');
  return `${escapes ?? ''}${quote}${shown}${closing ?? ''}`;
}
