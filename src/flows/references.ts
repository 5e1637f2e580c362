/**
 * `{{…}}` references in a flow step: `fresh.orderId[.NAME]`, `env.NAME`, `inbox.gateway` /
 * `inbox.financing` (the local inbox's address for webhooks / callbacks), `STEP.params.NAME`,
 * `STEP.body.PATH`, `STEP.response.PATH`. Found with indexOf (linear), resolved against what the run
 * has seen so far. A string that is exactly one reference takes the referenced JSON value; inside a
 * longer string the value is written as text.
 */
import { parseDottedPath, valueAt, type PathStep } from './paths';

export type Reference =
  | { kind: 'fresh'; name: string; text: string }
  | { kind: 'env'; field: string; text: string }
  | { kind: 'inbox'; source: 'gateway' | 'financing'; text: string }
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
      found.push({ ok: false, text: text.slice(open, open + 40), error: 'has no closing }}', start: open, end: text.length });
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
    return `reads no environment field "${rest}" (one of ${ENV_FIELDS.join(', ')}; secrets are never readable)`;
  }
  if (head === 'inbox') {
    if (rest === 'gateway' || rest === 'financing') return { kind: 'inbox', source: rest, text };
    return 'is not inbox.gateway or inbox.financing';
  }
  const partDot = rest.indexOf('.');
  const part = partDot < 0 ? rest : rest.slice(0, partDot);
  if (!head || (part !== 'params' && part !== 'body' && part !== 'response')) return 'is not STEP.params.NAME, STEP.body.PATH, STEP.response.PATH, env.NAME, inbox.gateway or fresh.orderId';
  const path = partDot < 0 ? [] : parseDottedPath(rest.slice(partDot + 1));
  if (!path || (part === 'params' && path.length !== 1)) return `has no valid path after ${head}.${part}`;
  return { kind: 'step', step: head, part, path, text };
}

/** What references resolve against: the run so far. */
export interface ReferenceScope {
  fresh(name: string): string;
  env(field: string): string | undefined;
  /** The local inbox's address for this kind; undefined when the run has no inbox. */
  inbox(source: 'gateway' | 'financing'): string | undefined;
  step(id: string): { params: Record<string, unknown>; body: unknown; response: unknown } | undefined;
}

export class UnresolvedReference extends Error {}

function resolveOne(ref: Reference, scope: ReferenceScope): unknown {
  if (ref.kind === 'fresh') return scope.fresh(ref.name);
  if (ref.kind === 'env') {
    const value = scope.env(ref.field);
    if (value === undefined) throw new UnresolvedReference(`${ref.text}: the environment has no ${ref.field}`);
    return value;
  }
  if (ref.kind === 'inbox') {
    const url = scope.inbox(ref.source);
    if (url === undefined) throw new UnresolvedReference(`${ref.text}: this run has no local inbox`);
    return url;
  }
  const step = scope.step(ref.step);
  if (!step) throw new UnresolvedReference(`${ref.text}: step "${ref.step}" has not run before this one`);
  const value = valueAt(step[ref.part], ref.path);
  if (value === undefined) throw new UnresolvedReference(`${ref.text}: step "${ref.step}" ${ref.part === 'response' ? 'got' : 'sent'} no ${ref.part}.${ref.path.join('.')}`);
  return value;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `value` with every reference replaced; throws UnresolvedReference naming the reference that has no value. */
export function resolveReferences(value: unknown, scope: ReferenceScope): unknown {
  if (typeof value === 'string') return resolveString(value, scope);
  if (Array.isArray(value)) return value.map((v) => resolveReferences(v, scope));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: resolveReferences(v, scope), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

function resolveString(text: string, scope: ReferenceScope): unknown {
  if (!text.includes('{{')) return text;
  const refs = referencesIn(text);
  let out = '';
  let from = 0;
  for (const r of refs) {
    if (!r.ok) throw new UnresolvedReference(`${r.text}: ${r.error}`);
    if (refs.length === 1 && r.start === 0 && r.end === text.length) return resolveOne(r.ref, scope);
    out += text.slice(from, r.start) + asText(resolveOne(r.ref, scope));
    from = r.end;
  }
  return out + text.slice(from);
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
