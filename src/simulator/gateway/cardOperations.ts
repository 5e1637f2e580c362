import type { TransactionType } from '../../catalogue/codes';
import { getString } from '../jsonText';
import { cardFrom, invalidCardNumber, sourceOfFundsView, type CardDetails } from './cards';
import { invalidRequest, missing } from './errors';
import type { OpEnv } from './opEnv';
import { authorizationCode, baseTransaction, commit, duplicateTransaction, isResponse, notificationUrlOf, requiredAmount, requiredCurrency } from './opHelpers';
import { acceptsNewPayment, applyToOrder, type OrderRecord, type TransactionRecord } from './orders';
import { assessRisk } from './risk';
import { authenticationRefusal } from './authentication';
import { acquirerResponse, applyVerificationRules, avsOutcome, cscOutcome, expiryOutcome, resultOf } from './testCards';
import type { SimResponse } from '../types';

/**
 * Authorize, Pay and Verify: the operations that present a card and get the test-card outcome
 * (expiry → gatewayCode, CSC, AVS by billing street) and a risk assessment.
 */

/** The catalogue's cardToCharge rule rejects a body without a card first; this stays for a session's card, merged after it. */
function requireCard(env: OpEnv): CardDetails | SimResponse {
  const card = cardFrom(env.body);
  if (!card) return missing('sourceOfFunds.provided.card.number');
  if (!card.fromToken && !/^\d{12,19}$/.test(card.number)) return invalidCardNumber(card.number);
  if (!card.expiryMonth) return missing('sourceOfFunds.provided.card.expiry.month');
  if (!card.expiryYear) return missing('sourceOfFunds.provided.card.expiry.year');
  return card;
}

/** Card checks shared by Authorize and Verify. */
function cardOutcome(env: OpEnv, card: CardDetails, txn: TransactionRecord): void {
  const csc = cscOutcome(card.securityCode);
  const street = getString(env.body, 'billing.address.street');
  const avs = avsOutcome(street);
  const code = applyVerificationRules(expiryOutcome(card.expiryMonth, card.expiryYear), csc, avs);
  txn.gatewayCode = code;
  txn.result = resultOf(code);
  txn.csc = csc;
  // No street, no address check to report: the real Pay answers sent without a billing address carry no
  // response.cardholderVerification (boa-v49-pay-3dsecure, seed-reference-v74-pay, glad-v78-pay-with-session).
  if (street) txn.avs = avs;
  txn.sourceOfFunds = sourceOfFundsView(card);
  const acquirer = acquirerResponse(code);
  if (acquirer) txn.acquirer = acquirer;
  if (txn.result === 'SUCCESS') txn.authorizationCode = authorizationCode();
}

function newOrder(env: OpEnv, amount: bigint, currency: string, notificationUrl: string | undefined, creationTime: string): OrderRecord {
  const reference = getString(env.body, 'order.reference');
  const description = getString(env.body, 'order.description');
  const walletProvider = getString(env.body, 'order.walletProvider');
  return env.orders.create({
    merchantId: env.merchant.merchantId,
    id: env.orderId,
    amount,
    currency,
    status: 'INITIATED',
    creationTime,
    ...(reference ? { reference } : {}),
    ...(description ? { description } : {}),
    ...(notificationUrl ? { notificationUrl } : {}),
    ...(walletProvider ? { walletProvider } : {}),
  });
}

/**
 * A payment on an order that already exists (after Initiate Authentication, or a retry after a decline)
 * describes the order as it asks: the v57 and v78 payments after 3-D Secure answer the reference the Pay
 * sent (src/catalogue/answerFields.ts, P57, A78), though Initiate Authentication made the order.
 */
function describeOrder(env: OpEnv, order: OrderRecord): void {
  const reference = getString(env.body, 'order.reference');
  const description = getString(env.body, 'order.description');
  if (reference) order.reference = reference;
  if (description) order.description = description;
}

export function authorize(env: OpEnv): SimResponse {
  return chargeCard(env, env.merchant.autoCapture);
}

/** Pay (public API reference): authorize and capture in one, whatever the merchant's capture profile. */
export function pay(env: OpEnv): SimResponse {
  return chargeCard(env, true);
}

/** An Authorize that also captures is what the gateway records as a PAYMENT. */
function chargeCard(env: OpEnv, captures: boolean): SimResponse {
  const existing = env.orders.get(env.merchant.merchantId, env.orderId);
  const dup = duplicateTransaction(env, existing);
  if (dup) return dup;
  if (existing && !acceptsNewPayment(existing)) {
    return invalidRequest(`Order ${env.orderId} is already ${existing.status}; a new payment needs a new order id`);
  }
  const amount = requiredAmount(env, 'order.amount');
  if (isResponse(amount)) return amount;
  const currency = requiredCurrency(env, 'order.currency');
  if (isResponse(currency)) return currency;
  const notificationUrl = notificationUrlOf(env);
  if (isResponse(notificationUrl)) return notificationUrl;
  const refused = authenticationRefusal(env, existing);
  if (refused) return refused;
  const card = requireCard(env);
  if (isResponse(card)) return card;

  const type: TransactionType = captures ? 'PAYMENT' : 'AUTHORIZATION';
  const txn = baseTransaction(env, type, amount, currency);
  const authenticationId = getString(env.body, 'authentication.transactionId');
  if (authenticationId !== undefined) txn.authenticationId = authenticationId;
  cardOutcome(env, card, txn);
  const risk = assessRisk(amount, card.fromToken ? undefined : card.number);
  txn.risk = risk; // a new object every call: nothing else holds it
  if (risk.gatewayCode === 'REJECTED' && txn.result === 'SUCCESS') {
    txn.gatewayCode = 'BLOCKED';
    txn.result = 'FAILURE';
    delete txn.authorizationCode;
    delete txn.acquirer;
  }

  // A retry after a decline reuses the order (with a new transaction id), as the real gateway allows.
  const order = existing ?? newOrder(env, amount, currency, notificationUrl, txn.timeOfRecord);
  if (existing) describeOrder(env, existing);
  order.amount = amount;
  order.currency = currency;
  applyToOrder(order, txn, existing === undefined);
  return commit(env, order, txn);
}

export function verify(env: OpEnv): SimResponse {
  const existing = env.orders.get(env.merchant.merchantId, env.orderId);
  const dup = duplicateTransaction(env, existing);
  if (dup) return dup;
  const currency = existing?.currency ?? requiredCurrency(env, 'order.currency');
  if (isResponse(currency)) return currency;
  const notificationUrl = notificationUrlOf(env);
  if (isResponse(notificationUrl)) return notificationUrl;
  const card = requireCard(env);
  if (isResponse(card)) return card;

  const txn = baseTransaction(env, 'VERIFICATION', 0n, currency);
  cardOutcome(env, card, txn);
  delete txn.authorizationCode;
  const order = existing ?? newOrder(env, 0n, currency, notificationUrl, txn.timeOfRecord);
  applyToOrder(order, txn, existing === undefined);
  return commit(env, order, txn);
}
