/**
 * What can follow a gateway response on its order: Capture…, Refund…, Void, Update Authorization…,
 * Retrieve Order, each with the order id, the amount left and its currency, or the transaction to
 * void, and a note saying where each value came from. Decided from the decoded answer alone (the
 * order's status and totals, the transaction it reports), so the response panel and its tests share
 * it; no vscode here.
 */
import { GATEWAY_CODES } from '../catalogue/codes';
import { add, decimalText, parseDecimal, type Decimal } from '../catalogue/decimal';
import { ownValue } from '../json/ownKey';
import type { OperationId } from '../catalogue/operations';
import type { DecodedOrder, DecodedOrderTransaction } from '../decode/types';
import type { Exchange } from './exchange';

export interface NextStep {
  operationId: OperationId;
  /** Button text: "Capture 40.00 EUR…" */
  label: string;
  params: Record<string, string>;
  body?: Record<string, unknown>;
  /** Beside each filled field: where its value came from. */
  fieldNotes: Record<string, string>;
}

const VOIDABLE: ReadonlySet<string> = new Set(['AUTHORIZATION', 'CAPTURE', 'PAYMENT', 'REFUND']);

/** Only an approved transaction moved or reserved money a void could give back (not a SUBMITTED browser payment). */
const approved = (gatewayCode: string | undefined): boolean =>
  gatewayCode !== undefined && ownValue<{ category: string }>(GATEWAY_CODES, gatewayCode)?.category === 'approved';

const minus = (a: Decimal, b: Decimal): Decimal => add(a, { units: -b.units, scale: b.scale });
const positive = (d: Decimal | undefined): d is Decimal => d !== undefined && d.units > 0n;

interface OrderView {
  orderId: string;
  status: string;
  currency: string | undefined;
  authorized: Decimal;
  captured: Decimal;
  refunded: Decimal;
  /** "the Capture response" — how the notes name their source. */
  source: string;
}

function orderView(e: Exchange, order: DecodedOrder): OrderView | undefined {
  const orderId = order.id ?? e.params.orderId;
  if (!orderId || !order.status) return undefined;
  const zero: Decimal = { units: 0n, scale: 0 };
  return {
    orderId,
    status: order.status,
    currency: order.currency,
    authorized: parseDecimal(order.totalAuthorizedAmount) ?? zero,
    captured: parseDecimal(order.totalCapturedAmount) ?? zero,
    refunded: parseDecimal(order.totalRefundedAmount) ?? zero,
    source: `the ${e.operationTitle} response`,
  };
}

/** The next steps a response offers; none for a refused request, a financing call or an unknown order. */
export function nextStepsFor(e: Exchange): NextStep[] {
  const decoded = e.decoded;
  if (!decoded || decoded.api !== 'gateway' || decoded.error || !decoded.order) return [];
  const o = orderView(e, decoded.order);
  if (!o) return [];
  const steps: (NextStep | undefined)[] = [];
  const leftToCapture = minus(o.authorized, o.captured);
  const leftToRefund = minus(o.captured, o.refunded);
  if ((o.status === 'AUTHORIZED' || o.status === 'PARTIALLY_CAPTURED') && positive(leftToCapture)) {
    steps.push(moneyStep(o, 'gateway.capture', 'CAPTURE', 'Capture', leftToCapture, `authorized ${decimalText(o.authorized)} − captured ${decimalText(o.captured)}`, 'left to capture'));
  }
  if (o.status === 'AUTHORIZED') {
    steps.push(moneyStep(o, 'gateway.updateAuthorization', 'UPDATE_AUTHORIZATION', 'Update Authorization', o.authorized, 'the authorized amount now; change it to the new amount', 'authorized'));
  }
  if (positive(leftToRefund) && o.status !== 'CANCELLED') {
    steps.push(moneyStep(o, 'gateway.refund', 'REFUND', 'Refund', leftToRefund, `captured ${decimalText(o.captured)} − refunded ${decimalText(o.refunded)}`, 'left to refund'));
  }
  steps.push(voidStep(o, voidTarget(e, decoded.order)));
  steps.push({ operationId: 'gateway.retrieveOrder', label: 'Retrieve Order', params: { orderId: o.orderId }, fieldNotes: {} });
  return steps.filter((s): s is NextStep => s !== undefined);
}

function moneyStep(o: OrderView, operationId: OperationId, apiOperation: string, title: string, amount: Decimal, how: string, what: string): NextStep {
  const text = decimalText(amount);
  const currency = o.currency ?? '';
  return {
    operationId,
    label: `${title} ${text}${currency ? ` ${currency}` : ''}…`,
    params: { orderId: o.orderId },
    body: { apiOperation, transaction: { amount: text, ...(currency ? { currency } : {}) } },
    fieldNotes: {
      'transaction.amount': `${text} ${what}: ${how}, from ${o.source} on order ${o.orderId}.`,
      ...(currency ? { 'transaction.currency': `The order's currency, from ${o.source}.` } : {}),
    },
  };
}

function voidStep(o: OrderView, target: { id: string; type: string } | undefined): NextStep | undefined {
  if (!target || o.status === 'CANCELLED') return undefined;
  return {
    operationId: 'gateway.void',
    label: `Void ${target.type.toLowerCase()} ${target.id}…`,
    params: { orderId: o.orderId },
    body: { apiOperation: 'VOID', transaction: { targetTransactionId: target.id } },
    fieldNotes: { 'transaction.targetTransactionId': `The ${target.type} ${target.id} of order ${o.orderId}, from ${o.source}.` },
  };
}

/** The transaction a Void would reverse: the one this response reports, or the newest voidable one of a Retrieve Order. */
function voidTarget(e: Exchange, order: DecodedOrder): { id: string; type: string } | undefined {
  const own = e.decoded?.transaction;
  const ownId = own?.id ?? e.params.transactionId;
  if (own?.type && ownId && VOIDABLE.has(own.type.code) && approved(e.decoded?.outcome?.gatewayCode?.code)) return { id: ownId, type: own.type.code };
  return newestVoidable(order.transactions ?? []);
}

function newestVoidable(rows: readonly DecodedOrderTransaction[]): { id: string; type: string } | undefined {
  const voided = new Set(rows.map((t) => t.targetTransactionId).filter((id) => id !== undefined));
  for (let i = rows.length - 1; i >= 0; i--) {
    const t = rows[i];
    if (t?.id && t.type && VOIDABLE.has(t.type) && approved(t.gatewayCode) && !voided.has(t.id)) return { id: t.id, type: t.type };
  }
  return undefined;
}
