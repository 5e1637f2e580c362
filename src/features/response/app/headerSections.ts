/**
 * The top of the panel, read in one glance: which operation went where (LIVE stands out), the
 * verdict, and the HTTP facts (status, timing, size, when).
 */
import * as l10n from '@vscode/l10n';
import type { Verdict, VerdictTone } from '../../../decode/types';
import { formatBytes } from '../../../format/formatBytes';
import type { ExchangeView } from '../protocol';
import { ownValue } from '../../../json/ownKey';
import { el } from '../../shared/app/dom';
import { button, time, type Post } from './parts';

const TONE_ICON: Record<VerdictTone, string> = { success: 'pass', warning: 'warning', error: 'error', info: 'info' };

export function header(v: ExchangeView): HTMLElement {
  const live = v.environment.live;
  return el(
    'header',
    { class: 'exchange-header' },
    el('h1', { class: 'operation-title' }, v.operationTitle, v.version !== undefined ? el('span', { class: 'version', text: ` v${v.version}` }) : null),
    el(
      'div',
      { class: 'environment', attrs: { 'data-live': String(live) } },
      el('vscode-badge', { class: live ? 'env-badge live' : 'env-badge', attrs: { title: live ? l10n.t('Real money may move in this environment') : l10n.t('A test environment') } }, live ? 'LIVE' : l10n.t('test')),
      ' ',
      el('span', { class: 'environment-name', text: v.environment.name }),
      ' ',
      el('code', { class: 'operation-id', text: v.operationId }),
      v.seenBy === 'tap'
        ? el('span', { class: 'seen-by', attrs: { 'data-field': 'seenBy', title: l10n.t('Your own server made this call; the workbench saw it pass through the Gateway Tap') } }, ' ', el('vscode-icon', { attrs: { name: 'radio-tower' } }), ' seen by the Gateway Tap')
        : null,
    ),
    timing(v),
  );
}

/** The verdict the decoder gave; without a decoded response, what the failure (or its absence) says. */
function verdictOf(v: ExchangeView): Verdict {
  if (v.decoded) return v.decoded.verdict;
  if (v.failure) return v.failure.verdict;
  return { tone: 'info', title: l10n.t('No response'), detail: l10n.t('Nothing came back for this request.') };
}

export function verdict(v: ExchangeView, post: Post): HTMLElement {
  const { tone, title, detail, action } = verdictOf(v);
  return el(
    'div',
    { attrs: { id: 'verdict', 'data-tone': tone }, class: 'verdict' },
    el('vscode-icon', { class: 'verdict-icon', attrs: { name: ownValue(TONE_ICON, tone) ?? 'info', size: 24 } }),
    el(
      'div',
      { class: 'verdict-text' },
      el('div', { class: 'verdict-title', text: title }),
      detail ? el('div', { class: 'verdict-detail', text: detail }) : null,
      action ? el('div', { class: 'verdict-action' }, button('verdict-action', action.label, () => post({ type: 'runAction', action: action.id }), { secondary: false })) : null,
    ),
  );
}

/**
 * The HTTP facts as one line under the title: status, total time, time to first byte, size and when
 * it was sent. A `dl` so each value keeps its label for screen readers.
 */
function timing(v: ExchangeView): HTMLElement {
  const r = v.response;
  const item = (label: string, field: string, ...value: (Node | string)[]) => [el('dt', { text: label }), el('dd', { attrs: { 'data-field': field } }, ...value)];
  return el(
    'dl',
    { class: 'timing-strip', attrs: { 'data-section': 'timing', 'aria-label': l10n.t('HTTP facts') } },
    ...(r
      ? [
          ...item('HTTP', 'status', el('span', { class: 'http-status', attrs: { 'data-class': `${Math.floor(r.status / 100)}xx` }, text: String(r.status) })),
          ...item(l10n.t('Total'), 'totalMs', `${Math.round(r.timing.totalMs)} ms`),
          ...item(l10n.t('First byte'), 'ttfbMs', `${Math.round(r.timing.ttfbMs)} ms`),
          ...item(l10n.t('Size'), 'size', `${formatBytes(r.body.sizeBytes)}${r.truncated ? l10n.t(' (cut by the client at its size cap)') : ''}`),
        ]
      : item('HTTP', 'status', l10n.t('— (no response)'))),
    ...item('Sent', 'startedAt', time(v.startedAt)),
  );
}
