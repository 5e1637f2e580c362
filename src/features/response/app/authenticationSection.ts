/**
 * A 3-D Secure authentication: the status letter and what it means, liability, whether to proceed,
 * what the payer saw, and for a challenge "Open challenge" (the issuer's page in the external
 * browser, by the same host message as "Open redirect URL"; the host opens http(s) URLs only) with
 * the flow payer step that passes the same challenge without a browser.
 */
import type { ExchangeView } from '../protocol';
import { el } from '../../shared/app/dom';
import { PAYER_STEP_HINT } from '../../../decode/gateway/authentication';
import { button, code, factSection, textFact, type Post } from './parts';

export function authenticationSection(v: ExchangeView, post: Post): HTMLElement | undefined {
  const a = v.decoded?.authentication;
  if (!a) return undefined;
  const url = a.challengeUrl;
  return factSection('authentication', '3-D Secure authentication', [
    textFact('Transaction', 'transaction.id', a.transactionId),
    textFact('Version', 'authentication.version', a.version),
    a.transactionStatus !== undefined
      ? { label: 'Status', field: 'authentication.3ds2.transactionStatus', value: [code(a.transactionStatus), a.meaning ? el('span', { class: 'meaning', text: ` ${a.meaning}` }) : null] }
      : undefined,
    textFact('Authentication status', 'transaction.authenticationStatus', a.status),
    textFact('Reason code', 'authentication.3ds2.statusReasonCode', a.statusReasonCode),
    textFact('Liability shift', 'liabilityShift', a.liabilityShift),
    textFact('Gateway recommendation', 'response.gatewayRecommendation', a.gatewayRecommendation),
    textFact('The payer saw', 'payerSaw', a.payerSaw),
    url !== undefined
      ? { label: 'Challenge page', field: 'challengeUrl', value: [el('span', { class: 'url', text: url }), ' ', button('open-challenge', 'Open challenge', () => post({ type: 'openRedirect', url }), { icon: 'link-external' })] }
      : undefined,
    a.payerStep !== undefined
      ? { label: 'In a flow', field: 'payerStep', value: [el('pre', { class: 'raw-body payer-step', text: a.payerStep }), el('span', { class: 'meaning', text: PAYER_STEP_HINT }), ' ', button('copy-payer-step', 'Copy payer step', () => post({ type: 'copy', what: 'payerStep' }), { icon: 'copy' })] }
      : undefined,
  ]);
}
