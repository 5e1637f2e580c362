import { randomBytes } from 'node:crypto';
import type { SimContext } from '../context';
import { getString, isObject, jsonText, type JsonObject } from '../jsonText';
import { formatAmount, parseAmount } from '../money';
import { linkTarget, originOf, redirectTo, simulatorPage } from '../pages';
import { escapeHtml, jsonResponse, type SimRequest, type SimResponse } from '../types';
import type { MerchantProfile } from './auth';
import { testCardByNumber } from '../../catalogue/testCards';
import { authenticatePayer, CHALLENGE_PAGE_PREFIX, findAuthentication, initiateAuthentication } from './authentication';
import { authorize, pay, verify } from './cardOperations';
import type { OpEnv } from './opEnv';
import type { OrderStore } from './orders';
import type { Target } from './requestParts';
import type { SessionStore } from './sessions';
import { invalidRequest } from './errors';

/**
 * Hosted Checkout: Initiate Checkout (POST …/session with apiOperation INITIATE_CHECKOUT) opens a
 * session with a successIndicator; the payment page (CHECKOUT_PAGE_PREFIX + session id) takes a card
 * and pays, authorizes or verifies the order as interaction.operation says, then sends the payer to
 * interaction.returnUrl?resultIndicator=…&sessionVersion=… (resultIndicator equals successIndicator
 * only when the operation succeeded) or, on Cancel, to interaction.cancelUrl. checkout.js offers
 * Checkout.configure({ session: { id } }) and Checkout.showPaymentPage() for a merchant's own page.
 * Pages: relative form actions (path-prefix proxies), everything the merchant sent escaped, strict
 * CSP with a nonce; form-action allows only this page and the merchant's return and cancel origins.
 */

export const CHECKOUT_PAGE_PREFIX = '/_simulator/checkout/';
const SCRIPT_NAME = 'checkout.js';
export const MAX_CHECKOUTS = 1000;

type InteractionOperation = 'PURCHASE' | 'AUTHORIZE' | 'VERIFY' | 'NONE';

interface CheckoutRecord {
  merchant: MerchantProfile;
  sessionId: string;
  version: string;
  successIndicator: string;
  operation: InteractionOperation;
  returnUrl?: string;
  cancelUrl?: string;
  merchantName?: string;
  order: JsonObject;
  finished: boolean;
  /** While the payer is on the 3-D Secure challenge: the authentication's transaction id and the card. */
  authenticating?: { transactionId: string; card: JsonObject };
}

interface CheckoutDeps {
  ctx: SimContext;
  orders: OrderStore;
  sessions: SessionStore;
  /** Makes the challenge page of an authentication reachable (GatewayApi keeps those). */
  registerChallenge(token: string, where: { merchant: MerchantProfile; orderId: string; transactionId: string }): void;
}

const indicator = (): string => randomBytes(8).toString('hex');

export class HostedCheckout {
  private readonly checkouts = new Map<string, CheckoutRecord>();

  constructor(private readonly deps: CheckoutDeps) {}

  /** Initiate Checkout, after the catalogue checked the body (returnUrl and cancelUrl are http(s) there). */
  initiate(merchant: MerchantProfile, target: Target, body: JsonObject): SimResponse {
    const order = isObject(body['order']) ? body['order'] : {};
    const interaction = isObject(body['interaction']) ? body['interaction'] : {};
    const session = this.deps.sessions.create(merchant.merchantId);
    const { apiOperation: _op, interaction: _i, checkoutMode: _m, ...held } = body;
    const refused = this.deps.sessions.update(session, held, target.version);
    if (refused) return invalidRequest(refused);
    const returnUrl = getString(interaction, 'returnUrl');
    const cancelUrl = getString(interaction, 'cancelUrl');
    const merchantName = getString(interaction, 'merchant.name');
    const record: CheckoutRecord = {
      merchant, sessionId: session.id, version: target.version, successIndicator: indicator(),
      operation: (getString(interaction, 'operation') ?? 'PURCHASE') as InteractionOperation, order, finished: false,
      ...(returnUrl ? { returnUrl } : {}), ...(cancelUrl ? { cancelUrl } : {}), ...(merchantName ? { merchantName } : {}),
    };
    this.checkouts.set(session.id, record);
    if (this.checkouts.size > MAX_CHECKOUTS) this.checkouts.delete(this.checkouts.keys().next().value as string);
    // PAYMENT_LINK: the link is the same page, sent to the payer instead of opened by checkout.js.
    const link = body['checkoutMode'] === 'PAYMENT_LINK' ? { paymentLink: { url: `${this.deps.ctx.baseUrl}${CHECKOUT_PAGE_PREFIX}${session.id}` } } : {};
    return jsonResponse(201, jsonText({
      checkoutMode: body['checkoutMode'] === 'PAYMENT_LINK' ? 'PAYMENT_LINK' : 'WEBSITE', merchant: merchant.merchantId, ...link, result: 'SUCCESS',
      session: { id: session.id, updateStatus: session.updateStatus, version: session.version },
      successIndicator: record.successIndicator,
    }));
  }

  /** GET {sessionId} (the page), POST {sessionId}/pay, POST {sessionId}/cancel, GET checkout.js. */
  handlePage(req: SimRequest): SimResponse {
    const [sessionId = '', action] = req.path.slice(CHECKOUT_PAGE_PREFIX.length).split('/');
    if (sessionId === SCRIPT_NAME && action === undefined && req.method === 'GET') return checkoutScript();
    const record = this.checkouts.get(sessionId);
    const live = record && this.deps.sessions.get(record.merchant.merchantId, sessionId);
    if (!record || !live) return page(404, "'none'", 'No such payment page', '<p>This payment session does not exist or has expired.</p>');
    if (record.finished) return page(409, "'none'", 'Already finished', '<p>This payment page was already used. Start a new checkout.</p>');
    if (action === undefined && req.method === 'GET') return paymentPage(record, undefined);
    if (action === 'cancel' && req.method === 'POST') {
      record.finished = true;
      return record.cancelUrl ? redirectTo(record.cancelUrl) : page(200, "'none'", 'Payment cancelled', '<p>You cancelled the payment.</p>');
    }
    if (action === 'pay' && req.method === 'POST') return this.pay(record, new URLSearchParams(req.rawBody.toString('utf8')));
    if (action === 'authenticated' && req.method === 'POST' && record.authenticating) return this.afterChallenge(record, record.authenticating);
    return page(405, "'none'", 'Not allowed', '<p>Open the payment page, then use its buttons.</p>');
  }

  private pay(record: CheckoutRecord, form: URLSearchParams): SimResponse {
    const card = {
      number: (form.get('cardNumber') ?? '').replace(/[\s-]/g, ''),
      expiry: { month: form.get('expiryMonth') ?? '', year: form.get('expiryYear') ?? '' },
      ...(form.get('securityCode') ? { securityCode: form.get('securityCode') ?? '' } : {}),
    };
    if (!/^\d{12,19}$/.test(card.number) || !/^(0?[1-9]|1[0-2])$/.test(card.expiry.month) || !/^\d{2}$/.test(card.expiry.year)) {
      return paymentPage(record, 'Enter the card number (12 to 19 digits) and the expiry month (1 to 12) and year (2 digits).');
    }
    const session = this.deps.sessions.get(record.merchant.merchantId, record.sessionId);
    if (!session) return page(404, "'none'", 'No such payment page', '<p>This payment session has expired.</p>');
    // The page pays with the card it was given; the session only keeps it for a Retrieve Session (a full session keeps what it had).
    this.deps.sessions.update(session, { sourceOfFunds: { type: 'CARD', provided: { card } } }, record.version);
    const threeDS = testCardByNumber(card.number)?.threeDS;
    // Payments authenticate the payer first; VERIFY and NONE take no money, so no challenge.
    const pays = record.operation === 'PURCHASE' || record.operation === 'AUTHORIZE';
    if (pays && threeDS !== undefined && threeDS !== 'notEnrolled') return this.authenticate(record, card);
    const succeeded = record.operation === 'NONE' ? true : this.runOperation(record, card);
    return this.finish(record, succeeded);
  }

  /** The payer goes back to the merchant: returnUrl with resultIndicator (successIndicator only when it worked). */
  private finish(record: CheckoutRecord, succeeded: boolean | undefined, byPage = false): SimResponse {
    const session = this.deps.sessions.get(record.merchant.merchantId, record.sessionId);
    if (!session) return page(404, "'none'", 'No such payment page', '<p>This payment session has expired.</p>');
    if (succeeded === undefined) return paymentPage(record, 'The order cannot take this payment (it is busy or already paid).');
    this.deps.sessions.forgetSecurityCode(session);
    record.finished = true;
    const resultIndicator = succeeded ? record.successIndicator : indicator();
    if (!record.returnUrl) return page(200, "'none'", succeeded ? 'Payment done' : 'Payment not done', `<p>resultIndicator ${escapeHtml(resultIndicator)}</p>`);
    const back = new URL(record.returnUrl);
    back.searchParams.set('resultIndicator', resultIndicator);
    back.searchParams.set('sessionVersion', session.version);
    return byPage ? continuePage(back.toString()) : redirectTo(back.toString());
  }

  /**
   * A 3-D Secure test card: Initiate Authentication and Authenticate Payer on the order, as a
   * 3DS-enabled profile's page does. Frictionless outcomes pay (Y, A) or not (N, R, U) at once; a
   * challenge sends the payer to the challenge page, which comes back to {id}/authenticated.
   */
  private authenticate(record: CheckoutRecord, card: JsonObject): SimResponse {
    const transactionId = `hco-3ds-${indicator().slice(0, 8)}`;
    const back = `${this.deps.ctx.baseUrl}${CHECKOUT_PAGE_PREFIX}${encodeURIComponent(record.sessionId)}/authenticated`;
    const order = { amount: getString(record.order, 'amount'), currency: getString(record.order, 'currency'), ...(getString(record.order, 'notificationUrl') ? { notificationUrl: getString(record.order, 'notificationUrl') } : {}) };
    const sourceOfFunds = { type: 'CARD', provided: { card } };
    const initiated = this.onOrder(record, transactionId, { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION' }, order, sourceOfFunds }, initiateAuthentication);
    const asked = initiated?.status === 200
      ? this.onOrder(record, transactionId, { apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: back }, order, sourceOfFunds }, authenticatePayer)
      : undefined;
    if (asked?.status !== 200) return this.finish(record, false);
    const orderId = getString(record.order, 'id') ?? '';
    const auth = findAuthentication(this.deps.orders.get(record.merchant.merchantId, orderId), transactionId);
    record.authenticating = { transactionId, card };
    if (auth?.stage === 'challenge' && auth.challengeToken) {
      this.deps.registerChallenge(auth.challengeToken, { merchant: record.merchant, orderId, transactionId });
      // Relative to …/checkout/{id}/pay, so the payer stays behind a path-prefix proxy.
      return redirectTo(`../../${CHALLENGE_PAGE_PREFIX.slice('/_simulator/'.length)}${auth.challengeToken}`);
    }
    return this.afterChallenge(record, record.authenticating);
  }

  /** After the authentication: pay with authentication.transactionId when it is Y or A, else the payer returns unpaid. */
  private afterChallenge(record: CheckoutRecord, authenticating: { transactionId: string; card: JsonObject }): SimResponse {
    delete record.authenticating;
    const orderId = getString(record.order, 'id') ?? '';
    const auth = findAuthentication(this.deps.orders.get(record.merchant.merchantId, orderId), authenticating.transactionId);
    const authenticated = auth?.stage === 'done' && (auth.transStatus === 'Y' || auth.transStatus === 'A');
    // Arrived by the challenge page's form, whose CSP form-action would block a redirect to the merchant: a page moves on.
    return this.finish(record, authenticated ? this.runOperation(record, authenticating.card, authenticating.transactionId) : false, true);
  }

  /** One operation on the checkout's order, under its lock, as the router would run it. */
  private onOrder(record: CheckoutRecord, transactionId: string, body: JsonObject, operation: (env: OpEnv) => SimResponse): SimResponse | undefined {
    const orderId = getString(record.order, 'id') ?? '';
    const { merchant } = record;
    if (!this.deps.orders.tryLock(merchant.merchantId, orderId)) return undefined;
    try {
      return operation({
        ctx: this.deps.ctx, orders: this.deps.orders, sessions: this.deps.sessions, merchant, orderId, transactionId, version: record.version, body,
        registerBrowserPayment: () => undefined,
      });
    } finally {
      this.deps.orders.release(merchant.merchantId, orderId);
    }
  }

  /** The order's operation as interaction.operation says: true approved, false declined, undefined not run. */
  private runOperation(record: CheckoutRecord, card: JsonObject, authenticationId?: string): boolean | undefined {
    const apiOperation = { PURCHASE: 'PAY', AUTHORIZE: 'AUTHORIZE', VERIFY: 'VERIFY', NONE: 'NONE' }[record.operation];
    const transactionId = `hco-${indicator().slice(0, 8)}`;
    const body = { apiOperation, order: record.order, sourceOfFunds: { type: 'CARD', provided: { card } }, ...(authenticationId ? { authentication: { transactionId: authenticationId } } : {}) };
    const operation = record.operation === 'AUTHORIZE' ? authorize : record.operation === 'VERIFY' ? verify : pay;
    const answer = this.onOrder(record, transactionId, body, operation);
    if (answer === undefined || answer.status >= 400) return undefined;
    return this.deps.orders.get(record.merchant.merchantId, getString(record.order, 'id') ?? '')?.transactions.get(transactionId)?.result === 'SUCCESS';
  }
}

const STYLE = 'body{max-width:30rem}label,input,button{display:block;margin:.25rem 0}.error{color:#a00}form.inline{display:inline}';

/** A Hosted Checkout page; a merchant may show it in a frame of its own site only (the gateway's lightbox is not simulated). */
function page(status: number, formTargets: string, title: string, body: string, script?: string): SimResponse {
  return simulatorPage({ status, formTargets, title, body, style: STYLE, frameAncestors: "'self'", ...(script !== undefined ? { script } : {}) });
}

/** Shown at GET {id} (actions {id}/pay, {id}/cancel) or, with a problem, at POST {id}/pay (actions relative to that URL). */
function paymentPage(record: CheckoutRecord, problem: string | undefined): SimResponse {
  const order = record.order;
  const amount = getString(order, 'amount');
  const parsed = amount !== undefined ? parseAmount(amount) : undefined;
  const shown = `${escapeHtml(getString(order, 'currency') ?? '')} ${parsed !== undefined ? formatAmount(parsed) : escapeHtml(amount ?? '')}`;
  const description = getString(order, 'description');
  const verb = { PURCHASE: 'Pay', AUTHORIZE: 'Pay', VERIFY: 'Verify card', NONE: 'Save card' }[record.operation];
  const base = problem ? '' : `${escapeHtml(record.sessionId)}/`;
  // Chrome applies form-action to the redirect after the POST too: the merchant's origins are allowed.
  const targets = ["'self'", originOf(record.returnUrl), originOf(record.cancelUrl)].filter((t, i, all) => t !== '' && all.indexOf(t) === i).join(' ');
  return page(problem ? 400 : 200, targets, `${record.merchantName ?? record.merchant.merchantId}`, `<p id="order">Order <strong>${escapeHtml(getString(order, 'id') ?? '')}</strong>: <strong id="amount">${shown}</strong>${description ? ` — ${escapeHtml(description)}` : ''}</p>
${problem ? `<p class="error" id="problem">${escapeHtml(problem)}</p>` : ''}
<form id="payForm" method="post" action="${base}pay">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiryMonth">Expiry month</label><input id="expiryMonth" name="expiryMonth" inputmode="numeric" autocomplete="cc-exp-month" required>
<label for="expiryYear">Expiry year (2 digits)</label><input id="expiryYear" name="expiryYear" inputmode="numeric" autocomplete="cc-exp-year" required>
<label for="securityCode">Security code</label><input id="securityCode" name="securityCode" inputmode="numeric" autocomplete="cc-csc">
<button id="pay" type="submit">${verb}</button>
</form>
<form id="cancelForm" method="post" action="${base}cancel"><button id="cancel" type="submit">Cancel</button></form>`);
}

/** The way back to the merchant after the challenge: a link, followed at once by a script under the nonce. */
function continuePage(location: string): SimResponse {
  const target = linkTarget(location);
  if (target === undefined) return page(200, "'none'", 'Payment finished', '<p>The return URL is not an http(s) URL, so the payer is not sent back.</p>');
  return page(200, "'none'", 'Returning to the merchant', `<p><a id="continue" href="${escapeHtml(target)}">Continue to the merchant</a></p>`,
    "location.replace(document.getElementById('continue').href);");
}

/**
 * A small checkout.js: Checkout.configure({ session: { id } }) then Checkout.showPaymentPage() goes to
 * the payment page, found beside this script (so it works behind a path-prefix proxy).
 */
const CHECKOUT_SCRIPT = `(function () {
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/checkout\\.js([?#].*)?$/, '') : '';
  var config;
  window.Checkout = {
    configure: function (c) {
      if (!c || !c.session || typeof c.session.id !== 'string') throw new Error('Checkout.configure needs { session: { id: "<session id from Initiate Checkout>" } }');
      config = c;
    },
    showPaymentPage: function () {
      if (!config) throw new Error('Call Checkout.configure({ session: { id } }) before Checkout.showPaymentPage()');
      window.location.assign(base + encodeURIComponent(config.session.id));
    }
  };
})();
`;

function checkoutScript(): SimResponse {
  return { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }, body: CHECKOUT_SCRIPT };
}
