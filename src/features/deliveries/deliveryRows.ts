/** How a notification and its attempts look as rows of the Deliveries view (text only: no vscode). */
import * as l10n from '@vscode/l10n';
import { answerExcerpt, describeState, shortId, type DeliveryAttempt, type NotificationRecord } from '../../deliveries';
import { escapeControls } from '../../format/quote';

export interface RowText {
  label: string;
  description: string;
  tooltip: string;
  /** A codicon id and the theme colour it takes. */
  icon: { id: string; color?: string };
}

const STATE_ICONS: Record<NotificationRecord['state'], RowText['icon']> = {
  delivered: { id: 'pass', color: 'testing.iconPassed' },
  failed: { id: 'error', color: 'testing.iconFailed' },
  dropped: { id: 'circle-slash', color: 'list.warningForeground' },
  refused: { id: 'warning', color: 'list.warningForeground' },
  retrying: { id: 'sync' },
  delivering: { id: 'loading~spin' },
  scheduled: { id: 'clock' },
  held: { id: 'debug-pause' },
};

export function notificationRow(n: NotificationRecord): RowText {
  const faults = n.faults.length ? ` · ${n.faults.join(', ')}` : '';
  return {
    label: escapeControls(n.summary),
    description: `${describeState(n)}${faults} · ${n.orderId ? `${escapeControls(n.orderId)} · ` : ''}${shortId(n.id)}`,
    tooltip: [l10n.t('Notification {0}', n.id), l10n.t('To {0}', escapeControls(n.url)), `${describeState(n)}${n.note ? `: ${escapeControls(n.note)}` : ''}`, ...(n.trigger ? [l10n.t('Made by trigger {0}', n.trigger)] : [])].join('\n'),
    icon: STATE_ICONS[n.state],
  };
}

export function attemptRow(a: DeliveryAttempt): RowText {
  const ok = a.status >= 200 && a.status < 300 && a.error === undefined;
  const cause = a.cause ? ` (${a.cause})` : '';
  return {
    label: `Attempt ${a.n}${cause} → ${a.status === 0 ? 'no answer' : a.status}`,
    description: `${Math.round(a.latencyMs)} ms · ${a.time.slice(11, 19)}${a.answer ? ` · ${answerExcerpt(a.answer, 60)}` : ''}`,
    tooltip: [a.error ? l10n.t('Error: {0}', escapeControls(a.error)) : '', a.answer ? l10n.t('Answer (as text):\n{0}', escapeControls(a.answer.slice(0, 1000))) : l10n.t('No answer body')].filter(Boolean).join('\n'),
    icon: ok ? { id: 'check' } : { id: 'close', color: 'testing.iconFailed' },
  };
}
