/**
 * How a problem message quotes what it was given (a value, a key, a step name, a reference, a path):
 * at most MAX_QUOTED_CHARS characters of it, then "…" and its full length. A name of 900 KB makes a
 * line of a few hundred characters, not of megabytes, in a terminal, a CI log or the Problems view.
 * Every message that quotes input goes through here (flows, the catalogue's rules, import).
 *
 * Cutting is the last thing done to a quoted text: mask a secret first (redactValueAt), then quote, so a
 * secret cut in two cannot slip past the redaction that would have matched it whole.
 */
import { REDACTED, redactValueAt, type SecretValues } from '../redaction';

/** At most this many characters of one piece of input are quoted in a message. */
export const MAX_QUOTED_CHARS = 200;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
/** A digit, or a space or dash between digits (how a card number is written). */
const inDigitRun = (text: string, at: number): boolean => isDigit(text[at]) || ((text[at] === ' ' || text[at] === '-') && isDigit(text[at - 1]) && isDigit(text[at + 1]));

/**
 * Where a text longer than `max` is cut: before `max`, never between the two halves of a surrogate
 * pair (a broken character), nor inside a run of digits (the start of a card number would be left
 * where the card mask, which needs 12 digits, no longer sees one).
 */
function cutAt(text: string, max: number): number {
  let end = Math.max(0, max);
  if (end > 0 && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
  if (end > 0 && inDigitRun(text, end) && inDigitRun(text, end - 1)) {
    while (end > 0 && inDigitRun(text, end - 1)) end--;
  }
  return end;
}

/**
 * Control characters (a line break, ESC, the C1 controls, the line separators) written as escapes: a
 * quoted name must not start a new line in a CI log, nor drive the terminal that prints it.
 */
// The pattern is there to find control characters.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Whether `text` holds a control character (as escapeControls would write it). */
export function hasControlCharacters(text: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text);
}

const escapeOne = (c: string): string => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function escapeControls(text: string): string {
  return text.replace(CONTROL, escapeOne);
}

/**
 * What a terminal must not be handed raw, even from text of several lines: every control character
 * but the line feed (ESC starts a sequence that recolours, moves or retitles, BEL ends one, CR and
 * BS overwrite what was printed, U+009B is a one-character CSI), and the bidirectional embeddings,
 * overrides and isolates, which make a line read otherwise than it is.
 */
// The pattern is there to find control characters.
// eslint-disable-next-line no-control-regex
const TERMINAL_HOSTILE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` as the CLI writes it to a terminal (or a pipe, a CI log): each character of TERMINAL_HOSTILE
 * written as its escape (\u001b, \r), line feeds kept. In JSON the escape is the same string, so
 * --json output stays the JSON it was.
 */
export function terminalText(text: string): string {
  TERMINAL_HOSTILE.lastIndex = 0;
  return TERMINAL_HOSTILE.test(text) ? text.replace(TERMINAL_HOSTILE, escapeOne) : text;
}

/** `text` as a message names it unquoted (a path, a key): whole when it fits, else its start, "…" and its length; control characters escaped. */
export function excerpt(text: string, max = MAX_QUOTED_CHARS): string {
  if (text.length <= max) return escapeControls(text);
  return `${escapeControls(text.slice(0, cutAt(text, max)))}… (${text.length} characters)`;
}

/**
 * `text` in quotes: double quotes with JSON's escapes (a newline or a quote inside cannot break the
 * line), or the catalogue's single quotes as the gateway writes them ('abc'). Cut like excerpt:
 * "abc…" (900000 characters).
 */
export function quote(text: string, options: { max?: number; mark?: '"' | "'" } = {}): string {
  const { max = MAX_QUOTED_CHARS, mark = '"' } = options;
  const cut = text.length > max;
  const shown = cut ? `${text.slice(0, cutAt(text, max))}…` : text;
  const quoted = escapeControls(mark === '"' ? JSON.stringify(shown) : `'${shown}'`);
  return cut ? `${quoted} (${text.length} characters)` : quoted;
}

/** Any JSON value as a message quotes it: text in quotes, anything else as JSON, both cut like excerpt. */
export function quoteValue(value: unknown, max = MAX_QUOTED_CHARS): string {
  if (typeof value === 'string') return quote(value, { max });
  if (value === undefined) return 'nothing';
  return excerpt(JSON.stringify(value) ?? String(value), max);
}

/**
 * The value of the field at `path` as a message quotes it: through the one redaction policy first (a
 * secret's value never, a card number masked, secrets inside text redacted), then cut. The message
 * names the field; its value is already safe, so nothing downstream has to guess which word is a value.
 * `known` adds the secrets a run holds (passwords, tokens), scrubbed before the cut. `mark` picks the
 * quotes of text (the simulator's explanations quote as the gateway does: 'abc').
 */
export function quoteValueAt(path: string, value: unknown, known?: SecretValues, options: { mark?: '"' | "'" } = {}): string {
  const safe = redactValueAt(path, value, known);
  // A secret's value is replaced whole: "got <redacted>", not a quoted word.
  if (safe === REDACTED) return REDACTED;
  return typeof safe === 'string' && options.mark !== undefined ? quote(safe, { mark: options.mark }) : quoteValue(safe);
}

/** At most this many items of a list a message names; past it, how many more there are. */
export const MAX_LISTED = 10;

/** Items of a message, comma-separated: the first MAX_LISTED, then "and N more". */
export function listed(items: readonly string[], max = MAX_LISTED): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}
