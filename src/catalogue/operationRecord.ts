/**
 * One record per operation: the facts that used to live in string-keyed tables (body builders keyed
 * 'gateway.authorize@11', the order-role sets, the simulator's operation selection and its
 * lock-failure table, the operation → response schema switch). `satisfies Record<OperationId, …>`
 * makes a missing operation a compile error; the keys derived from it (`OperationKey`) make a typo
 * in a rule's `onlyFor` a compile error too. The request-side facts (method, path, versions served,
 * apiOperation names) stay in operations.ts, which this record only reads by type.
 */
import type { TransactionType } from './codes';
import type { ObjectNode } from './fieldTree';
import type { OperationId } from './operations';
import { loginBody, offersBody } from './bodies/financing';
import {
  authenticatePayerV100, authorizeV100, authorizeV11, captureV100, initiateAuthenticationV100, initiateBrowserPaymentV100, initiateBrowserPaymentV16, payV100, refundV100, refundV13, updateAuthorizationV100, updateAuthorizationV18, updateSessionV100, verifyV100, voidV100,
} from './bodies/gateway';
import { initiateCheckoutV100 } from './bodies/hostedCheckout';
import { createSessionV100, paymentOptionsInquiryV100, saveTokenV100, updateSessionAsPayerV100 } from './bodies/savedCards';

/** Where an operation stands in a gateway order: it starts one, follows one up, or reads one. */
export type OrderRole = 'initial' | 'followUp' | 'lookup';

/** The documented answer of an operation (responses.ts holds a schema per shape). */
export type ResponseShape =
  | 'transaction' | 'order' | 'session' | 'token' | 'paymentOptions' | 'gatewayInformation'
  | 'financingTokens' | 'financingLogout' | 'offers' | 'offersSelectFirst';

/**
 * How the simulator reaches the operation. `byApiOperation`: a PUT on order/{orderId}/transaction/{transactionId}
 * selected by the body's apiOperation, run under the order's lock, recording a transaction of `records`
 * (a LOCK_FAILURE answer names that type too). The others are routed by path (routes.ts, sessionRoutes.ts,
 * tokenRoutes.ts, hostedCheckout.ts, paymentOptions.ts, the financing partner).
 */
export type SimulatorRoute =
  | { readonly route: 'byApiOperation'; readonly records: TransactionType }
  | { readonly route: 'read' | 'session' | 'checkout' | 'token' | 'paymentOptions' | 'financing' };

/**
 * An operation that continues another one's work. `transaction: 'same'`: it must use the order and
 * transaction id of `from` (Authenticate Payer after Initiate Authentication, as the gateway's reference
 * says); `'new'`: a new transaction id on the same order, naming the earlier transaction in `carries`.
 */
export interface Continuation {
  readonly from: OperationId;
  readonly transaction: 'same' | 'new';
  readonly carries?: string;
}

type BodyBuilder = () => ObjectNode;

export interface OperationRecord {
  /** The documented versions (bodies and rules); [] for an operation without versions (financing). Equal to the OperationDef's documentedVersions (a test checks). */
  readonly versions: readonly number[];
  /** The request body: one builder (no versions), one per documented version, or none (no body). */
  readonly body?: BodyBuilder | Readonly<Record<number, BodyBuilder>>;
  readonly orderRole?: OrderRole;
  readonly continues?: Continuation;
  readonly response: ResponseShape;
  /** The HTTP status of a success when it is not 200: 201 where the gateway creates a session or a token, and TRANSACTION_PROCESSED. */
  readonly successStatus?: 201;
  readonly simulator: SimulatorRoute;
}

/**
 * The HTTP status of a transaction operation the gateway processed, approved or declined: 201 Created.
 * The ARC Pay v70 Postman collection's saved Void answer is labelled "201 Created"
 * (developers.qodex.ai/arcpay-public-api/arc-pay-api-v70/void/operation-2-void; test/contract/corpus),
 * and the gateway's own guide says it "uses the 201 status code for successful requests … Even if the
 * acquirer declines the payment" (developer.mastercard.com/mastercard-gateway/documentation/testing/api-error-handling).
 * Reads stay 200, as the same collection's saved Retrieve Order is.
 */
export const TRANSACTION_PROCESSED = 201;

const financing = { route: 'financing' } as const;
const read = { route: 'read' } as const;
const session = { route: 'session' } as const;
const token = { route: 'token' } as const;
const selected = <T extends TransactionType>(records: T) => ({ route: 'byApiOperation', records }) as const;
const AFTER_AUTHENTICATION = { from: 'gateway.authenticatePayer', transaction: 'new', carries: 'authentication.transactionId' } as const;

export const OPERATION_RECORDS = {
  'financing.login': { versions: [], body: loginBody, response: 'financingTokens', simulator: financing },
  'financing.refreshToken': { versions: [], response: 'financingTokens', simulator: financing },
  'financing.logout': { versions: [], response: 'financingLogout', simulator: financing },
  'financing.offers': { versions: [], body: () => offersBody({ selectFirst: false }), response: 'offers', simulator: financing },
  'financing.offersSelectFirst': { versions: [], body: () => offersBody({ selectFirst: true }), response: 'offersSelectFirst', simulator: financing },
  'gateway.authorize': { versions: [11, 100], body: { 11: authorizeV11, 100: authorizeV100 }, orderRole: 'initial', continues: AFTER_AUTHENTICATION, response: 'transaction', successStatus: TRANSACTION_PROCESSED, simulator: selected('AUTHORIZATION') },
  'gateway.updateAuthorization': { versions: [18, 100], body: { 18: updateAuthorizationV18, 100: updateAuthorizationV100 }, orderRole: 'followUp', response: 'transaction', successStatus: TRANSACTION_PROCESSED, simulator: selected('AUTHORIZATION_UPDATE') },
  'gateway.refund': { versions: [13, 100], body: { 13: refundV13, 100: refundV100 }, orderRole: 'followUp', response: 'transaction', successStatus: TRANSACTION_PROCESSED, simulator: selected('REFUND') },
  'gateway.verify': { versions: [100], body: { 100: verifyV100 }, orderRole: 'initial', response: 'transaction', successStatus: TRANSACTION_PROCESSED, simulator: selected('VERIFICATION') },
  'gateway.initiateBrowserPayment': { versions: [16, 100], body: { 16: initiateBrowserPaymentV16, 100: initiateBrowserPaymentV100 }, orderRole: 'initial', response: 'transaction', successStatus: TRANSACTION_PROCESSED, simulator: selected('PAYMENT') },
  'gateway.updateSession': { versions: [100], body: { 100: updateSessionV100 }, response: 'session', simulator: session },
  'gateway.capture': { versions: [100], body: { 100: captureV100 }, orderRole: 'followUp', response: 'transaction', successStatus: TRANSACTION_PROCESSED, simulator: selected('CAPTURE') },
  'gateway.void': { versions: [100], body: { 100: voidV100 }, orderRole: 'followUp', response: 'transaction', successStatus: TRANSACTION_PROCESSED, simulator: selected('VOID_AUTHORIZATION') },
  'gateway.pay': { versions: [100], body: { 100: payV100 }, orderRole: 'initial', continues: AFTER_AUTHENTICATION, response: 'transaction', successStatus: TRANSACTION_PROCESSED, simulator: selected('PAYMENT') },
  'gateway.retrieveOrder': { versions: [100], orderRole: 'lookup', response: 'order', simulator: read },
  'gateway.retrieveTransaction': { versions: [100], orderRole: 'lookup', response: 'transaction', simulator: read },
  // An authentication moves no money; VERIFICATION is the nearest type the code table has (AUTHENTICATION is not in it yet).
  'gateway.initiateAuthentication': { versions: [100], body: { 100: initiateAuthenticationV100 }, response: 'transaction', simulator: selected('VERIFICATION') },
  'gateway.authenticatePayer': {
    versions: [100], body: { 100: authenticatePayerV100 }, continues: { from: 'gateway.initiateAuthentication', transaction: 'same' }, response: 'transaction', simulator: selected('VERIFICATION'),
  },
  'gateway.checkGateway': { versions: [100], response: 'gatewayInformation', simulator: read },
  'gateway.createSession': { versions: [100], body: { 100: createSessionV100 }, response: 'session', successStatus: 201, simulator: session },
  'gateway.retrieveSession': { versions: [100], response: 'session', simulator: session },
  'gateway.updateSessionAsPayer': { versions: [100], body: { 100: updateSessionAsPayerV100 }, response: 'session', simulator: session },
  'gateway.initiateCheckout': { versions: [100], body: { 100: initiateCheckoutV100 }, response: 'session', successStatus: 201, simulator: { route: 'checkout' } },
  'gateway.paymentOptionsInquiry': { versions: [100], body: { 100: paymentOptionsInquiryV100 }, response: 'paymentOptions', simulator: { route: 'paymentOptions' } },
  'gateway.paymentOptionsInquiryGet': { versions: [100], response: 'paymentOptions', simulator: { route: 'paymentOptions' } },
  'gateway.createToken': { versions: [100], body: { 100: saveTokenV100 }, response: 'token', successStatus: 201, simulator: token },
  'gateway.updateToken': { versions: [100], body: { 100: saveTokenV100 }, response: 'token', simulator: token },
  'gateway.retrieveToken': { versions: [100], response: 'token', simulator: token },
  'gateway.deleteToken': { versions: [100], response: 'token', simulator: token },
} as const satisfies Record<OperationId, OperationRecord>;

type Records = typeof OPERATION_RECORDS;
type VersionsOf<K extends OperationId> = Records[K]['versions'];

/**
 * What bodies and cross-field rules are declared under: the id of an operation without versions,
 * `id@v` for each documented version v ('gateway.authorize@11'). `'gateway.authorize@12'` does not compile.
 */
export type OperationKey = { [K in OperationId]: VersionsOf<K> extends readonly [] ? K : `${K}@${VersionsOf<K>[number]}` }[OperationId];

/** The operations the simulator selects by apiOperation on a transaction PUT. */
export type SelectedOperationId = { [K in OperationId]: Records[K]['simulator'] extends { route: 'byApiOperation' } ? K : never }[OperationId];

export const operationIds = Object.keys(OPERATION_RECORDS) as OperationId[];

/** The record of an id, or undefined for a string that names no operation. */
export function recordOf(id: string): OperationRecord | undefined {
  return Object.hasOwn(OPERATION_RECORDS, id) ? OPERATION_RECORDS[id as OperationId] : undefined;
}

/** The body builder of an operation at a documented version (any version for one without versions); undefined when it has no body there. */
export function bodyBuilder(id: string, documentedVersion: number | undefined): BodyBuilder | undefined {
  const body = recordOf(id)?.body;
  if (body === undefined || typeof body === 'function') return body;
  return documentedVersion === undefined ? undefined : body[documentedVersion];
}

/** The operations the simulator selects by apiOperation, in catalogue order. */
export const SELECTED_OPERATIONS: readonly SelectedOperationId[] = operationIds.filter(
  (id): id is SelectedOperationId => OPERATION_RECORDS[id].simulator.route === 'byApiOperation',
);

/** The transaction type a selected operation records (and names in a LOCK_FAILURE answer). */
export function transactionTypeOf(id: SelectedOperationId): TransactionType {
  return OPERATION_RECORDS[id].simulator.records;
}

export function continuationOf(id: string): Continuation | undefined {
  return recordOf(id)?.continues;
}

/**
 * The operation that makes a transaction of each type: the one whose answer a stored transaction is
 * shown as (Retrieve Transaction and webhooks show the same body) and whose advice it takes.
 * Authentications are kept apart from an order's transactions; their type reads as Authenticate Payer.
 */
export const OPERATION_OF_TRANSACTION_TYPE = {
  AUTHORIZATION: 'gateway.authorize',
  AUTHORIZATION_UPDATE: 'gateway.updateAuthorization',
  CAPTURE: 'gateway.capture',
  PAYMENT: 'gateway.pay',
  REFUND: 'gateway.refund',
  VERIFICATION: 'gateway.verify',
  VOID_AUTHORIZATION: 'gateway.void',
  VOID_CAPTURE: 'gateway.void',
  VOID_PAYMENT: 'gateway.void',
  VOID_REFUND: 'gateway.void',
  AUTHENTICATION: 'gateway.authenticatePayer',
} as const satisfies Record<TransactionType, OperationId>;
