import { NOT_SIGNED_IN_ADVICE, verdictAction } from '../advice';
import type { BodyView } from '../bodyView';
import type { DecodedError, Verdict } from '../types';

/**
 * A refused financing call. The API documents no error bodies; a real client treats a non-ok
 * status or `success: false` as an error and logs in again once on a 401.
 */
export function decodeFinancingFailure(
  view: BodyView,
  operationId: string,
  httpStatus: number,
  notes: string[],
): { verdict: Verdict; error: DecodedError } {
  const message = view.text(['message']) ?? view.text(['error']) ?? view.text(['error', 'message']);
  noteFieldErrors(view, notes);
  const { title, whatToFix } = diagnose(operationId, httpStatus, message);
  const error: DecodedError = { httpStatus, whatToFix };
  if (message !== undefined) error.explanation = message;
  const signIn = httpStatus === 401 && operationId !== 'financing.login' ? { action: verdictAction('signIn') } : {};
  return { verdict: { tone: 'error', title, detail: message ? `${message} — ${whatToFix}` : whatToFix, ...signIn }, error };
}

function diagnose(operationId: string, status: number, message: string | undefined): { title: string; whatToFix: string } {
  if (status === 401) {
    if (operationId === 'financing.login') {
      return { title: 'Login refused (HTTP 401)', whatToFix: 'Check the partner e-mail and password of this environment.' };
    }
    if (operationId === 'financing.refreshToken') {
      return { title: 'Refresh token refused (HTTP 401)', whatToFix: `The refresh token expired or was already used. ${NOT_SIGNED_IN_ADVICE}` };
    }
    return {
      title: 'Not signed in (HTTP 401)',
      whatToFix: `The access token is missing, expired or revoked. ${NOT_SIGNED_IN_ADVICE}`,
    };
  }
  if (status === 403) return { title: 'Forbidden (HTTP 403)', whatToFix: 'The partner account may not use this endpoint: ask the financing partner.' };
  if (status === 404) return { title: 'Unknown path (HTTP 404)', whatToFix: 'Check the base URL: the endpoints live under {base_url}/api/online/.' };
  if (status >= 500) return { title: `Financing API failure (HTTP ${status})`, whatToFix: 'A server-side failure: retry later.' };
  if (status >= 400) {
    return { title: `Request refused (HTTP ${status})`, whatToFix: 'Fix the request fields the message names, then send again.' };
  }
  return {
    title: 'The financing API answered success: false',
    whatToFix: message ? 'Fix what the message says, then send again.' : 'The API gave no message; check the request fields (cart, consumer contact, credit period).',
  };
}

/** Field errors in the `{ errors: { field: [messages] } }` form many partner APIs use. */
function noteFieldErrors(view: BodyView, notes: string[]): void {
  const errors = view.record(['errors']);
  if (!errors) return;
  for (const field of Object.keys(errors).slice(0, 20)) {
    const messages = view.array(['errors', field]).filter((m): m is string => typeof m === 'string');
    const single = view.text(['errors', field]);
    notes.push(`${field}: ${messages.length > 0 ? messages.join('; ') : (single ?? 'refused')}`);
  }
}
