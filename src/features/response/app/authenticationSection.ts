/**
 * A 3-D Secure authentication: the status letter and what it means, liability, whether to proceed,
 * what the payer saw, and for a challenge "Open challenge" (the issuer's page in the external
 * browser, by the same host message as "Open redirect URL"; the host opens http(s) URLs only) with
 * the flow payer step that passes the same challenge without a browser.
 */
import * as l10n from '@vscode/l10n';
import type { ExchangeView } from '../protocol';
import { el } from '../../shared/app/dom';
import { PAYER_STEP_HINT } from '../../../decode/gateway/authentication';
import { button, code, factSection, textFact, type Post } from './parts';

export function authenticationSection(v: ExchangeView, post: Post): HTMLElement | undefined {
  const a = v.decoded?.authentication;
  if (!a) return undefined;
  const url = a.challengeUrl;
  return factSection('authentication', l10n.t('3-D Secure authentication'), [
    textFact(l10n.t('Transaction'), 'transaction.id', a.transactionId),
    textFact(l10n.t('Version'), 'authentication.version', a.version),
    a.transactionStatus !== undefined
      ? { label: l10n.t('Status'), field: 'authentication.3ds2.transactionStatus', value: [code(a.transactionStatus), a.meaning ? el('span', { class: 'meaning', text: ` ${a.meaning}` }) : null] }
      : undefined,
    textFact(l10n.t('Authentication status'), 'transaction.authenticationStatus', a.status),
    textFact(l10n.t('Reason code'), 'authentication.3ds2.statusReasonCode', a.statusReasonCode),
    textFact(l10n.t('Liability shift'), 'liabilityShift', a.liabilityShift),
    textFact(l10n.t('Gateway recommendation'), 'response.gatewayRecommendation', a.gatewayRecommendation),
    textFact(l10n.t('The payer saw'), 'payerSaw', a.payerSaw),
    url !== undefined
      ? { label: l10n.t('Challenge page'), field: 'challengeUrl', value: [el('span', { class: 'url', text: url }), ' ', button('open-challenge', l10n.t('Open challenge'), () => post({ type: 'openRedirect', url }), { icon: 'link-external' })] }
      : undefined,
    a.payerStep !== undefined
      ? { label: l10n.t('In a flow'), field: 'payerStep', value: [el('pre', { class: 'raw-body payer-step', text: a.payerStep }), el('span', { class: 'meaning', text: PAYER_STEP_HINT }), ' ', button('copy-payer-step', l10n.t('Copy payer step'), () => post({ type: 'copy', what: 'payerStep' }), { icon: 'copy' })] }
      : undefined,
  ]);
}
