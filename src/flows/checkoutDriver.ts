/**
 * The payer step on a Hosted Checkout payment page: open the page (as Checkout.showPaymentPage()
 * would), fill in the card and press Pay, or press Cancel, and stop where the page sends the payer
 * back to the merchant (returnUrl or cancelUrl), without going there: the merchant's site is not part
 * of the run. The step's response is what the merchant's page receives: resultIndicator and
 * sessionVersion from the return URL, and that URL.
 */
import { formsOf, MAX_PAGE_CHARS, unescapeHtml } from './htmlForms';
import { CHALLENGE_OUTCOMES, PayerPageError } from './challengeDriver';
import type { PayerHttp, PayerPageDriver, PayerPageResult } from './payerPages';

const TIMEOUT_MS = 15_000;
export const CHECKOUT_ACTIONS = ['pay', 'cancel'] as const;

async function load(http: PayerHttp, method: 'GET' | 'POST', url: string, fields?: Record<string, string>): Promise<{ status: number; html: string; location?: string }> {
  const response = await http.client.send({
    method, url, headers: { accept: 'text/html', ...(fields ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(fields ? { body: new URLSearchParams(fields).toString() } : {}), timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_PAGE_CHARS,
    ...(http.signal ? { signal: http.signal } : {}),
  });
  const location = response.headers['location'];
  return { status: response.status, html: response.bodyText, ...(location ? { location } : {}) };
}

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
    throw new PayerPageError(`the page sent the payer to something that is not a URL: ${JSON.stringify(location.slice(0, 80))}`);
  }
  const query = Object.fromEntries(url.searchParams.entries());
  return { ...query, returnUrl: `${url.origin}${url.pathname}` };
}

/** A 3-D Secure card: the payer picks the outcome on the challenge page, which posts back to the payment page. */
async function passChallenge(http: PayerHttp, challengeUrl: string, outcome: string): Promise<{ status: number; html: string; location?: string }> {
  const challenge = await load(http, 'GET', challengeUrl);
  const choice = formsOf(challenge.html).find((f) => Object.keys(f.selects).length > 0);
  if (challenge.status !== 200 || !choice) throw new PayerPageError(`the 3-D Secure challenge page answered HTTP ${challenge.status} without a choice of result`);
  const [selectName, values] = Object.entries(choice.selects)[0] ?? ['', []];
  if (!values.includes(outcome)) throw new PayerPageError(`the challenge page offers ${values.join(', ')}; outcome is ${JSON.stringify(outcome)}`);
  const completeUrl = new URL(choice.action, challengeUrl).toString();
  const done = await load(http, 'POST', completeUrl, { ...choice.inputs, [selectName]: outcome });
  const back = formsOf(done.html).find((f) => f.method === 'POST');
  if (done.status !== 200 || !back) throw new PayerPageError(`submitting the challenge answered HTTP ${done.status} without the form back to the payment page`);
  // The challenge returns to a simulator page relative to itself, so a payer behind a path prefix stays behind it.
  return load(http, 'POST', new URL(back.action, completeUrl).toString(), back.inputs);
}

async function run(entry: string, options: Record<string, unknown>, http: PayerHttp): Promise<PayerPageResult> {
  if (!/^https?:\/\//.test(entry)) throw new PayerPageError(`checkout must be the payment page's http(s) URL, got ${JSON.stringify(entry.slice(0, 80))}`);
  const action = String(options['action'] ?? 'pay');
  const page = await load(http, 'GET', entry);
  if (page.status !== 200) throw new PayerPageError(`the payment page answered HTTP ${page.status}`);
  const formId = action === 'cancel' ? 'cancelForm' : 'payForm';
  const form = formsOf(page.html).find((f) => f.id === formId);
  if (!form) throw new PayerPageError(`the payment page has no ${formId}`);
  const payUrl = new URL(form.action, entry).toString();
  let submitted = await load(http, 'POST', payUrl, action === 'cancel' ? form.inputs : { ...form.inputs, ...cardFields(options) });
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
  throw new PayerPageError(`the payment page did not send the payer back (HTTP ${submitted.status})${problem ? `: ${problem}` : ''}`);
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
