/**
 * The payer step on a 3-D Secure challenge: from authentication.redirect.html, submit the challenge
 * form (as the payer's browser does on its own), pick the outcome on the challenge page, and follow
 * the page's return to the merchant's redirectResponseUrl without sending it (the merchant's site is
 * not part of the run): the step's response is the form the gateway posts there.
 */
import { CHALLENGE_OUTCOMES } from '../catalogue/testCards';
import { formsOf } from '../format/htmlForms';
import { quote } from '../format/quote';
import { redactText } from '../redaction';
import { unescapeHtml } from '../format/htmlText';
import { answerChallenge, formWith, loadPage, nestFields, PayerPageError } from './payerPageHttp';
import type { PayerHttp, PayerPageDriver, PayerPageResult } from './payerPageTypes';


async function run(entry: string, options: Record<string, unknown>, http: PayerHttp): Promise<PayerPageResult> {
  const outcome = String(options['outcome'] ?? '');
  // The redirect html may arrive with its markup escaped once more (a value copied from a JSON view).
  const html = entry.includes('<form') ? entry : unescapeHtml(entry);
  const redirect = formWith(formsOf(html), (f) => f.id === 'threedsChallengeRedirectForm' || f.action !== '', 'challenge redirect form (authentication.redirect.html of a challenge)');
  if (!/^https?:\/\//.test(redirect.action)) throw new PayerPageError(`the challenge form's action is not an http(s) URL: ${quote(redactText(redirect.action))}`);
  const challengeUrl = redirect.action;
  const page = await loadPage(http, 'POST', challengeUrl, redirect.inputs);
  const { returned, back, backUrl } = await answerChallenge(http, page, challengeUrl, outcome);
  return { status: returned.status, response: { ...nestFields(back.inputs), redirectResponseUrl: backUrl, challengePage: challengeUrl } };
}

export const CHALLENGE_DRIVER: PayerPageDriver = {
  title: 'Payer: 3-D Secure challenge',
  description: 'authentication.redirect.html of an Authenticate Payer answer that asks for a challenge, usually "{{<step>.response.authentication.redirect.html}}"',
  options: {
    outcome: { description: 'the result the payer picks on the challenge page', values: CHALLENGE_OUTCOMES, required: true },
  },
  run,
};
