import { DecimalNumber } from '../jsonText';
import type { JsonOut } from '../jsonText';
import { answeringOperation, outcomeOf, shapeAnswer } from './answerShape';
import { STATUS_OUTCOME, authenticationSchemeOf, authenticationTokenOf, dsTransactionIdOf, stateOf, type AuthenticationRecord } from './authenticationRecord';
import type { OrderRecord, TransactionRecord } from './orders';
import { CSC_ACQUIRER_CODES, avsAcquirerCode } from './testCards';

/**
 * Response bodies shaped like the real gateway's (see the captured body in the reference): amounts
 * as JSON numbers printed exactly, risk at top-level `risk.response`, `version` as text. The builders
 * write every field the simulator knows; shapeAnswer (answerShape.ts) then keeps what the real answer
 * of that operation, version and outcome carries, as src/catalogue/answerFields.ts declares (merchant
 * amount from 56, gatewayRecommendation on payments from 74, authorizationResponse…).
 */

// The views below are built for every answer: optional members are written as undefined (which the
// JSON text leaves out), not spread in, so the key order is the same and no object is made to be copied.

/**
 * The simulator's merchant category code. Real answers show the merchant's own (5943, 4511, 4077 in
 * the answers answerFields.ts cites); 5999 (miscellaneous retail) stands for a merchant of no trade.
 */
const MERCHANT_CATEGORY_CODE = '5999';

/**
 * What the gateway's test acquirer answers in authorizationResponse and transaction.acquirer: the same
 * constants in two recorded test-merchant answers (the v57 Pay of scriptpapi/MPGS-Integration-Guides-
 * and-Samples docs/response-sample/pay-api.json and the v74 Pay fixture cited in answerFields.ts, P74),
 * and in the v70 Void of ARC Pay (acquirer transaction id 123456789).
 */
const TEST_ACQUIRER = {
  commercialCard: '888',
  commercialCardIndicator: '3',
  financialNetworkCode: '777',
  posData: '1025100006600',
  posEntryMode: '812',
  transactionIdentifier: '123456789',
  terminal: '555',
} as const;

/**
 * ISO 8583 field 3: 00 goods and services from 30 a credit account, as the recorded payments and the
 * v70 Void show (003000); a refund is 20 (credit to the payer's account), inferred from the standard.
 */
function processingCode(txn: TransactionRecord): string {
  return txn.type === 'REFUND' ? '200030' : '003000';
}

/** No authentication on the order's payment: what P74 and the v78 Pay without 3-D Secure answer. */
const NOT_AUTHENTICATED = 'AUTHENTICATION_NOT_IN_EFFECT';

/** The authentication a payment used (Pay or Authorize with authentication.transactionId). */
function paymentAuthentication(order: OrderRecord, txn: TransactionRecord): AuthenticationRecord | undefined {
  return txn.authenticationId === undefined ? undefined : order.authentications?.get(txn.authenticationId);
}

/** The order's: that of its latest payment with one, else its latest authentication (an order still being authenticated). */
function orderAuthentication(order: OrderRecord): AuthenticationRecord | undefined {
  const paid = [...order.transactions.values()].reverse().find((t) => t.authenticationId !== undefined);
  if (paid) return paymentAuthentication(order, paid);
  return [...(order.authentications?.values() ?? [])].pop();
}

function authenticationStatusOf(record: AuthenticationRecord | undefined): string {
  return record ? stateOf(record).authenticationStatus : NOT_AUTHENTICATED;
}

/** Every order field the simulator knows; which versions carry which is answerFields.ts's, applied by shapeAnswer. */
export function orderView(order: OrderRecord): { [key: string]: JsonOut } {
  return {
    amount: DecimalNumber.of(order.amount),
    authenticationStatus: authenticationStatusOf(orderAuthentication(order)),
    // Chargebacks are not simulated; real answers print this amount as the integer 0 (P57, V70, P74), no decimals.
    chargeback: { amount: 0, currency: order.currency },
    creationTime: order.creationTime,
    currency: order.currency,
    description: order.description || undefined,
    id: order.id,
    lastUpdatedTime: order.lastUpdatedTime,
    // The merchant amount is the order amount: the simulator converts no currency.
    merchantAmount: DecimalNumber.of(order.amount),
    merchantCategoryCode: MERCHANT_CATEGORY_CODE,
    merchantCurrency: order.currency,
    notificationUrl: order.notificationUrl || undefined,
    reference: order.reference || undefined,
    status: order.status,
    totalAuthorizedAmount: DecimalNumber.of(order.totalAuthorizedAmount),
    totalCapturedAmount: DecimalNumber.of(order.totalCapturedAmount),
    totalDisbursedAmount: DecimalNumber.of(0n),
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

/** NO_ACTION on an approval, RESUBMIT_WITH_ALTERNATIVE_PAYMENT_DETAILS on a decline (P74; the v78 decline, A78). */
function gatewayRecommendation(txn: TransactionRecord): string {
  return txn.result === 'SUCCESS' ? 'NO_ACTION' : 'RESUBMIT_WITH_ALTERNATIVE_PAYMENT_DETAILS';
}

function responseGroup(txn: TransactionRecord): JsonOut {
  return {
    acquirerCode: txn.acquirer?.acquirerCode,
    acquirerMessage: txn.acquirer?.acquirerMessage,
    cardSecurityCode: txn.csc ? { acquirerCode: CSC_ACQUIRER_CODES[txn.csc], gatewayCode: txn.csc } : undefined,
    cardholderVerification: txn.avs ? { avs: { acquirerCode: avsAcquirerCode(txn.avs) || undefined, gatewayCode: txn.avs } } : undefined,
    gatewayCode: txn.gatewayCode,
    gatewayRecommendation: gatewayRecommendation(txn),
  };
}

/** The acquirer's answer (ISO 8583 fields) as the gateway relays it; the CSC result only when a code was checked (R50, P57). */
function authorizationResponseView(txn: TransactionRecord): JsonOut {
  if (!txn.acquirer || txn.stan === undefined) return undefined;
  return {
    cardSecurityCodeError: txn.csc && txn.csc !== 'NOT_PRESENT' ? CSC_ACQUIRER_CODES[txn.csc] : undefined,
    commercialCard: TEST_ACQUIRER.commercialCard,
    commercialCardIndicator: TEST_ACQUIRER.commercialCardIndicator,
    financialNetworkCode: TEST_ACQUIRER.financialNetworkCode,
    posData: TEST_ACQUIRER.posData,
    posEntryMode: TEST_ACQUIRER.posEntryMode,
    processingCode: processingCode(txn),
    responseCode: txn.acquirer.acquirerCode,
    stan: txn.stan,
    transactionIdentifier: TEST_ACQUIRER.transactionIdentifier,
  };
}

/**
 * The receipt (retrieval reference number): last digit of the year, day of the year, hour, then the
 * STAN, as every recorded receipt reads (620108283425 on 2026-07-20 08h with STAN 283425, P74;
 * 410810111333, 322020206201 likewise).
 */
function receiptOf(timeOfRecord: string, stan: string): string {
  const at = new Date(timeOfRecord);
  const dayOfYear = Math.floor((at.getTime() - Date.UTC(at.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  return `${at.getUTCFullYear() % 10}${String(dayOfYear).padStart(3, '0')}${String(at.getUTCHours()).padStart(2, '0')}${stan}`;
}

function acquirerView(txn: TransactionRecord): JsonOut {
  const day = txn.timeOfRecord.slice(0, 10);
  return {
    batch: Number(day.replace(/-/g, '')),
    date: day.slice(5).replace('-', ''),
    id: 'SIMULATOR_ACQ',
    merchantId: '12345678',
    settlementDate: day,
    // The simulator's clock is UTC (timeOfRecord ends in Z); real acquirers give their own zone.
    timeZone: '+0000',
    transactionId: TEST_ACQUIRER.transactionIdentifier,
  };
}

/** The authentication a payment used, as the v57 and v78 payments echo it (P57, A78). */
function paymentAuthenticationView(record: AuthenticationRecord | undefined): JsonOut {
  const letter = record?.transStatus;
  if (!record || !letter || letter === 'C') return undefined;
  const dsTransactionId = dsTransactionIdOf(record);
  return {
    '3ds': { acsEci: STATUS_OUTCOME[letter].eci, authenticationToken: authenticationTokenOf(record), transactionId: dsTransactionId },
    '3ds2': { authenticationScheme: authenticationSchemeOf(record).authenticationScheme, dsTransactionId, protocolVersion: '2.2.0', transactionStatus: letter },
    // The amount authenticated and when (glad-v78-pay-after-3ds-declined.json).
    amount: record.amount !== undefined ? DecimalNumber.of(record.amount) : undefined,
    time: record.timeOfRecord,
    transactionId: record.id,
    version: '3DS2',
  };
}

/** The masked card with storedOnFile: the simulator stores no card on file for a payment (R50, P57, V70). */
function sourceOfFundsWithStorage(sourceOfFunds: JsonOut): JsonOut {
  if (typeof sourceOfFunds !== 'object' || sourceOfFunds === null || Array.isArray(sourceOfFunds) || sourceOfFunds instanceof DecimalNumber) return sourceOfFunds;
  const provided = sourceOfFunds['provided'];
  if (typeof provided !== 'object' || provided === null || Array.isArray(provided) || provided instanceof DecimalNumber) return sourceOfFunds;
  const card = provided['card'];
  if (typeof card !== 'object' || card === null || Array.isArray(card) || card instanceof DecimalNumber) return sourceOfFunds;
  return { ...sourceOfFunds, provided: { ...provided, card: { ...card, storedOnFile: 'NOT_STORED' } } };
}

function transactionView(txn: TransactionRecord, authentication: AuthenticationRecord | undefined): JsonOut {
  return {
    acquirer: acquirerView(txn),
    amount: DecimalNumber.of(txn.amount),
    authenticationStatus: authenticationStatusOf(authentication),
    authorizationCode: txn.authorizationCode,
    currency: txn.currency,
    frequency: txn.frequency,
    id: txn.id,
    receipt: txn.stan === undefined ? undefined : receiptOf(txn.timeOfRecord, txn.stan),
    reference: txn.reference,
    source: 'INTERNET',
    stan: txn.stan,
    targetTransactionId: txn.targetTransactionId,
    terminal: TEST_ACQUIRER.terminal,
    type: txn.type,
  };
}

export function transactionResponse(merchantId: string, order: OrderRecord, txn: TransactionRecord, version: string): JsonOut {
  const authentication = paymentAuthentication(order, txn);
  const answer = {
    authentication: paymentAuthenticationView(authentication),
    authorizationResponse: authorizationResponseView(txn),
    browserPayment: browserPaymentView(txn),
    correlationId: txn.correlationId,
    customer: txn.customer,
    // A payment after 3-D Secure echoes the device its Authenticate Payer sent (glad-v78-pay-after-3ds-declined).
    device: txn.device ?? authentication?.device,
    gatewayEntryPoint: 'WEB_SERVICES_API',
    merchant: merchantId,
    order: { ...orderView(order), authenticationStatus: authenticationStatusOf(authentication) },
    response: responseGroup(txn),
    result: txn.result,
    risk: txn.risk ? { response: txn.risk } : undefined,
    sourceOfFunds: sourceOfFundsWithStorage(txn.sourceOfFunds),
    timeOfLastUpdate: order.lastUpdatedTime,
    timeOfRecord: txn.timeOfRecord,
    transaction: transactionView(txn, authentication),
    version,
  };
  return shapeAnswer(answer, { operation: answeringOperation(txn), version: Number(version), outcome: outcomeOf(txn) });
}

/**
 * The order's payer: the card of its latest transaction that had one, masked, with storedOnFile, as the
 * top-level sourceOfFunds of the v53 (Mashreq) and v70 (ARC Pay) Retrieve Order answers shows it.
 */
function orderSourceOfFunds(order: OrderRecord): JsonOut {
  const paid = [...order.transactions.values()].reverse().find((t) => t.sourceOfFunds !== undefined);
  return paid ? sourceOfFundsWithStorage(paid.sourceOfFunds) : undefined;
}

/** Retrieve Order: the order fields at the top level and every transaction, as the real GET answers. */
export function retrieveOrderResponse(merchantId: string, order: OrderRecord, version: string): JsonOut {
  const authentication = orderAuthentication(order);
  const letter = authentication?.transStatus;
  const answer = {
    ...orderView(order),
    '3dsAcsEci': letter && letter !== 'C' ? STATUS_OUTCOME[letter].eci : undefined,
    authenticationVersion: authentication ? (authentication.behaviour === 'notEnrolled' ? 'NONE' : '3DS2') : undefined,
    merchant: merchantId,
    result: 'SUCCESS',
    sourceOfFunds: orderSourceOfFunds(order),
    transaction: [...order.transactions.values()].map((t) => transactionResponse(merchantId, order, t, version)),
  };
  return shapeAnswer(answer, { operation: 'gateway.retrieveOrder', version: Number(version), outcome: 'approved' });
}
