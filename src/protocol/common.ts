/**
 * Pieces shared by every host⇄webview message. No vscode, no DOM: both sides import this, the host
 * parses what the webview posts and the webview parses what the host posts.
 */
import * as z from 'zod/mini';
import { JsonDepthError, MAX_JSON_DEPTH } from '../json/depth';

/** Ids, names, paths: short text. Anything longer is not ours. */
export const shortText = z.string().check(z.maxLength(500));
/** Text the user typed or a body the user built: bounded so a hostile page cannot make the host buffer gigabytes. */
const MAX_MESSAGE_TEXT = 8 * 1024 * 1024;
export const longText = z.string().check(z.maxLength(MAX_MESSAGE_TEXT));

/** `simulator` is true for an environment served by the workbench's simulator (its pages offer helpers that create data there). */
export const environmentSummarySchema = z.strictObject({ id: shortText, name: shortText, live: z.boolean(), simulator: z.optional(z.boolean()) });
export type EnvironmentSummary = z.infer<typeof environmentSummarySchema>;

/** A report of something the webview's CSP blocked: logged by the host, asserted absent by the tests. */
export const cspViolationSchema = z.strictObject({ type: z.literal('cspViolation'), directive: shortText, blockedUri: shortText, sample: z.optional(shortText) });

/** The first message of every webview: the host queues what it has to say until it arrives. */
export const readySchema = z.strictObject({ type: z.literal('ready') });

export const issueSchema = z.strictObject({ path: shortText, rule: shortText, message: z.string().check(z.maxLength(2000)) });

/**
 * A JSON body as the form holds it. Bounded so a page cannot make the host hold or validate
 * megabytes: every string (values and keys) at most MAX_BODY_STRING characters, and the whole body
 * at most MAX_BODY_SIZE characters of JSON text (measured without building it, stopping at the cap).
 */
export const MAX_BODY_STRING = 64 * 1024;
export const MAX_BODY_SIZE = 1024 * 1024;

export const boundedJsonObject = z.record(z.string(), z.json()).check(z.superRefine((body, ctx) => {
  const problem = bodySizeProblem(body);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
}));

/** Walks the body with an explicit stack (no recursion), summing an upper bound of its JSON size; stops at the first excess. */
export function bodySizeProblem(body: unknown): { path: (string | number)[]; message: string } | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  let size = 0;
  const tooLong = (text: string, path: (string | number)[], what: string) =>
    text.length > MAX_BODY_STRING ? { path, message: `${what} is ${text.length} characters long; at most ${MAX_BODY_STRING} are accepted` } : undefined;
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      const p = tooLong(value, path, 'this text');
      if (p) return p;
      size += value.length + 2;
    } else if (Array.isArray(value)) {
      size += 2 + value.length;
      value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
    } else if (typeof value === 'object' && value !== null) {
      size += 2;
      for (const [k, v] of Object.entries(value)) {
        const p = tooLong(k, path, 'a key');
        if (p) return p;
        size += k.length + 4;
        stack.push({ value: v, path: [...path, k] });
      }
    } else size += 24;
    if (size > MAX_BODY_SIZE) return { path: [], message: `the body is larger than ${MAX_BODY_SIZE} characters of JSON; at most ${MAX_BODY_SIZE} are accepted` };
  }
  return undefined;
}

import type { ParseResult } from './parseResult';

export type { ParseResult };

/** Levels a message adds around a body (message → state → body). */
const MESSAGE_ENVELOPE_DEPTH = 4;
/**
 * Keys of one object, or entries of one list, in a message. A body's lists are far shorter (history
 * keeps 500); past this a page is refused before zod spends seconds on a million-key record.
 */
export const MAX_MESSAGE_KEYS = 10_000;
/** Keys and entries of the whole message together. */
const MAX_MESSAGE_ENTRIES = 100_000;

interface ShapeFrame {
  value: unknown;
  depth: number;
  parent: ShapeFrame | undefined;
  step: string | number | undefined;
}

/** `state.body.item.3`, as zod spells a path; a very deep one keeps its start and its end. */
function framePath(frame: ShapeFrame): string {
  const steps: string[] = [];
  for (let f: ShapeFrame | undefined = frame; f?.step !== undefined; f = f.parent) steps.push(String(f.step));
  const text = steps.reverse().join('.');
  return text.length > 200 ? `${text.slice(0, 100)}…${text.slice(-80)}` : text;
}

/**
 * What makes a message too big or too odd to hand to zod, found in one iterative walk that stops at
 * the first: nesting past the bound, an object or list past MAX_MESSAGE_KEYS, too many in all, or a
 * list with holes (postMessage keeps them; zod and the views assume none).
 */
export function messageShapeProblem(data: unknown): string | undefined {
  const maxDepth = MAX_JSON_DEPTH + MESSAGE_ENVELOPE_DEPTH;
  const stack: ShapeFrame[] = [{ value: data, depth: 0, parent: undefined, step: undefined }];
  let total = 0;
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { value } = frame;
    if (typeof value !== 'object' || value === null) continue;
    const where = () => framePath(frame) || 'the message';
    if (frame.depth + 1 > maxDepth) return new JsonDepthError('The message', maxDepth, framePath(frame)).message;
    const list = Array.isArray(value) ? (value as unknown[]) : undefined;
    const keys = list ? undefined : Object.keys(value);
    const count = list ? list.length : (keys as string[]).length;
    if (count > MAX_MESSAGE_KEYS) return `${where()} has more than ${MAX_MESSAGE_KEYS} ${list ? 'entries' : 'keys'}; at most ${MAX_MESSAGE_KEYS} are accepted`;
    total += count;
    if (total > MAX_MESSAGE_ENTRIES) return `the message holds more than ${MAX_MESSAGE_ENTRIES} keys and entries in all (at ${where()}); at most ${MAX_MESSAGE_ENTRIES} are accepted`;
    const depth = frame.depth + 1;
    if (list) {
      for (let i = 0; i < list.length; i++) {
        if (!(i in list)) return `${where()} is a list with a hole: no entry at index ${i}`;
        stack.push({ value: list[i], depth, parent: frame, step: i });
      }
    } else for (const key of keys as string[]) stack.push({ value: (value as Record<string, unknown>)[key], depth, parent: frame, step: key });
  }
  return undefined;
}

/** One issue in words (zod/mini carries no locale, so the words are ours). */
function describeIssue(i: z.core.$ZodIssue): string {
  switch (i.code) {
    case 'unrecognized_keys':
      return `unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.slice(0, 5).join(', ')}`;
    case 'invalid_type':
      return `expected ${i.expected}`;
    case 'too_big':
      return `longer than ${String(i.maximum)}${i.origin === 'string' ? ' characters' : ''}`;
    case 'too_small':
      return `shorter than ${String(i.minimum)}${i.origin === 'string' ? ' characters' : ''}`;
    case 'invalid_value':
      return `must be one of ${i.values.slice(0, 8).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      return 'matches no message the protocol declares';
    default:
      return i.message;
  }
}

/**
 * Parses a message and says, in one line, what was wrong with it: messages are never trusted. Total:
 * whatever arrives, the answer is a result, never a throw.
 */
export function parseMessage<T>(schema: z.ZodMiniType<T>, data: unknown): ParseResult<T> {
  try {
    return parseChecked(schema, data);
  } catch (e) {
    return { ok: false, error: `message could not be checked: ${(e instanceof Error ? e.message : String(e)).slice(0, 300)}` };
  }
}

function parseChecked<T>(schema: z.ZodMiniType<T>, data: unknown): ParseResult<T> {
  // zod walks a message recursively and slowly: deep nesting and huge records are refused first.
  const shape = messageShapeProblem(data);
  if (shape) return { ok: false, error: shape };
  const r = schema.safeParse(data);
  if (r.success) return { ok: true, message: r.data };
  const first = r.error.issues[0];
  const type = typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string' ? (data as { type: string }).type : '(no type)';
  const where = first ? first.path.map(String).join('.').slice(0, 200) || 'message' : 'message';
  return { ok: false, error: `message ${type.slice(0, 60)}: ${first ? `${where}: ${describeIssue(first).slice(0, 300)}` : 'invalid'}` };
}
