import type { TransactionType } from '../../catalogue/codes';
import { getString } from '../jsonText';
import type { SimResponse } from '../types';
import { invalidRequest, invalidValue, missing, unknownOrder } from './errors';
import type { OpEnv } from './opEnv';
import { baseTransaction, commit, duplicateTransaction } from './opHelpers';
import { isVoided, statusAfterRefund, type OrderRecord, type TransactionRecord } from './orders';
import { acquirerResponse } from './testCards';

/**
 * Void (public API reference, beyond the seed spec): reverses one earlier transaction of the order,
 * named by transaction.targetTransactionId. Where the reference is silent the simulator decides:
 * an authorization with captures on it cannot be voided (void the captures first); a transaction is
 * voided once; voiding the authorization or the payment cancels the order, so nothing can be captured,
 * updated or refunded after it.
 */

const VOID_TYPE: Partial<Record<TransactionType, TransactionType>> = {
  AUTHORIZATION: 'VOID_AUTHORIZATION',
  CAPTURE: 'VOID_CAPTURE',
  PAYMENT: 'VOID_PAYMENT',
  REFUND: 'VOID_REFUND',
};

export function voidTransaction(env: OpEnv): SimResponse {
  const order = env.orders.get(env.merchant.merchantId, env.orderId);
  if (!order) return unknownOrder(env.orderId, env.merchant.merchantId);
  const dup = duplicateTransaction(env, order);
  if (dup) return dup;
  const targetId = getString(env.body, 'transaction.targetTransactionId');
  if (targetId === undefined) return missing('transaction.targetTransactionId');
  const target = order.transactions.get(targetId);
  if (!target) return invalidValue('transaction.targetTransactionId', targetId, `Order ${order.id} has no transaction ${targetId}`);
  const refused = whyNotVoidable(order, target);
  if (refused) return invalidRequest(refused);

  const type = VOID_TYPE[target.type] ?? 'VOID_AUTHORIZATION';
  const txn = baseTransaction(env, type, target.amount, order.currency);
  txn.targetTransactionId = target.id;
  txn.acquirer = acquirerResponse('APPROVED') ?? { acquirerCode: '00', acquirerMessage: 'Approved' };
  txn.sourceOfFunds = { type: 'CARD' };
  reverse(order, target);
  return commit(env, order, txn);
}

function whyNotVoidable(order: OrderRecord, target: TransactionRecord): string | undefined {
  if (!VOID_TYPE[target.type]) return `Transaction ${target.id} is a ${target.type}, which cannot be voided; only an authorization, capture, payment or refund can`;
  if (target.result !== 'SUCCESS' || target.gatewayCode !== 'APPROVED') return `Transaction ${target.id} was not approved (result ${target.result}, gatewayCode ${target.gatewayCode}); there is nothing to void`;
  if (isVoided(order, target.id)) return `Transaction ${target.id} is already voided`;
  if (order.status === 'CANCELLED') return `Order ${order.id} is CANCELLED; nothing on it can be voided`;
  if (target.type === 'AUTHORIZATION' && order.totalCapturedAmount > 0n) {
    return `The authorization ${target.id} has captures on it; void the captures first, or refund what was captured`;
  }
  if (target.type === 'CAPTURE' && order.totalCapturedAmount - target.amount < order.totalRefundedAmount) {
    return `Capture ${target.id} has been refunded from; void the refunds first`;
  }
  return undefined;
}

/** The order's totals and status without the reversed transaction. */
function reverse(order: OrderRecord, target: TransactionRecord): void {
  switch (target.type) {
    case 'AUTHORIZATION':
      order.status = 'CANCELLED';
      return;
    case 'PAYMENT':
      order.totalCapturedAmount -= target.amount;
      order.status = 'CANCELLED';
      return;
    case 'CAPTURE':
      order.totalCapturedAmount -= target.amount;
      order.status = order.totalCapturedAmount === 0n ? 'AUTHORIZED' : 'PARTIALLY_CAPTURED';
      return;
    default:
      order.totalRefundedAmount -= target.amount;
      order.status = order.totalRefundedAmount === 0n ? capturedStatus(order) : statusAfterRefund(order);
  }
}

function capturedStatus(order: OrderRecord): OrderRecord['status'] {
  return order.totalCapturedAmount >= order.totalAuthorizedAmount ? 'CAPTURED' : 'PARTIALLY_CAPTURED';
}
