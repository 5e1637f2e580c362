/**
 * Everything wrong with a form, from the catalogue's own checks: validateBody (field and
 * cross-field rules), validateField on every value present and on every always-required field
 * that is missing, the URL parameters' rules, and what the host reported. Each problem is placed
 * on the control that shows it (its concrete path) or, when no control stands for it, listed apart.
 */
import type { OperationId } from '../catalogue/operations';
import { validateBody, validateField } from '../catalogue/validate';
import { isCredentialPath } from '../redaction';
import { getAt, leafEntries } from './bodyPath';
import { placeOf, templateFor, type FieldLookup } from './fieldLookup';
import type { JsonObject } from './json';
import type { FormLayout } from './layout';

export interface Problem {
  path: string;
  message: string;
}

export interface ProblemInput {
  operationId: OperationId;
  version: number | undefined;
  body: JsonObject;
  lookup: FieldLookup;
  /** Paths that are always required (alwaysRequiredPaths). */
  required: ReadonlySet<string>;
  /** Problems of controls outside the body, placed as given (the URL parameters, 'param:orderId'). */
  placed?: readonly Problem[];
  /** Problems the host found; placed like the body's own. */
  host?: readonly Problem[];
  now?: Date;
}

export interface Problems {
  /** Concrete path of a control → its messages, verbatim, without repeats. */
  byPath: Map<string, string[]>;
  /** Messages no control stands for (the body as a whole, a plain object). */
  unplaced: string[];
  count: number;
}

export function collectProblems(input: ProblemInput): Problems {
  const { operationId, version, body, lookup, required } = input;
  const missing: Problem[] = [];
  for (const path of required) {
    if (getAt(body, path) === undefined) missing.push(...validateField(operationId, version, path, undefined));
  }
  const fieldIssues: Problem[] = [];
  for (const [path, value] of leafEntries(body)) {
    const t = templateFor(lookup, path);
    const kind = t === undefined ? undefined : lookup.byTemplate.get(t)?.kind;
    if (kind !== undefined && kind !== 'array' && kind !== 'map') fieldIssues.push(...validateField(operationId, version, path, value));
  }
  // "order: required" says the same as "order.amount: required" on the fields inside it: keep the latter.
  const covered = (p: Problem) => p.message.endsWith(': required') && missing.some((m) => m.path.startsWith(`${p.path}.`));
  const bodyIssues = validateBody(operationId, version, body, input.now).filter((p) => !covered(p));

  const byPath = new Map<string, string[]>();
  const unplaced: string[] = [];
  const seen = new Set<string>();
  let count = 0;
  const add = (p: Problem, place: string | undefined) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    count++;
    if (place === undefined) unplaced.push(p.message);
    else byPath.set(place, [...(byPath.get(place) ?? []), p.message]);
  };
  // A credential (the login password) is never in the form: the host fills it from SecretStorage.
  const filledByHost = (p: Problem) => isCredentialPath(p.path);
  for (const p of [...missing, ...fieldIssues, ...bodyIssues, ...(input.host ?? [])]) if (!filledByHost(p)) add(p, placeOf(lookup, p.path));
  for (const p of input.placed ?? []) add(p, p.path);
  return { byPath, unplaced, count };
}

/** How many problems each section holds, for the badges on folded groups. */
export function problemsBySection(problems: Problems, lookup: FieldLookup, layout: FormLayout): Map<string, number> {
  const out = new Map<string, number>();
  for (const [path, messages] of problems.byPath) {
    const t = templateFor(lookup, path);
    const key = t === undefined ? undefined : layout.sectionOf.get(t);
    if (key !== undefined) out.set(key, (out.get(key) ?? 0) + messages.length);
  }
  return out;
}

/** "Send", "Send · 1 problem", "Send · 2 problems". */
export function sendLabel(count: number): string {
  return count === 0 ? 'Send' : `Send · ${count} problem${count === 1 ? '' : 's'}`;
}
