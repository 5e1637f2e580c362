import { randomBytes } from 'node:crypto';
import { getString, jsonText } from '../jsonText';
import { formatAmount } from '../money';
import { linkTarget, originOf, redirectTo, simulatorPage } from '../pages';
import { escapeHtml, type SimRequest, type SimResponse } from '../types';
import { invalidRequest, missing } from './errors';
import type { OpEnv } from './opEnv';
import { baseTransaction, commit, duplicateTransaction, isResponse, notificationUrlOf, notifyOrderChange, nowText, requiredAmount, requiredCurrency } from './opHelpers';
import { applyToOrder, type BrowserPaymentRecord, type OrderRecord, type OrderStore, type TransactionRecord } from './orders';
import { transactionResponse } from './responseBody';
import { BROWSER_PAYMENT_REFERENCES, BROWSER_PAYMENT_TIMED_REFERENCES } from '../../catalogue/testData';
import { acquirerResponse, resultOf } from './testCards';
import type { MerchantProfile } from './auth';
import type { SimContext } from '../context';
import type { GatewayCode } from '../../catalogue/codes';

/**
 * Initiate Browser Payment and the provider page the simulator plays. Interaction status:
 * INITIATED (answer to the API call) → REDIRECTED_TO_PROVIDER (payer opens redirectUrl) →
 * RETURNED_TO_MERCHANT (payer presses a button; 303 back to browserPayment.returnUrl) → COMPLETED
 * (the outcome is known: approved, declined or aborted). A PENDING outcome stays
 * RETURNED_TO_MERCHANT. order.reference TEST-SUCCEED / TEST-FAIL-DECLINE / TEST-PENDING forces the
 * outcome, as in the real test mode; otherwise the payer's button decides.
 */

export const BROWSER_PAGE_PREFIX = '/_simulator/browser-payment/';

export function initiateBrowserPayment(env: OpEnv): SimResponse {
  const existing = env.orders.get(env.merchant.merchantId, env.orderId);
  const dup = duplicateTransaction(env, existing);
  if (dup) return dup;
  if (existing && existing.status !== 'FAILED') return invalidRequest(`Order ${env.orderId} already exists with status ${existing.status}; a browser payment needs a new order id`);
  const amount = requiredAmount(env, 'order.amount');
  if (isResponse(amount)) return amount;
  const currency = requiredCurrency(env, 'order.currency');
  if (isResponse(currency)) return currency;
  // sourceOfFunds.type, browserPayment.returnUrl and browserPayment.operation were checked by the
  // catalogue (routes.checkFields): the simulator enforces no rule of its own on them.
  const returnUrl = getString(env.body, 'browserPayment.returnUrl');
  if (returnUrl === undefined) return missing('browserPayment.returnUrl');
  const operationText = env.version === '16' ? getString(env.body, 'browserPayment.walleta.operation') ?? 'PAY' : getString(env.body, 'browserPayment.operation');
  if (operationText === undefined) return missing('browserPayment.operation');
  // Narrows the type only: the catalogue's enum already rejected any other value (v16's walleta.operation included).
  if (operationText !== 'AUTHORIZE' && operationText !== 'PAY' && operationText !== 'ACCOUNTSETUP') return invalidRequest(`browserPayment.operation '${operationText}' is not supported`);
  const sourceType = getString(env.body, 'sourceOfFunds.type');
  const notificationUrl = notificationUrlOf(env);
  if (isResponse(notificationUrl)) return notificationUrl;

  const token = randomBytes(12).toString('hex');
  const time = nowText(env);
  const browserPayment: BrowserPaymentRecord = {
    token,
    operation: operationText,
    returnUrl,
    redirectUrl: `${env.ctx.baseUrl}${BROWSER_PAGE_PREFIX}${token}`,
    status: 'INITIATED',
    timeInitiated: time,
  };
  const reference = getString(env.body, 'order.reference');
  const order =
    existing ??
    env.orders.create({
      merchantId: env.merchant.merchantId,
      id: env.orderId,
      amount,
      currency,
      status: 'INITIATED',
      creationTime: time,
      ...(reference ? { reference } : {}),
      ...(notificationUrl ? { notificationUrl } : {}),
    });
  order.amount = amount;
  const txn = baseTransaction(env, operationText === 'AUTHORIZE' ? 'AUTHORIZATION' : 'PAYMENT', amount, currency);
  txn.gatewayCode = 'SUBMITTED';
  txn.result = 'SUCCESS';
  txn.browserPayment = browserPayment;
  txn.sourceOfFunds = { type: sourceType ?? 'WALLET_A' };
  applyToOrder(order, txn, existing === undefined);
  env.registerBrowserPayment(token);
  const answer = commit(env, order, txn);
  scheduleTimedOutcomes(env, order, txn);
  return answer;
}

/** A timed test reference: the transaction ends by itself, step by step, each step notified (TEST-FAIL-THEN-SUCCESS: DECLINED, then APPROVED). */
function scheduleTimedOutcomes(env: OpEnv, order: OrderRecord, txn: TransactionRecord): void {
  const ref = order.reference as keyof typeof BROWSER_PAYMENT_TIMED_REFERENCES | undefined;
  if (!ref || !(ref in BROWSER_PAYMENT_TIMED_REFERENCES)) return;
  const steps: readonly GatewayCode[] = BROWSER_PAYMENT_TIMED_REFERENCES[ref];
  let wait = 0;
  steps.forEach((code, i) => {
    wait += env.ctx.testReferenceDelaysMs[i] ?? env.ctx.testReferenceDelaysMs.at(-1) ?? 1000;
    env.ctx.later(wait, () => settleLater(env, order, txn, code));
  });
}

/** How the transaction ended (the payer's button, a test reference, or the gateway later): the order, which saw it SUBMITTED, sees it end. */
function recordOutcome(order: OrderRecord, txn: TransactionRecord, code: GatewayCode, time: string): void {
  txn.gatewayCode = code;
  txn.result = resultOf(code);
  const acquirer = acquirerResponse(code);
  if (acquirer) txn.acquirer = acquirer;
  if (txn.browserPayment && code !== 'PENDING') {
    txn.browserPayment.status = 'COMPLETED';
    txn.browserPayment.timeCompleted = time;
  }
  applyToOrder(order, txn, false);
  order.lastUpdatedTime = time;
}

function settleLater(env: OpEnv, order: OrderRecord, txn: TransactionRecord, code: GatewayCode): void {
  if (!env.orders.tryLock(env.merchant.merchantId, order.id)) {
    env.ctx.later(20, () => settleLater(env, order, txn, code));
    return;
  }
  try {
    recordOutcome(order, txn, code, env.ctx.now().toISOString());
    notifyOrderChange(env, order, jsonText(transactionResponse(env.merchant.merchantId, order, txn, env.version)));
  } finally {
    env.orders.release(env.merchant.merchantId, order.id);
  }
}

export interface BrowserPaymentLocation {
  merchant: MerchantProfile;
  orderId: string;
  transactionId: string;
  /** The path version of the initiating call, echoed by the webhooks the page triggers. */
  version: string;
}

type Outcome = 'approve' | 'decline' | 'cancel';

const isTimedReference = (order: OrderRecord): boolean => order.reference !== undefined && order.reference in BROWSER_PAYMENT_TIMED_REFERENCES;

function forcedOutcome(order: OrderRecord): GatewayCode | undefined {
  const ref = order.reference as keyof typeof BROWSER_PAYMENT_REFERENCES | undefined;
  return ref && ref in BROWSER_PAYMENT_REFERENCES ? BROWSER_PAYMENT_REFERENCES[ref] : undefined;
}

const PROVIDER_STYLE = 'button{margin-right:.5rem}';

/** The provider page: its buttons post relative to it, and nothing on it runs a script. */
function providerPage(status: number, order: OrderRecord, txn: TransactionRecord, bp: BrowserPaymentRecord): SimResponse {
  const forced = forcedOutcome(order);
  const done = bp.status === 'COMPLETED' || bp.status === 'RETURNED_TO_MERCHANT';
  // Relative to the page (…/browser-payment/<token>): it keeps working behind a path-prefix proxy
  // such as code-server's /proxy/<port>/, where an absolute /_simulator/… would miss the simulator.
  const action = `${bp.token}/return`;
  const back = linkTarget(bp.returnUrl);
  const buttons = done
    ? `<p>This payment is finished (${escapeHtml(txn.gatewayCode)}).${back !== undefined ? ` <a href="${escapeHtml(back)}">Back to the merchant</a>` : ''}</p>`
    : isTimedReference(order)
      ? `<p>order.reference <code>${escapeHtml(order.reference ?? '')}</code> decides the outcome later, by itself; each step is notified.</p>
<form method="post" action="${escapeHtml(action)}"><button name="outcome" value="approve">Continue</button></form>`
    : forced
      ? `<p>order.reference <code>${escapeHtml(order.reference ?? '')}</code> sets the outcome: <strong>${forced}</strong>.</p>
<form method="post" action="${escapeHtml(action)}"><button name="outcome" value="approve">Continue</button></form>`
      : `<form method="post" action="${escapeHtml(action)}">
  <button name="outcome" value="approve">Pay</button>
  <button name="outcome" value="decline">Decline</button>
  <button name="outcome" value="cancel">Cancel</button>
</form>`;
  return simulatorPage({
    status, title: 'Simulated payment provider', style: PROVIDER_STYLE,
    // The buttons post to this page; Chrome applies form-action to the redirect after the POST too, so the return URL's origin is allowed.
    formTargets: ["'self'", originOf(bp.returnUrl)].filter((t) => t !== '').join(' '),
    body: `<p>Order <strong>${escapeHtml(order.id)}</strong>: ${escapeHtml(txn.currency)} ${formatAmount(txn.amount)}, ${escapeHtml(bp.operation)}.</p>
<p>Interaction status: <strong id="status">${escapeHtml(bp.status)}</strong></p>
${buttons}`,
  });
}

const messagePage = (status: number, title: string, text: string): SimResponse => simulatorPage({ status, title, body: `<p>${escapeHtml(text)}</p>` });

/** The provider page (GET) and its buttons (POST …/return). */
export function browserPaymentPage(ctx: SimContext, orders: OrderStore, where: BrowserPaymentLocation | undefined, req: SimRequest, action: string | undefined): SimResponse {
  const order = where ? orders.get(where.merchant.merchantId, where.orderId) : undefined;
  const txn = where ? order?.transactions.get(where.transactionId) : undefined;
  const bp = txn?.browserPayment;
  if (!where || !order || !txn || !bp) return messagePage(404, 'Not found', 'No such browser payment.');
  const notify = (): void => notifyOrderChange({ ctx, merchant: where.merchant }, order, jsonText(transactionResponse(where.merchant.merchantId, order, txn, where.version)));
  if (req.method === 'GET' && action === undefined) {
    if (bp.status === 'INITIATED') {
      bp.status = 'REDIRECTED_TO_PROVIDER';
      bp.timeRedirected = ctx.now().toISOString();
      notify();
    }
    return providerPage(200, order, txn, bp);
  }
  if (req.method !== 'POST' || action !== 'return') return messagePage(405, 'Not allowed', 'GET the page, POST …/return.');
  // A timed test reference decides by itself, later: the payer only goes back.
  if (bp.status === 'RETURNED_TO_MERCHANT' || bp.status === 'COMPLETED' || isTimedReference(order)) return redirectTo(bp.returnUrl);
  if (!orders.tryLock(where.merchant.merchantId, order.id)) return messagePage(409, 'Busy', 'Another operation is running on this order; press the button again.');
  try {
    const chosen = new URLSearchParams(req.rawBody.toString('utf8')).get('outcome') as Outcome | null;
    const code: GatewayCode = forcedOutcome(order) ?? (chosen === 'decline' ? 'DECLINED' : chosen === 'cancel' ? 'ABORTED' : 'APPROVED');
    const time = ctx.now().toISOString();
    if (bp.status === 'INITIATED') bp.timeRedirected = time;
    bp.status = 'RETURNED_TO_MERCHANT';
    bp.timeReturned = time;
    recordOutcome(order, txn, code, time);
    notify();
    return redirectTo(bp.returnUrl);
  } finally {
    orders.release(where.merchant.merchantId, order.id);
  }
}

/**
 * The merchant's page a payer returns to, played by the simulator: …/returned/<merchantId>/<orderId>.
 * The browser-payment example returns there, and so does any payer page of the simulator (3-D Secure
 * challenge, Hosted Checkout) when the workbench fills in the return URL on the simulator.
 */
export const RETURN_PAGE = 'returned';

const RETURN_PAGE_STYLE = 'th{text-align:left;padding-right:1rem}';

// No script, forms only back to the simulator: the page shows values an API caller chose.
function returnPageResponse(status: number, body: string): SimResponse {
  return simulatorPage({ status, title: 'Back at the merchant', style: RETURN_PAGE_STYLE, body });
}

/** What the page lists of what the payer's browser brought back (a query or a posted form): enough to read, never unbounded. */
const BROUGHT_BACK_FIELDS = 20;
const BROUGHT_BACK_VALUE = 200;
const BROUGHT_BACK_BYTES = 16 * 1024;

const NEXT_STEP = '<p id="next">Next, as a merchant\'s server does: read the outcome with Retrieve Transaction or Retrieve Order (in the workbench), never from what the browser brought back alone.</p>';

/**
 * The merchant's page a payer returns to, played by the simulator: where the order stands (its browser
 * payment, its newest transaction, its 3-D Secure authentication) and what the payer's browser brought
 * back (the challenge's posted fields, Hosted Checkout's resultIndicator). Read-only, like a merchant
 * page after the redirect (GET, or the POST a challenge sends); the provider page is linked relative to
 * this one, so it works behind a path-prefix proxy.
 */
export function browserPaymentReturnPage(orders: OrderStore, merchantSegment: string | undefined, orderSegment: string | undefined, req?: SimRequest): SimResponse {
  const merchantId = decodedSegment(merchantSegment);
  const orderId = decodedSegment(orderSegment);
  const back = broughtBack(req);
  if (merchantId === undefined || orderId === undefined) return returnPageResponse(404, `<p>This page is …/returned/MERCHANT_ID/ORDER_ID.</p>${back}`);
  const order = orders.get(merchantId, orderId);
  if (!order) return returnPageResponse(404, `<p>No order ${escapeHtml(orderId)} of merchant ${escapeHtml(merchantId)} is held by the simulator.</p>${back}${NEXT_STEP}`);
  const row = (id: string, label: string, value: string) => `<tr><th>${label}</th><td id="${id}">${escapeHtml(value)}</td></tr>`;
  const txn = [...order.transactions.values()].reverse().find((t) => t.browserPayment) ?? [...order.transactions.values()].at(-1);
  const authentication = order.authentications ? [...order.authentications.values()].at(-1) : undefined;
  const rows = [
    row('order', 'Order', order.id),
    txn ? row('transaction', 'Transaction', `${txn.id} (${txn.type})`) : '',
    txn ? row('result', 'Result', txn.result) : '',
    txn ? row('gatewayCode', 'Gateway code', txn.gatewayCode) : '',
    txn ? row('amount', 'Amount', `${txn.currency} ${formatAmount(txn.amount)}`) : '',
    txn?.browserPayment ? row('status', 'Interaction status', txn.browserPayment.status) : '',
    authentication ? row('authentication', '3-D Secure', `${authentication.id}: ${authentication.transStatus ?? authentication.stage}`) : '',
  ].filter((r) => r !== '').join('\n');
  const provider = txn?.browserPayment ? `<p><a href="../../${escapeHtml(txn.browserPayment.token)}">The provider page</a></p>` : '';
  return returnPageResponse(200, `<table>
${rows}
</table>
${provider}${back}${NEXT_STEP}`);
}

/** The query (GET) or the form fields (POST) the payer's browser arrived with, escaped and bounded. */
function broughtBack(req: SimRequest | undefined): string {
  if (!req) return '';
  const form = req.method === 'POST' && /application\/x-www-form-urlencoded/i.test(String(req.headers['content-type'] ?? ''))
    ? new URLSearchParams(req.rawBody.subarray(0, BROUGHT_BACK_BYTES).toString('utf8'))
    : req.query;
  const rows: string[] = [];
  for (const [name, value] of form) {
    if (rows.length === BROUGHT_BACK_FIELDS) break;
    const clip = (text: string) => (text.length > BROUGHT_BACK_VALUE ? `${text.slice(0, BROUGHT_BACK_VALUE)}…` : text);
    rows.push(`<tr><th>${escapeHtml(clip(name))}</th><td>${escapeHtml(clip(value))}</td></tr>`);
  }
  return rows.length > 0 ? `<h2>What the payer's browser brought back</h2>\n<table id="brought-back">\n${rows.join('\n')}\n</table>\n` : '';
}

function decodedSegment(segment: string | undefined): string | undefined {
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
