/**
 * What the Tap saw each payment session hold: the field paths an Update Session stored (its request,
 * answered 2xx) and a Retrieve Session showed (its answer). A Pay or Authorize that names the session
 * then leaves out what the session holds, and the gateway takes it from there: the catalogue's "needed
 * in the request or in the session" is answered, not a warning. Paths only, never values (a card
 * number never stays here). Bounded: the newest sessions, each with a bounded number of paths.
 */
import { FinancingConversations } from './financingConversations';

const MAX_SESSIONS = 1000;
const MAX_PATHS_PER_SESSION = 2000;
/** Deeper than any gateway field: a crafted body stops adding paths here. */
const MAX_DEPTH = 12;
/** What a session answer carries about the session itself, not fields it holds for a payment. */
const NOT_HELD = new Set(['session', 'merchant', 'result', 'version', 'correlationId']);

export class SessionsSeen {
  private readonly held = new Map<string, Set<string>>();
  /** The financing partner's sign-in sessions, by the tokens their calls present. */
  readonly financing = new FinancingConversations();

  /** Takes what a call shows of its session: Update Session's body, Retrieve Session's answer. */
  record(operationId: string, sessionId: string | undefined, status: number | undefined, request: unknown, answer: unknown): void {
    if (sessionId === undefined || status === undefined || status < 200 || status > 299) return;
    const source = operationId === 'gateway.updateSession' ? request : operationId === 'gateway.retrieveSession' ? answer : undefined;
    if (!isRecord(source)) return;
    const paths = this.held.get(sessionId) ?? new Set<string>();
    this.held.delete(sessionId);
    this.held.set(sessionId, paths);
    addPaths(source, '', 0, paths);
    if (this.held.size > MAX_SESSIONS) this.held.delete(this.held.keys().next().value as string);
  }

  /** True when the Tap saw the session hold the field (or an object with fields in it) at `path`. */
  holds(sessionId: string, path: string): boolean {
    return this.held.get(sessionId)?.has(path.replace(/\[\d+\]/g, '[]')) ?? false;
  }
}

/** Every path of an object, objects included ('order', 'order.amount'); list entries as 'item[]'. */
function addPaths(value: Record<string, unknown>, prefix: string, depth: number, into: Set<string>): void {
  if (depth >= MAX_DEPTH) return;
  for (const [key, child] of Object.entries(value)) {
    if (into.size >= MAX_PATHS_PER_SESSION) return;
    if (depth === 0 && NOT_HELD.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    into.add(path);
    if (isRecord(child)) addPaths(child, path, depth + 1, into);
    else if (Array.isArray(child)) {
      for (const entry of child.slice(0, 100)) if (isRecord(entry)) addPaths(entry, `${path}[]`, depth + 1, into);
    }
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
