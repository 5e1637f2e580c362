/** One line about a notification, for the CLI and the Notifications view; light (types only), so the view loads at activation without the decoder. */
import type { NotificationEvent } from './notificationEvent';

const UNSIGNED = 'unsigned: the partner API signs nothing';
/** A gateway webhook taken while no secret was set: nothing checked who sent it, so it is no evidence of a payment. */
export const UNVERIFIED = 'unverified (no notification secret set)';

/** How far a notification can be trusted, in the words every view and the CLI's text line use. */
export function trustOf(e: Pick<NotificationEvent, 'source' | 'verified'>): string {
  if (e.source === 'financing') return UNSIGNED;
  return e.verified === null ? UNVERIFIED : e.verified ? 'verified' : 'NOT VERIFIED';
}

/** "gateway ORD-1 CAPTURE APPROVED 60.00 EUR verified 2 attempts": the line the CLI and the view show. */
export function describeNotification(e: NotificationEvent): string {
  const s = e.summary;
  const what = e.source === 'gateway'
    ? [s.transactionType, s.pendingAuthentication ? `PENDING (${s.pendingAuthentication})` : s.gatewayCode, s.amount !== undefined ? `${s.amount}${s.currency ? ` ${s.currency}` : ''}` : undefined]
    : [s.financingStatus];
  // A refused post says so first: what it claims (APPROVED…) is not to be trusted.
  return [e.verified === false ? 'REFUSED (401)' : undefined, e.source, e.orderId ?? '(no order)', ...what, trustOf(e), e.attempts > 1 ? `${e.attempts} attempts` : undefined].filter((p) => p !== undefined).join(' ');
}
