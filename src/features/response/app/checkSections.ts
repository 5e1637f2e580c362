/** The card checks: address (AVS), security code (CSC), the detailed verifications and 3-D Secure. */
import type { ExchangeView } from '../protocol';
import { codeFact, factSection, textFact } from './parts';

export function checkSections(v: ExchangeView): (HTMLElement | undefined)[] {
  const d = v.decoded;
  if (!d) return [];
  const t = d.threeDSecure;
  return [
    factSection('avs', 'Address verification (AVS)', [codeFact('Result', 'avs', d.avs, { nextStep: true })]),
    factSection('csc', 'Card security code (CSC)', [codeFact('Result', 'csc', d.csc, { nextStep: true })]),
    factSection('detailedVerification', 'Detailed verification', (d.detailedVerification ?? []).map((dv) => codeFact(dv.type, `detailedVerification.${dv.type}`, dv.result))),
    t &&
      factSection('threeDSecure', '3-D Secure', [
        codeFact('Enrollment', 'threeDSecure.enrollment', t.enrollment),
        codeFact('Authentication', 'threeDSecure.authentication', t.authentication),
        textFact('ECI', 'threeDSecure.acsEci', t.acsEci),
      ]),
  ];
}
