/** Which order and transaction ids to offer: fresh ones from the user's patterns, or the order last used. */
import * as vscode from 'vscode';
import type { OperationDef } from '../catalogue';
import { DEFAULT_ORDER_PATTERN, DEFAULT_TRANSACTION_PATTERN, generateId, INITIAL_OPERATIONS } from '../send/ids';
import type { Services } from './services';


export function idPattern(kind: 'order' | 'transaction'): string {
  const cfg = vscode.workspace.getConfiguration('paymentWorkbench');
  return cfg.get<string>(`ids.${kind}Pattern`) || (kind === 'order' ? DEFAULT_ORDER_PATTERN : DEFAULT_TRANSACTION_PATTERN);
}

export function freshTransactionId(): string {
  return generateId(idPattern('transaction'));
}

export function suggestedOrderId(op: OperationDef, environmentId: string, services: Services): string | undefined {
  return INITIAL_OPERATIONS.has(op.id) ? generateId(idPattern('order')) : services.lastOrderId.get(environmentId);
}

/** The order and transaction ids an operation's URL needs, as the form's "Fresh ids" fills them. */
export function suggestedIds(op: OperationDef, environmentId: string | undefined, services: Services): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of op.pathParams) {
    if (p.name === 'transactionId') out.transactionId = freshTransactionId();
    if (p.name === 'orderId') {
      const order = environmentId === undefined ? generateId(idPattern('order')) : suggestedOrderId(op, environmentId, services);
      if (order) out.orderId = order;
    }
  }
  return out;
}
