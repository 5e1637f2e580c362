/**
 * "Next steps" under the verdict: one button per operation that can follow on the order (Capture…,
 * Refund…, Void…, Update Authorization…, Retrieve Order). The page knows only the labels; the host
 * fills the form from its own copy of the exchange.
 */
import * as l10n from '@vscode/l10n';
import type { ExchangeView } from '../protocol';
import { el } from '../../shared/app/dom';
import { button, type Post } from './parts';

const ICONS: Readonly<Record<string, string>> = {
  'gateway.capture': 'check',
  'gateway.refund': 'discard',
  'gateway.void': 'circle-slash',
  'gateway.updateAuthorization': 'edit',
  'gateway.retrieveOrder': 'refresh',
};

export function nextStepsSection(v: ExchangeView, post: Post): HTMLElement | undefined {
  const steps = v.nextSteps;
  if (!steps || steps.length === 0) return undefined;
  return el('div', { class: 'next-steps', attrs: { 'data-section': 'nextSteps', role: 'group', 'aria-label': l10n.t('Next steps on this order') } },
    el('span', { class: 'next-steps-title', text: l10n.t('Next on this order:') }),
    ...steps.map((s, index) => {
      const b = button(`next-${s.operationId.replace('gateway.', '')}`, s.label, () => post({ type: 'nextStep', index }), { icon: ICONS[s.operationId] ?? 'arrow-right' });
      b.setAttribute('data-operation', s.operationId);
      return b;
    }),
  );
}
