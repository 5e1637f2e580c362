/**
 * Retrieve Order: the order's fields sit at the top level and its transactions in `transaction[]`
 * (public API reference), so the verdict is the order's status with its totals, not a gateway code.
 * An order with no transaction yet may come without `transaction[]`; it is still the order.
 */
import { ORDER_STATUSES } from '../../catalogue/codes';
import { ORDER_TRANSACTION_WINDOW } from '../../orders/model';
import { BodyView, definedOnly } from '../bodyView';
import { explainCode } from '../explain';
import type { DecodedOrder, DecodedOrderTransaction, Verdict, VerdictTone } from '../types';

const TONE: Readonly<Record<string, VerdictTone>> = { open: 'info', paid: 'success', refunded: 'success', closed: 'info', failed: 'warning' };

/** The order's own fields at the top level; `transaction` is its list (or absent), never one transaction's group. */
export function isOrderRead(operationId: string, view: BodyView): boolean {
  const transactions = view.at(['transaction']);
  return operationId === 'gateway.retrieveOrder' && view.has(['id']) && (Array.isArray(transactions) || (transactions === undefined && view.has(['status'])));
}

export function decodeOrderRead(view: BodyView): { order: DecodedOrder; verdict: Verdict } {
  const status = view.text(['status']);
  const statusInfo = status !== undefined ? explainCode(ORDER_STATUSES, status) : undefined;
  const order: DecodedOrder = definedOnly({
    id: view.text(['id']),
    status,
    statusMeaning: statusInfo?.meaning,
    reference: view.text(['reference']),
    amount: view.amount(['amount']),
    currency: view.text(['currency']),
    totalAuthorizedAmount: view.amount(['totalAuthorizedAmount']),
    totalCapturedAmount: view.amount(['totalCapturedAmount']),
    totalRefundedAmount: view.amount(['totalRefundedAmount']),
    transactions: orderTransactions(view),
    transactionCount: view.array(['transaction']).length,
  });
  return { order, verdict: orderVerdict(order, statusInfo?.category, statusInfo?.nextStep) };
}

/**
 * The newest ORDER_TRANSACTION_WINDOW transactions (the gateway lists them oldest first), so what follows
 * the order is decided from its latest transactions; the raw body keeps them all.
 */
function orderTransactions(view: BodyView): DecodedOrderTransaction[] {
  const count = view.array(['transaction']).length;
  const rows: DecodedOrderTransaction[] = [];
  for (let i = Math.max(0, count - ORDER_TRANSACTION_WINDOW); i < count; i++) {
    const at = (...path: string[]): string | undefined => view.text(['transaction', i, ...path]);
    rows.push(definedOnly({
      id: at('transaction', 'id'),
      type: at('transaction', 'type'),
      amount: view.amount(['transaction', i, 'transaction', 'amount']),
      currency: at('transaction', 'currency'),
      result: at('result'),
      gatewayCode: at('response', 'gatewayCode'),
      targetTransactionId: at('transaction', 'targetTransactionId'),
      timeOfRecord: at('timeOfRecord'),
    }));
  }
  // The gateway lists them oldest first; say so even when it does not.
  return rows.sort((a, b) => (a.timeOfRecord ?? '').localeCompare(b.timeOfRecord ?? ''));
}

function orderVerdict(order: DecodedOrder, category: string | undefined, nextStep: string | undefined): Verdict {
  const currency = order.currency ? ` ${order.currency}` : '';
  const totals = [
    order.totalAuthorizedAmount !== undefined ? `authorized ${order.totalAuthorizedAmount}${currency}` : undefined,
    order.totalCapturedAmount !== undefined ? `captured ${order.totalCapturedAmount}${currency}` : undefined,
    order.totalRefundedAmount !== undefined ? `refunded ${order.totalRefundedAmount}${currency}` : undefined,
  ].filter((t) => t !== undefined).join(', ');
  const count = order.transactionCount ?? order.transactions?.length ?? 0;
  const shown = order.transactions?.length ?? 0;
  const detail = [
    order.statusMeaning,
    totals ? `Totals: ${totals}.` : undefined,
    `${count} transaction${count === 1 ? '' : 's'}${shown < count ? ` (the newest ${shown} shown)` : ''}.`,
    nextStep,
  ].filter((t) => t !== undefined).join(' ');
  return {
    tone: (category !== undefined ? TONE[category] : undefined) ?? 'warning',
    title: `Order ${order.status ?? 'without a status'}`,
    detail,
  };
}
