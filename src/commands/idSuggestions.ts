/** Which order and transaction ids to offer: fresh ones from the user's patterns, or an order a follow-up can succeed on. */
import * as vscode from 'vscode';
import type { OperationDef } from '../catalogue';
import { DEFAULT_ORDER_PATTERN, DEFAULT_TRANSACTION_PATTERN, generateId } from '../send/ids';
import { createsTransaction, orderRole } from '../catalogue/orderRole';
import type { SendingServices } from '../host/services';

export function idPattern(kind: 'order' | 'transaction'): string {
  const cfg = vscode.workspace.getConfiguration('paymentWorkbench');
  return cfg.get<string>(`ids.${kind}Pattern`) || (kind === 'order' ? DEFAULT_ORDER_PATTERN : DEFAULT_TRANSACTION_PATTERN);
}

export function freshTransactionId(): string {
  return generateId(idPattern('transaction'));
}

export function freshOrderId(): string {
  return generateId(idPattern('order'));
}

/** An order id to offer and, for a follow-up, the sentence that says which order it is (or why there is none). */
interface OrderSuggestion {
  orderId?: string;
  note?: string;
}

/** An operation that starts an order gets a fresh one; a follow-up the newest order it can succeed on; a read the newest order. */
export function suggestedOrder(op: OperationDef, environmentId: string, services: Pick<SendingServices, 'orders'>): OrderSuggestion {
  const role = orderRole(op.id);
  if (role !== 'followUp' && role !== 'lookup') return { orderId: freshOrderId() };
  const choice = services.orders.choiceFor(op.id, environmentId);
  if (choice) return choice;
  return { note: role === 'lookup' ? vscode.l10n.t('No order sent in this window yet: enter the order id.') : vscode.l10n.t('No order sent in this window has funds left for {0}: enter the order id.', op.title) };
}

/** The ids an operation's URL needs (as the form's "Fresh ids" fills them) and notes for the form to show beside them. */
export function suggestedIds(op: OperationDef, environmentId: string | undefined, services: Pick<SendingServices, 'orders'>): { params: Record<string, string>; notes: Record<string, string> } {
  const params: Record<string, string> = {};
  const notes: Record<string, string> = {};
  for (const p of op.pathParams) {
    if (p.name === 'transactionId' && createsTransaction(op.id)) params.transactionId = freshTransactionId();
    if (p.name === 'orderId') {
      const order = environmentId === undefined ? { orderId: freshOrderId() } : suggestedOrder(op, environmentId, services);
      if (order.orderId) params.orderId = order.orderId;
      if (order.note) notes.orderId = order.note;
    }
  }
  return { params, notes };
}
