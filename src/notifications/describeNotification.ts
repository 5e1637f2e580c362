/** One line about a notification, for the CLI and the Notifications view; light (types only), so the view loads at activation without the decoder. */
import type { NotificationEvent } from './notificationEvent';

const UNSIGNED = 'unsigned: the partner API signs nothing';

/** "gateway ORD-1 CAPTURE APPROVED 60.00 EUR verified 2 attempts": the line the CLI and the view show. */
export function describeNotification(e: NotificationEvent): string {
  const s = e.summary;
  const what = e.source === 'gateway'
    ? [s.transactionType, s.pendingAuthentication ? `PENDING (${s.pendingAuthentication})` : s.gatewayCode, s.amount !== undefined ? `${s.amount}${s.currency ? ` ${s.currency}` : ''}` : undefined]
    : [s.financingStatus];
  const trust = e.source === 'financing' ? UNSIGNED : e.verified === null ? undefined : e.verified ? 'verified' : 'NOT VERIFIED';
  // A refused post says so first: what it claims (APPROVED…) is not to be trusted.
  return [e.verified === false ? 'REFUSED (401)' : undefined, e.source, e.orderId ?? '(no order)', ...what, trust, e.attempts > 1 ? `${e.attempts} attempts` : undefined].filter((p) => p !== undefined).join(' ');
}
