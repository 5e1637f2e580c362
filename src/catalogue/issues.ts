/** Turns zod issues into ValidationIssues whose message names the path, the rule and the value. */
import type { z } from 'zod';

export interface ValidationIssue {
  /** Dotted path with real indices, e.g. 'item[2].name'; '' for the body itself. */
  path: string;
  rule: string;
  message: string;
  value?: unknown;
}

export function formatPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out ? `.${String(s)}` : String(s);
  }
  return out;
}

/** How a value is quoted in messages: text in quotes, lengths as numbers. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return `'${value.length > 60 ? value.slice(0, 57) + '...' : value}'`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

export function issue(path: string, rule: string, text: string, value?: unknown): ValidationIssue {
  return { path, rule, message: `${path || 'body'}: ${text}`, ...(value !== undefined ? { value } : {}) };
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

/** The "got …" part: lengths for length rules, counts for list rules, the value otherwise. */
function got(rule: string, input: unknown): string {
  if ((rule === 'maxLength' || rule === 'minLength') && typeof input === 'string') return `got ${input.length}`;
  if ((rule === 'maxItems' || rule === 'minItems') && Array.isArray(input)) return `got ${input.length}`;
  if (rule === 'type') return `got ${input === null ? 'null' : Array.isArray(input) ? 'a list' : typeof input === 'string' ? `text ${shown(input)}` : `${typeof input} ${shown(input)}`}`;
  return `got ${shown(input)}`;
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
  return issue(path, rule, `${text}, ${got(rule, input)}`, input);
}
