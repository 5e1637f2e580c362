import { BodyView } from '../bodyView';
import type { Verdict } from '../types';

/**
 * Payer-authentication statuses that say the payer has not finished authenticating. The step that
 * reports them may well be APPROVED (the authentication started), but nothing is paid yet: the
 * answer is pending, never a success.
 */
const PENDING_AUTHENTICATION_STATUSES: ReadonlySet<string> = new Set([
  'AUTHENTICATION_AVAILABLE',
  'AUTHENTICATION_INITIATED',
  'AUTHENTICATION_IN_PROGRESS',
  'AUTHENTICATION_PENDING',
  'AUTHENTICATION_REQUIRED',
]);

const STATUS_PATHS = [['transaction', 'authenticationStatus'], ['order', 'authenticationStatus']] as const;

/** The pending authentication status a gateway body reports (the transaction's before the order's), if any. */
export function pendingAuthentication(body: unknown): string | undefined {
  const view = body instanceof BodyView ? body : new BodyView(body);
  for (const path of STATUS_PATHS) {
    const status = view.text([...path]);
    if (status !== undefined && PENDING_AUTHENTICATION_STATUSES.has(status)) return status;
  }
  return undefined;
}

/** A verdict that would read as success while authentication is pending becomes "Pending". */
export function holdWhileAuthenticating(verdict: Verdict, pendingStatus: string | undefined): Verdict {
  if (pendingStatus === undefined || verdict.tone !== 'success') return verdict;
  return {
    tone: 'info',
    title: `Pending: ${pendingStatus}`,
    detail: `Payer authentication is not finished (${pendingStatus}): nothing is paid yet. Wait for the next notification, or retrieve the order, before acting.`,
  };
}
