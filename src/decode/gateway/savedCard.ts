import { RESULT_VALUES, TOKEN_VERIFICATION_CODES } from '../../catalogue/codes';
import { BodyView, definedOnly } from '../bodyView';
import { explainCode } from '../explain';
import type { CodeExplanation, DecodedOutcome, Verdict } from '../types';

/**
 * Answers of Create Token, Create or Update Token, Retrieve Token and Delete Token (public API
 * reference, Tokenization): what was saved, masked, and how to pay with it. Like every other answer,
 * `result` and the verification's `response.gatewayCode` are decoded as fields (the outcome), from the
 * catalogue's TOKEN_VERIFICATION_CODES, and the verdict says the same in a sentence.
 */

const TOKEN_OPERATIONS: ReadonlySet<string> = new Set(['gateway.createToken', 'gateway.updateToken', 'gateway.retrieveToken', 'gateway.deleteToken']);

export function isSavedCardAnswer(operationId: string): boolean {
  return TOKEN_OPERATIONS.has(operationId);
}

/** result and the verification code; Delete Token answers only result, so its outcome has no code and that is no anomaly. */
export function savedCardOutcome(view: BodyView, operationId: string, notes: string[]): DecodedOutcome | undefined {
  if (!view.has(['result']) && !view.has(['response', 'gatewayCode'])) return undefined;
  const code = view.at(['response', 'gatewayCode']);
  const outcome: DecodedOutcome = definedOnly({
    result: view.text(['result']) ?? '(missing)',
    resultMeaning: explainCode(RESULT_VALUES, view.at(['result'])).meaning,
    gatewayCode: code !== undefined ? explainCode(TOKEN_VERIFICATION_CODES, code) : undefined,
  });
  const category = outcome.gatewayCode?.category;
  if (outcome.result === 'SUCCESS' && (category === 'declined' || category === 'error')) {
    notes.push(`result is SUCCESS but the verification ${outcome.gatewayCode?.code} is ${category === 'error' ? 'an error' : 'a decline'}: check the token's status before paying with it.`);
  }
  if (code === undefined && operationId !== 'gateway.deleteToken' && outcome.result === 'SUCCESS') {
    notes.push('response.gatewayCode is missing: the answer does not say how the card was verified.');
  }
  return outcome;
}

function verificationNote(code: CodeExplanation | undefined): string {
  if (code === undefined) return '';
  return code.known ? ` Verification ${code.code}: ${lowerFirst(code.meaning)}` : ` Verification ${code.code}.`;
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

// The token is written after a lower-case "token": "Token <value>" reads as an auth header to the redaction of history.
export function savedCardVerdict(view: BodyView, operationId: string, outcome: DecodedOutcome | undefined): Verdict {
  const result = view.text(['result']);
  if (operationId === 'gateway.deleteToken') {
    return result === 'SUCCESS'
      ? { tone: 'success', title: 'Token deleted', detail: 'The saved card is gone: a payment with this token is now refused. Save the card again (Create Token) to pay with it.' }
      : { tone: 'warning', title: 'Token not deleted', detail: `Delete Token answered result ${result ?? '(none)'}.` };
  }
  const verification = verificationNote(outcome?.gatewayCode);
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
