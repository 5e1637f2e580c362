import type { TransactionType } from '../../catalogue/codes';
import { getString } from '../jsonText';
import type { SimResponse } from '../types';
import { whyRefused } from '../../orders/whatCanFollow';
import { invalidRequest, missing, refusalResponse, unknownOrder } from './errors';
import type { OpEnv } from './opEnv';
import { baseTransaction, commit, duplicateTransaction, echoOrderPayment } from './opHelpers';
import { applyToOrder, orderCard, orderModel } from './orders';
import { acquirerResponse } from './testCards';

/**
 * Void (public API reference, beyond the seed spec): reverses one earlier transaction of the order,
 * named by transaction.targetTransactionId. Where the reference is silent the simulator decides:
 * an authorization with captures on it cannot be voided (void the captures first); a capture or payment
 * whose funds were refunded cannot be voided (void the refunds first), so refunded never exceeds
 * captured; a transaction is voided once; voiding the authorization or the payment cancels the order,
 * so nothing can be captured, updated or refunded after it. The rules are the order model's
 * (src/orders/whatCanFollow.ts), the ones the next steps follow.
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
  const refused = whyRefused(orderModel(order), { kind: 'void', targetTransactionId: targetId });
  if (refused) return refusalResponse(refused);
  const target = order.transactions.get(targetId);
  if (!target) return invalidRequest(`Order ${order.id} has no transaction ${targetId}`);

  const type = VOID_TYPE[target.type] ?? 'VOID_AUTHORIZATION';
  const txn = baseTransaction(env, type, target.amount, order.currency);
  txn.targetTransactionId = target.id;
  txn.acquirer = acquirerResponse('APPROVED') ?? { acquirerCode: '00', acquirerMessage: 'Approved' };
  txn.sourceOfFunds = orderCard(order) ?? { type: 'CARD' };
  // The v70 Void (src/catalogue/answerFields.ts, V70) carries an authorization code; the simulator repeats the
  // reversed transaction's (inferred: the recorded answer does not show the original's).
  if (target.authorizationCode !== undefined) txn.authorizationCode = target.authorizationCode;
  applyToOrder(order, txn, false, target);
  echoOrderPayment(order, txn);
  return commit(env, order, txn);
}

