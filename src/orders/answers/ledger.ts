/**
 * What the workbench knows of the gateway orders it sent to, and the id rules that follow from it:
 * which operations start an order and which follow one up, which ids a form moves to after a send,
 * which order a follow-up can succeed on, and which transaction ids were already used.
 * Decided from the decoded responses only, through the order model (src/orders/); no vscode here.
 */
import { decimalText } from '../../catalogue/decimal';
import { createsTransaction, orderRole } from '../../catalogue/orderRole';
import { ownValue } from '../../json/ownKey';
import type { Order } from '../model';
import { wasRefused } from '../refused';
import { whatCanFollow, type FollowUp } from '../whatCanFollow';
import type { Exchange } from '../../send/exchange';
import { orderOfAnswer } from './orderOfAnswer';
import { formatTime as formatTimeOfDay } from '../../format/time';

/** The outcome of a send, as far as the order is concerned. */
type OrderOutcome = 'declined' | 'rejected' | 'recorded';

function outcomeOf(e: Exchange): OrderOutcome {
  const result = e.decoded?.outcome?.result;
  if (result === 'FAILURE') return 'declined';
  // Refused (a 4xx, the error envelope): the gateway did not record a transaction.
  if (wasRefused(e)) return 'rejected';
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

/** What the workbench last learnt about one order. */
interface OrderFacts {
  environmentId: string;
  orderId: string;
  /** Title of the operation that created the order (or of the first one seen on it). */
  createdBy: string;
  createdAt: string;
  /** The order as the last answer that was not refused told it. */
  order?: Order;
  /** Last time a response told us about it: candidates are offered newest first. */
  updatedAt: string;
}

/** An order a follow-up can succeed on, and the sentence that says which. */
interface OrderChoice {
  orderId: string;
  note: string;
}

const FOLLOW_UP_OF: Readonly<Record<string, FollowUp['kind']>> = {
  'gateway.capture': 'capture',
  'gateway.refund': 'refund',
  'gateway.updateAuthorization': 'updateAuthorization',
  'gateway.void': 'void',
};

/** What the order model offers on `o` for `operationId`, worded for the note: "40.00 EUR left to capture", "PARTIALLY_REFUNDED". */
function offered(operationId: string, o: Order): string | undefined {
  const kind = ownValue(FOLLOW_UP_OF, operationId);
  const step = kind === undefined ? undefined : whatCanFollow(o).find((f) => f.kind === kind);
  if (!step || !('what' in step)) return step?.kind === 'void' ? o.status : undefined;
  return `${decimalText(step.amount)}${o.currency ? ` ${o.currency}` : ''} ${step.what}`;
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
    const facts: OrderFacts = known
      ? { ...known, updatedAt: e.startedAt }
      : { environmentId: e.environment.id, orderId, createdBy: e.operationTitle, createdAt: e.startedAt, updatedAt: e.startedAt };
    const order = outcomeOf(e) === 'rejected' ? undefined : orderOfAnswer(e);
    if (order) facts.order = order;
    this.orders.delete(key);
    this.orders.set(key, facts);
    while (this.orders.size > this.capacity) this.orders.delete(this.orders.keys().next().value as string);
  }

  /** The newest order of the environment on which `operationId` can succeed, with what it has left. */
  choiceFor(operationId: string, environmentId: string, formatTime: (iso: string) => string = formatTimeOfDay): OrderChoice | undefined {
    const newestFirst = [...this.orders.values()].filter((o) => o.environmentId === environmentId).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    const newest = newestFirst[0];
    if (orderRole(operationId) === 'lookup') return newest && { orderId: newest.orderId, note: `order ${newest.orderId} from your ${newest.createdBy} at ${formatTime(newest.createdAt)}, the newest in this window` };
    for (const o of newestFirst) {
      const what = o.order && offered(operationId, o.order);
      if (what !== undefined) return { orderId: o.orderId, note: `order ${o.orderId} from your ${o.createdBy} at ${formatTime(o.createdAt)}, ${what}` };
    }
    return undefined;
  }
}
