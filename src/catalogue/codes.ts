/**
 * The one declaration of every code the two APIs answer with: what it means in plain words, which
 * bucket it falls in, and what the developer should do next. Request enums (catalogue), the
 * simulator's answers, the forms and the decoder all derive from these tables, so a code is
 * explained in exactly one place.
 *
 * Sources: the two specs in shared/spec and shared/reference/gateway-behaviour.md. Entries not in
 * those documents are marked "(public gateway docs)" or "(inferred)" in a comment.
 */
import * as l10n from '@vscode/l10n';
import { GATEWAY_CODE_CATEGORIES, type GatewayCode } from './codeCategories';

/** One row of a code table. `category` is the bucket a UI colours by; `nextStep` is advice. */
export interface CodeInfo<C extends string = string> {
  readonly meaning: string;
  readonly category: C;
  readonly nextStep: string;
}

export type CodeTable<C extends string = string> = Readonly<Record<string, CodeInfo<C>>>;

/** A non-empty tuple, because z.enum and form selects want at least one value. */
type KeyList<T> = readonly [keyof T & string, ...(keyof T & string)[]];

/** Keys in declaration order (object key order is insertion order for non-numeric keys). */
export function keysOf<T extends Readonly<Record<string, unknown>>>(table: T): KeyList<T> {
  return Object.keys(table) as unknown as KeyList<T>;
}

// ─── Card gateway: outcome ────────────────────────────────────────────────────

export type { GatewayCode, GatewayCodeCategory } from './codeCategories';

const NEW_TXN = l10n.t('A retry needs a NEW transaction id (the gateway rejects a reused one).');

/** What each gateway code means and what to do; its bucket is in codeCategories.ts (small, read at activation). */
const GATEWAY_CODE_MEANINGS = {
  ABORTED: { meaning: l10n.t('The payer aborted the transaction (for example left the authentication or provider page).'), nextStep: l10n.t('Nothing was charged. Let the payer start again; {0}', NEW_TXN) },
  ACQUIRER_SYSTEM_ERROR: { meaning: l10n.t('The acquirer\'s system failed while processing the transaction.'), nextStep: l10n.t('Retry later. {0}', NEW_TXN) },
  APPROVED: { meaning: l10n.t('The transaction was approved.'), nextStep: l10n.t('Fulfil the order; capture later if this was an authorization.') },
  APPROVED_PENDING_SETTLEMENT: { meaning: l10n.t('Approved; the funds move when the acquirer settles the batch.'), nextStep: l10n.t('Treat as approved; settlement completes later without further calls.') },
  AUTHENTICATION_FAILED: { meaning: l10n.t('Payer authentication (3-D Secure) failed.'), nextStep: l10n.t('Do not retry with the same authentication; ask the payer to authenticate again or use another card.') },
  BLOCKED: { meaning: l10n.t('The gateway blocked the transaction under its risk or 3-D Secure blocking rules.'), nextStep: l10n.t('Look at the risk section for the rule that fired; change the rule or the request, not the retry count.') },
  CANCELLED: { meaning: l10n.t('The payer cancelled the transaction.'), nextStep: l10n.t('Nothing was charged. Offer the payer to start again.') },
  DECLINED: { meaning: l10n.t('The issuer declined the transaction.'), nextStep: l10n.t('Ask the payer for another card or to contact their bank. Do not retry the same card blindly.') },
  DECLINED_AVS: { meaning: l10n.t('Declined because the address verification (AVS) failed.'), nextStep: l10n.t('Check the billing address sent (see the AVS result).') },
  DECLINED_AVS_CSC: { meaning: l10n.t('Declined because both the address verification and the card security code check failed.'), nextStep: l10n.t('Check the billing address and the card security code.') },
  DECLINED_CSC: { meaning: l10n.t('Declined because the card security code (CVC/CVV) check failed.'), nextStep: l10n.t('Ask the payer to re-enter the card security code.') },
  DECLINED_DO_NOT_CONTACT: { meaning: l10n.t('Declined; the issuer says not to contact it about this card.'), nextStep: l10n.t('Do not retry this card; ask for another payment method.') },
  DECLINED_PAYMENT_PLAN: { meaning: l10n.t('Declined because of the payment plan (instalments) requested.'), nextStep: l10n.t('Retry without the payment plan or with another plan the card supports.') },
  DEFERRED_TRANSACTION_RECEIVED: { meaning: l10n.t('The gateway received a deferred transaction and will process it later.'), nextStep: l10n.t('Query the order later for the final result.') },
  DUPLICATE_BATCH: { meaning: l10n.t('Declined because the acquirer batch is a duplicate.'), nextStep: l10n.t('A settlement problem, not a card problem: contact the payment provider.') },
  EXCEEDED_RETRY_LIMIT: { meaning: l10n.t('The retry limit for this transaction was exceeded.'), nextStep: l10n.t('Stop retrying; start a new order or ask for another card.') },
  EXPIRED_CARD: { meaning: l10n.t('The card has expired (or the expiry sent is wrong).'), nextStep: l10n.t('Check the expiry month/year sent; ask the payer for a valid card.') },
  INSUFFICIENT_FUNDS: { meaning: l10n.t('The issuer declined for insufficient funds.'), nextStep: l10n.t('Ask the payer for another card or a lower amount.') },
  INVALID_CSC: { meaning: l10n.t('The card security code is invalid.'), nextStep: l10n.t('Ask the payer to re-enter the card security code.') },
  LOCK_FAILURE: { meaning: l10n.t('The order is locked: another transaction is running on the same order.'), nextStep: l10n.t('Wait for the other transaction to finish, then retry. {0}', NEW_TXN) },
  NOT_ENROLLED_3D_SECURE: { meaning: l10n.t('The cardholder is not enrolled in 3-D Secure.'), nextStep: l10n.t('Proceed without 3-D Secure if your risk policy allows it, otherwise ask for another card.') },
  NOT_SUPPORTED: { meaning: l10n.t('The transaction type is not supported for this merchant, card or acquirer.'), nextStep: l10n.t('Check the operation and the merchant configuration; retrying will not help.') },
  PENDING: { meaning: l10n.t('The transaction is pending; the final result is not known yet.'), nextStep: l10n.t('Query the order later (or wait for the webhook) before fulfilling.') },
  REFERRED: { meaning: l10n.t('Declined: the issuer asks for a referral (voice authorization).'), nextStep: l10n.t('Ask the payer to contact their bank, or use another card.') },
  SYSTEM_ERROR: { meaning: l10n.t('An internal gateway error occurred while processing the transaction.'), nextStep: l10n.t('Retry later. {0}', NEW_TXN) },
  TIMED_OUT: { meaning: l10n.t('The gateway timed out waiting for the acquirer.'), nextStep: l10n.t('Treat as declined; the gateway tries to reverse it. If you retry, use a NEW transaction id.') },
  UNKNOWN: { meaning: l10n.t('The result is still undetermined; the gateway updates the code if it learns it later.'), nextStep: l10n.t('Do not retry blindly (you may charge twice): query the order later.') },
  UNSPECIFIED_FAILURE: { meaning: l10n.t('The transaction failed for a reason the gateway does not specify.'), nextStep: l10n.t('Check acquirerCode/acquirerMessage; query the order before retrying.') },
  SUBMITTED: { meaning: l10n.t('The browser payment was initiated; the payer now completes it at the provider.'), nextStep: l10n.t('Redirect the payer to browserPayment.redirectUrl; the result arrives when they return.') },
  // Seen in real responses (reference document), not in the spec's list.
  PARTIALLY_APPROVED: { meaning: l10n.t('Only part of the requested amount was approved.'), nextStep: l10n.t('Compare transaction.amount with what you asked; collect the rest another way or void.') },
  DECLINED_INVALID_PIN: { meaning: l10n.t('Declined because the PIN entered was wrong.'), nextStep: l10n.t('Ask the payer to re-enter the PIN.') },
  DECLINED_PIN_REQUIRED: { meaning: l10n.t('Declined because the issuer requires a PIN for this card.'), nextStep: l10n.t('Repeat the payment with PIN entry (card present) or use another card.') },
  // v100 reference (Authorize, Refund, Initiate Authentication responses); meanings from the gateway's code table as republished at unipaygateway.info/codes.
  APPROVED_AUTO: { meaning: l10n.t('Approved automatically by the gateway; the transaction was not sent to the acquirer.'), nextStep: l10n.t('Treat as approved; nothing reached the issuer, so there is no acquirer code.') },
  AUTHENTICATION_IN_PROGRESS: { meaning: l10n.t('Payer authentication (3-D Secure) has started and is not finished yet.'), nextStep: l10n.t('Wait for the authentication to complete (the payer is at the issuer), then retrieve the order or transaction.') },
  BALANCE_AVAILABLE: { meaning: l10n.t('A balance is available on the card: the payer can redeem points.'), nextStep: l10n.t('Offer the payer to pay with points (the balance is in the answer).') },
  BALANCE_UNKNOWN: { meaning: l10n.t('A balance might be available on the card: offer the payer to redeem points.'), nextStep: l10n.t('Offer points redemption; the amount available is not known until the payer tries.') },
  NO_BALANCE: { meaning: l10n.t('No balance is available on the card: the payer cannot redeem points.'), nextStep: l10n.t('Take the payment without points redemption.') },
} as const satisfies Readonly<Record<GatewayCode, Omit<CodeInfo, 'category'>>>;

export const GATEWAY_CODES = withCategories(GATEWAY_CODE_MEANINGS, GATEWAY_CODE_CATEGORIES);

function withCategories<C extends string, M extends Readonly<Record<C, Omit<CodeInfo, 'category'>>>, K extends string>(
  meanings: M,
  categories: Readonly<Record<C, K>>,
): { readonly [P in keyof M]: M[P] & { readonly category: K } } {
  const rows = Object.entries<Omit<CodeInfo, 'category'>>(meanings).map(([code, row]) => [code, { ...row, category: categories[code as C] }]);
  return Object.fromEntries(rows) as { readonly [P in keyof M]: M[P] & { readonly category: K } };
}

type ResultCategory = 'success' | 'failure' | 'pending' | 'unknown' | 'error';

export const RESULT_VALUES = {
  SUCCESS: { meaning: l10n.t('The operation completed successfully.'), category: 'success', nextStep: l10n.t('Read response.gatewayCode for the detail.') },
  FAILURE: { meaning: l10n.t('The operation was declined or rejected by the gateway, the acquirer or the issuer.'), category: 'failure', nextStep: l10n.t('Read response.gatewayCode for why.') },
  PENDING: { meaning: l10n.t('The operation is still being processed.'), category: 'pending', nextStep: l10n.t('Query the order later before acting on it.') },
  UNKNOWN: { meaning: l10n.t('The outcome is not known yet.'), category: 'unknown', nextStep: l10n.t('Do not retry blindly; query the order later.') },
  ERROR: { meaning: l10n.t('The gateway rejected the request itself (error envelope); nothing was processed.'), category: 'error', nextStep: l10n.t('Read error.cause and error.explanation, fix the request and send it again.') },
} as const satisfies CodeTable<ResultCategory>;

// ─── Card gateway: risk assessment ───────────────────────────────────────────

type RiskCategory = 'accepted' | 'rejected' | 'review' | 'neutral';

export const RISK_GATEWAY_CODES = {
  ACCEPTED: { meaning: 'The risk assessment accepted the order.', category: 'accepted', nextStep: 'Nothing to do.' },
  NOT_CHECKED: { meaning: 'No risk assessment was performed.', category: 'neutral', nextStep: 'Nothing to do, unless you expected risk screening on this merchant.' },
  REJECTED: { meaning: 'The risk assessment rejected the order.', category: 'rejected', nextStep: 'See the rules that recommended REJECT; the order is not processed.' },
  REVIEW_REQUIRED: { meaning: 'The order needs a manual risk review before it is processed.', category: 'review', nextStep: 'Review the order in the merchant administration; hold fulfilment until then.' },
} as const satisfies CodeTable<RiskCategory>;

export const RISK_REVIEW_DECISIONS = {
  ACCEPTED: { meaning: 'A reviewer accepted the order; it was released for processing.', category: 'accepted', nextStep: 'Fulfil the order.' },
  NOT_REQUIRED: { meaning: 'No manual review was needed.', category: 'neutral', nextStep: 'Nothing to do.' },
  PENDING: { meaning: 'A manual review decision is awaited.', category: 'review', nextStep: 'Hold fulfilment until the review is decided.' },
  REJECTED: { meaning: 'A reviewer rejected the order; it was cancelled and a reversal attempted.', category: 'rejected', nextStep: 'Do not fulfil; check risk.reversalResult.' },
} as const satisfies CodeTable<RiskCategory>;

export const RISK_RULE_RECOMMENDATIONS = {
  ACCEPT: { meaning: 'The rule recommends accepting the order.', category: 'accepted', nextStep: 'Nothing to do.' },
  NO_ACTION: { meaning: 'The rule matched but recommends no action.', category: 'neutral', nextStep: 'Nothing to do.' },
  REJECT: { meaning: 'The rule recommends rejecting the order.', category: 'rejected', nextStep: 'Check the rule data against the request (card range, address, amount).' },
  REVIEW: { meaning: 'The rule recommends a manual review.', category: 'review', nextStep: 'Review the order before fulfilment.' },
} as const satisfies CodeTable<RiskCategory>;

type RuleTypeCategory = 'rule' | 'error';

export const RISK_RULE_TYPES = {
  ERROR: { meaning: 'The rule could not be evaluated (an error in the risk assessment).', category: 'error', nextStep: 'Contact the payment provider if it persists.' },
  EXTERNAL_RULE: { meaning: 'A rule of an external risk provider.', category: 'rule', nextStep: 'See the external provider for the rule detail.' },
  MERCHANT_RULE: { meaning: 'A rule the merchant configured in the merchant administration.', category: 'rule', nextStep: 'Adjust it in the merchant administration if it fires wrongly.' },
  MSO_RULE: { meaning: 'A rule of the merchant service organisation (the payment provider).', category: 'rule', nextStep: 'Ask the payment provider if it fires wrongly.' },
} as const satisfies CodeTable<RuleTypeCategory>;

type ReversalCategory = 'ok' | 'failed' | 'neutral';

export const RISK_REVERSAL_RESULTS = {
  FAIL: { meaning: 'The reversal of the rejected order failed.', category: 'failed', nextStep: 'The funds may still be held: void or refund the transaction yourself.' },
  NOT_APPLICABLE: { meaning: 'No reversal was needed.', category: 'neutral', nextStep: 'Nothing to do.' },
  OKAY: { meaning: 'The rejected order was reversed successfully.', category: 'ok', nextStep: 'Nothing to do.' },
} as const satisfies CodeTable<ReversalCategory>;

// ─── Card gateway: cardholder verification ───────────────────────────────────

type MatchCategory = 'match' | 'partial' | 'no-match' | 'unavailable' | 'not-checked';

export const AVS_CODES = {
  ADDRESS_MATCH: { meaning: 'The street address matched; the postcode did not match or was not checked.', category: 'partial', nextStep: 'Check the postcode sent.' },
  ADDRESS_ZIP_MATCH: { meaning: 'Both the street address and the postcode matched.', category: 'match', nextStep: 'Nothing to do.' },
  NAME_ADDRESS_MATCH: { meaning: 'The cardholder name and the street address matched.', category: 'partial', nextStep: 'Check the postcode sent.' },
  NAME_MATCH: { meaning: 'Only the cardholder name matched.', category: 'partial', nextStep: 'Check the street address and postcode sent.' },
  NAME_ZIP_MATCH: { meaning: 'The cardholder name and the postcode matched.', category: 'partial', nextStep: 'Check the street address sent.' },
  NOT_AVAILABLE: { meaning: 'The issuer returned no address verification data.', category: 'unavailable', nextStep: 'Decide by your risk policy; nothing to fix in the request.' },
  NOT_REQUESTED: { meaning: 'Address verification was not requested.', category: 'not-checked', nextStep: 'Send billing.address if you want AVS.' },
  NOT_VERIFIED: { meaning: 'The address could not be verified (for example an international address).', category: 'unavailable', nextStep: 'Decide by your risk policy.' },
  NO_MATCH: { meaning: 'Neither the street address nor the postcode matched.', category: 'no-match', nextStep: 'Check the billing address sent; it may be a fraud signal.' },
  SERVICE_NOT_AVAILABLE_RETRY: { meaning: 'The address verification service was unavailable.', category: 'unavailable', nextStep: 'Retry later if AVS matters for this order.' },
  SERVICE_NOT_SUPPORTED: { meaning: 'The issuer or acquirer does not support address verification.', category: 'unavailable', nextStep: 'Nothing to fix; decide by your risk policy.' },
  ZIP_MATCH: { meaning: 'The postcode matched; the street address did not.', category: 'partial', nextStep: 'Check the street address sent.' },
} as const satisfies CodeTable<MatchCategory>;

export const CSC_CODES = {
  MATCH: { meaning: 'The card security code matched.', category: 'match', nextStep: 'Nothing to do.' },
  NOT_PRESENT: { meaning: 'The card security code was not sent, or the card has none.', category: 'not-checked', nextStep: 'Send sourceOfFunds.provided.card.securityCode if the card has one.' },
  NOT_PROCESSED: { meaning: 'The card security code was not checked by the issuer.', category: 'unavailable', nextStep: 'Decide by your risk policy.' },
  NOT_SUPPORTED: { meaning: 'The issuer does not support card security code checks.', category: 'unavailable', nextStep: 'Nothing to fix.' },
  NO_MATCH: { meaning: 'The card security code did not match.', category: 'no-match', nextStep: 'Ask the payer to re-enter the card security code.' },
} as const satisfies CodeTable<MatchCategory>;

export const DETAILED_VERIFICATION_CODES = {
  MATCHED: { meaning: 'The value matched what the issuer holds.', category: 'match', nextStep: 'Nothing to do.' },
  NOT_CHECKED: { meaning: 'The issuer did not check the value.', category: 'not-checked', nextStep: 'Nothing to fix.' },
  NOT_MATCHED: { meaning: 'The value did not match what the issuer holds.', category: 'no-match', nextStep: 'Check the value sent.' },
  NOT_PROVIDED: { meaning: 'The value was not sent in the request.', category: 'not-checked', nextStep: 'Send it if you want it verified.' },
  SERVICE_NOT_AVAILABLE_RETRY: { meaning: 'The verification service was unavailable.', category: 'unavailable', nextStep: 'Retry later if it matters.' },
  SERVICE_NOT_SUPPORTED: { meaning: 'The issuer does not support this verification.', category: 'unavailable', nextStep: 'Nothing to fix.' },
} as const satisfies CodeTable<MatchCategory>;

type VerificationTypeCategory = 'billing' | 'cardholder' | 'customer';

export const DETAILED_VERIFICATION_TYPES = {
  BILLING_PHONE: { meaning: 'Billing phone number (billing.phone).', category: 'billing', nextStep: 'Compare with billing.phone.' },
  BILLING_POSTCODE_ZIP: { meaning: 'Billing postcode (billing.address.postcodeZip).', category: 'billing', nextStep: 'Compare with billing.address.postcodeZip.' },
  BILLING_STREET_ADDRESS: { meaning: 'Billing street (billing.address.street).', category: 'billing', nextStep: 'Compare with billing.address.street.' },
  CARDHOLDER_NAME: { meaning: 'Cardholder name (sourceOfFunds.provided.card.holder).', category: 'cardholder', nextStep: 'Compare with the card holder first/last name.' },
  CUSTOMER_EMAIL: { meaning: 'Customer e-mail (customer.email).', category: 'customer', nextStep: 'Compare with customer.email.' },
} as const satisfies CodeTable<VerificationTypeCategory>;

// ─── Card gateway: 3-D Secure ────────────────────────────────────────────────

type ThreeDsCategory = 'ok' | 'failed' | 'partial' | 'unavailable';

export const THREE_DS_ENROLLMENT = {
  ENROLLED: { meaning: 'The card is enrolled in 3-D Secure.', category: 'ok', nextStep: 'Authenticate the payer before authorizing.' },
  ENROLLMENT_STATUS_UNDETERMINED: { meaning: 'Enrollment could not be determined.', category: 'unavailable', nextStep: 'Decide by your risk policy whether to proceed without authentication.' },
  NOT_ENROLLED: { meaning: 'The card is not enrolled in 3-D Secure.', category: 'unavailable', nextStep: 'Proceed without authentication if your policy allows.' },
} as const satisfies CodeTable<ThreeDsCategory>;

export const THREE_DS_AUTH_STATUS = {
  AUTHENTICATION_ATTEMPTED: { meaning: 'Authentication was attempted; the issuer did not take part (liability usually still shifts).', category: 'partial', nextStep: 'Usually safe to proceed.' },
  AUTHENTICATION_NOT_AVAILABLE: { meaning: 'Authentication was not available (issuer or directory unavailable).', category: 'unavailable', nextStep: 'Decide by your risk policy.' },
  AUTHENTICATION_SUCCESSFUL: { meaning: 'The payer authenticated successfully.', category: 'ok', nextStep: 'Proceed with the authorization.' },
} as const satisfies CodeTable<ThreeDsCategory>;

// ─── Card gateway: browser payment ───────────────────────────────────────────

type BrowserPaymentCategory = 'started' | 'at-provider' | 'returned' | 'done';

interface BrowserPaymentStateInfo extends CodeInfo<BrowserPaymentCategory> {
  /** The browserPayment.interaction field holding the time this state was reached. */
  readonly timestampField: 'timeInitiated' | 'timeRedirected' | 'timeReturned' | 'timeCompleted';
}

export const BROWSER_PAYMENT_STATES = {
  INITIATED: { meaning: 'The browser payment was initiated successfully.', category: 'started', nextStep: 'Redirect the payer to browserPayment.redirectUrl.', timestampField: 'timeInitiated' },
  REDIRECTED_TO_PROVIDER: { meaning: "The payer's browser was sent to the provider's site.", category: 'at-provider', nextStep: 'Wait for the payer to return to your returnUrl.', timestampField: 'timeRedirected' },
  RETURNED_TO_MERCHANT: { meaning: "The payer's browser came back to the merchant's site.", category: 'returned', nextStep: 'Query the order to learn the payment result.', timestampField: 'timeReturned' },
  COMPLETED: { meaning: 'The gateway has been told the payment result.', category: 'done', nextStep: 'Read response.gatewayCode / order.status for the result.', timestampField: 'timeCompleted' },
} as const satisfies Readonly<Record<string, BrowserPaymentStateInfo>>;

// ─── Card gateway: error envelope ────────────────────────────────────────────

type ErrorCauseCategory = 'fix-request' | 'retry-later' | 'security';

export const ERROR_CAUSES = {
  INVALID_REQUEST: { meaning: 'The request does not conform to the API (a field is invalid, missing or unsupported).', category: 'fix-request', nextStep: 'Fix the field named in error.field as error.explanation says, then send again.' },
  REQUEST_REJECTED: { meaning: 'The request was rejected for security reasons (firewall, certificate, IP restriction).', category: 'security', nextStep: 'Check the client certificate, the allowed IP addresses and the credentials; retrying unchanged will not help.' },
  SERVER_BUSY: { meaning: 'The gateway is too busy to process the request.', category: 'retry-later', nextStep: 'Retry later with a back-off.' },
  SERVER_FAILED: { meaning: 'The gateway failed internally while processing the request.', category: 'retry-later', nextStep: 'Retry later; query the order first if the operation may have been processed.' },
} as const satisfies CodeTable<ErrorCauseCategory>;

type ValidationCategory = 'fix-value' | 'add-value' | 'remove-value';

export const VALIDATION_TYPES = {
  INVALID: { meaning: 'The field value is not valid (format, length or range).', category: 'fix-value', nextStep: 'Correct the value of the named field.' },
  MISSING: { meaning: 'A required field is missing.', category: 'add-value', nextStep: 'Add the named field.' },
  UNSUPPORTED: { meaning: 'The field is not supported for this operation, version or merchant.', category: 'remove-value', nextStep: 'Remove the field or use an API version that supports it.' },
} as const satisfies CodeTable<ValidationCategory>;

// ─── Card gateway: records ───────────────────────────────────────────────────

type EntryPointCategory = 'api' | 'hosted' | 'manual' | 'batch';

export const GATEWAY_ENTRY_POINTS = {
  AUTO: { meaning: 'Created automatically by the gateway.', category: 'batch', nextStep: 'Nothing to do.' },
  BATCH: { meaning: 'Submitted in a batch file.', category: 'batch', nextStep: 'Nothing to do.' },
  HOSTED_FORM: { meaning: 'Submitted through a hosted form.', category: 'hosted', nextStep: 'Nothing to do.' },
  HOSTED_PAGE: { meaning: 'Submitted through the hosted payment page.', category: 'hosted', nextStep: 'Nothing to do.' },
  MERCHANT_ADMINISTRATION: { meaning: 'Entered by a person in the merchant administration.', category: 'manual', nextStep: 'Nothing to do.' },
  THREE_PARTY: { meaning: 'Submitted through a three-party (redirect) integration.', category: 'hosted', nextStep: 'Nothing to do.' },
  TWO_PARTY: { meaning: 'Submitted through a two-party (server-to-server) integration.', category: 'api', nextStep: 'Nothing to do.' },
  WEB_SERVICES_API: { meaning: 'Submitted through the REST/web services API (this tool).', category: 'api', nextStep: 'Nothing to do.' },
} as const satisfies CodeTable<EntryPointCategory>;

type OrderStatusCategory = 'open' | 'paid' | 'refunded' | 'closed' | 'failed';

// The reference lists AUTHORIZED … INITIATED (inferred); the others are from the public gateway docs.
export const ORDER_STATUSES = {
  INITIATED: { meaning: 'A browser payment was initiated; the payer has not finished yet.', category: 'open', nextStep: 'Redirect the payer; query the order after they return.' },
  AUTHORIZED: { meaning: 'The amount is authorized (reserved) but not captured.', category: 'open', nextStep: 'Capture to take the money, or void to release it.' },
  CAPTURED: { meaning: 'The full amount has been captured.', category: 'paid', nextStep: 'Nothing to do; refund if needed.' },
  PARTIALLY_CAPTURED: { meaning: 'Part of the authorized amount has been captured.', category: 'paid', nextStep: 'Capture the rest or void the remainder.' },
  REFUNDED: { meaning: 'The captured amount has been refunded in full.', category: 'refunded', nextStep: 'Nothing to do.' },
  PARTIALLY_REFUNDED: { meaning: 'Part of the captured amount has been refunded.', category: 'refunded', nextStep: 'Nothing to do, or refund the rest.' },
  VERIFIED: { meaning: "The card was verified (no money moved).", category: 'closed', nextStep: 'Authorize or pay when the payer buys.' },
  CANCELLED: { meaning: 'The order was cancelled (voided).', category: 'closed', nextStep: 'Nothing to do.' },
  FAILED: { meaning: 'The payment on the order failed.', category: 'failed', nextStep: 'Start a new payment with a NEW transaction id.' },
  // 3-D Secure on an order with no payment yet (samples of the public reference; the last two inferred, as the simulator answers them).
  AUTHENTICATION_INITIATED: { meaning: 'Payer authentication (3-D Secure) started on the order; nothing is paid.', category: 'open', nextStep: 'Authenticate Payer with the same order and transaction id; pay only after the payer is authenticated.' },
  AUTHENTICATED: { meaning: 'The payer is authenticated (3-D Secure); no money has moved yet.', category: 'open', nextStep: 'Pay or Authorize with authentication.transactionId set to the authentication transaction id.' },
  AUTHENTICATION_UNSUCCESSFUL: { meaning: 'Payer authentication (3-D Secure) did not succeed; nothing is paid.', category: 'failed', nextStep: 'Do not pay with this authentication: ask for another card, or authenticate again with a NEW transaction id.' },
} as const satisfies CodeTable<OrderStatusCategory>;

type TransactionTypeCategory = 'money' | 'validation' | 'undo';

export const TRANSACTION_TYPES = {
  AUTHORIZATION: { meaning: 'Reserves funds on the card.', category: 'money', nextStep: 'Capture later to take the funds.' },
  AUTHORIZATION_UPDATE: { meaning: 'Changes the amount or extends the period of an authorization.', category: 'money', nextStep: 'Capture when ready.' },
  CAPTURE: { meaning: 'Takes previously authorized funds.', category: 'money', nextStep: 'Nothing to do.' },
  PAYMENT: { meaning: 'Authorizes and captures in one step.', category: 'money', nextStep: 'Nothing to do.' },
  REFUND: { meaning: 'Returns funds to the payer.', category: 'money', nextStep: 'Nothing to do.' },
  VERIFICATION: { meaning: 'Checks the card account without moving money.', category: 'validation', nextStep: 'Nothing to do.' },
  VOID_AUTHORIZATION: { meaning: 'Cancels an authorization.', category: 'undo', nextStep: 'Nothing to do.' },
  VOID_CAPTURE: { meaning: 'Cancels a capture before settlement.', category: 'undo', nextStep: 'Nothing to do.' },
  VOID_PAYMENT: { meaning: 'Cancels a payment before settlement.', category: 'undo', nextStep: 'Nothing to do.' },
  VOID_REFUND: { meaning: 'Cancels a refund before settlement.', category: 'undo', nextStep: 'Nothing to do.' },
  // Initiate Authentication and Authenticate Payer (public reference, 3-D Secure).
  AUTHENTICATION: { meaning: 'Authenticates the payer with the card issuer (3-D Secure); no money moves.', category: 'validation', nextStep: 'When it succeeded, Pay or Authorize with authentication.transactionId set to this transaction id.' },
} as const satisfies CodeTable<TransactionTypeCategory>;

type TokenVerificationCategory = 'verified' | 'not-verified' | 'declined' | 'error';

/**
 * response.gatewayCode of Create Token, Create or Update Token and Retrieve Token: how the card was
 * verified before it was saved (v100 reference, Create or Update Token; the v70 Update Token answer
 * shows BASIC_VERIFICATION_SUCCESSFUL; docs/reference-notes/issue23-versions.md). The meanings are
 * read from the names the reference lists.
 */
export const TOKEN_VERIFICATION_CODES = {
  BASIC_VERIFICATION_SUCCESSFUL: { meaning: "The card passed the gateway's basic checks (number and expiry); the acquirer was not asked.", category: 'verified', nextStep: 'Pay, authorize or verify with the token.' },
  EXTERNAL_VERIFICATION_SUCCESSFUL: { meaning: 'The acquirer verified the card.', category: 'verified', nextStep: 'Pay, authorize or verify with the token.' },
  NO_VERIFICATION_PERFORMED: { meaning: 'The card was saved without being verified.', category: 'not-verified', nextStep: 'Expect the first payment with the token to be the first check of the card.' },
  EXTERNAL_VERIFICATION_DECLINED: { meaning: 'The acquirer declined the card when verifying it.', category: 'declined', nextStep: 'Ask the payer for another card, then save it again.' },
  EXTERNAL_VERIFICATION_DECLINED_EXPIRED_CARD: { meaning: 'The acquirer declined the card as expired.', category: 'declined', nextStep: 'Check the expiry sent; ask the payer for a valid card.' },
  EXTERNAL_VERIFICATION_DECLINED_INVALID_CSC: { meaning: "The acquirer declined the card's security code.", category: 'declined', nextStep: 'Ask the payer to re-enter the card security code, then save again.' },
  EXTERNAL_VERIFICATION_DECLINED_AUTHENTICATION_REQUIRED: { meaning: 'The issuer asks for payer authentication (3-D Secure) before the card can be verified.', category: 'declined', nextStep: 'Authenticate the payer (Initiate Authentication, Authenticate Payer), then save the card.' },
  EXTERNAL_VERIFICATION_BLOCKED: { meaning: "The gateway's risk rules blocked the verification.", category: 'declined', nextStep: 'See which risk rule fired; change the rule or the request, not the retry count.' },
  EXTERNAL_VERIFICATION_PROCESSING_ERROR: { meaning: 'The verification could not be completed (acquirer or gateway error).', category: 'error', nextStep: 'Try again later.' },
} as const satisfies CodeTable<TokenVerificationCategory>;

type SessionUpdateCategory = 'ok' | 'failed' | 'neutral';

// session.updateStatus of Update Session (reference: SUCCESS; the other two from the public gateway docs).
export const SESSION_UPDATE_STATUSES = {
  SUCCESS: { meaning: 'The session was updated.', category: 'ok', nextStep: 'Use the session id in the payment operation.' },
  FAILURE: { meaning: 'The session could not be updated.', category: 'failed', nextStep: 'Check the fields sent; create a new session if it expired.' },
  NO_UPDATE: { meaning: 'The request changed nothing in the session.', category: 'neutral', nextStep: 'Nothing to do.' },
} as const satisfies CodeTable<SessionUpdateCategory>;

// ─── Financing partner ───────────────────────────────────────────────────────

type FinancingCallbackCategory = 'in-progress' | 'paid' | 'closed';

// Callback `status` values seen in a real integration; the full list is not public (inferred).
const FINANCING_CALLBACK_STATUSES = {
  Started: { meaning: 'The consumer started the financing application.', category: 'in-progress', nextStep: 'Keep the order open; wait for a further callback.' },
  Disbursed: { meaning: 'The credit was approved and the money paid to the partner.', category: 'paid', nextStep: 'Ship the order.' },
  Rejected: { meaning: 'The financing application was rejected.', category: 'closed', nextStep: 'Offer another payment method.' },
  Cancelled: { meaning: 'The consumer or the lender cancelled the application.', category: 'closed', nextStep: 'Offer another payment method.' },
  Expired: { meaning: 'The application expired before it was completed.', category: 'closed', nextStep: 'Start a new offers request if the consumer still wants financing.' },
} as const satisfies CodeTable<FinancingCallbackCategory>;

// ─── Key lists: derive enums from these, never retype the codes ──────────────

export const gatewayCodeValues = keysOf(GATEWAY_CODES);
export const resultValues = keysOf(RESULT_VALUES);
export const riskGatewayCodeValues = keysOf(RISK_GATEWAY_CODES);
export const riskReviewDecisionValues = keysOf(RISK_REVIEW_DECISIONS);
export const riskRuleRecommendationValues = keysOf(RISK_RULE_RECOMMENDATIONS);
export const riskRuleTypeValues = keysOf(RISK_RULE_TYPES);
export const riskReversalResultValues = keysOf(RISK_REVERSAL_RESULTS);
export const avsCodeValues = keysOf(AVS_CODES);
export const cscCodeValues = keysOf(CSC_CODES);
export const detailedVerificationCodeValues = keysOf(DETAILED_VERIFICATION_CODES);
export const detailedVerificationTypeValues = keysOf(DETAILED_VERIFICATION_TYPES);
export const threeDsEnrollmentValues = keysOf(THREE_DS_ENROLLMENT);
export const threeDsAuthStatusValues = keysOf(THREE_DS_AUTH_STATUS);
export const browserPaymentStateValues = keysOf(BROWSER_PAYMENT_STATES);
export const errorCauseValues = keysOf(ERROR_CAUSES);
export const validationTypeValues = keysOf(VALIDATION_TYPES);
export const gatewayEntryPointValues = keysOf(GATEWAY_ENTRY_POINTS);
export const orderStatusValues = keysOf(ORDER_STATUSES);
export const transactionTypeValues = keysOf(TRANSACTION_TYPES);
export const sessionUpdateStatusValues = keysOf(SESSION_UPDATE_STATUSES);
export const tokenVerificationCodeValues = keysOf(TOKEN_VERIFICATION_CODES);

export type ResultValue = keyof typeof RESULT_VALUES;
export type RiskGatewayCode = keyof typeof RISK_GATEWAY_CODES;
export type RiskReviewDecision = keyof typeof RISK_REVIEW_DECISIONS;
export type RiskRuleRecommendation = keyof typeof RISK_RULE_RECOMMENDATIONS;
export type RiskRuleType = keyof typeof RISK_RULE_TYPES;
export type AvsCode = keyof typeof AVS_CODES;
export type CscCode = keyof typeof CSC_CODES;
export type BrowserPaymentState = keyof typeof BROWSER_PAYMENT_STATES;
export type ErrorCause = keyof typeof ERROR_CAUSES;
export type ValidationType = keyof typeof VALIDATION_TYPES;
export type OrderStatus = keyof typeof ORDER_STATUSES;
export type TransactionType = keyof typeof TRANSACTION_TYPES;
export type FinancingCallbackStatus = keyof typeof FINANCING_CALLBACK_STATUSES;

/** Every table by name, for generic tooling (docs, completion, the "every entry explained" test). */
export const CODE_TABLES = {
  GATEWAY_CODES,
  RESULT_VALUES,
  RISK_GATEWAY_CODES,
  RISK_REVIEW_DECISIONS,
  RISK_RULE_RECOMMENDATIONS,
  RISK_RULE_TYPES,
  RISK_REVERSAL_RESULTS,
  AVS_CODES,
  CSC_CODES,
  DETAILED_VERIFICATION_CODES,
  DETAILED_VERIFICATION_TYPES,
  THREE_DS_ENROLLMENT,
  THREE_DS_AUTH_STATUS,
  BROWSER_PAYMENT_STATES,
  ERROR_CAUSES,
  VALIDATION_TYPES,
  GATEWAY_ENTRY_POINTS,
  ORDER_STATUSES,
  TRANSACTION_TYPES,
  SESSION_UPDATE_STATUSES,
  TOKEN_VERIFICATION_CODES,
  FINANCING_CALLBACK_STATUSES,
} as const satisfies Readonly<Record<string, CodeTable>>;
