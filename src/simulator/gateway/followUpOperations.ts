import { whyRefused, type FollowUpRequest } from '../../orders/whatCanFollow';
import { getString } from '../jsonText';
import { toDecimal } from '../money';
import type { SimResponse } from '../types';
import { cardFrom, invalidCardNumber, sourceOfFundsView } from './cards';
import { fieldError, gatewayQuote, invalidValue, refusalResponse, unknownOrder } from './errors';
import type { OpEnv } from './opEnv';
import { authorizationCode, baseTransaction, commit, duplicateTransaction, echoOrderPayment, isResponse, notificationUrlOf, requiredAmount, requiredCurrency } from './opHelpers';
import { applyToOrder, orderCard, orderModel, type OrderRecord } from './orders';
import { acquirerResponse } from './testCards';

/**
 * Operations on funds already on an order: Refund (at most the captured funds not yet refunded;
 * standalone for cards only), Update Authorization (changes the authorized amount of an order
 * that is authorized but not captured) and Capture (takes authorized funds, in parts if wanted, up to
 * the authorized amount not yet captured; public API reference, beyond the seed spec). What each may
 * take is the order model's rule (src/orders/whatCanFollow.ts), the one the next steps follow.
 */

export function capture(env: OpEnv): SimResponse {
  const order = env.orders.get(env.merchant.merchantId, env.orderId);
  if (!order) return unknownOrder(env.orderId, env.merchant.merchantId);
  const dup = duplicateTransaction(env, order);
  if (dup) return dup;
  const amount = requiredAmount(env, 'transaction.amount');
  if (isResponse(amount)) return amount;
  const currency = requiredCurrency(env, 'transaction.currency');
  if (isResponse(currency)) return currency;
  const refused = refusedByOrder(order, { kind: 'capture', amount: toDecimal(amount), amountText: getString(env.body, 'transaction.amount') ?? '', currency });
  if (refused) return refused;
  const txn = baseTransaction(env, 'CAPTURE', amount, currency);
  txn.acquirer = acquirerResponse('APPROVED') ?? { acquirerCode: '00', acquirerMessage: 'Approved' };
  txn.authorizationCode = authorizationCode();
  applyToOrder(order, txn, false);
  txn.sourceOfFunds = orderCard(order) ?? { type: 'CARD' };
  echoOrderPayment(order, txn);
  return commit(env, order, txn);
}

export function refund(env: OpEnv): SimResponse {
  const order = env.orders.get(env.merchant.merchantId, env.orderId);
  const dup = duplicateTransaction(env, order);
  if (dup) return dup;
  const amount = requiredAmount(env, 'transaction.amount');
  if (isResponse(amount)) return amount;
  const currency = requiredCurrency(env, 'transaction.currency');
  if (isResponse(currency)) return currency;

  if (!order) return standaloneRefund(env, amount, currency);

  const refused = refusedByOrder(order, { kind: 'refund', amount: toDecimal(amount), amountText: getString(env.body, 'transaction.amount') ?? '', currency });
  if (refused) return refused;
  const txn = baseTransaction(env, 'REFUND', amount, currency);
  txn.acquirer = acquirerResponse('APPROVED') ?? { acquirerCode: '00', acquirerMessage: 'Approved' };
  txn.authorizationCode = authorizationCode();
  applyToOrder(order, txn, false);
  const card = cardFrom(env.body);
  txn.sourceOfFunds = card ? sourceOfFundsView(card) : orderCard(order) ?? { type: 'CARD' };
  echoOrderPayment(order, txn);
  return commit(env, order, txn);
}

/** A follow-up moves money in the order's currency and at most what the order has left; otherwise the gateway's field error. */
function refusedByOrder(order: OrderRecord, request: FollowUpRequest): SimResponse | undefined {
  const refused = whyRefused(orderModel(order), request);
  return refused ? refusalResponse(refused) : undefined;
}

/** A refund with no earlier payment on the order: the spec allows it for card payments only. */
function standaloneRefund(env: OpEnv, amount: bigint, currency: string): SimResponse {
  const type = getString(env.body, 'sourceOfFunds.type');
  const card = cardFrom(env.body);
  if (type !== undefined && type !== 'CARD') {
    return fieldError({ field: 'sourceOfFunds.type', validationType: 'UNSUPPORTED', explanation: `Value ${gatewayQuote('sourceOfFunds.type', type)} is not supported. A standalone refund is supported for card payments only` });
  }
  if (!card) return unknownOrder(env.orderId, env.merchant.merchantId);
  if (!card.fromToken && !/^\d{12,19}$/.test(card.number)) return invalidCardNumber(card.number);
  const notificationUrl = notificationUrlOf(env);
  if (isResponse(notificationUrl)) return notificationUrl;
  const reference = getString(env.body, 'order.reference');
  const txn = baseTransaction(env, 'REFUND', amount, currency);
  const order = env.orders.create({
    merchantId: env.merchant.merchantId,
    id: env.orderId,
    amount,
    currency,
    status: 'REFUNDED',
    creationTime: txn.timeOfRecord,
    ...(reference ? { reference } : {}),
    ...(notificationUrl ? { notificationUrl } : {}),
  });
  applyToOrder(order, txn, true);
  txn.acquirer = acquirerResponse('APPROVED') ?? { acquirerCode: '00', acquirerMessage: 'Approved' };
  txn.sourceOfFunds = sourceOfFundsView(card);
  return commit(env, order, txn);
}

export function updateAuthorization(env: OpEnv): SimResponse {
  const order = env.orders.get(env.merchant.merchantId, env.orderId);
  if (!order) return unknownOrder(env.orderId, env.merchant.merchantId);
  const dup = duplicateTransaction(env, order);
  if (dup) return dup;
  const refused = whyRefused(orderModel(order), { kind: 'updateAuthorization' });
  if (refused) return refusalResponse(refused);
  const amountText = getString(env.body, 'transaction.amount');
  let amount = order.totalAuthorizedAmount;
  if (amountText !== undefined) {
    const parsed = requiredAmount(env, 'transaction.amount');
    if (isResponse(parsed)) return parsed;
    amount = parsed;
  }
  const currency = getString(env.body, 'transaction.currency') ?? order.currency;
  if (currency !== order.currency) return invalidValue('transaction.currency', currency, `Currency must match the order currency ${order.currency}`);

  const txn = baseTransaction(env, 'AUTHORIZATION_UPDATE', amount, currency);
  txn.acquirer = acquirerResponse('APPROVED') ?? { acquirerCode: '00', acquirerMessage: 'Approved' };
  txn.authorizationCode = authorizationCode();
  // The transaction amount is the new authorized amount (it may go up or down).
  applyToOrder(order, txn, false);
  order.amount = amount;
  // No recorded Update Authorization answer was found: it keeps the bare card type rather than guess.
  txn.sourceOfFunds = { type: 'CARD' };
  return commit(env, order, txn);
}
