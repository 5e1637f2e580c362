/** validateBody (field rules + cross-field rules) and validateField (one field, for every keystroke). */
import { acceptedForm, acceptedValue } from './acceptedForm';
import { compile, type CompiledOperation } from './compiled';
import { checkNode } from './fieldChecks';
import { catalogueMatch } from './fieldIndex';
import { boundedProblems, formatPath, isError, issue, shown, type ValidationIssue } from './issues';
import { getOperation, type OperationId } from './operations';
import { isRecord } from './rules/access';
import { withSessionSupply } from './sessionSupply';
import { versionProblem } from './versions';

/** Resolves the operation, or reports why it cannot be (unknown operation, unsupported version): callers may pass text from files. */
function compileOrIssue(id: string, version: number | undefined): CompiledOperation | ValidationIssue {
  const op = getOperation(id);
  if (!op) return issue('operation', 'enum', `unknown operation, got ${shown(id)}`, id);
  if (op.documentedVersions.length === 0 && version !== undefined) {
    return issue('version', 'unexpected', `${op.id} has no version, got ${version}`, version);
  }
  const problem = version === undefined ? undefined : versionProblem(op, version);
  if (problem) return issue('version', 'enum', problem, version);
  return compile(id, version);
}

interface BodyCheck {
  /** Errors first (what the real gateway rejects), then warnings (what it accepts although the spec says otherwise). */
  issues: ValidationIssue[];
  /**
   * The body in the spec's own form, as the real gateway reads it: null optional fields dropped,
   * amounts sent as numbers turned into decimal text, digit strings into numbers. Unknown fields kept.
   */
  accepted: unknown;
}

export function validateBody(id: OperationId, version: number | undefined, body: unknown, now: Date = new Date()): ValidationIssue[] {
  return checkBody(id, version, body, now).issues;
}

export function checkBody(id: OperationId, version: number | undefined, body: unknown, now: Date = new Date()): BodyCheck {
  const compiled = compileOrIssue(id, version);
  if (!('resolved' in compiled)) return { issues: [compiled], accepted: body };
  const { index, rules, resolved, tree, knownPaths } = compiled;
  if (!index || !tree) {
    const empty = body === undefined || body === null || (isRecord(body) && Object.keys(body).length === 0);
    return { issues: empty ? [] : [issue('', 'unexpected', `${resolved.op.id} takes no body`, body)], accepted: body };
  }
  // No body on the wire is an empty one to the gateway (the simulator reads it so too): judged as {}, so an
  // operation whose fields are all optional (Payment Options Inquiry) takes it, and one with required fields
  // names them instead of "must be a JSON object".
  if (body === undefined) return checkBody(id, version, {}, now);
  if (!isRecord(body)) return { issues: [issue('', 'type', `must be a JSON object, got ${shown(body)}`, body)], accepted: body };
  const form = acceptedForm(tree, body, knownPaths, { complete: compiled.fieldListComplete, version: resolved.rulesFrom });
  const unknownNames = [...form.unexpected, ...form.warnings.filter((w) => w.rule === 'unknownField')];
  const notInVersion = unknownNames.flatMap((w) => outOfVersion(compiled, w.path));
  // A name another version has is said once, with its versions: a set, so many unknown names stay linear.
  const inOtherVersions = new Set(notInVersion.map((n) => n.path));
  const unexpected = form.unexpected.filter((u) => !inOtherVersions.has(u.path));
  const fieldIssues = [...notInVersion, ...unexpected, ...checkNode(tree, form.body, '').filter((i) => !form.acceptedAsIs.has(i.path))];
  const errors = fieldIssues.filter(isError);
  // Cross-field rules see only values that passed their own field rules (one issue per cause, and a
  // hostile value over its length never reaches a sum or a date comparison).
  const failed = new Set(errors.map((i) => i.path));
  const checked = withoutPaths(form.body, failed);
  const ctx = { operationKey: resolved.key, hasPath: (p: string) => index.byPath.has(p), now };
  const ruleIssues = rules.flatMap((rule) => rule.check(checked, ctx)).filter((i) => !(i.rule === 'requiredFor' && failed.has(i.path)));
  // A rule that rejects a field outright (category with selectFirst=true) says more than "unknown field".
  const rejected = new Set(ruleIssues.map((i) => i.path));
  const warnings = form.warnings.filter((w) => !rejected.has(w.path) && !inOtherVersions.has(w.path));
  // A body naming its payment session may leave required fields to the session (sessionSupply.ts).
  const judged = withSessionSupply(compiled, form.body, [...fieldIssues, ...ruleIssues]);
  // Errors come first, so a list cut at MAX_PROBLEMS keeps what the real gateway rejects.
  return { issues: boundedProblems([...judged, ...warnings]), accepted: form.body };
}

/**
 * Whether a request of the operation may be sent with no body at all: it takes a body and the empty one
 * passes (nothing required). Request files, the Tap and the send path judge a missing body by it.
 */
export function bodyMayBeAbsent(id: OperationId, version: number | undefined): boolean {
  return getOperation(id)?.hasBody === true && !checkBody(id, version, undefined).issues.some(isError);
}

/**
 * A field another version has: the gateway's own answer ("Unexpected parameter '…'", seed reference
 * gateway-behaviour.md) as an error, and which versions have it. [] for a name no version knows.
 */
function outOfVersion(compiled: CompiledOperation, path: string): ValidationIssue[] {
  if (compiled.outOfSpan.size === 0) return [];
  const template = path.replace(/\[\d+\]/g, '[]');
  const span = compiled.outOfSpan.get(template);
  if (!span) return [];
  const uses = `this request uses version ${String(compiled.resolved.version)}`;
  const when = span.since !== undefined && (compiled.resolved.version ?? 0) < span.since
    ? `introduced in version ${span.since}`
    : `removed after version ${String(span.until)}`;
  return [issue(path, 'notInVersion', `Unexpected parameter '${path}': ${when}; ${uses}`, undefined)];
}

/** The paths to remove, as a tree of steps: `removed` marks a path's end. */
interface Removal {
  removed: boolean;
  next: Map<string | number, Removal>;
}

/**
 * A copy of the body without the values at these concrete paths; only the objects on the way are
 * copied, each once (copying a list once per failed entry was quadratic: minutes for 100,000 entries).
 */
function withoutPaths(body: Record<string, unknown>, paths: ReadonlySet<string>): Record<string, unknown> {
  const root: Removal = { removed: false, next: new Map() };
  for (const path of paths) {
    let at = root;
    for (const step of pathSegments(path)) {
      let next = at.next.get(step);
      if (!next) at.next.set(step, (next = { removed: false, next: new Map() }));
      at = next;
    }
    if (at !== root) at.removed = true;
  }
  return root.next.size === 0 ? body : (removeAll(body, root) as Record<string, unknown>);
}

/** Catalogue paths are a few levels deep, so the recursion is too. */
function removeAll(node: unknown, removal: Removal): unknown {
  if (Array.isArray(node)) {
    const copy = [...node];
    for (const [step, inner] of removal.next) {
      if (typeof step === 'number' && step < node.length) copy[step] = inner.removed ? undefined : removeAll(node[step], inner);
    }
    return copy;
  }
  if (!isRecord(node)) return node;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(node)) {
    const inner = removal.next.get(key);
    if (inner?.removed) continue;
    Object.defineProperty(copy, key, { value: inner ? removeAll(node[key], inner) : node[key], enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** Splits 'item[2].name' into ['item', 2, 'name'] (path segments, as zod spells them too). */
export function pathSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) { out.push(part); continue; }
    if (m[1]) out.push(m[1]);
    for (const idx of (m[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

export function validateField(id: OperationId, version: number | undefined, path: string, value: unknown): ValidationIssue[] {
  const compiled = compileOrIssue(id, version);
  if (!('resolved' in compiled)) return [compiled];
  if (!compiled.index) return [];
  const match = catalogueMatch(compiled.index, path);
  if (!match) return []; // not in the catalogue: validateBody warns about it, with the closest known name
  const { entry, mapKey } = match;
  const out: ValidationIssue[] = [];
  if (mapKey !== undefined) {
    const parent = compiled.index.byPath.get(entry.meta.path.slice(0, -'.{key}'.length));
    if (parent?.node.type === 'map' && !(mapKey.length <= parent.node.keyMaxLength && parent.node.keyPattern.test(mapKey))) {
      out.push(issue(path, 'pattern', `key must be ${parent.node.keyHint}, got ${shown(mapKey)}`, mapKey));
    }
  }
  const accepted = acceptedValue(entry.node, value, path);
  // The path as issues spell it (a key that is not a name, such as '', reads as the body's own paths do).
  const checked = accepted.asIs ? [] : checkNode(entry.node, accepted.value, formatPath(pathSegments(path)));
  return boundedProblems([...out, ...checked, ...accepted.warnings], path);
}
