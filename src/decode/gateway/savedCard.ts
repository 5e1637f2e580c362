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

export function savedCardVerdict(view: BodyView, operationId: string): Verdict {
  if (operationId === 'gateway.deleteToken') {
    const ok = view.text(['result']) === 'SUCCESS';
    return ok
      ? { tone: 'success', title: 'Token deleted', detail: 'The saved card is gone: a payment with this token is now refused. Save the card again (Create Token) to pay with it.' }
      : { tone: 'warning', title: 'Token not deleted', detail: `Delete Token answered result ${view.text(['result']) ?? '(none)'}.` };
  }
  const token = view.text(['token']) ?? '(no token in the answer)';
  const status = view.text(['status']);
  const card = view.text(['sourceOfFunds', 'provided', 'card', 'number']);
  const holds = card !== undefined ? ` It holds card ${card}.` : '';
  if (status !== undefined && status !== 'VALID') {
    return { tone: 'warning', title: `Token ${status}`, detail: `Token ${token} is ${status}: the gateway will not pay with it.${holds} Update it with a current card (Create or Update Token).` };
  }
  const title = operationId === 'gateway.retrieveToken' ? 'Token read' : 'Card saved as a token';
  return { tone: 'success', title, detail: `Token ${token}${status ? ` (status ${status})` : ''}.${holds} Pay, authorize or verify with sourceOfFunds.token = ${token} instead of the card details.` };
}
