import { NOT_SIGNED_IN_ADVICE, verdictAction } from './advice';
import type { Verdict } from './types';

/** How the request runner names a send refused because the financing session has no tokens. */
export const NOT_SIGNED_IN_KIND = 'notSignedIn';

/**
 * The verdict of a request that got no response: the cause in words and, where the workbench can
 * fix it, the action. Older history entries recorded a missing sign-in as kind "other": their
 * message still tells.
 */
export function failureVerdict(operationId: string, failure: { kind: string; message: string }): Verdict {
  const signedOut = failure.kind === NOT_SIGNED_IN_KIND || (operationId.startsWith('financing.') && /not signed in|sign in again|signed out/i.test(failure.message));
  if (signedOut) {
    return { tone: 'error', title: 'Not signed in to the financing API', detail: `${failure.message}. ${NOT_SIGNED_IN_ADVICE}`.replace('.. ', '. '), action: verdictAction('signIn') };
  }
  return { tone: 'error', title: `Request failed: ${failure.kind}`, detail: failure.message };
}
