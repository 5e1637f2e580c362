import { BodyView } from '../bodyView';
import type { Verdict } from '../types';

/**
 * Answers of Create Token, Create or Update Token, Retrieve Token and Delete Token (public API
 * reference, Tokenization): what was saved, masked, and how to pay with it.
 */

const TOKEN_OPERATIONS: ReadonlySet<string> = new Set(['gateway.createToken', 'gateway.updateToken', 'gateway.retrieveToken', 'gateway.deleteToken']);

export function isSavedCardAnswer(operationId: string): boolean {
  return TOKEN_OPERATIONS.has(operationId);
}

/**
 * response.gatewayCode of a token answer: how the card was verified before it was saved (API
 * reference v100, Create or Update Token; docs/reference-notes/issue23-versions.md). The meanings
 * are read from the names the reference lists.
 */
const TOKEN_VERIFICATION: Readonly<Record<string, string>> = {
  BASIC_VERIFICATION_SUCCESSFUL: 'the card passed the gateway\'s basic checks (number and expiry); the acquirer was not asked',
  EXTERNAL_VERIFICATION_SUCCESSFUL: 'the acquirer verified the card',
  NO_VERIFICATION_PERFORMED: 'the card was saved without being verified',
  EXTERNAL_VERIFICATION_DECLINED: 'the acquirer declined the card when verifying it',
  EXTERNAL_VERIFICATION_DECLINED_EXPIRED_CARD: 'the acquirer declined the card as expired',
  EXTERNAL_VERIFICATION_DECLINED_INVALID_CSC: 'the acquirer declined the card\'s security code',
  EXTERNAL_VERIFICATION_DECLINED_AUTHENTICATION_REQUIRED: 'the issuer asks for payer authentication (3-D Secure) before the card can be verified',
  EXTERNAL_VERIFICATION_BLOCKED: 'the gateway\'s risk rules blocked the verification',
  EXTERNAL_VERIFICATION_PROCESSING_ERROR: 'the verification could not be completed (acquirer or gateway error); try again',
};

function verificationNote(view: BodyView): string {
  const code = view.text(['response', 'gatewayCode']);
  if (code === undefined) return '';
  const meaning = TOKEN_VERIFICATION[code];
  return meaning ? ` Verification ${code}: ${meaning}.` : ` Verification ${code}.`;
}

// The token is written after a lower-case "token": "Token <value>" reads as an auth header to the redaction of history.
export function savedCardVerdict(view: BodyView, operationId: string): Verdict {
  const result = view.text(['result']);
  if (operationId === 'gateway.deleteToken') {
    return result === 'SUCCESS'
      ? { tone: 'success', title: 'Token deleted', detail: 'The saved card is gone: a payment with this token is now refused. Save the card again (Create Token) to pay with it.' }
      : { tone: 'warning', title: 'Token not deleted', detail: `Delete Token answered result ${result ?? '(none)'}.` };
  }
  const verification = verificationNote(view);
  if (result !== undefined && result !== 'SUCCESS') {
    return { tone: 'error', title: 'Card not saved', detail: `The answer's result is ${result}.${verification} No token to pay with: fix the card details or ask the payer for another card, then save it again.` };
  }
  const token = view.text(['token']) ?? '(no token in the answer)';
  const status = view.text(['status']);
  const card = view.text(['sourceOfFunds', 'provided', 'card', 'number']);
  const holds = card !== undefined ? ` It holds card ${card}.` : '';
  if (status !== undefined && status !== 'VALID') {
    return { tone: 'warning', title: `Token ${status}`, detail: `The token ${token} is ${status}: the gateway will not pay with it.${holds}${verification} Update it with a current card (Create or Update Token).` };
  }
  const title = operationId === 'gateway.retrieveToken' ? 'Token read' : 'Card saved as a token';
  return { tone: 'success', title, detail: `Saved as token ${token}${status ? ` (status ${status})` : ''}.${holds}${verification} Pay, authorize or verify with sourceOfFunds.token = ${token} instead of the card details.` };
}
