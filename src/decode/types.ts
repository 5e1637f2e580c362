/**
 * The decoded, explained form of one response. Plain data only (strings, numbers, booleans, arrays,
 * objects) so the same value can be rendered as text in the host, posted to the webview and stored
 * in history. Amounts are text exactly as the JSON had them: a developer comparing with the wire
 * must never see 10.010000000000002.
 */

/** A code with what it means. `known: false` for codes no table holds (meaning "not known to this workbench"). */
export interface CodeExplanation {
  code: string;
  known: boolean;
  meaning: string;
  category?: string;
  nextStep?: string;
}

import type { VerdictAction } from './advice';
import type { SecretValues } from '../redaction';

export type VerdictTone = 'success' | 'warning' | 'error' | 'info';

/** The one-glance headline; `action` is the fix the workbench can run for the user (a button in the panel). */
export interface Verdict {
  tone: VerdictTone;
  title: string;
  detail: string;
  action?: VerdictAction;
}

export interface DecodedOutcome {
  result: string;
  resultMeaning: string;
  gatewayCode?: CodeExplanation;
  acquirerCode?: string;
  acquirerMessage?: string;
  debugInformation?: string;
}

export interface DecodedRiskRule {
  name: string;
  type?: string;
  recommendation?: CodeExplanation;
  score?: number;
  data?: string;
}

export interface DecodedRisk {
  gatewayCode?: CodeExplanation;
  review?: { decision: CodeExplanation; reason?: string; note?: string };
  reversal?: CodeExplanation;
  totalScore?: number;
  rules: DecodedRiskRule[];
  /** Where the risk group was found: real responses use `risk.response`, the spec `response.risk`. */
  source: 'risk.response' | 'response.risk';
}

export interface DecodedThreeDSecure {
  enrollment?: CodeExplanation;
  authentication?: CodeExplanation;
  acsEci?: string;
}

/** A 3-D Secure authentication (Initiate Authentication, Authenticate Payer) as the decoder explains it. */
export interface DecodedAuthentication {
  transactionId?: string;
  /** authentication.version: 3DS2, 3DS1 or NONE. */
  version?: string;
  /** transaction.authenticationStatus (AUTHENTICATION_SUCCESSFUL…). */
  status?: string;
  /** authentication.3ds2.transactionStatus: Y, A, C, N, R, U. */
  transactionStatus?: string;
  statusReasonCode?: string;
  meaning?: string;
  liabilityShift?: string;
  /** True only for Y and A: a payment may use this authentication. */
  proceed: boolean;
  gatewayRecommendation?: string;
  payerSaw: string;
  stage: 'initiated' | 'challenge' | 'done';
  /** A challenge's page (the action of redirect.html's challenge form): "Open challenge" opens it. */
  challengeUrl?: string;
  /** For a challenge: the flow payer step that passes it without a browser, to copy into a flow. */
  payerStep?: string;
}

export interface DecodedBrowserPayment {
  status: CodeExplanation;
  redirectUrl?: string;
  /** v100: an HTML page to render in the payer's browser instead of a redirect URL. Text, never live HTML. */
  redirectHtml?: string;
  /** The interaction timestamps present, in state order. */
  timestamps: { name: string; value: string }[];
}

export interface DecodedOrder {
  id?: string;
  status?: string;
  statusMeaning?: string;
  reference?: string;
  amount?: string;
  currency?: string;
  totalAuthorizedAmount?: string;
  totalCapturedAmount?: string;
  totalRefundedAmount?: string;
  /** Retrieve Order only: the transactions on the order, oldest first (the newest ORDER_TRANSACTION_WINDOW when it has more). */
  transactions?: DecodedOrderTransaction[];
  /** Retrieve Order only: how many transactions the order listed, all of them. */
  transactionCount?: number;
}

/** One row of an order's transactions, every value as text exactly as received. */
export interface DecodedOrderTransaction {
  id?: string;
  type?: string;
  amount?: string;
  currency?: string;
  result?: string;
  gatewayCode?: string;
  targetTransactionId?: string;
  timeOfRecord?: string;
}

export interface DecodedTransaction {
  id?: string;
  type?: CodeExplanation;
  amount?: string;
  currency?: string;
  authorizationCode?: string;
  reference?: string;
  acquirerId?: string;
  acquirerBatch?: string;
}

/** The card as the gateway echoes it; the number is always shown masked. */
export interface DecodedCard {
  brand?: string;
  scheme?: string;
  number?: string;
  expiry?: string;
  fundingMethod?: string;
}

export interface DecodedSession {
  id?: string;
  updateStatus?: CodeExplanation;
  version?: string;
  /** Initiate Checkout on the simulator: the payment page it serves for the session (a real gateway's opens through checkout.js). */
  paymentPageUrl?: string;
}

/** Where and when the gateway recorded the operation. */
export interface DecodedRecord {
  merchant?: string;
  timeOfRecord?: string;
  gatewayEntryPoint?: string;
  apiVersion?: string;
  correlationId?: string;
}

export interface DecodedError {
  httpStatus: number;
  cause?: CodeExplanation;
  explanation?: string;
  field?: string;
  validationType?: CodeExplanation;
  supportCode?: string;
  whatToFix: string;
}

/** One financing offer, every figure as text exactly as received. */
export interface OfferRow {
  id?: string;
  childId?: string;
  name: string;
  months?: string;
  instalment?: string;
  interest?: string;
  dae?: string;
  totalCreditAmount?: string;
  loanAmount?: string;
  analysisFee?: string;
}

/** Token sets are never shown: only what a developer needs to reason about them. */
export interface DecodedTokenSet {
  expiresInSeconds: number;
  tokenType?: string;
  accessTokenLength?: number;
  refreshTokenLength?: number;
}

export interface DecodedFinancing {
  success?: boolean;
  message?: string | null;
  tokenSet?: DecodedTokenSet;
  offers?: OfferRow[];
  sessionId?: string;
  sessionUrl?: string;
}

export interface DecodedResponse {
  api: 'gateway' | 'financing';
  operationId: string;
  httpStatus: number;
  verdict: Verdict;
  outcome?: DecodedOutcome;
  risk?: DecodedRisk;
  avs?: CodeExplanation;
  csc?: CodeExplanation;
  detailedVerification?: { type: string; result: CodeExplanation }[];
  threeDSecure?: DecodedThreeDSecure;
  authentication?: DecodedAuthentication;
  browserPayment?: DecodedBrowserPayment;
  order?: DecodedOrder;
  transaction?: DecodedTransaction;
  card?: DecodedCard;
  session?: DecodedSession;
  record?: DecodedRecord;
  error?: DecodedError;
  financing?: DecodedFinancing;
  /** Everything worth saying that has no field: shape mismatches, odd combinations, hints. */
  notes: string[];
}

export interface DecodeInput {
  operationId: string;
  httpStatus: number;
  /** The parsed body when the client parsed it; undefined when it could not. */
  body: unknown;
  /** The body as received; used to keep number literals exactly (0.00 stays "0.00") and for non-JSON bodies. */
  rawText?: string;
  /** The URL the request went to (redacted): a 404 is explained by what it asked for (version, merchant, ids). */
  requestUrl?: string;
  /** Secrets the request held (the API password, a token): scrubbed from the decoded answer wherever an answer echoes them. */
  known?: SecretValues;
}
