/** Turns zod issues into ValidationIssues whose message names the path, the rule and the value. */
import type * as z from 'zod/mini';
import { excerpt, quote } from '../format/quote';
import { REDACTED, redactValueAt } from '../redaction';

/**
 * 'error': the real gateway rejects it. 'warning': it departs from the spec, but the real gateway
 * accepts it (a JSON null for an optional field, an amount as a JSON number…). Warnings never block a send.
 */
type Severity = 'error' | 'warning';

export interface ValidationIssue {
  /** Dotted path with real indices, e.g. 'item[2].name'; '' for the body itself. */
  path: string;
  rule: string;
  message: string;
  severity: Severity;
  value?: unknown;
}

/**
 * A check reports at most this many problems, then one more that counts the rest: a list of 100,000
 * bad entries must not make the form, the request file's diagnostics or the simulator hold 300,000.
 */
export const MAX_PROBLEMS = 100;
/** No message is longer, whatever a rule put in it (values are quoted clipped already; this holds for every rule). */
const MAX_MESSAGE_CHARS = 1000;

/** At most this many characters of a value or key are quoted in a message. */
const SHOWN_CHARS = 60;

export function formatPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out ? `.${String(s)}` : String(s);
  }
  return out;
}

/**
 * How a value is quoted in messages: text in quotes, lengths as numbers. `path` names the field the
 * value is at: through the redaction policy first (a secret's value never quoted, a card number
 * masked, secrets inside text redacted), so the message is safe as written and no later redaction of
 * it has to guess which word is a value. Then cut (format/quote.ts: the one way messages quote input).
 */
export function shown(value: unknown, path = ''): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  const safe = redactValueAt(path, value);
  if (safe === REDACTED) return REDACTED;
  if (typeof value === 'string') return quote(String(safe), { max: SHOWN_CHARS, mark: "'" });
  // A number or true/false as written, unless the policy masked it (a card number sent as a number).
  return String(safe);
}

/** Text cut to about SHOWN_CHARS characters, marked with '…' and its length when cut. */
export function clip(text: string): string {
  return excerpt(text, SHOWN_CHARS);
}

/** An error: what the real gateway rejects. The path leads the message (clipped: keys can be hostile too). */
export function issue(path: string, rule: string, text: string, value?: unknown): ValidationIssue {
  const message = `${clipPath(path) || 'body'}: ${text}`;
  const bounded = message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS - 3)}...` : message;
  return { path, rule, message: bounded, severity: 'error', ...(value !== undefined ? { value } : {}) };
}

/** The first MAX_PROBLEMS issues, then (when there are more) one at `path` saying how many are not listed. */
export function boundedProblems(issues: ValidationIssue[], path = ''): ValidationIssue[] {
  if (issues.length <= MAX_PROBLEMS) return issues;
  const rest = issues.slice(MAX_PROBLEMS);
  const more = issue(path, 'moreProblems', `and ${rest.length} more problems are not listed (only the first ${MAX_PROBLEMS} are)`);
  return [...issues.slice(0, MAX_PROBLEMS), rest.some(isError) ? more : { ...more, severity: 'warning' }];
}

/** A warning: departs from the spec, but the real gateway accepts it. */
export function warning(path: string, rule: string, text: string, value?: unknown): ValidationIssue {
  return { ...issue(path, rule, text, value), severity: 'warning' };
}

/** Paths are bounded by the catalogue, except where a body brings its own keys (maps, unknown fields). */
export function clipPath(path: string): string {
  return path.length > 2 * SHOWN_CHARS ? clip(path) : path;
}

export function isError(i: { severity?: Severity }): boolean {
  return i.severity !== 'warning';
}

type ZodIssue = z.core.$ZodIssue;

function ruleOf(i: ZodIssue): string {
  switch (i.code) {
    case 'invalid_type':
      if (i.input === undefined) return 'required';
      return i.expected === 'int' ? 'integer' : 'type';
    case 'too_big':
      return i.origin === 'string' ? 'maxLength' : i.origin === 'array' ? 'maxItems' : 'max';
    case 'too_small':
      return i.origin === 'string' ? 'minLength' : i.origin === 'array' ? 'minItems' : 'min';
    case 'invalid_format':
      return 'pattern';
    case 'invalid_value':
      return i.input === undefined ? 'required' : 'enum';
    case 'invalid_key':
      return 'pattern';
    case 'custom':
      return typeof i.params?.['rule'] === 'string' ? i.params['rule'] : 'custom';
    default:
      return i.code;
  }
}

/** The "got …" part: lengths for length rules, counts for list rules, the value (at `path`, see shown) otherwise. */
export function got(rule: string, input: unknown, path = ''): string {
  if ((rule === 'maxLength' || rule === 'minLength') && typeof input === 'string') return `got ${input.length}`;
  if ((rule === 'maxItems' || rule === 'minItems') && Array.isArray(input)) return `got ${input.length}`;
  if (rule === 'type') return `got ${input === null ? 'null' : Array.isArray(input) ? 'a list' : typeof input === 'string' ? `text ${shown(input, path)}` : `${typeof input} ${shown(input, path)}`}`;
  return `got ${shown(input, path)}`;
}

export function fromZodIssue(i: ZodIssue, prefix: readonly PropertyKey[] = []): ValidationIssue {
  const path = formatPath([...prefix, ...i.path]);
  const rule = ruleOf(i);
  const input = i.input;
  if (rule === 'required') return issue(path, rule, 'required');
  if (i.code === 'custom') return issue(path, rule, i.message, input);
  if (i.code === 'invalid_key') {
    const inner = i.issues[0];
    return issue(path, 'pattern', `key must be ${inner?.message ?? 'valid'}, got ${shown(input)}`, input);
  }
  const text = i.code === 'invalid_format' ? `must be ${i.message}` : i.message;
  return issue(path, rule, `${text}, ${got(rule, input, path)}`, input);
}
