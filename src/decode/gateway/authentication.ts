/**
 * 3-D Secure (EMV 3DS) answers of Initiate Authentication and Authenticate Payer, and of a Retrieve
 * Transaction of such a transaction: what the status letter means, whether liability shifts to the
 * issuer, whether to proceed, and what the payer saw. A pending or failed authentication is never a
 * success (reference notes §1.4 and "Test Your Integration"; the liability rules are the card schemes'
 * usual ones for 3DS2, inferred).
 */
import { BodyView, definedOnly } from '../bodyView';
import type { DecodedAuthentication, Verdict } from '../types';
import { challengeUrlOf } from './challengeUrl';
import { CHALLENGE_OUTCOMES } from '../../catalogue/testCards';

interface LetterMeaning {
  title: string;
  meaning: string;
  liabilityShift: string;
  proceed: boolean;
  advice: string;
}

const PAY_WITH_IT = 'Pay or Authorize on this order with authentication.transactionId set to this transaction id, for at most the authenticated amount, in the same currency.';

export const STATUS_LETTERS: Readonly<Record<string, LetterMeaning>> = {
  Y: { title: 'Authenticated (Y)', meaning: 'The issuer authenticated the payer.', liabilityShift: 'Yes: fraud liability shifts to the issuer.', proceed: true, advice: PAY_WITH_IT },
  A: { title: 'Authentication attempted (A)', meaning: 'The issuer or its ACS did not take part, so authentication was attempted: the scheme vouches for the attempt.', liabilityShift: 'Usually yes: liability shifts to the issuer for an attempt.', proceed: true, advice: PAY_WITH_IT },
  C: { title: 'Challenge required (C)', meaning: 'The issuer wants the payer to confirm on its challenge page.', liabilityShift: 'Not yet: nothing is decided until the payer finishes the challenge.', proceed: false, advice: "Put authentication.redirect.html into the payer's page (it opens the challenge); when the payer returns to redirectResponseUrl, retrieve the transaction for the result. Do not pay yet." },
  N: { title: 'Not authenticated (N)', meaning: 'The payer was not authenticated (a wrong answer to the challenge, or the issuer refused).', liabilityShift: 'No: the merchant keeps the fraud liability.', proceed: false, advice: 'Do not pay with this authentication. Ask the payer for another card, or to try again with a new authentication.' },
  R: { title: 'Authentication rejected (R)', meaning: 'The issuer rejected the authentication and asks that no authorization be attempted.', liabilityShift: 'No.', proceed: false, advice: 'Do not pay, and do not retry the card: ask the payer for another payment method.' },
  U: { title: 'Authentication unavailable (U)', meaning: 'Authentication could not be performed (a technical problem at the directory server or the issuer).', liabilityShift: 'No: a payment without authentication keeps the liability with the merchant.', proceed: false, advice: 'Do not pay with this authentication. By your risk policy: pay without authentication.transactionId (liability stays with you), retry authentication later, or ask for another card.' },
};

/** Whether this gateway body is a 3-D Secure authentication answer. */
export function isAuthenticationAnswer(view: BodyView, operationId: string): boolean {
  // A bare webhook or read without the authentication group keeps the general "pending" rule (authenticationPending.ts).
  return operationId === 'gateway.initiateAuthentication' || operationId === 'gateway.authenticatePayer'
    || (view.text(['transaction', 'type']) === 'AUTHENTICATION' && view.record(['authentication']) !== undefined);
}

/** What the response panel says beside the payer step it offers to copy. */
export const PAYER_STEP_HINT = `"auth" stands for the id of your Authenticate Payer step; outcome is one of ${CHALLENGE_OUTCOMES.join(', ')}.`;

/**
 * The flow step that passes a challenge without a browser (README "Payer steps in flows"), as the
 * response panel offers it to copy (PAYER_STEP_HINT says what to adapt).
 */
export const CHALLENGE_PAYER_STEP = JSON.stringify({ id: 'payer', payer: { challenge: '{{auth.response.authentication.redirect.html}}', outcome: CHALLENGE_OUTCOMES[0] } }, null, 2);

export function decodeAuthentication(view: BodyView, operationId: string): DecodedAuthentication {
  const letter = view.text(['authentication', '3ds2', 'transactionStatus']);
  const status = view.text(['transaction', 'authenticationStatus']) ?? view.text(['order', 'authenticationStatus']);
  const version = view.text(['authentication', 'version']);
  const known = letter !== undefined ? STATUS_LETTERS[letter] : undefined;
  const challenge = letter === 'C' || view.text(['authentication', 'payerInteraction']) === 'REQUIRED';
  return definedOnly({
    transactionId: view.text(['transaction', 'id']),
    version,
    status,
    transactionStatus: letter,
    statusReasonCode: view.text(['authentication', '3ds2', 'statusReasonCode']),
    meaning: known?.meaning,
    liabilityShift: known?.liabilityShift,
    proceed: known ? known.proceed : false,
    gatewayRecommendation: view.text(['response', 'gatewayRecommendation']),
    payerSaw: letter === undefined ? 'Nothing yet: the payer is authenticated by Authenticate Payer.'
      : letter === 'C' ? 'Nothing yet: the challenge page opens when authentication.redirect.html is put into their page.'
      : challenge ? 'The issuer\'s challenge page, where they confirmed (or not) the payment.'
      : 'Nothing: the authentication was frictionless (no challenge).',
    stage: operationId === 'gateway.initiateAuthentication' && letter === undefined ? 'initiated' : letter === 'C' ? 'challenge' : letter !== undefined ? 'done' : 'initiated',
    challengeUrl: letter === 'C' ? challengeUrlOf(view.text(['authentication', 'redirect', 'html'])) : undefined,
    payerStep: letter === 'C' ? CHALLENGE_PAYER_STEP : undefined,
  });
}

/** The verdict of an authentication answer; success only for Y or A. */
export function authenticationVerdict(a: DecodedAuthentication): Verdict {
  if (a.stage === 'initiated') {
    if (a.version === 'NONE' || a.status === 'AUTHENTICATION_NOT_SUPPORTED' || a.status === 'AUTHENTICATION_NOT_AVAILABLE') {
      return { tone: 'warning', title: '3-D Secure not available for this card', detail: 'The card is not enrolled, or 3-D Secure is not available for it (authentication.version NONE). Pay without authentication.transactionId if your risk policy allows; liability stays with the merchant.' };
    }
    return { tone: 'info', title: `Authentication available (${a.version ?? '3DS2'}): authenticate the payer next`, detail: `Nothing is authenticated yet (${a.status ?? 'no status'}). Put authentication.redirect.html (the 3DS Method frame) into the payer's page, then send Authenticate Payer with the SAME order id and transaction id, the amount and redirectResponseUrl.` };
  }
  const known = a.transactionStatus !== undefined ? STATUS_LETTERS[a.transactionStatus] : undefined;
  if (!known) return { tone: 'warning', title: `Authentication status ${a.transactionStatus ?? 'missing'}`, detail: `An authentication status letter this workbench does not know (${a.status ?? 'no status'}): do not pay with it before you retrieve the transaction.` };
  const tone = a.transactionStatus === 'C' ? 'info' : known.proceed ? 'success' : 'warning';
  return { tone, title: known.title, detail: `${known.meaning} Liability shift: ${known.liabilityShift} ${known.advice}` };
}
