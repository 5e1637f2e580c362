/**
 * The payer step on a Hosted Checkout payment page: open the page (as Checkout.showPaymentPage()
 * would), fill in the card and press Pay, or press Cancel, and stop where the page sends the payer
 * back to the merchant (returnUrl or cancelUrl), without going there: the merchant's site is not part
 * of the run. The step's response is what the merchant's page receives: resultIndicator and
 * sessionVersion from the return URL, and that URL.
 */
import { CHALLENGE_OUTCOMES } from '../catalogue/testCards';
import { formsOf } from '../format/htmlForms';
import { excerpt, quote } from '../format/quote';
import { redactText } from '../redaction';
import { unescapeHtml } from '../format/htmlText';
import { answerChallenge, loadPage, PayerPageError, type LoadedPage } from './payerPageHttp';
import type { PayerHttp, PayerPageDriver, PayerPageResult } from './payerPageTypes';

export const CHECKOUT_ACTIONS = ['pay', 'cancel'] as const;

function cardFields(options: Record<string, unknown>): Record<string, string> {
  const [month = '', year = ''] = String(options['expiry'] ?? '01/39').split('/');
  return { cardNumber: String(options['card'] ?? ''), expiryMonth: month, expiryYear: year, securityCode: String(options['securityCode'] ?? '') };
}

/** The query of the URL the page sends the payer to, as the merchant's return page reads it. */
function returned(location: string): Record<string, unknown> {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new PayerPageError(`the page sent the payer to something that is not a URL: ${quote(redactText(location))}`);
  }
  const query = Object.fromEntries(url.searchParams.entries());
  return { ...query, returnUrl: `${url.origin}${url.pathname}` };
}

/** A 3-D Secure card: the payer picks the outcome on the challenge page, which posts back to the payment page. */
async function passChallenge(http: PayerHttp, challengeUrl: string, outcome: string): Promise<LoadedPage> {
  const { back, backUrl } = await answerChallenge(http, await loadPage(http, 'GET', challengeUrl), challengeUrl, outcome);
  return loadPage(http, 'POST', backUrl, back.inputs);
}

async function run(entry: string, options: Record<string, unknown>, http: PayerHttp): Promise<PayerPageResult> {
  if (!/^https?:\/\//.test(entry)) throw new PayerPageError(`checkout must be the payment page's http(s) URL, got ${quote(redactText(entry))}`);
  const action = String(options['action'] ?? 'pay');
  const page = await loadPage(http, 'GET', entry);
  if (page.status !== 200) throw new PayerPageError(`the payment page answered HTTP ${page.status}`);
  const formId = action === 'cancel' ? 'cancelForm' : 'payForm';
  const form = formsOf(page.html).find((f) => f.id === formId);
  if (!form) throw new PayerPageError(`the payment page has no ${formId}`);
  const payUrl = new URL(form.action, entry).toString();
  let submitted = await loadPage(http, 'POST', payUrl, action === 'cancel' ? form.inputs : { ...form.inputs, ...cardFields(options) });
  let challenged = false;
  if (submitted.status === 303 && submitted.location?.includes('3ds-challenge/')) {
    submitted = await passChallenge(http, new URL(submitted.location, payUrl).toString(), String(options['outcome'] ?? 'authenticated'));
    challenged = true;
  }
  // After a challenge the way back is a page with a link (continue), not a redirect.
  const link = /<a id="continue" href="([^"]*)"/.exec(submitted.html)?.[1];
  if (submitted.status === 200 && link) return { status: submitted.status, response: { ...returned(unescapeHtml(link)), paymentPage: entry, challenged } };
  if (submitted.status === 303 && submitted.location) return { status: submitted.status, response: { ...returned(submitted.location), paymentPage: entry, challenged } };
  const problem = /<p class="error" id="problem">([^<]*)<\/p>/.exec(submitted.html)?.[1];
  // The page's own words are a server's text: through the redaction policy, cut.
  throw new PayerPageError(`the payment page did not send the payer back (HTTP ${submitted.status})${problem ? `: ${excerpt(redactText(unescapeHtml(problem)))}` : ''}`);
}

export const CHECKOUT_DRIVER: PayerPageDriver = {
  title: 'Payer: Hosted Checkout page',
  description: 'the payment page URL of an Initiate Checkout session, e.g. "{{env.gatewayUrl}}/_simulator/checkout/{{<step>.response.session.id}}" on the simulator',
  options: {
    action: { description: 'what the payer presses: pay (default) or cancel', values: CHECKOUT_ACTIONS, required: false },
    card: { description: 'the card number the payer types (a test card)', required: false },
    expiry: { description: 'the expiry the payer types, MM/YY (default 01/39)', required: false },
    securityCode: { description: 'the security code the payer types', required: false },
    outcome: { description: 'for a 3-D Secure challenge card: the result the payer picks on the challenge page (default authenticated)', values: CHALLENGE_OUTCOMES, required: false },
  },
  run,
};
