import { DecimalNumber } from '../jsonText';
import type { JsonOut } from '../jsonText';
import type { OrderRecord, TransactionRecord } from './orders';
import { CSC_ACQUIRER_CODES, avsAcquirerCode } from './testCards';

/**
 * Response bodies shaped like the real gateway's (see the captured body in the reference): amounts
 * as JSON numbers printed exactly, risk at top-level `risk.response`, `version` as text.
 */

// The views below are built for every answer: optional members are written as undefined (which the
// JSON text leaves out), not spread in, so the key order is the same and no object is made to be copied.

/**
 * v100 answers always carry order.merchantAmount and merchantCurrency (S12 in
 * docs/reference-notes/issue23-versions.md, the v100 reference); older versions' pages do not list
 * them, so the simulator leaves them out below 100. The merchant amount is the order amount (no
 * currency conversion in the simulator).
 */
const FIRST_VERSION_WITH_MERCHANT_AMOUNT = 100;

export function orderView(order: OrderRecord, version: string): { [key: string]: JsonOut } {
  const merchantAmount = Number(version) >= FIRST_VERSION_WITH_MERCHANT_AMOUNT;
  return {
    amount: DecimalNumber.of(order.amount),
    creationTime: order.creationTime,
    currency: order.currency,
    id: order.id,
    lastUpdatedTime: order.lastUpdatedTime,
    merchantAmount: merchantAmount ? DecimalNumber.of(order.amount) : undefined,
    merchantCurrency: merchantAmount ? order.currency : undefined,
    notificationUrl: order.notificationUrl || undefined,
    reference: order.reference || undefined,
    status: order.status,
    totalAuthorizedAmount: DecimalNumber.of(order.totalAuthorizedAmount),
    totalCapturedAmount: DecimalNumber.of(order.totalCapturedAmount),
    totalRefundedAmount: DecimalNumber.of(order.totalRefundedAmount),
    walletProvider: order.walletProvider || undefined,
  };
}

function browserPaymentView(txn: TransactionRecord): JsonOut {
  const bp = txn.browserPayment;
  if (!bp) return undefined;
  return {
    interaction: {
      status: bp.status,
      timeInitiated: bp.timeInitiated,
      timeRedirected: bp.timeRedirected,
      timeReturned: bp.timeReturned,
      timeCompleted: bp.timeCompleted,
    },
    operation: bp.operation,
    redirectUrl: bp.redirectUrl,
    returnUrl: bp.returnUrl,
  };
}

function responseGroup(txn: TransactionRecord): JsonOut {
  return {
    acquirerCode: txn.acquirer?.acquirerCode,
    acquirerMessage: txn.acquirer?.acquirerMessage,
    cardSecurityCode: txn.csc ? { acquirerCode: CSC_ACQUIRER_CODES[txn.csc], gatewayCode: txn.csc } : undefined,
    cardholderVerification: txn.avs ? { avs: { acquirerCode: avsAcquirerCode(txn.avs) || undefined, gatewayCode: txn.avs } } : undefined,
    gatewayCode: txn.gatewayCode,
  };
}

export function transactionResponse(merchantId: string, order: OrderRecord, txn: TransactionRecord, version: string): JsonOut {
  const date = txn.timeOfRecord.slice(0, 10).replace(/-/g, '');
  return {
    browserPayment: browserPaymentView(txn),
    correlationId: txn.correlationId,
    gatewayEntryPoint: 'WEB_SERVICES_API',
    merchant: merchantId,
    order: orderView(order, version),
    response: responseGroup(txn),
    result: txn.result,
    risk: txn.risk ? { response: txn.risk } : undefined,
    sourceOfFunds: txn.sourceOfFunds,
    timeOfRecord: txn.timeOfRecord,
    transaction: {
      acquirer: { batch: Number(date), id: 'SIMULATOR_ACQ', merchantId: '12345678' },
      amount: DecimalNumber.of(txn.amount),
      authorizationCode: txn.authorizationCode,
      currency: txn.currency,
      id: txn.id,
      reference: txn.reference,
      targetTransactionId: txn.targetTransactionId,
      type: txn.type,
    },
    version,
  };
}

/** Retrieve Order: the order fields at the top level and every transaction, as the real GET answers. */
export function retrieveOrderResponse(merchantId: string, order: OrderRecord, version: string): JsonOut {
  return {
    ...orderView(order, version),
    merchant: merchantId,
    result: 'SUCCESS',
    transaction: [...order.transactions.values()].map((t) => transactionResponse(merchantId, order, t, version)),
  };
}
