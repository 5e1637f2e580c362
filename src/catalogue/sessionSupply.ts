/**
 * What a payment session can supply. "A payment session can be used to temporarily store any of the
 * request fields of operations that allow a session identifier as a request field" (Create Session,
 * public API reference); "when the gateway receives a transaction request that references a session,
 * it forms the final transaction by combining the fields in the session with those supplied directly
 * in the request" (Session Basics), the request's own fields winning (Payment Session guide,
 * Precedence Rules).
 *
 * Offline, the catalogue cannot see what a session holds. So when a body names its session
 * (`session.id`) on an operation that takes one, a required field the body leaves out is no error:
 * it is needed in the request or in the session, a warning that never blocks (the gateway accepts
 * the request when the session holds the field). The simulator, which sees the session, checks the
 * merged body with these rules as errors (gateway/sessionUse.ts).
 */
import type { CompiledOperation } from './compiled';
import { compile } from './compiled';
import { checkNode } from './fieldChecks';
import type { FieldNode } from './fieldTree';
import { clip, isError, warning, type ValidationIssue } from './issues';
import type { OperationId } from './operations';
import { at, isRecord } from './rules/access';

/** Where a body names its payment session. */
export const SESSION_ID_PATH = 'session.id';

/** The rule id of "needed in the request or in the session". */
export const SESSION_MAY_HOLD = 'requiredOrSession';

/** A session never stands in for the operation's name or for the session reference itself. */
function sessionMayHoldPath(path: string): boolean {
  return path !== '' && path !== 'apiOperation' && path !== 'session' && !path.startsWith('session.');
}

/**
 * A field inside a list entry the request sends ('item[0].name') is not the session's to supply: a
 * list sent replaces the session's list whole (the simulator's merge; the reference describes no
 * merging of list entries), so the entry must be complete in the request.
 */
const insideSentList = (path: string): boolean => path.includes('[');

function takesSession(compiled: CompiledOperation): boolean {
  return compiled.index?.byPath.has(SESSION_ID_PATH) ?? false;
}

/**
 * The session the body names, when the operation takes one and the reference keeps its own rules
 * (31 to 35 ASCII characters): a broken reference is refused by the gateway before any merging.
 */
function sessionReference(compiled: CompiledOperation, body: unknown): string | undefined {
  const id = namedSession(body);
  const entry = compiled.index?.byPath.get(SESSION_ID_PATH);
  if (id === undefined || !entry) return undefined;
  return checkNode(entry.node, id, SESSION_ID_PATH).some(isError) ? undefined : id;
}

/**
 * True when the operation takes `session.id` and a session may hold this field (a catalogue path such
 * as 'order.currency'): what the form marks as "can come from the session".
 */
export function sessionMayHold(id: OperationId, version: number | undefined, path: string): boolean {
  return sessionMayHoldPath(path) && takesSession(compile(id, version));
}

/** True when the operation takes `session.id` at this version: a session may then supply its required fields. */
export function takesSessionId(id: OperationId, version: number | undefined): boolean {
  return takesSession(compile(id, version));
}

/** The session a body names, when it is text; undefined otherwise (the field rules judge its shape). */
export function namedSession(body: unknown): string | undefined {
  const id = at(body, SESSION_ID_PATH);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The required fields below a missing required object, each as its own path ('order' → 'order.currency'). */
function requiredLeavesUnder(compiled: CompiledOperation, path: string): string[] {
  let node: FieldNode | undefined = compiled.tree;
  for (const step of path.split('.')) node = node?.type === 'object' ? node.fields[step] : undefined;
  if (node?.type !== 'object') return [path];
  const out: string[] = [];
  const walk = (n: FieldNode, p: string): void => {
    if (n.type !== 'object') {
      out.push(p);
      return;
    }
    for (const [key, child] of Object.entries(n.fields)) if (child.required) walk(child, `${p}.${key}`);
  };
  walk(node, path);
  return out.length > 0 ? out : [path];
}

/** The required fields a missing required object stands for ('order' → ['order.currency']); [path] for a field. */
export function requiredFieldsUnder(id: OperationId, version: number | undefined, path: string): string[] {
  return requiredLeavesUnder(compile(id, version), path);
}

const isRequiredIssue = (i: ValidationIssue): boolean => isError(i) && (i.rule === 'required' || i.rule === 'requiredFor');

/** The one wording, so the same field says the same thing whichever check found it (the form merges repeats). */
function neededInRequestOrSession(path: string, sessionId: string): ValidationIssue {
  return warning(path, SESSION_MAY_HOLD, `needed in the request or in the session: left out here, the gateway takes it from session '${clip(sessionId)}' when the session holds it (Update Session stores it)`);
}

/**
 * The issues as they stand once the body names a session: each required field it leaves out (a
 * required object counts as the required fields inside it) becomes a "needed in the request or in
 * the session" warning, listed once. Unchanged when the operation takes no session, the body names
 * none, or its session.id breaks its own rules (the gateway refuses that reference first).
 * Linear in the issues; a required object expands to the required fields the catalogue declares in it.
 */
export function withSessionSupply(compiled: CompiledOperation, body: unknown, issues: readonly ValidationIssue[]): ValidationIssue[] {
  const sessionId = sessionReference(compiled, body);
  if (sessionId === undefined) return [...issues];
  const kept: ValidationIssue[] = [];
  const supplied = new Map<string, ValidationIssue>();
  for (const i of issues) {
    if (!isRequiredIssue(i) || !sessionMayHoldPath(i.path) || insideSentList(i.path)) {
      kept.push(i);
      continue;
    }
    for (const path of requiredLeavesUnder(compiled, i.path)) if (!supplied.has(path)) supplied.set(path, neededInRequestOrSession(path, sessionId));
  }
  // Errors stay first: a list cut short keeps what the gateway rejects.
  return [...kept.filter(isError), ...supplied.values(), ...kept.filter((i) => !isError(i))];
}

/** For checks made field by field (the form's always-required fields): the same softening, by operation id. */
export function sessionSupplied(id: OperationId, version: number | undefined, body: unknown, issues: readonly ValidationIssue[]): ValidationIssue[] {
  if (!isRecord(body)) return [...issues];
  return withSessionSupply(compile(id, version), body, issues);
}

/** The operations that read a session's fields into a payment: what a session holds is for them. */
const SESSION_READERS: readonly OperationId[] = ['gateway.pay', 'gateway.authorize'];

/**
 * True when an operation that reads sessions declares `path` at `version`: a field Update Session's
 * partial list lacks (customer.email) but Pay has is one the gateway keeps in the session for the Pay.
 * List indices are read as the catalogue writes them ('item[0].name' as 'item[].name').
 */
export function sessionReaderKnows(version: number | undefined, path: string): boolean {
  const template = path.replace(/\[\d+\]/g, '[]');
  return SESSION_READERS.some((id) => compile(id, version).knownPaths.includes(template));
}
