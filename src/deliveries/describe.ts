/**
 * Notifications and their attempts as text lines, the same in the terminal and in the editor's
 * delivery document. An endpoint's answer is someone else's text: control characters are escaped
 * (no terminal escape sequence gets through), and it is never rendered as HTML anywhere.
 */
import { escapeControls, excerpt } from '../format/quote';
import { isJsonText, prettyJson } from '../json/format';
import type { DeliveryAttempt, NotificationRecord } from '../simulator/deliveries/wire';
import type { Reconciliation } from './reconcile';

/** The first 8 characters of an id, as lists show it (show and resend take the whole id or this start). */
export const shortId = (id: string): string => id.slice(0, 8);

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line, no line breaks: what an answer said, shortened. */
export function answerExcerpt(answer: string | undefined, max = 80): string {
  if (!answer) return '';
  return excerpt(answer.replace(/\s+/g, ' ').trim(), max);
}

export function describeAttempt(a: DeliveryAttempt): string {
  const outcome = a.status === 0 ? `no answer${a.error ? ` (${excerpt(a.error, 120)})` : ''}` : `${a.status}${a.error ? ` (${excerpt(a.error, 120)})` : ''}`;
  const cause = a.cause === 'resend' ? ' [resend]' : a.cause === 'duplicate' ? ' [duplicate]' : '';
  const said = answerExcerpt(a.answer);
  return `attempt ${a.n}${cause} → ${outcome} in ${Math.round(a.latencyMs)} ms${said ? `: ${said}` : ''}`;
}

/** "  1b2c3d4e  attempt 2 → 500 in 3 ms: failing on purpose": an attempt as trigger and resend print it when it is made. */
export const attemptLine = (n: NotificationRecord, a: DeliveryAttempt): string => `  ${shortId(n.id)}  ${describeAttempt(a)}`;

/** "  1b2c3d4e  dropped: …": a notification that settled without being taken, as trigger and resend print it. */
export const settledLine = (n: NotificationRecord): string => `  ${shortId(n.id)}  ${n.state}${n.note ? `: ${escapeControls(n.note)}` : ''}`;

export function describeState(n: NotificationRecord): string {
  const attempts = plural(n.attempts.length, 'attempt');
  switch (n.state) {
    case 'delivered':
      return `delivered (${attempts})`;
    case 'failed':
      return `failed (${attempts})`;
    case 'retrying':
      return `retrying (${attempts}${n.nextAttemptAt ? `, next at ${n.nextAttemptAt.slice(11, 19)}` : ''})`;
    default:
      return n.state;
  }
}

/** "1b2c3d4e  PAYMENT APPROVED · order CAPTURED  order ORD-1  delivered (1 attempt)". */
export function describeNotification(n: NotificationRecord): string {
  const faults = n.faults.length ? `  [${n.faults.join(', ')}]` : '';
  return `${shortId(n.id)}  ${escapeControls(n.summary)}${n.orderId ? `  order ${excerpt(n.orderId, 40)}` : ''}  ${describeState(n)}${faults}`;
}

/** Everything about one notification: where it went, its headers (secret masked), body, and every answer of the endpoint. */
export function notificationDetail(n: NotificationRecord): string {
  const lines = [
    `Notification ${n.id}`,
    `  ${n.kind === 'webhook' ? 'Webhook' : 'Callback'}: ${escapeControls(n.summary)}`,
    `  Made: ${n.createdAt}${n.trigger ? `  by trigger ${n.trigger}` : ''}${n.resentFrom ? `  (resent as new from ${n.resentFrom})` : ''}`,
    `  To: ${escapeControls(n.url)}`,
    `  State: ${describeState(n)}${n.note ? ` — ${escapeControls(n.note)}` : ''}`,
    ...(n.faults.length ? [`  Delivery faults: ${n.faults.join(', ')}`] : []),
    '',
    'Headers sent (each attempt adds X-Notification-Attempt):',
    ...Object.entries(n.headers).map(([k, v]) => `  ${k}: ${escapeControls(v)}`),
    '',
    'Body:',
    prettyBody(n.body),
    '',
    `Attempts (${n.attempts.length}):`,
  ];
  for (const a of n.attempts) {
    lines.push(`  ${a.time}  ${describeAttempt(a)}`);
    lines.push(`    to ${escapeControls(a.url)}`);
    if (a.answer) {
      lines.push(`    answer${a.answerBytes !== undefined ? ` (first 4 KB of ${a.answerBytes} bytes)` : ''}:`);
      for (const line of a.answer.split('\n').slice(0, 200)) lines.push(`      ${escapeControls(line)}`);
    }
  }
  return lines.join('\n');
}

/** Re-indented as it was written (10.50 stays 10.50); a cut body as it is. */
function prettyBody(body: string): string {
  return isJsonText(body) ? prettyJson(body) : escapeControls(body);
}

export function describeReconciliation(r: Reconciliation): string[] {
  const o = r.order;
  const totals = [o.totalCapturedAmount !== undefined ? `captured ${o.totalCapturedAmount}` : '', o.totalRefundedAmount !== undefined ? `refunded ${o.totalRefundedAmount}` : ''].filter(Boolean).join(', ');
  const lines = [
    `Order ${excerpt(o.id, 60)} per Retrieve Order: ${o.status ?? 'no status'}${totals ? `, ${totals}` : ''}${o.currency ? ` ${o.currency}` : ''} (${plural(o.transactions.length, 'transaction')})`,
    `Webhooks about it: ${r.made} made, ${r.acknowledged} acknowledged (2xx) by the endpoint`,
  ];
  for (const id of r.repeatedIds) lines.push(`  · notification ${id} was taken more than once under the same X-Notification-Id: counted once, as a handler that ignores a repeated id does.`);
  for (const f of r.findings) lines.push(`  ✗ ${f.kind.padEnd(9)} ${escapeControls(f.message)}`);
  lines.push(r.findings.length === 0 ? 'Reconciled: what the endpoint acknowledged agrees with Retrieve Order.' : `${plural(r.findings.length, 'difference')}: check Retrieve Order (or Retrieve Transaction) after each webhook, and on a timer for the ones that never come.`);
  return lines;
}
