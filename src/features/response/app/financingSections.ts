/**
 * The financing partner's answer: success and message, what can be said about a token set without
 * showing it (the decoder never passes the tokens), the financing session, and the offers.
 */
import * as l10n from '@vscode/l10n';
import type { DecodedTokenSet } from '../../../decode/types';
import type { ExchangeView } from '../protocol';
import { el } from '../../shared/app/dom';
import { button, code, factSection, section, textFact, type Post } from './parts';
import { offersTable } from './offersTable';

export function financingSection(v: ExchangeView, post: Post): HTMLElement | undefined {
  const f = v.decoded?.financing;
  if (!f) return undefined;
  const url = f.sessionUrl;
  return factSection('financing', l10n.t('Financing'), [
    textFact(l10n.t('Success'), 'financing.success', f.success),
    f.message !== undefined ? { label: l10n.t('Message'), field: 'financing.message', value: f.message === null ? el('span', { class: 'muted', text: '(null)' }) : f.message } : undefined,
    f.tokenSet ? { label: l10n.t('Token set'), field: 'financing.tokenSet', value: tokenSetText(f.tokenSet) } : undefined,
    f.sessionId !== undefined ? { label: l10n.t('Session id'), field: 'financing.sessionId', value: code(f.sessionId) } : undefined,
    url !== undefined
      ? {
          label: l10n.t('Session URL'),
          field: 'financing.sessionUrl',
          value: [el('span', { class: 'url', text: url }), ' ', /^https?:\/\//i.test(url) ? button('open-session-url', l10n.t('Open session URL'), () => post({ type: 'openRedirect', url }), { icon: 'link-external' }) : null],
        }
      : undefined,
  ]);
}

function tokenSetText(t: DecodedTokenSet): string {
  const length = (n: number | undefined) => (n === undefined ? '?' : String(n));
  return `${t.tokenType ?? 'token'}: access token of ${length(t.accessTokenLength)} characters, refresh token of ${length(t.refreshTokenLength)} characters, expires in ${t.expiresInSeconds} s (values hidden)`;
}

export function offersSection(v: ExchangeView): HTMLElement | undefined {
  const offers = v.decoded?.financing?.offers;
  if (!offers || offers.length === 0) return undefined;
  return section('offers', l10n.t('Offers ({0})', offers.length), el('div', { class: 'table-scroll' }, offersTable(offers)));
}
