/**
 * The one id policy of a send: which transaction id a gateway operation goes out with, decided from
 * what this window (or this flow run) already sent on the order. The gateway refuses a transaction id
 * twice on one order, even after a failure, so a used one is replaced by a fresh one — except where an
 * operation continues an earlier one's transaction:
 * - Authenticate Payer continues Initiate Authentication: the same order and the same transaction id
 *   (gateway reference, "Authenticate Payer": "the same transaction ID as used in the Initiate
 *   Authentication request");
 * - a Pay or Authorize after an authentication takes a new transaction id on the order and carries
 *   `authentication.transactionId`, the authentication's transaction id;
 * - a retry after a decline takes a new transaction id on the same order (the order is kept:
 *   send/orders.ts idsToRenewAfterSend).
 * No vscode here: the palette, the form, the request files, flows and the CLI all decide through it.
 */
import { continuationOf, fieldsOf, getOperation, type OperationId } from '../catalogue';
import { createsTransaction } from '../catalogue/orderRole';
import type { PathParamName } from '../http';
import type { Exchange } from './exchange';

const AUTHENTICATION_FIELD = 'authentication.transactionId';

/**
 * What an operation continues is declared once, in its catalogue record (continuationOf): `same` takes
 * the earlier operation's transaction id, `new` takes a new one and carries the earlier one in a field.
 */
function continuesSame(operationId: string): string | undefined {
  const c = continuationOf(operationId);
  return c?.transaction === 'same' ? c.from : undefined;
}

/** What came of a transaction as far as ids go: `sent` until its answer is in. */
export type TransactionAnswer = 'sent' | 'accepted' | 'declined' | 'refused';

export interface SentTransaction {
  transactionId: string;
  operationId: string;
  answer: TransactionAnswer;
}

type Params = Partial<Record<PathParamName, string>>;

/**
 * Transaction ids already sent, per environment and order, with the operation that sent each and what
 * came of it. Bounded: the oldest orders are forgotten first.
 */
export class SentTransactions {
  private readonly orders = new Map<string, SentTransaction[]>();
  private size = 0;

  constructor(private readonly capacity = 10_000) {}

  private key(environmentId: string, orderId: string | undefined): string {
    return `${environmentId}\u0000${orderId ?? ''}`;
  }

  /** What was sent on the order, oldest first. */
  on(environmentId: string, orderId: string | undefined): readonly SentTransaction[] {
    return this.orders.get(this.key(environmentId, orderId)) ?? [];
  }

  wasSent(environmentId: string, orderId: string | undefined, transactionId: string): boolean {
    return this.on(environmentId, orderId).some((t) => t.transactionId === transactionId);
  }

  /** Marks the id used as it goes out, so two sends in flight never share one. */
  claim(environmentId: string, orderId: string | undefined, transactionId: string, operationId: string): void {
    const key = this.key(environmentId, orderId);
    const list = this.orders.get(key) ?? [];
    this.orders.delete(key);
    this.orders.set(key, [...list, { transactionId, operationId, answer: 'sent' }]);
    this.size++;
    while (this.size > this.capacity) {
      const oldest = this.orders.keys().next().value as string;
      this.size -= this.orders.get(oldest)?.length ?? 0;
      this.orders.delete(oldest);
    }
  }

  /** What the answer said of the transaction the exchange sent. */
  settle(e: Exchange): void {
    const { orderId, transactionId } = e.params;
    if (!transactionId) return;
    const sent = this.orders.get(this.key(e.environment.id, orderId))?.findLast((t) => t.transactionId === transactionId && t.operationId === e.operationId);
    if (sent) sent.answer = answerOf(e);
  }
}

function answerOf(e: Exchange): TransactionAnswer {
  const result = e.decoded?.outcome?.result;
  if (result === 'ERROR' || (e.response && e.response.status >= 400)) return 'refused';
  if (result === 'FAILURE') return 'declined';
  return 'accepted';
}

/** What a door sends: an explicit id is kept only where it has not been used (`door`), or always (`asWritten`: a flow's file says). */
export type IdMode = 'door' | 'asWritten';

export interface IdRequest {
  operationId: string;
  version?: number | undefined;
  params: Params;
  body: unknown;
}

export interface IdDecision {
  params: Params;
  body: unknown;
  /** Why an id differs from the one given, per id ("transactionId", "authentication.transactionId"). */
  notes: Partial<Record<'transactionId' | typeof AUTHENTICATION_FIELD, string>>;
}

/** Whether the operation's URL takes a transaction id it creates (not a read of an existing one). */
function takesNewTransaction(operationId: string): boolean {
  return createsTransaction(operationId) && (getOperation(operationId)?.pathParams.some((p) => p.name === 'transactionId') ?? false);
}

function titleOf(operationId: string): string {
  return getOperation(operationId)?.title ?? operationId;
}

/**
 * The transaction id to send: the continued operation's (Authenticate Payer after Initiate
 * Authentication), the one given when unused (or always, `asWritten`), else a fresh one.
 */
export function decideTransactionId(request: IdRequest, sent: readonly SentTransaction[], fresh: () => string, mode: IdMode): Pick<IdDecision, 'params' | 'notes'> {
  const { operationId, params } = request;
  if (!takesNewTransaction(operationId)) return { params, notes: {} };
  const given = params.transactionId === '' ? undefined : params.transactionId;
  const order = params.orderId ? ` on order ${params.orderId}` : '';
  const continued = continuesSame(operationId);
  if (continued && !(mode === 'asWritten' && given !== undefined)) {
    const candidates = sent.filter((t) => t.operationId === continued && t.answer !== 'refused' && t.answer !== 'declined');
    const own = candidates.find((t) => t.transactionId === given) ?? candidates.at(-1);
    if (own) {
      const notes = own.transactionId === given ? {} : { transactionId: `${titleOf(operationId)} continues ${titleOf(continued)}'s transaction ${own.transactionId}${order}${given ? `, not ${given}` : ''}.` };
      return { params: { ...params, transactionId: own.transactionId }, notes };
    }
  }
  if (given !== undefined && (mode === 'asWritten' || !sent.some((t) => t.transactionId === given))) return { params, notes: {} };
  let id = fresh();
  while (sent.some((t) => t.transactionId === id)) id = fresh();
  const notes = given === undefined ? {} : { transactionId: `${given} was already sent${order}; ${titleOf(operationId)} takes ${id}, as the gateway takes a used id for a retry.` };
  return { params: { ...params, transactionId: id }, notes };
}

/**
 * A Pay or Authorize on an order this door authenticated, whose body names no authentication, carries
 * the authentication's transaction id (where its version has the field): without it the gateway
 * takes an unauthenticated payment. A body that names one, or a flow's (`asWritten`), is left alone.
 */
export function withAuthentication(request: IdRequest, sent: readonly SentTransaction[], mode: IdMode): Pick<IdDecision, 'body' | 'notes'> {
  const { operationId, body } = request;
  const continuation = continuationOf(operationId);
  // Only `authentication.transactionId` is carried today; a record naming another field is not filled here.
  if (mode !== 'door' || continuation?.transaction !== 'new' || continuation.carries !== AUTHENTICATION_FIELD || !isObject(body)) return { body, notes: {} };
  const auth = body['authentication'];
  if (auth !== undefined && (!isObject(auth) || auth['transactionId'] !== undefined)) return { body, notes: {} };
  const authentication = sent.filter((t) => t.operationId === continuation.from && (t.answer === 'accepted' || t.answer === 'sent')).at(-1);
  if (!authentication || !fieldsOf(operationId as OperationId, request.version).some((f) => f.path === AUTHENTICATION_FIELD)) return { body, notes: {} };
  const note = `The authentication transaction ${authentication.transactionId}${request.params.orderId ? ` of order ${request.params.orderId}` : ''}: ${titleOf(operationId)} pays with it.`;
  return { body: { ...body, authentication: { ...(auth ?? {}), transactionId: authentication.transactionId } }, notes: { [AUTHENTICATION_FIELD]: note } };
}

/** Both decisions, as a form shows them before it sends. */
export function decideIds(request: IdRequest, sent: readonly SentTransaction[], fresh: () => string, mode: IdMode): IdDecision {
  const withAuth = withAuthentication(request, sent, mode);
  const ids = decideTransactionId({ ...request, body: withAuth.body }, sent, fresh, mode);
  return { params: ids.params, body: withAuth.body, notes: { ...withAuth.notes, ...ids.notes } };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
