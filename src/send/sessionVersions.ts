/**
 * The API version each payment session was last updated with, as far as this workbench saw it (its
 * own Update Session sends), and the send-time rule that follows: an operation that names a session
 * must be sent at that version ("the Web-Services API version for the operations referencing the
 * session must match the Web-Services API version used when updating or adding request fields to the
 * session", Payment Session guide). The gateway refuses the mismatch, so when the workbench knows
 * the session's version it is an error: it joins the "rules fail" question (Review / Send Anyway),
 * which a person may still answer with Send Anyway (the session may since have been updated
 * elsewhere, by the payer's browser for one). A session it never saw updated gets no rule at all.
 * Memory only, bounded; no vscode here.
 */
import type { ValidationIssue } from '../catalogue';
import { namedSession, type OperationDef } from '../catalogue';
import { issue } from '../catalogue/issues';
import type { Environment } from '../environments/environment';
import type { Exchange } from './exchange';
import { formatTime } from '../format/time';

/** The operations that add or update fields of the session in their URL. */
const UPDATES_SESSION: ReadonlySet<string> = new Set(['gateway.updateSession', 'gateway.updateSessionAsPayer']);

interface SessionUpdate {
  version: number;
  /** When the update was sent (ISO time), for the message. */
  at: string;
  environmentName: string;
}

const keyOf = (environmentId: string, merchantId: string, sessionId: string): string => `${environmentId}\u0000${merchantId}\u0000${sessionId}`;

export class SessionVersions {
  private readonly updates = new Map<string, SessionUpdate>();

  constructor(private readonly capacity = 500) {}

  /** Learns from one sent exchange: a session the gateway updated, at the exchange's version. */
  record(e: Exchange): void {
    const { sessionId, merchantId } = e.params;
    const status = e.response?.status;
    if (!UPDATES_SESSION.has(e.operationId) || !sessionId || !merchantId || e.version === undefined || status === undefined || status < 200 || status >= 300) return;
    const key = keyOf(e.environment.id, merchantId, sessionId);
    this.updates.delete(key);
    this.updates.set(key, { version: e.version, at: e.startedAt, environmentName: e.environment.name });
    if (this.updates.size > this.capacity) this.updates.delete(this.updates.keys().next().value as string);
  }

  lastUpdate(environmentId: string, merchantId: string, sessionId: string): SessionUpdate | undefined {
    return this.updates.get(keyOf(environmentId, merchantId, sessionId));
  }
}

interface SessionUseInput {
  env: Environment;
  op: Pick<OperationDef, 'id' | 'api' | 'title'>;
  version: number | undefined;
  /** The URL parameters as the send will use them (merchantId from the environment unless given). */
  merchantId: string | undefined;
  body: unknown;
}

/** The error of a body naming a session the workbench saw updated at another API version; [] otherwise. */
export function sessionVersionIssues(known: SessionVersions | undefined, input: SessionUseInput, time: (iso: string) => string = formatTime): ValidationIssue[] {
  const sessionId = namedSession(input.body);
  const merchantId = input.merchantId ?? input.env.merchantId;
  if (!known || sessionId === undefined || merchantId === undefined || input.version === undefined || input.op.api !== 'gateway') return [];
  const last = known.lastUpdate(input.env.id, merchantId, sessionId);
  if (!last || last.version === input.version) return [];
  return [issue('session.id', 'sessionVersion', `session ${sessionId} was updated at API version ${last.version} (your Update Session on ${last.environmentName} at ${time(last.at)}); the gateway refuses an operation that uses it at another version, and this ${input.op.title} is version ${input.version}. Send it at version ${last.version}, or update the session again at version ${input.version} first`, sessionId)];
}
