/** The card checks: address (AVS), security code (CSC), the detailed verifications and 3-D Secure. */
import * as l10n from '@vscode/l10n';
import type { ExchangeView } from '../protocol';
import { codeFact, factSection, textFact } from './parts';

export function checkSections(v: ExchangeView): (HTMLElement | undefined)[] {
  const d = v.decoded;
  if (!d) return [];
  const t = d.threeDSecure;
  return [
    factSection('avs', l10n.t('Address verification (AVS)'), [codeFact('Result', 'avs', d.avs, { nextStep: true })]),
    factSection('csc', l10n.t('Card security code (CSC)'), [codeFact('Result', 'csc', d.csc, { nextStep: true })]),
    factSection('detailedVerification', l10n.t('Detailed verification'), (d.detailedVerification ?? []).map((dv) => codeFact(dv.type, `detailedVerification.${dv.type}`, dv.result))),
    t &&
      factSection('threeDSecure', l10n.t('3-D Secure'), [
        codeFact(l10n.t('Enrollment'), 'threeDSecure.enrollment', t.enrollment),
        codeFact(l10n.t('Authentication'), 'threeDSecure.authentication', t.authentication),
        textFact('ECI', 'threeDSecure.acsEci', t.acsEci),
      ]),
  ];
}
