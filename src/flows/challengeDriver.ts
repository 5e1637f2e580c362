/**
 * The payer step on a 3-D Secure challenge: from authentication.redirect.html, submit the challenge
 * form (as the payer's browser does on its own), pick the outcome on the challenge page, and follow
 * the page's return to the merchant's redirectResponseUrl without sending it (the merchant's site is
 * not part of the run): the step's response is the form the gateway posts there.
 */
import { CHALLENGE_OUTCOMES } from '../catalogue/testCards';
import { formsOf, MAX_PAGE_CHARS, nestFields, unescapeHtml, type PageForm } from './htmlForms';
import type { PayerHttp, PayerPageDriver, PayerPageResult } from './payerPages';

export { CHALLENGE_OUTCOMES };
const TIMEOUT_MS = 15_000;

class PayerPageError extends Error {}

async function post(http: PayerHttp, url: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const response = await http.client.send({
    method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(fields).toString(), timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_PAGE_CHARS,
    ...(http.signal ? { signal: http.signal } : {}),
  });
  return { status: response.status, html: response.bodyText };
}

function formWith(forms: PageForm[], test: (f: PageForm) => boolean, what: string): PageForm {
  const form = forms.find(test);
  if (!form) throw new PayerPageError(`the page has no ${what}`);
  return form;
}

async function run(entry: string, options: Record<string, unknown>, http: PayerHttp): Promise<PayerPageResult> {
  const outcome = String(options['outcome'] ?? '');
  // The redirect html may arrive with its markup escaped once more (a value copied from a JSON view).
  const html = entry.includes('<form') ? entry : unescapeHtml(entry);
  const redirect = formWith(formsOf(html), (f) => f.id === 'threedsChallengeRedirectForm' || f.action !== '', 'challenge redirect form (authentication.redirect.html of a challenge)');
  if (!/^https?:\/\//.test(redirect.action)) throw new PayerPageError(`the challenge form's action is not an http(s) URL: ${JSON.stringify(redirect.action.slice(0, 80))}`);
  const challengeUrl = redirect.action;
  const page = await post(http, challengeUrl, redirect.inputs);
  if (page.status !== 200) throw new PayerPageError(`the challenge page answered HTTP ${page.status}`);
  const choice = formWith(formsOf(page.html), (f) => Object.keys(f.selects).length > 0, 'form with a choice of result (is the challenge already finished?)');
  const [selectName, values] = Object.entries(choice.selects)[0] ?? ['', []];
  if (!values.includes(outcome)) throw new PayerPageError(`the challenge page offers ${values.join(', ')}; outcome is ${JSON.stringify(outcome)}`);
  const completeUrl = new URL(choice.action, challengeUrl).toString();
  const returned = await post(http, completeUrl, { ...choice.inputs, [selectName]: outcome });
  if (returned.status !== 200) throw new PayerPageError(`submitting the challenge answered HTTP ${returned.status}`);
  const back = formWith(formsOf(returned.html), (f) => f.method === 'POST', 'form returning the payer to the merchant');
  return { status: returned.status, response: { ...nestFields(back.inputs), redirectResponseUrl: new URL(back.action, completeUrl).toString(), challengePage: challengeUrl } };
}

export const CHALLENGE_DRIVER: PayerPageDriver = {
  title: 'Payer: 3-D Secure challenge',
  description: 'authentication.redirect.html of an Authenticate Payer answer that asks for a challenge, usually "{{<step>.response.authentication.redirect.html}}"',
  options: {
    outcome: { description: 'the result the payer picks on the challenge page', values: CHALLENGE_OUTCOMES, required: true },
  },
  run,
};

export { PayerPageError };
