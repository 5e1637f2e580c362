/**
 * One exchange as the panel shows it, top to bottom in the order a developer asks: where did it go
 * and did it work (header with the HTTP facts, verdict), what broke, why (outcome, risk, card checks), where the payment
 * stands, the financing answer, the decoder's notes, then the raw exchange. Sections without data
 * are left out.
 */
import type { ExchangeView } from '../protocol';
import { authenticationSection } from './authenticationSection';
import { checkSections } from './checkSections';
import { financingSection, offersSection } from './financingSections';
import { header, verdict } from './headerSections';
import { outcomeSection, riskSection } from './outcomeSections';
import type { Post } from './parts';
import { browserPaymentSection, cardSection, orderSection, recordSection, sessionSection, transactionSection } from './paymentSections';
import { errorSection, failureSection, notesSection, requestProblemsSection } from './problemSections';
import { nextStepsSection } from './nextStepsSection';
import { rawSection } from './rawSection';

export function exchangePage(v: ExchangeView, post: Post): Node[] {
  return [
    header(v),
    verdict(v, post),
    nextStepsSection(v, post),
    failureSection(v),
    errorSection(v, post),
    requestProblemsSection(v, post),
    outcomeSection(v),
    riskSection(v),
    ...checkSections(v),
    authenticationSection(v, post),
    browserPaymentSection(v, post),
    orderSection(v),
    transactionSection(v),
    cardSection(v),
    sessionSection(v, post),
    financingSection(v, post),
    offersSection(v),
    recordSection(v),
    notesSection(v),
    rawSection(v, post),
  ].filter((n): n is HTMLElement => n !== undefined);
}
