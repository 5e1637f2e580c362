/**
 * Which gateway answers carry which fields: one row per piece of evidence, naming the answer paths it
 * speaks for, the operations whose answers carry them, the API versions (`since`, `until`) and the
 * outcomes. The simulator writes its answers from this table (src/simulator/gateway/answerShape.ts
 * leaves out every listed field the answer at hand does not carry) and responses.ts adds every listed
 * path to the answer schemas the decoder and the OpenAPI export read; one place says it.
 *
 * A path listed here is carried only by the answers its rows name (closed world): a path the table does
 * not list is the builder's own business (result, order.id, the totals…, carried by every answer).
 * Paths are dotted as the answer prints them: a Retrieve Order lists the order's fields at the top.
 *
 * Evidence (real recorded answers; "since" is the oldest version an answer or reference page shows the
 * field at; where an older recorded answer lacks it the range starts after that one):
 * - R50: a Retrieve Order at version 50, logged in a public Java integration's test
 *   (GitHub, find_string id 41315054509): chargeback, merchantCategoryCode, device, storedOnFile,
 *   transaction.receipt/source/terminal, acquirer date/settlementDate/timeZone/transactionId,
 *   authorizationResponse with commercialCard, stan, cardSecurityCodeError; no merchantAmount, no
 *   gatewayRecommendation, no timeOfLastUpdate, no transaction.stan.
 * - P57: a Pay after 3-D Secure at version 57 (GitHub scriptpapi/MPGS-Integration-Guides-and-Samples,
 *   docs/response-sample/pay-api.json): the authentication block, authenticationStatus,
 *   merchantAmount/merchantCurrency, timeOfLastUpdate, transaction.stan, device; no
 *   gatewayRecommendation, no totalDisbursedAmount. Its Authenticate Payer (authenticate-payer-api.json)
 *   and Create Session (create-session-api.json, session.aes256Key) at 57 as well.
 * - V70: a Void at version 70 (ARC Pay, a white label of the gateway:
 *   https://developers.qodex.ai/arcpay-public-api/arc-pay-api-v70/void/operation-2-void):
 *   authorizationResponse, totalDisbursedAmount, the order's masked card with storedOnFile.
 * - P74: a Pay at version 74 on the gateway's test acquirer (GitHub fixture, find_string id
 *   59335292704): gatewayRecommendation NO_ACTION, AUTHENTICATION_NOT_IN_EFFECT, receipt, terminal.
 * - A78: Initiate Authentication, Authenticate Payer and a declined Pay after 3-D Secure at version 78
 *   (GitHub PHP integration log, find_string ids 43207505982 and 43059079760): Initiate Authentication
 *   echoes acceptVersions/channel/purpose, Authenticate Payer does not (nor redirectResponseUrl); the
 *   decline carries authorizationResponse and RESUBMIT_WITH_ALTERNATIVE_PAYMENT_DETAILS.
 * - B49: a Pay at version 49 (Bank of Africa, test/contract/corpus/boa-v49-pay-3dsecure.json): chargeback,
 *   storedOnFile, nameOnCard, transaction.source/receipt/terminal and acquirer details; no order.lastUpdatedTime.
 *   M53: a Retrieve Order at 53 (Mashreq, mashreq-v53-retrieve-order-captured.json): no lastUpdatedTime.
 * - V57: a Void at version 57 (BSF, ottu-bsf-v57-void-authorization.json): the device, customer and CSC
 *   result of the authorization it voids.
 * - S11: the seed spec's Authorize (version 11) lists authorizationResponse and customer in its answer.
 * - M56: the brief's measurement against recorded answers: merchantAmount from version 56.
 */
import { AUTHENTICATION_API_SINCE } from './groups/authentication';
import type { OperationId } from './operations';

/** approved: result SUCCESS; declined: the acquirer answered, not approving; refused: no acquirer (BLOCKED, LOCK_FAILURE). */
export type AnswerOutcome = 'approved' | 'declined' | 'refused';

/** The JSON value of a leaf: responses.ts types each by it. `group`: an object echoed as sent. */
export type AnswerValueKind = 'amount' | 'text' | 'code' | 'group';

export interface AnswerFieldRow {
  readonly paths: readonly string[];
  /** Every path's kind is text unless named here. */
  readonly kinds?: Readonly<Record<string, AnswerValueKind>>;
  readonly operations: readonly OperationId[];
  readonly since: number;
  readonly until?: number;
  /** Undefined: every outcome. */
  readonly outcomes?: readonly AnswerOutcome[];
  /** The evidence key above (R50, P57, …) or the page. */
  readonly source: string;
}

const PAYMENTS: readonly OperationId[] = ['gateway.pay', 'gateway.authorize'];
const FOLLOW_UPS: readonly OperationId[] = ['gateway.capture', 'gateway.refund', 'gateway.void'];
const AUTHENTICATIONS: readonly OperationId[] = ['gateway.initiateAuthentication', 'gateway.authenticatePayer'];
/** Transaction answers the evidence says nothing about apart from v100's list (S12 in docs/reference-notes/issue23-versions.md). */
const OTHER_TRANSACTIONS: readonly OperationId[] = ['gateway.verify', 'gateway.updateAuthorization', 'gateway.initiateBrowserPayment'];
const REACHED_ACQUIRER: readonly AnswerOutcome[] = ['approved', 'declined'];

const THREE_DS_RESULT = [
  'authentication.3ds.acsEci', 'authentication.3ds.authenticationToken', 'authentication.3ds.transactionId',
  'authentication.3ds2.dsTransactionId', 'authentication.3ds2.protocolVersion', 'authentication.3ds2.transactionStatus', 'authentication.version',
];

export const ANSWER_FIELDS: readonly AnswerFieldRow[] = [
  // The merchant's amount (no currency conversion: the order's): from 56 (M56, P57); authentication answers lack it at 57 and 78, the v100 list has it.
  { paths: ['order.merchantAmount', 'order.merchantCurrency'], kinds: { 'order.merchantAmount': 'amount' }, operations: [...PAYMENTS, ...FOLLOW_UPS, ...OTHER_TRANSACTIONS], since: 56, source: 'M56, P57, V70' },
  { paths: ['order.merchantAmount', 'order.merchantCurrency'], kinds: { 'order.merchantAmount': 'amount' }, operations: AUTHENTICATIONS, since: 100, source: 'S12 (v100 reference: always provided)' },
  { paths: ['merchantAmount', 'merchantCurrency'], kinds: { merchantAmount: 'amount' }, operations: ['gateway.retrieveOrder'], since: 56, source: 'M56' },
  // Chargebacks and the merchant category: on payments and follow-ups, not on authentications (P57, A78).
  { paths: ['order.chargeback.amount', 'order.chargeback.currency', 'order.merchantCategoryCode'], kinds: { 'order.chargeback.amount': 'amount' }, operations: [...PAYMENTS, ...FOLLOW_UPS], since: 49, source: 'B49, R50, V70' },
  { paths: ['chargeback.amount', 'chargeback.currency', 'merchantCategoryCode'], kinds: { 'chargeback.amount': 'amount' }, operations: ['gateway.retrieveOrder'], since: 50, source: 'R50' },
  { paths: ['order.merchantCategoryCode'], operations: AUTHENTICATIONS, since: AUTHENTICATION_API_SINCE, source: 'P57 (Authenticate Payer), A78' },
  { paths: ['order.totalDisbursedAmount'], kinds: { 'order.totalDisbursedAmount': 'amount' }, operations: [...PAYMENTS, ...FOLLOW_UPS], since: 70, source: 'V70; not in P57' },
  { paths: ['totalDisbursedAmount'], kinds: { totalDisbursedAmount: 'amount' }, operations: ['gateway.retrieveOrder'], since: 70, source: 'V70' },
  // 3-D Secure on the payment and the order.
  { paths: ['order.authenticationStatus', 'transaction.authenticationStatus'], kinds: { 'order.authenticationStatus': 'code', 'transaction.authenticationStatus': 'code' }, operations: PAYMENTS, since: 57, source: 'P57, P74' },
  { paths: ['order.authenticationStatus', 'transaction.authenticationStatus'], kinds: { 'order.authenticationStatus': 'code', 'transaction.authenticationStatus': 'code' }, operations: AUTHENTICATIONS, since: AUTHENTICATION_API_SINCE, source: 'P57, A78' },
  { paths: ['authenticationStatus', '3dsAcsEci', 'authenticationVersion'], kinds: { authenticationStatus: 'code' }, operations: ['gateway.retrieveOrder'], since: 57, source: 'Retrieve Order models of real answers (find_string "3dsAcsEci"); range as P57' },
  { paths: [...THREE_DS_RESULT, 'authentication.transactionId'], operations: PAYMENTS, since: 57, source: 'P57, A78' },
  { paths: THREE_DS_RESULT, operations: AUTHENTICATIONS, since: AUTHENTICATION_API_SINCE, source: 'P57, A78' },
  // The directory server (A78: glad-v78-initiate-authentication-card/-session, glad-v78-authenticate-payer-challenge):
  // the scheme also on the payment (glad-v78-pay-after-3ds-declined), the server and its 3DS Method support only on
  // authentications, methodCompleted only on Initiate Authentication (the session one; Authenticate Payer lacks it).
  { paths: ['authentication.3ds2.authenticationScheme', 'authentication.time'], operations: PAYMENTS, since: 57, source: 'A78 (glad-v78-pay-after-3ds-declined); range as P57' },
  { paths: ['authentication.3ds2.authenticationScheme', 'authentication.3ds2.directoryServerId', 'authentication.3ds2.methodSupported'], operations: AUTHENTICATIONS, since: AUTHENTICATION_API_SINCE, source: 'A78' },
  { paths: ['authentication.3ds2.methodCompleted'], operations: ['gateway.initiateAuthentication'], since: AUTHENTICATION_API_SINCE, source: 'A78 (glad-v78-initiate-authentication-session; not in glad-v78-authenticate-payer-challenge)' },
  { paths: ['authentication.time'], operations: ['gateway.authenticatePayer'], since: AUTHENTICATION_API_SINCE, source: 'A78 (glad-v78-authenticate-payer-challenge; not on Initiate Authentication)' },
  { paths: ['authentication.acceptVersions', 'authentication.channel', 'authentication.purpose'], operations: ['gateway.initiateAuthentication'], since: AUTHENTICATION_API_SINCE, source: 'A78 (Initiate Authentication echoes them, Authenticate Payer does not)' },
  // What the gateway recommends: payments from 74 (P74; P57 has none), authentications always.
  { paths: ['response.gatewayRecommendation'], kinds: { 'response.gatewayRecommendation': 'code' }, operations: PAYMENTS, since: 74, outcomes: REACHED_ACQUIRER, source: 'P74, A78; not in P57' },
  { paths: ['response.gatewayRecommendation'], kinds: { 'response.gatewayRecommendation': 'code' }, operations: AUTHENTICATIONS, since: AUTHENTICATION_API_SINCE, source: 'P57, A78' },
  // The acquirer's authorization answer and the transaction's acquirer details, approved or declined.
  {
    paths: ['authorizationResponse.financialNetworkCode', 'authorizationResponse.posData', 'authorizationResponse.posEntryMode', 'authorizationResponse.processingCode', 'authorizationResponse.responseCode', 'authorizationResponse.transactionIdentifier'],
    operations: [...PAYMENTS, ...FOLLOW_UPS], since: 11, outcomes: REACHED_ACQUIRER, source: 'S11, R50, V70, A78',
  },
  {
    paths: ['authorizationResponse.commercialCard', 'authorizationResponse.commercialCardIndicator', 'authorizationResponse.stan', 'authorizationResponse.cardSecurityCodeError'],
    operations: [...PAYMENTS, ...FOLLOW_UPS], since: 50, outcomes: REACHED_ACQUIRER, source: 'R50, V70',
  },
  {
    paths: ['transaction.receipt', 'transaction.source', 'transaction.terminal', 'transaction.acquirer.date', 'transaction.acquirer.settlementDate', 'transaction.acquirer.timeZone', 'transaction.acquirer.transactionId'],
    operations: [...PAYMENTS, ...FOLLOW_UPS], since: 49, outcomes: REACHED_ACQUIRER, source: 'B49, R50, V70, A78',
  },
  { paths: ['transaction.stan'], operations: [...PAYMENTS, ...FOLLOW_UPS], since: 57, outcomes: REACHED_ACQUIRER, source: 'P57, P74; not in R50' },
  { paths: ['timeOfLastUpdate'], operations: [...PAYMENTS, ...FOLLOW_UPS, ...AUTHENTICATIONS], since: 57, source: 'P57, A78; not in R50' },
  { paths: ['sourceOfFunds.provided.card.storedOnFile'], operations: [...PAYMENTS, ...FOLLOW_UPS, 'gateway.retrieveOrder'], since: 49, source: 'B49, R50, V70, the v53 and v70 Retrieve Orders (the order\'s card at the top); not on A78 authentications' },
  // Echoes of what the payer's request sent.
  // Follow-ups repeat the payer the order's payment sent (V57).
  { paths: ['device.browser', 'device.ipAddress'], operations: [...PAYMENTS, ...FOLLOW_UPS, 'gateway.authenticatePayer'], since: 50, source: 'R50, P57, V57, A78' },
  { paths: ['customer'], kinds: { customer: 'group' }, operations: [...PAYMENTS, ...FOLLOW_UPS], since: 11, source: 'S11 (Authorize), seed spec Refund, V57' },
  { paths: ['order.valueTransfer.accountType'], operations: ['gateway.authenticatePayer'], since: 57, source: 'P57, A78 (Authenticate Payer; not on Initiate Authentication nor the payments)' },
  // The order's last update: not in B49 nor the v53 Retrieve Order, in every answer from 57 (P57, V57, V70, A78).
  { paths: ['order.lastUpdatedTime'], operations: [...PAYMENTS, ...FOLLOW_UPS, ...OTHER_TRANSACTIONS, ...AUTHENTICATIONS], since: 57, source: 'P57, V57, V70, A78; not in B49, M53' },
  { paths: ['lastUpdatedTime'], operations: ['gateway.retrieveOrder'], since: 57, source: 'V70 (Retrieve Order); not in M53' },
  // The notification URL is kept, never echoed: not by Update Session nor the Pay of its session (A78: glad-v78-update-session-card, glad-v78-pay-with-session).
  { paths: ['order.notificationUrl'], operations: [], since: 1, source: 'A78 (sent, not echoed)' },
  { paths: ['session.aes256Key'], operations: ['gateway.createSession'], since: 57, source: 'P57 (create-session-api.json)' },
  // The session's authenticationLimit: Create Session answers it (glad-v78-create-session.json), the two v78
  // Update Session answers do not (glad-v78-update-session-card.json, glad-v78-update-session-for-3ds.json).
  { paths: ['session.authenticationLimit'], operations: ['gateway.createSession', 'gateway.retrieveSession'], since: 1, source: 'glad-v78-create-session; not in glad-v78-update-session-*' },
];

/** Where and when one answer is written: the operation answering, its path version, its outcome. */
export interface AnswerAt {
  readonly operation: OperationId;
  readonly version: number;
  readonly outcome: AnswerOutcome;
}

function rowCarries(row: AnswerFieldRow, at: AnswerAt): boolean {
  return row.operations.includes(at.operation)
    && at.version >= row.since && (row.until === undefined || at.version <= row.until)
    && (row.outcomes === undefined || row.outcomes.includes(at.outcome));
}

/** Every path the table lists, once each, in table order. */
export const ANSWER_FIELD_PATHS: readonly string[] = [...new Set(ANSWER_FIELDS.flatMap((r) => r.paths))];

/** The rows of each listed path (every answer the simulator writes asks about every path). */
const ROWS_BY_PATH: ReadonlyMap<string, readonly AnswerFieldRow[]> = new Map(
  ANSWER_FIELD_PATHS.map((path) => [path, ANSWER_FIELDS.filter((r) => r.paths.includes(path))]),
);

/** True when the answer `at` carries `path`; a path the table does not list is always carried (the builder decides). */
export function answerCarries(path: string, at: AnswerAt): boolean {
  const rows = ROWS_BY_PATH.get(path);
  return rows === undefined || rows.some((r) => rowCarries(r, at));
}

/** Paths the table lists for no answer at all: the gateway keeps them and never echoes them (order.notificationUrl). */
export const NEVER_ANSWERED_PATHS: readonly string[] = ANSWER_FIELD_PATHS.filter((path) => (ROWS_BY_PATH.get(path) ?? []).every((r) => r.operations.length === 0));

/** The kind of a listed path (text unless a row names another). */
export function answerFieldKind(path: string): AnswerValueKind {
  for (const row of ANSWER_FIELDS) {
    const kind = row.kinds?.[path];
    if (kind) return kind;
  }
  return 'text';
}

/** The paths some row lists for one of `operations` (responses.ts: the fields of one answer shape). */
export function answerPathsOf(operations: readonly OperationId[]): string[] {
  return [...new Set(ANSWER_FIELDS.filter((r) => r.operations.some((o) => operations.includes(o))).flatMap((r) => r.paths))];
}
