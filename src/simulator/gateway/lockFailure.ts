import { TRANSACTION_PROCESSED, transactionTypeOf, type SelectedOperationId } from '../../catalogue';
import { getString, jsonText } from '../jsonText';
import { parseAmount } from '../money';
import { jsonResponse, type SimResponse } from '../types';
import type { OpEnv } from './opEnv';
import type { OrderRecord, TransactionRecord } from './orders';
import { transactionResponse } from './responseBody';

/**
 * The answer when another operation holds the order: result FAILURE, gatewayCode LOCK_FAILURE, the
 * order's totals as they stand. Nothing is recorded (the operation never reached the order), so the
 * client may retry; the real gateway asks for a new transaction id anyway, and so should clients.
 */
export function lockFailure(env: OpEnv, op: SelectedOperationId): SimResponse {
  const now = env.ctx.now().toISOString();
  const order: OrderRecord = env.orders.get(env.merchant.merchantId, env.orderId) ?? {
    merchantId: env.merchant.merchantId,
    id: env.orderId,
    amount: 0n,
    currency: getString(env.body, 'order.currency') ?? getString(env.body, 'transaction.currency') ?? 'USD',
    status: 'INITIATED',
    totalAuthorizedAmount: 0n,
    totalCapturedAmount: 0n,
    totalRefundedAmount: 0n,
    creationTime: now,
    lastUpdatedTime: now,
    transactions: new Map(),
  };
  const amountText = getString(env.body, 'transaction.amount') ?? getString(env.body, 'order.amount');
  const txn: TransactionRecord = {
    id: env.transactionId,
    type: transactionTypeOf(op),
    amount: (amountText !== undefined ? parseAmount(amountText) : undefined) ?? 0n,
    currency: order.currency,
    result: 'FAILURE',
    gatewayCode: 'LOCK_FAILURE',
    timeOfRecord: now,
  };
  // Processed and declined (LOCK_FAILURE), as a declined payment: the same status.
  return jsonResponse(TRANSACTION_PROCESSED, jsonText(transactionResponse(env.merchant.merchantId, order, txn, env.version)));
}
