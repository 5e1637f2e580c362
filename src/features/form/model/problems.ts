/**
 * Everything wrong with a form, from the catalogue's own checks: validateBody (field and
 * cross-field rules), validateField on every value present and on every always-required field
 * that is missing, the URL parameters' rules, and what the host reported. Each problem is placed
 * on the control that shows it (its concrete path) or, when no control stands for it, listed apart.
 */
import * as l10n from '@vscode/l10n';
import type { OperationId } from '../../../catalogue/operations';
import { validateBody, validateField } from '../../../catalogue/validate';
import { sessionSupplied } from '../../../catalogue/sessionSupply';
import type { ValidationIssue } from '../../../catalogue/issues';
import { isStoredCredentialPath } from '../../../redaction';
import { getAt, leafEntries } from './bodyPath';
import { placeOf, templateFor, type FieldLookup } from './fieldLookup';
import type { JsonObject } from './json';
import type { FormLayout } from './layout';

export interface Problem {
  path: string;
  message: string;
  /** 'warning': departs from the spec but the real gateway accepts it; never blocks Send. Absent: an error. */
  severity?: 'error' | 'warning';
}

interface ProblemInput {
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
  /** Concrete path of a control → its error messages, verbatim, without repeats. */
  byPath: Map<string, string[]>;
  /** Error messages no control stands for (the body as a whole, a plain object). */
  unplaced: string[];
  /** Errors: what the real gateway rejects. Only these block Send. */
  count: number;
  /** The same for warnings (what the real gateway accepts although the spec says otherwise). */
  warningsByPath: Map<string, string[]>;
  unplacedWarnings: string[];
  warnings: number;
}

export function collectProblems(input: ProblemInput): Problems {
  const { operationId, version, body, lookup, required } = input;
  const absent: ValidationIssue[] = [];
  for (const path of required) {
    if (getAt(body, path) === undefined) absent.push(...validateField(operationId, version, path, undefined));
  }
  // A body naming its payment session may leave them to the session, as validateBody says too.
  const missing: Problem[] = sessionSupplied(operationId, version, body, absent);
  const fieldIssues: Problem[] = [];
  for (const [path, value] of leafEntries(body)) {
    const t = templateFor(lookup, path);
    const kind = t === undefined ? undefined : lookup.byTemplate.get(t)?.kind;
    if (kind !== undefined && kind !== 'array' && kind !== 'map') fieldIssues.push(...validateField(operationId, version, path, value));
  }
  // "order: required" says the same as "order.amount: required" on the fields inside it: keep the latter.
  const covered = (p: Problem) => p.message.endsWith(': required') && missing.some((m) => m.path.startsWith(`${p.path}.`));
  const bodyIssues = validateBody(operationId, version, body, input.now).filter((p) => !covered(p));

  const errors = { byPath: new Map<string, string[]>(), unplaced: [] as string[], count: 0 };
  const warnings = { byPath: new Map<string, string[]>(), unplaced: [] as string[], count: 0 };
  const seen = new Set<string>();
  const add = (p: Problem, place: string | undefined) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    const into = p.severity === 'warning' ? warnings : errors;
    into.count++;
    if (place === undefined) into.unplaced.push(p.message);
    else into.byPath.set(place, [...(into.byPath.get(place) ?? []), p.message]);
  };
  // A credential (the login password) is never in the form: the host fills it from SecretStorage.
  const filledByHost = (p: Problem) => isStoredCredentialPath(p.path);
  for (const p of [...missing, ...fieldIssues, ...bodyIssues, ...(input.host ?? [])]) if (!filledByHost(p)) add(p, placeOf(lookup, p.path));
  for (const p of input.placed ?? []) add(p, p.path);
  return {
    byPath: errors.byPath, unplaced: errors.unplaced, count: errors.count,
    warningsByPath: warnings.byPath, unplacedWarnings: warnings.unplaced, warnings: warnings.count,
  };
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

/** "Send", "Send · 1 problem", "Send · 2 problems, 1 warning", "Send · 1 warning": warnings counted apart. */
export function sendLabel(count: number, warnings = 0): string {
  const parts = [
    ...(count > 0 ? [count === 1 ? l10n.t('1 problem') : l10n.t('{0} problems', count)] : []),
    ...(warnings > 0 ? [warnings === 1 ? l10n.t('1 warning') : l10n.t('{0} warnings', warnings)] : []),
  ];
  return parts.length === 0 ? l10n.t('Send') : l10n.t('Send · {0}', parts.join(', '));
}
