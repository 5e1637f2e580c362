/**
 * What the workbench knows of the gateway orders it sent to, and the id rules that follow from it:
 * which operations start an order and which follow one up, which ids a form moves to after a send,
 * which order a follow-up can succeed on, and which transaction ids were already used.
 * Decided from the decoded responses only (result, order totals); no vscode here.
 */
import { add, decimalText, parseDecimal, type Decimal } from '../catalogue/decimal';
import { createsTransaction, orderRole } from '../catalogue/orderRole';
import type { Exchange } from './exchange';

/** The outcome of a send, as far as the order is concerned. */
type OrderOutcome = 'declined' | 'rejected' | 'recorded';

function outcomeOf(e: Exchange): OrderOutcome {
  const result = e.decoded?.outcome?.result;
  if (result === 'FAILURE') return 'declined';
  // An error envelope (result ERROR, a 4xx) means the gateway did not record a transaction.
  if (result === 'ERROR' || (e.decoded?.error && e.response && e.response.status >= 400 && e.response.status < 500)) return 'rejected';
  // Success, pending, unknown, or no answer at all (a timeout may have reached the gateway): the order may be taken.
  return 'recorded';
}

/**
 * Which URL ids a form moves to after a send. A transaction id is never sent twice, so it is always
 * fresh. The order is fresh after an initial operation the gateway may have recorded; a declined or
 * rejected one keeps its order (from API v15 a new initial transaction may be sent on a declined order),
 * and a follow-up keeps its order.
 */
export function idsToRenewAfterSend(e: Exchange): { orderId: boolean; transactionId: boolean } {
  return { orderId: orderRole(e.operationId) === 'initial' && outcomeOf(e) === 'recorded', transactionId: createsTransaction(e.operationId) };
}

/** What the last response said about one order. */
interface OrderFacts {
  environmentId: string;
  orderId: string;
  /** Title of the operation that created the order (or of the first one seen on it). */
  createdBy: string;
  createdAt: string;
  currency?: string;
  /** order.status as last answered (AUTHORIZED, CANCELLED…). */
  status?: string;
  authorized?: Decimal;
  captured?: Decimal;
  refunded?: Decimal;
  /** Last time a response told us about it: candidates are offered newest first. */
  updatedAt: string;
}

/** An order a follow-up can succeed on, and the sentence that says which. */
interface OrderChoice {
  orderId: string;
  note: string;
}

const minus = (a: Decimal, b: Decimal): Decimal => add(a, { units: -b.units, scale: b.scale });
const isPositive = (d: Decimal | undefined): d is Decimal => d !== undefined && d.units > 0n;

/** An order with a transaction a Void could reverse. */
const VOIDABLE_STATUSES: ReadonlySet<string> = new Set(['AUTHORIZED', 'PARTIALLY_CAPTURED', 'CAPTURED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/** A cancelled or failed order takes no follow-up, whatever its totals say. */
const CLOSED_STATUSES: ReadonlySet<string> = new Set(['CANCELLED', 'FAILED']);

function fundsLeft(operationId: string, o: OrderFacts): { amount: Decimal; what: string } | undefined {
  if (o.status !== undefined && CLOSED_STATUSES.has(o.status)) return undefined;
  const authorized = o.authorized;
  const captured = o.captured ?? (authorized ? { units: 0n, scale: 0 } : undefined);
  if (operationId === 'gateway.refund') {
    const left = captured && minus(captured, o.refunded ?? { units: 0n, scale: 0 });
    return isPositive(left) ? { amount: left, what: 'left to refund' } : undefined;
  }
  if (operationId === 'gateway.capture') {
    const left = authorized && captured && minus(authorized, captured);
    return isPositive(left) ? { amount: left, what: 'left to capture' } : undefined;
  }
  if (operationId === 'gateway.updateAuthorization') {
    // Only an authorization not yet fully captured can be updated.
    const left = authorized && captured && minus(authorized, captured);
    return isPositive(left) ? { amount: left, what: 'authorized, not captured' } : undefined;
  }
  return undefined;
}

/** Orders per environment, bounded (oldest forgotten first): a form needs the recent ones only. */
export class OrderLedger {
  private readonly orders = new Map<string, OrderFacts>();

  constructor(private readonly capacity = 200) {}

  /** Learns from one sent gateway exchange: a new order, or new totals on a known one. */
  record(e: Exchange): void {
    const orderId = e.params.orderId;
    if (!orderId || !e.operationId.startsWith('gateway.')) return;
    const key = `${e.environment.id}\u0000${orderId}`;
    const known = this.orders.get(key);
    const order = e.decoded?.order;
    const facts: OrderFacts = known
      ? { ...known, updatedAt: e.startedAt }
      : { environmentId: e.environment.id, orderId, createdBy: e.operationTitle, createdAt: e.startedAt, updatedAt: e.startedAt };
    if (order && outcomeOf(e) !== 'rejected') {
      if (order.currency) facts.currency = order.currency;
      if (order.status) facts.status = order.status;
      const totals = { authorized: parseDecimal(order.totalAuthorizedAmount), captured: parseDecimal(order.totalCapturedAmount), refunded: parseDecimal(order.totalRefundedAmount) };
      for (const [k, v] of Object.entries(totals)) if (v) facts[k as keyof typeof totals] = v;
    }
    this.orders.delete(key);
    this.orders.set(key, facts);
    while (this.orders.size > this.capacity) this.orders.delete(this.orders.keys().next().value as string);
  }

  /** The newest order of the environment on which `operationId` can succeed, with what it has left. */
  choiceFor(operationId: string, environmentId: string, formatTime: (iso: string) => string = shortTime): OrderChoice | undefined {
    const newestFirst = [...this.orders.values()].filter((o) => o.environmentId === environmentId).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    const newest = newestFirst[0];
    if (orderRole(operationId) === 'lookup') return newest && { orderId: newest.orderId, note: `order ${newest.orderId} from your ${newest.createdBy} at ${formatTime(newest.createdAt)}, the newest in this window` };
    if (operationId === 'gateway.void') {
      const open = newestFirst.find((o) => o.status !== undefined && VOIDABLE_STATUSES.has(o.status));
      return open && { orderId: open.orderId, note: `order ${open.orderId} from your ${open.createdBy} at ${formatTime(open.createdAt)}, ${open.status}` };
    }
    for (const o of newestFirst) {
      const left = fundsLeft(operationId, o);
      if (!left) continue;
      const money = `${decimalText(left.amount)}${o.currency ? ` ${o.currency}` : ''}`;
      return { orderId: o.orderId, note: `order ${o.orderId} from your ${o.createdBy} at ${formatTime(o.createdAt)}, ${money} ${left.what}` };
    }
    return undefined;
  }
}

/** "15:02" in the local time zone. */
function shortTime(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * Transaction ids already sent, per order: the gateway refuses a transaction id twice on one order,
 * even after a failure, so a used one is replaced by a fresh one (and the caller says so).
 */
export class TransactionLedger {
  private readonly sent = new Set<string>();

  constructor(private readonly capacity = 10_000) {}

  private key(orderId: string | undefined, transactionId: string): string {
    return `${orderId ?? ''}\u0000${transactionId}`;
  }

  wasSent(orderId: string | undefined, transactionId: string): boolean {
    return this.sent.has(this.key(orderId, transactionId));
  }

  /** The id to send: `transactionId` unless already used on this order, else `fresh()`; either is then marked used. */
  claim(orderId: string | undefined, transactionId: string, fresh: () => string): { transactionId: string; replaced?: string } {
    let id = transactionId;
    while (this.wasSent(orderId, id)) id = fresh();
    this.sent.add(this.key(orderId, id));
    if (this.sent.size > this.capacity) this.sent.delete(this.sent.values().next().value as string);
    return id === transactionId ? { transactionId: id } : { transactionId: id, replaced: transactionId };
  }
}
