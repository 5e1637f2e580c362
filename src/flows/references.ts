/**
 * `{{…}}` references in a flow step: `fresh.orderId[.NAME]`, `env.NAME`, `inbox.gateway` /
 * `inbox.financing` (the local inbox's address for webhooks / callbacks), `STEP.params.NAME`,
 * `STEP.body.PATH`, `STEP.response.PATH`. Found with indexOf (linear), resolved against what the run
 * has seen so far. A string that is exactly one reference takes the referenced JSON value; inside a
 * longer string the value is written as text. What references produce is bounded per value and per
 * run (ResolutionBudget): steps that quote earlier steps can otherwise grow a run exponentially.
 */
import { excerpt, quote } from '../format/quote';
import { parseDottedPath, valueAt, type PathStep } from './paths';

export type Reference =
  | { kind: 'fresh'; name: string; text: string }
  | { kind: 'env'; field: string; text: string }
  | { kind: 'inbox'; source: 'gateway' | 'financing'; text: string }
  | { kind: 'input'; name: string; text: string }
  | { kind: 'step'; step: string; part: 'params' | 'body' | 'response'; path: PathStep[]; text: string };

/** The environment fields a flow may read: never a secret (those are not in an environment at all). */
export const ENV_FIELDS = ['id', 'name', 'merchantId', 'gatewayUrl', 'financingBaseUrl'] as const;
const MAX_REFERENCES_PER_STRING = 100;

type Found = ({ ok: true; ref: Reference } | { ok: false; text: string; error: string }) & { start: number; end: number };

/** Each `{{…}}` of `text` with its place and parse, or the reason it is not a reference. */
export function referencesIn(text: string): Found[] {
  const found: Found[] = [];
  let from = 0;
  while (found.length < MAX_REFERENCES_PER_STRING) {
    const open = text.indexOf('{{', from);
    if (open < 0) break;
    const close = text.indexOf('}}', open + 2);
    if (close < 0) {
      found.push({ ok: false, text: `${text.slice(open, open + 40)}${text.length > open + 40 ? '…' : ''}`, error: 'has no closing }}', start: open, end: text.length });
      break;
    }
    const inner = text.slice(open + 2, close).trim();
    const raw = text.slice(open, close + 2);
    const ref = parseReference(inner, raw);
    const place = { start: open, end: close + 2 };
    found.push(typeof ref === 'string' ? { ok: false, text: raw, error: ref, ...place } : { ok: true, ref, ...place });
    from = close + 2;
  }
  return found;
}

function parseReference(inner: string, text: string): Reference | string {
  const dot = inner.indexOf('.');
  const head = dot < 0 ? inner : inner.slice(0, dot);
  const rest = dot < 0 ? '' : inner.slice(dot + 1);
  if (head === 'fresh') {
    if (rest === 'orderId') return { kind: 'fresh', name: 'orderId', text };
    if (/^orderId\.[A-Za-z0-9_-]{1,40}$/.test(rest)) return { kind: 'fresh', name: rest, text };
    return 'is not fresh.orderId or fresh.orderId.NAME';
  }
  if (head === 'env') {
    if ((ENV_FIELDS as readonly string[]).includes(rest)) return { kind: 'env', field: rest, text };
    return `reads no environment field ${quote(rest)} (one of ${ENV_FIELDS.join(', ')}; secrets are never readable)`;
  }
  if (head === 'inbox') {
    if (rest === 'gateway' || rest === 'financing') return { kind: 'inbox', source: rest, text };
    return 'is not inbox.gateway or inbox.financing';
  }
  if (head === 'input') {
    if (INPUT_NAME.test(rest)) return { kind: 'input', name: rest, text };
    return 'is not input.NAME (letters, digits, ., - and _)';
  }
  const partDot = rest.indexOf('.');
  const part = partDot < 0 ? rest : rest.slice(0, partDot);
  if (!head || (part !== 'params' && part !== 'body' && part !== 'response')) return 'is not STEP.params.NAME, STEP.body.PATH, STEP.response.PATH, env.NAME, input.NAME, inbox.gateway or fresh.orderId';
  const path = partDot < 0 ? [] : parseDottedPath(rest.slice(partDot + 1));
  if (!path || (part === 'params' && path.length !== 1)) return `has no valid path after ${excerpt(`${head}.${part}`)}`;
  return { kind: 'step', step: head, part, path, text };
}

/** What references resolve against: the run so far. */
export interface ReferenceScope {
  fresh(name: string): string;
  env(field: string): string | undefined;
  /** The local inbox's address for this kind; undefined when the run has no inbox. */
  inbox(source: 'gateway' | 'financing'): string | undefined;
  step(id: string): { params: Record<string, unknown>; body: unknown; response: unknown } | undefined;
  /** A value the run was given (trigger --order, --set NAME=VALUE), or the flow's default for it. */
  input?(name: string): string | undefined;
}

/** The name of a flow input: `orderId`, or a body path such as `order.amount`. */
export const INPUT_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}(\.[A-Za-z][A-Za-z0-9_-]{0,39}){0,5}$/;

export class UnresolvedReference extends Error {}

/** A reference that would make a resolved value, or the run's values together, larger than their bound. */
export class ResolutionLimitError extends UnresolvedReference {}

export const MAX_RESOLVED_CHARS = 1024 * 1024;
export const MAX_RUN_RESOLVED_CHARS = 16 * 1024 * 1024;
const MIB = 1024 * 1024;

/**
 * How much text a run's resolved values may amount to (as JSON): each value (a step's params, body
 * or expectations) and all of them together. A value shared by reference counts every time it is
 * used, because that is how large the request it goes into becomes.
 */
export class ResolutionBudget {
  private runSpent = 0;
  private valueSpent = 0;
  private part = 'value';

  constructor(private readonly limits = { perValue: MAX_RESOLVED_CHARS, perRun: MAX_RUN_RESOLVED_CHARS }) {}

  /** Starts counting one value (named for the messages: "body", "params", "expect"). */
  startValue(part: string): void {
    this.part = part;
    this.valueSpent = 0;
  }

  /** What may still be added, so that measuring a value stops as soon as it is too large. */
  get room(): number {
    return Math.min(this.limits.perValue - this.valueSpent, this.limits.perRun - this.runSpent);
  }

  /** Adds `chars` written because of `reference` (undefined for the file's own text); throws past a bound. */
  spend(chars: number, reference: string | undefined): void {
    this.valueSpent += chars;
    this.runSpent += chars;
    if (reference === undefined) return;
    const { perValue, perRun } = this.limits;
    if (this.valueSpent > perValue) throw new ResolutionLimitError(`${this.part}: ${excerpt(reference)} makes the resolved ${this.part} larger than ${sizeText(perValue)}, the most a step's ${this.part} may resolve to`);
    if (this.runSpent > perRun) throw new ResolutionLimitError(`${this.part}: ${excerpt(reference)} takes this run's resolved values past ${sizeText(perRun)}, the most one run may resolve`);
  }
}

const sizeText = (chars: number) => (chars % MIB === 0 ? `${chars / MIB} MiB (${chars} characters as JSON)` : `${chars} characters as JSON`);

/** The length of `text` as a JSON string, quotes and escapes included. */
function jsonStringLength(text: string): number {
  let length = text.length + 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) length += 1;
    else if (c < 0x20) length += 5;
  }
  return length;
}

const bracketsAndCommas = (count: number) => 2 + Math.max(0, count - 1);

/**
 * The length of `value` as JSON text, counted no further than `stopAbove`: a value shared many
 * times over costs at most the part that is read.
 */
function jsonLengthUpTo(value: unknown, stopAbove: number): number {
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && total <= stopAbove) {
    const v = pending.pop();
    if (typeof v === 'string') total += jsonStringLength(v);
    else if (Array.isArray(v)) {
      total += bracketsAndCommas(v.length);
      for (let i = v.length - 1; i >= 0; i--) pending.push(v[i]);
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v);
      total += bracketsAndCommas(entries.length);
      for (const [k, inner] of entries) {
        total += jsonStringLength(k) + 1;
        pending.push(inner);
      }
    } else total += String(v).length;
  }
  return total;
}

function resolveOne(ref: Reference, scope: ReferenceScope): unknown {
  if (ref.kind === 'fresh') return scope.fresh(ref.name);
  if (ref.kind === 'env') {
    const value = scope.env(ref.field);
    if (value === undefined) throw new UnresolvedReference(`${excerpt(ref.text)}: the environment has no ${ref.field}`);
    return value;
  }
  if (ref.kind === 'inbox') {
    const url = scope.inbox(ref.source);
    if (url === undefined) throw new UnresolvedReference(`${excerpt(ref.text)}: this run has no local inbox`);
    return url;
  }
  if (ref.kind === 'input') {
    const value = scope.input?.(ref.name);
    if (value === undefined) throw new UnresolvedReference(`${excerpt(ref.text)}: the run was given no ${ref.name} (give it with --set ${ref.name}=VALUE, or declare a default under "inputs")`);
    return value;
  }
  const step = scope.step(ref.step);
  if (!step) throw new UnresolvedReference(`${excerpt(ref.text)}: step ${quote(ref.step)} has not run before this one`);
  const value = valueAt(step[ref.part], ref.path);
  if (value === undefined) throw new UnresolvedReference(`${excerpt(ref.text)}: step ${quote(ref.step)} ${ref.part === 'response' ? 'got' : 'sent'} no ${excerpt(`${ref.part}.${ref.path.join('.')}`)}`);
  return value;
}

/** The value, charged to the budget as it will be written: whole, or as text inside a longer string. */
function resolveCharged(ref: Reference, scope: ReferenceScope, budget: ResolutionBudget, asText: boolean): unknown {
  const value = resolveOne(ref, scope);
  const room = budget.room;
  const length = typeof value === 'string' ? jsonStringLength(value) - (asText ? 2 : 0) : jsonLengthUpTo(value, room);
  budget.spend(length, ref.text);
  return asText && typeof value !== 'string' ? JSON.stringify(value) : value;
}

/**
 * `value` with every reference replaced; throws UnresolvedReference naming the reference that has no
 * value, and ResolutionLimitError naming the one that takes the value or the run past its bound.
 * `part` names the value in those messages ("body").
 */
export function resolveReferences(value: unknown, scope: ReferenceScope, budget = new ResolutionBudget(), part = 'value'): unknown {
  budget.startValue(part);
  return resolveValue(value, scope, budget);
}

function resolveValue(value: unknown, scope: ReferenceScope, budget: ResolutionBudget): unknown {
  if (typeof value === 'string') return resolveString(value, scope, budget);
  if (Array.isArray(value)) {
    budget.spend(bracketsAndCommas(value.length), undefined);
    return value.map((v) => resolveValue(v, scope, budget));
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    const entries = Object.entries(value);
    budget.spend(bracketsAndCommas(entries.length), undefined);
    for (const [k, v] of entries) {
      budget.spend(jsonStringLength(k) + 1, undefined);
      Object.defineProperty(out, k, { value: resolveValue(v, scope, budget), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  budget.spend(String(value).length, undefined);
  return value;
}

function resolveString(text: string, scope: ReferenceScope, budget: ResolutionBudget): unknown {
  if (!text.includes('{{')) {
    budget.spend(jsonStringLength(text), undefined);
    return text;
  }
  const refs = referencesIn(text);
  const only = refs.length === 1 ? refs[0] : undefined;
  if (only?.ok && only.start === 0 && only.end === text.length) return resolveCharged(only.ref, scope, budget, false);
  let out = '';
  let from = 0;
  for (const r of refs) {
    if (!r.ok) throw new UnresolvedReference(`${excerpt(r.text)}: ${r.error}`);
    out += text.slice(from, r.start);
    out += String(resolveCharged(r.ref, scope, budget, true));
    from = r.end;
  }
  out += text.slice(from);
  // The literal text around the references (the references' own text is charged as it resolves).
  budget.spend(jsonStringLength(text) - refs.reduce((sum, r) => sum + (r.end - r.start), 0), undefined);
  return out;
}

/** Every reference in a step's params and body (for the checks before a run and the editor's diagnostics). */
export function referencesOf(value: unknown, found: Reference[] = [], invalid: { text: string; error: string }[] = []): { found: Reference[]; invalid: { text: string; error: string }[] } {
  if (typeof value === 'string') {
    for (const r of referencesIn(value)) {
      if (r.ok) found.push(r.ref);
      else invalid.push(r);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) referencesOf(v, found, invalid);
  } else if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) referencesOf(v, found, invalid);
  }
  return { found, invalid };
}
