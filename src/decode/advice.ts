/**
 * What to do next, declared once per operation and outcome: "fulfil the order" is right after an
 * Authorize and wrong after a Refund. The decoder puts the advice in the verdict; the response
 * panel and the text view only show it. Where a failure has a fix the workbench can run (sign in,
 * set a password), the verdict names that action and the panel offers it as a button.
 */
import { OPERATION_OF_TRANSACTION_TYPE } from '../catalogue';
import type { GatewayCodeCategory } from '../catalogue/codes';
import { ownValue } from '../json/ownKey';

/** Actions the host can run for the user, by id (the host maps each to its command). */
const VERDICT_ACTIONS = {
  signIn: 'Sign In to Financing API',
  setGatewayPassword: 'Set Gateway API Password…',
} as const;
export type VerdictActionId = keyof typeof VERDICT_ACTIONS;
export const verdictActionIds = Object.keys(VERDICT_ACTIONS) as [VerdictActionId, ...VerdictActionId[]];

export interface VerdictAction {
  id: VerdictActionId;
  label: string;
}

export function verdictAction(id: VerdictActionId): VerdictAction {
  return { id, label: VERDICT_ACTIONS[id] };
}

/**
 * The advice for one operation and outcome; `thenCode` adds the gateway code's own next step (a
 * card-specific hint such as "ask for another card"), which only fits where a card was charged.
 */
interface Advice {
  readonly advice: string;
  readonly thenCode?: boolean;
}

type GatewayOperation = 'gateway.authorize' | 'gateway.verify' | 'gateway.refund' | 'gateway.updateAuthorization' | 'gateway.initiateBrowserPayment' | 'gateway.capture'
  | 'gateway.void' | 'gateway.pay' | 'gateway.authenticatePayer';

const NEW_ID = 'A retry needs a NEW transaction id.';

const GATEWAY_ADVICE: Readonly<Record<GatewayOperation, Readonly<Record<GatewayCodeCategory, Advice>>>> = {
  'gateway.authorize': {
    approved: { advice: 'The amount is reserved on the card, not yet taken: fulfil the order, then capture it (or void the authorization if you will not ship).' },
    pending: { advice: 'Not decided yet: do not ship.', thenCode: true },
    declined: { advice: 'Nothing was reserved.', thenCode: true },
    'retry-safe': { advice: `Nothing was reserved. ${NEW_ID}`, thenCode: true },
    error: { advice: 'Nothing was reserved.', thenCode: true },
  },
  'gateway.verify': {
    approved: { advice: 'The card account is valid; no money moved. Authorize or pay when the payer buys.' },
    pending: { advice: 'The verification is not decided yet.', thenCode: true },
    declined: { advice: 'The card did not verify; no money moved.', thenCode: true },
    'retry-safe': { advice: `The verification did not complete; no money moved. ${NEW_ID}` },
    error: { advice: 'The verification failed; no money moved.', thenCode: true },
  },
  'gateway.refund': {
    approved: { advice: 'The money is on its way back to the payer: nothing to fulfil. Tell the payer; the order total refunded shows the amount.' },
    pending: { advice: 'The refund is not decided yet: do not refund again.', thenCode: true },
    declined: { advice: 'The refund was refused and no money moved: check that the order has captured funds not yet refunded (total captured − total refunded) and that the amount fits.' },
    'retry-safe': { advice: `The refund did not go through; no money moved. ${NEW_ID}` },
    error: { advice: 'The refund failed; no money moved. Check the order and the amount, and query the order before trying again.' },
  },
  'gateway.updateAuthorization': {
    approved: { advice: 'The authorization now holds the new amount or period: capture when you ship.' },
    pending: { advice: 'The update is not decided yet: do not capture yet.', thenCode: true },
    declined: { advice: 'The update was refused; the earlier authorization stands unchanged.', thenCode: true },
    'retry-safe': { advice: `The update did not go through; the earlier authorization stands. ${NEW_ID}` },
    error: { advice: 'The update failed; the earlier authorization stands unchanged.', thenCode: true },
  },
  'gateway.capture': {
    approved: { advice: 'The funds are taken: the order total captured shows how much; capture the rest later or refund from what was captured.' },
    pending: { advice: 'The capture is not decided yet: do not capture again.', thenCode: true },
    declined: { advice: 'The capture was refused and no money moved: check the authorized amount not yet captured.', thenCode: true },
    'retry-safe': { advice: `The capture did not go through; the authorization stands. ${NEW_ID}` },
    error: { advice: 'The capture failed; the authorization stands. Check the order status and the amount left to capture.', thenCode: true },
  },
  'gateway.void': {
    approved: { advice: 'The transaction is reversed: a voided authorization or payment cancels the order (nothing more can be captured or refunded on it); a voided capture or refund gives its amount back to the order totals.' },
    pending: { advice: 'The void is not decided yet: do not void again; retrieve the order to see where it stands.', thenCode: true },
    declined: { advice: 'The void was refused; the transaction stands. Too late to void? Refund captured funds instead.', thenCode: true },
    'retry-safe': { advice: `The void did not go through; the transaction stands. ${NEW_ID}` },
    error: { advice: 'The void failed; the transaction stands. Retrieve the order to see what can still be voided.', thenCode: true },
  },
  'gateway.pay': {
    approved: { advice: 'The money is taken (authorized and captured at once): fulfil the order. Refund to give money back, or void soon after to cancel it.' },
    pending: { advice: 'Not decided yet: do not ship.', thenCode: true },
    declined: { advice: 'Nothing was charged.', thenCode: true },
    'retry-safe': { advice: `Nothing was charged. ${NEW_ID}`, thenCode: true },
    error: { advice: 'Nothing was charged.', thenCode: true },
  },
  'gateway.authenticatePayer': {
    approved: { advice: 'The payer is authenticated; no money has moved yet: Pay or Authorize with authentication.transactionId set to this transaction id, for at most the authenticated amount.' },
    pending: { advice: 'The authentication is not finished: do not pay yet.', thenCode: true },
    declined: { advice: 'The payer was not authenticated and no money moved: do not pay with this authentication.', thenCode: true },
    'retry-safe': { advice: 'The authentication did not complete and no money moved. Authenticating again needs a NEW transaction id.' },
    error: { advice: 'The authentication failed and no money moved: do not pay with it.', thenCode: true },
  },
  'gateway.initiateBrowserPayment': {
    approved: { advice: 'The payer completed the payment at the provider: fulfil the order.' },
    pending: { advice: "Send the payer's browser to the provider (see Browser payment); the result arrives when they return." },
    declined: { advice: 'The payment at the provider did not succeed; nothing was charged. Let the payer start again or pick another method.' },
    'retry-safe': { advice: `The payment did not start. ${NEW_ID}` },
    error: { advice: 'The payment could not start; nothing was charged.', thenCode: true },
  },
};

/**
 * Whose advice an answer takes: its own operation's, or, for an answer that reads a transaction (Retrieve
 * Transaction, a webhook) or takes another's shape, the advice of the operation that made the transaction.
 * An APPROVED authentication read back is "pay next", never "fulfil the order".
 */
const ADVICE_OF_TRANSACTION_TYPE: Readonly<Record<string, GatewayOperation>> = OPERATION_OF_TRANSACTION_TYPE;

export function adviceOperationOf(operationId: string, transactionType: string | undefined): string {
  const ofType = transactionType !== undefined ? ownValue<GatewayOperation>(ADVICE_OF_TRANSACTION_TYPE, transactionType) : undefined;
  // An Authorize the merchant's profile also captured (type PAYMENT) took the money: Pay's advice, not "capture later".
  if (operationId === 'gateway.authorize' && ofType === 'gateway.pay') return ofType;
  if (ownValue(GATEWAY_ADVICE, operationId) !== undefined) return operationId;
  return ofType ?? operationId;
}

/** The advice after a gateway operation that answered with a code of this category. */
export function gatewayAdvice(operationId: string, category: GatewayCodeCategory, codeNextStep: string | undefined): string | undefined {
  const byOutcome = ownValue<Readonly<Record<GatewayCodeCategory, Advice>>>(GATEWAY_ADVICE, operationId);
  const entry = byOutcome?.[category];
  if (!entry) return codeNextStep;
  return entry.thenCode && codeNextStep ? `${entry.advice} ${codeNextStep}` : entry.advice;
}

/** A v100 browser payment may answer a page instead of a URL (providers that need a form POST). */
export const REDIRECT_HTML_ADVICE =
  "The provider answered an HTML page instead of a URL: render browserPayment.redirectHtml as the page in the payer's browser (it sends the payer on to the provider); the result arrives when they return.";

/** A financing session is ready: the consumer completes it at the session URL. */
export const SESSION_URL_ADVICE = 'Send the consumer to the session URL to complete the financing.';
export const NOT_SIGNED_IN_ADVICE = 'The financing API needs a signed-in session: log in again with Sign In to Financing API, then send again.';
