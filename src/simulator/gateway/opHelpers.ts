import { randomInt } from 'node:crypto';
import type { TransactionType } from '../../catalogue/codes';
import { TRANSACTION_PROCESSED } from '../../catalogue';
import { getString, isObject, type JsonObject, type JsonOut } from '../jsonText';
import { parseAmount, type Milli } from '../money';
import { isAllowedTarget } from '../outbound';
import { jsonAnswer, type SimResponse } from '../types';
import { fieldError, invalidValue, missing } from './errors';
import type { OpEnv } from './opEnv';
import { orderPayment, type OrderRecord, type TransactionRecord } from './orders';
import { transactionResponse } from './responseBody';

/**
 * A required positive amount, or the gateway's error for it. The catalogue (paymentAmount and the
 * payment rules) rejects a missing or bad amount in the body first; these checks stay for a value a
 * session supplies, merged after that check (Create Session stores its fields unchecked).
 */
export function requiredAmount(env: OpEnv, field: string): Milli | SimResponse {
  const text = getString(env.body, field);
  if (text === undefined) return missing(field);
  const value = parseAmount(text);
  if (value === undefined || text.length > 14) return invalidValue(field, text, 'Amount must be a decimal number with at most 3 decimal places and at most 14 characters');
  if (value <= 0n) return invalidValue(field, text, 'Transaction or order amount must be greater than zero');
  return value;
}

/** A required currency; as for the amount, only a session's value can reach these checks. */
export function requiredCurrency(env: OpEnv, field: string): string | SimResponse {
  const text = getString(env.body, field);
  if (text === undefined) return missing(field);
  if (!/^[A-Z]{3}$/.test(text)) return invalidValue(field, text, 'Currency must be a 3-letter upper-case ISO 4217 code');
  return text;
}

export function isResponse(x: unknown): x is SimResponse {
  return typeof x === 'object' && x !== null && 'status' in x && 'body' in x && 'headers' in x;
}

/** A transaction id is unique within its order; a retry of a failed operation needs a new one. */
export function duplicateTransaction(env: OpEnv, order: OrderRecord | undefined): SimResponse | undefined {
  if (!order?.transactions.has(env.transactionId)) return undefined;
  return fieldError({
    field: 'transaction.id',
    validationType: 'INVALID',
    explanation: `Value '${env.transactionId}' is invalid. Transaction '${env.transactionId}' already exists on order ${order.id}; a retry needs a new transaction id`,
  });
}

/** order.notificationUrl: https, or http on loopback (a simulator allowance for local receivers). */
export function notificationUrlOf(env: OpEnv): string | SimResponse | undefined {
  const url = getString(env.body, 'order.notificationUrl');
  if (url === undefined) return undefined;
  if (!isAllowedTarget(url)) return invalidValue('order.notificationUrl', url, 'Notification URL must be an HTTPS URL (the simulator also accepts http on 127.0.0.1/localhost)');
  return url;
}

export const nowText = (env: OpEnv): string => env.ctx.now().toISOString();

export const authorizationCode = (): string => String(randomInt(100000, 1000000));

/** A system trace audit number: 6 digits, as in every recorded authorizationResponse.stan. */
const traceNumber = (): string => String(randomInt(0, 1000000)).padStart(6, '0');

/**
 * The payer's device as the gateway echoes it: browser and IP address only (src/catalogue/answerFields.ts,
 * R50, P57, A78: browserDetails is never echoed).
 */
export function deviceEcho(body: JsonObject): JsonOut {
  const browser = getString(body, 'device.browser');
  const ipAddress = getString(body, 'device.ipAddress');
  return browser === undefined && ipAddress === undefined ? undefined : { browser, ipAddress };
}

/** The customer group as sent (seed spec: Authorize and Refund answers carry customer); text values only. */
function customerEcho(body: JsonObject): JsonOut {
  const customer = body['customer'];
  if (!isObject(customer)) return undefined;
  const echoed: { [key: string]: JsonOut } = {};
  for (const [key, value] of Object.entries(customer)) if (typeof value === 'string') echoed[key] = value;
  return Object.keys(echoed).length > 0 ? echoed : undefined;
}

export function baseTransaction(env: OpEnv, type: TransactionType, amount: Milli, currency: string): TransactionRecord {
  const reference = getString(env.body, 'transaction.reference');
  const correlationId = getString(env.body, 'correlationId');
  const txn: TransactionRecord = { id: env.transactionId, type, amount, currency, result: 'SUCCESS', gatewayCode: 'APPROVED', timeOfRecord: nowText(env) };
  // Assigned, not spread in: every transaction goes through here.
  if (reference) txn.reference = reference;
  if (correlationId) txn.correlationId = correlationId;
  txn.stan = traceNumber();
  const device = deviceEcho(env.body);
  if (device) txn.device = device;
  const customer = customerEcho(env.body);
  if (customer) txn.customer = customer;
  const frequency = getString(env.body, 'transaction.frequency');
  if (frequency) txn.frequency = frequency;
  return txn;
}

/** A capture, refund or void repeats what the order's payment answered of the payer and the card's CSC check (orderPayment). */
export function echoOrderPayment(order: OrderRecord, txn: TransactionRecord): void {
  const payment = orderPayment(order);
  if (!payment) return;
  txn.csc ??= payment.csc;
  txn.device ??= payment.device;
  txn.customer ??= payment.customer;
}

/** Stores the transaction, stamps the order, sends the webhook, and answers the response body. */
export function commit(env: OpEnv, order: OrderRecord, txn: TransactionRecord): SimResponse {
  order.transactions.set(txn.id, txn);
  order.lastUpdatedTime = txn.timeOfRecord;
  const answer = jsonAnswer(TRANSACTION_PROCESSED, transactionResponse(env.merchant.merchantId, order, txn, env.version));
  notifyOrderChange(env, order, answer.body);
  return answer;
}

export function notifyOrderChange(env: Pick<OpEnv, 'ctx' | 'merchant'>, order: OrderRecord, body: string): void {
  // Without a URL of the order's, the merchant's webhook URL (if any) is used by the deliverer.
  env.ctx.notify({
    kind: 'webhook',
    ...(order.notificationUrl ? { url: order.notificationUrl } : {}),
    body,
    headers: { 'X-Notification-Secret': env.merchant.notificationSecret },
    merchantId: env.merchant.merchantId,
    orderId: order.id,
  });
}
