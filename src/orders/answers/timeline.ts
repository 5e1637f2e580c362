/**
 * Orders at a glance, from what was sent: the gateway exchanges of an environment grouped by order id,
 * each order with its newest known status and totals (a Retrieve Order refreshes them) and its
 * exchanges in time order. Built from History, so it survives a reload and stays redacted and bounded
 * like History; no vscode here.
 */
import type { NotificationEvent } from '../../notifications/notificationEvent';
import type { Exchange } from '../../send/exchange';
import { orderOfAnswer } from './orderOfAnswer';
import { decimalText } from '../../catalogue/decimal';
import type { Order } from '../model';

export interface OrderStep {
  /** A request sent, or a gateway webhook the local inbox received about the order. */
  kind: 'request' | 'notification';
  /** The exchange (request) or the notification id. */
  id: string;
  at: string;
  operationTitle: string;
  transactionId?: string;
  /** The transaction type the gateway answered (CAPTURE, VOID_AUTHORIZATION…). */
  type?: string;
  amount?: string;
  currency?: string;
  /** The verdict's title: "Approved", "Declined: EXPIRED_CARD", "Request refused…" */
  outcome: string;
  tone: string;
}

export interface OrderSummary {
  orderId: string;
  status?: string;
  currency?: string;
  totalAuthorizedAmount?: string;
  totalCapturedAmount?: string;
  totalRefundedAmount?: string;
  /** Why the newest totals cannot be trusted (the order model's check); absent when they add up. */
  problems?: readonly string[];
  lastAt: string;
  /** Oldest first. */
  steps: OrderStep[];
}

function stepOf(e: Exchange): OrderStep {
  const t = e.decoded?.transaction;
  const verdict = e.decoded?.verdict;
  return {
    kind: 'request',
    id: e.id,
    at: e.startedAt,
    operationTitle: e.operationTitle,
    ...(e.params.transactionId ? { transactionId: t?.id ?? e.params.transactionId } : {}),
    ...(t?.type ? { type: t.type.code } : {}),
    ...(t?.amount ? { amount: t.amount } : {}),
    ...(t?.currency ? { currency: t.currency } : {}),
    outcome: verdict?.title ?? e.failure?.kind ?? (e.response ? `HTTP ${e.response.status}` : 'no response'),
    tone: verdict?.tone ?? (e.failure ? 'error' : 'info'),
  };
}

function notificationStep(n: NotificationEvent): OrderStep {
  const s = n.summary;
  return {
    kind: 'notification',
    id: n.id,
    at: n.receivedAt,
    operationTitle: 'Webhook',
    ...(n.transactionId ? { transactionId: n.transactionId } : {}),
    ...(s.transactionType ? { type: s.transactionType } : {}),
    ...(s.amount ? { amount: s.amount } : {}),
    ...(s.currency ? { currency: s.currency } : {}),
    outcome: n.verified === false ? `${s.title} (secret wrong: refused)` : s.title,
    tone: n.verified === false ? 'error' : 'info',
  };
}

/** Status, currency and totals as the order model read them: the same numbers the next steps and their problems come from. */
function readModel(summary: OrderSummary, model: Order): void {
  if (model.status !== undefined) summary.status = model.status;
  if (model.currency !== undefined) summary.currency = model.currency;
  summary.totalAuthorizedAmount = decimalText(model.totals.authorized);
  summary.totalCapturedAmount = decimalText(model.totals.captured);
  summary.totalRefundedAmount = decimalText(model.totals.refunded);
  if (model.problems.length > 0) summary.problems = model.problems;
  else delete summary.problems;
}

/**
 * The newest-first list of orders of `environmentId` in `exchanges` (any order), each with the gateway
 * webhooks about it in its timeline.
 */
export function ordersOf(exchanges: readonly Exchange[], environmentId: string | undefined, notifications: readonly NotificationEvent[] = []): OrderSummary[] {
  const byOrder = new Map<string, OrderSummary>();
  const gateway = exchanges.filter((e) => e.operationId.startsWith('gateway.') && (environmentId === undefined || e.environment.id === environmentId));
  const orderOf = orderThreads(gateway);
  const oldestFirst = gateway.filter((e) => orderOf(e) !== undefined).sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  for (const e of oldestFirst) {
    const orderId = orderOf(e) ?? '';
    const summary = byOrder.get(orderId) ?? { orderId, lastAt: e.startedAt, steps: [] };
    summary.steps.push(stepOf(e));
    summary.lastAt = e.startedAt;
    const model = orderOfAnswer(e);
    if (model) readModel(summary, model);
    byOrder.set(orderId, summary);
  }
  for (const n of notifications) {
    const order = n.source === 'gateway' && n.orderId !== undefined ? byOrder.get(n.orderId) : undefined;
    if (order) order.steps.push(notificationStep(n));
  }
  for (const order of byOrder.values()) order.steps.sort((a, b) => a.at.localeCompare(b.at));
  return [...byOrder.values()].sort((a, b) => b.lastAt.localeCompare(a.lastAt));
}

/** Only a session id of the gateway's shape is threaded: a body can hold any text. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const recordOf = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/**
 * The payment session an exchange creates, updates, reads or pays with: the URL's sessionId, the
 * body's session.id, or the id a Create Session answered with.
 */
export function sessionIdOf(e: Exchange): string | undefined {
  const fromBody = recordOf(recordOf(e.request.body)?.session)?.id;
  let id = e.params.sessionId ?? (typeof fromBody === 'string' ? fromBody : undefined);
  if (id === undefined && e.operationId === 'gateway.createSession' && e.response && e.response.bodyText.length <= 64 * 1024) {
    try {
      const created = recordOf(recordOf(JSON.parse(e.response.bodyText) as unknown)?.session)?.id;
      if (typeof created === 'string') id = created;
    } catch {
      // Not JSON: no session to thread by.
    }
  }
  return id !== undefined && SESSION_ID.test(id) ? id : undefined;
}

/**
 * The order each exchange belongs to: its URL's order id, or, for a call on a payment session
 * (Create Session, Update Session, Retrieve Session), the order that paid or authenticated with that
 * session. So a checkout (session, 3-D Secure, pay, retrieve) reads as one order's timeline, whether
 * the workbench sent it or the Gateway Tap saw the merchant's server send it.
 */
export function orderThreads(exchanges: readonly Exchange[]): (e: Exchange) => string | undefined {
  const orderOfSession = new Map<string, string>();
  for (const e of [...exchanges].sort((a, b) => a.startedAt.localeCompare(b.startedAt))) {
    const orderId = e.params.orderId;
    const session = orderId ? sessionIdOf(e) : undefined;
    // The first order to use a session keeps it: a session id is single-use per payment.
    if (orderId && session !== undefined && !orderOfSession.has(session)) orderOfSession.set(session, orderId);
  }
  return (e) => {
    if (e.params.orderId) return e.params.orderId;
    const session = sessionIdOf(e);
    return session !== undefined ? orderOfSession.get(session) : undefined;
  };
}

/** "CAPTURED · captured 60.00 of 100.00 EUR, refunded 25.00" */
export function describeOrder(o: OrderSummary): string {
  const currency = o.currency ? ` ${o.currency}` : '';
  const money = [
    o.totalCapturedAmount !== undefined && o.totalAuthorizedAmount !== undefined ? `captured ${o.totalCapturedAmount} of ${o.totalAuthorizedAmount}${currency}` : undefined,
    o.totalRefundedAmount !== undefined && o.totalRefundedAmount !== '0' && !/^0(\.0+)?$/.test(o.totalRefundedAmount) ? `refunded ${o.totalRefundedAmount}` : undefined,
  ].filter((m) => m !== undefined).join(', ');
  const problems = o.problems && o.problems.length > 0 ? `totals inconsistent: ${o.problems.join('; ')}` : '';
  return [o.status ?? 'status unknown', money, problems].filter((p) => p !== '').join(' · ');
}
