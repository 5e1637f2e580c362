/**
 * Retrieve Order: the order's fields sit at the top level and its transactions in `transaction[]`
 * (public API reference), so the verdict is the order's status with its totals, not a gateway code.
 */
import { ORDER_STATUSES } from '../../catalogue/codes';
import { BodyView, definedOnly } from '../bodyView';
import { explainCode } from '../explain';
import type { DecodedOrder, DecodedOrderTransaction, Verdict, VerdictTone } from '../types';

/** A response shows at most this many transactions; the raw body keeps them all. */
const MAX_TRANSACTIONS = 200;

const TONE: Readonly<Record<string, VerdictTone>> = { open: 'info', paid: 'success', refunded: 'success', closed: 'info', failed: 'warning' };

export function isOrderRead(operationId: string, view: BodyView): boolean {
  return operationId === 'gateway.retrieveOrder' && view.has(['id']) && Array.isArray(view.at(['transaction']));
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
  });
  return { order, verdict: orderVerdict(order, statusInfo?.category, statusInfo?.nextStep) };
}

function orderTransactions(view: BodyView): DecodedOrderTransaction[] {
  const count = Math.min(view.array(['transaction']).length, MAX_TRANSACTIONS);
  const rows: DecodedOrderTransaction[] = [];
  for (let i = 0; i < count; i++) {
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
  const count = order.transactions?.length ?? 0;
  const detail = [
    order.statusMeaning,
    totals ? `Totals: ${totals}.` : undefined,
    `${count} transaction${count === 1 ? '' : 's'}.`,
    nextStep,
  ].filter((t) => t !== undefined).join(' ');
  return {
    tone: (category !== undefined ? TONE[category] : undefined) ?? 'warning',
    title: `Order ${order.status ?? 'without a status'}`,
    detail,
  };
}
