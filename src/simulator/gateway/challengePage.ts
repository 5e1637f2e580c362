import type { SimContext } from '../context';
import { jsonText } from '../jsonText';
import { formatAmount } from '../money';
import { linkTarget, originOf, simulatorPage } from '../pages';
import { escapeHtml, type SimRequest, type SimResponse } from '../types';
import type { MerchantProfile } from './auth';
import { CHALLENGE_CHOICES, STATUS_OUTCOME, type AuthenticationRecord } from './authenticationRecord';
import { authenticationResponse, CHALLENGE_PAGE_PREFIX } from './authentication';
import { notifyOrderChange } from './opHelpers';
import type { OrderRecord, OrderStore } from './orders';

/**
 * The issuer's 3-D Secure challenge, as the simulator plays it (like the public 3DS emulator: the
 * payer picks the result from a list). GET or POST {token} shows the page (the payer's browser arrives
 * by the auto-submitted form of authentication.redirect.html); POST {token}/complete records the choice
 * and sends the browser back to authentication.redirectResponseUrl with an auto-submitted POST, as the
 * gateway does. Relative form actions, so it works behind a path-prefix proxy; strict CSP with a nonce.
 */

export interface ChallengeLocation {
  merchant: MerchantProfile;
  orderId: string;
  transactionId: string;
}

const STYLE = 'label,select,button{margin:.25rem 0;display:block}';

/** The challenge runs in the merchant page's iframe (challengeFrame of redirect.html), so any page may frame it. */
function page(status: number, formTargets: string, title: string, body: string, script?: string): SimResponse {
  return simulatorPage({ status, title, body, style: STYLE, formTargets, frameAncestors: '*', ...(script !== undefined ? { script } : {}) });
}

const notFoundPage = (): SimResponse => page(404, "'none'", 'No such challenge', '<p>This 3-D Secure challenge does not exist or is finished.</p>');

function challengeForm(order: OrderRecord, record: AuthenticationRecord, token: string): SimResponse {
  const options = Object.entries(CHALLENGE_CHOICES)
    .map(([value, letter]) => `<option value="${value}">${escapeHtml(value)} (${letter})</option>`).join('');
  return page(200, "'self'", 'Simulated 3-D Secure challenge', `<p>Order <strong>${escapeHtml(order.id)}</strong>: ${escapeHtml(record.currency)} ${formatAmount(record.amount ?? 0n)}. The issuer asks the payer to confirm this payment.</p>
<form method="post" action="${escapeHtml(token)}/complete">
<label for="selectAuthResult">Authentication result</label>
<select id="selectAuthResult" name="outcome">${options}</select>
<button id="acssubmit" type="submit">Submit</button>
</form>`);
}

/**
 * Where the return form posts, and the CSP form-action that allows it. A page of the simulator itself
 * (Hosted Checkout's) is reached relative to …/3ds-challenge/{token}/complete, so a payer behind a
 * path-prefix proxy stays behind it; a merchant's page is posted to as given, its origin allowed.
 */
function returnTarget(baseUrl: string, url: string): { action: string; formTargets: string } | undefined {
  if (baseUrl !== '' && url.startsWith(`${baseUrl}/`)) return { action: `../../..${url.slice(baseUrl.length)}`, formTargets: "'self'" };
  const action = /^https?:/i.test(url) ? linkTarget(url) : undefined;
  return action !== undefined ? { action, formTargets: originOf(action) || "'none'" } : undefined;
}

/** The browser goes back to the merchant by a POST, carrying the ids to look the result up with. */
function returnToMerchant(ctx: SimContext, order: OrderRecord, record: AuthenticationRecord, recommendation: string): SimResponse {
  const target = returnTarget(ctx.baseUrl, record.redirectResponseUrl ?? '');
  const finished = `<p id="status">Authentication finished: <strong>${escapeHtml(record.transStatus ?? '')}</strong>.</p>`;
  if (!target) return page(200, "'none'", 'Authentication finished', `${finished}\n<p>authentication.redirectResponseUrl is not an http(s) URL, so the payer is not sent back.</p>`);
  const fields: Record<string, string> = {
    'order.id': order.id, 'transaction.id': record.id, 'response.gatewayRecommendation': recommendation, result: record.transStatus === 'Y' || record.transStatus === 'A' ? 'SUCCESS' : 'FAILURE',
  };
  const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
  return page(200, target.formTargets, 'Returning to the merchant', `${finished}
<form id="returnForm" method="post" action="${escapeHtml(target.action)}">${inputs}<button type="submit">Continue to the merchant</button></form>`, "document.getElementById('returnForm').submit();");
}

export function challengePage(ctx: SimContext, orders: OrderStore, where: ChallengeLocation | undefined, req: SimRequest, action: string | undefined, token: string): SimResponse {
  const order = where ? orders.get(where.merchant.merchantId, where.orderId) : undefined;
  const record = where ? order?.authentications?.get(where.transactionId) : undefined;
  if (!where || !order || !record || record.stage !== 'challenge') return notFoundPage();
  if (action === undefined && (req.method === 'GET' || req.method === 'POST')) return challengeForm(order, record, token);
  if (action !== 'complete' || req.method !== 'POST') return page(405, "'none'", 'Not allowed', '<p>Open the challenge page, then submit its form.</p>');
  const chosen = new URLSearchParams(req.rawBody.toString('utf8')).get('outcome') ?? '';
  const letter = CHALLENGE_CHOICES[chosen];
  if (!letter) return page(400, "'self'", 'Unknown choice', `<p>Choose one of ${Object.keys(CHALLENGE_CHOICES).map(escapeHtml).join(', ')}.</p>`);
  record.stage = 'done';
  record.transStatus = letter;
  record.timeOfRecord = ctx.now().toISOString();
  order.lastUpdatedTime = record.timeOfRecord;
  const body = authenticationResponse(where.merchant.merchantId, order, record, ctx.baseUrl, record.version);
  notifyOrderChange({ ctx, merchant: where.merchant }, order, jsonText(body));
  return returnToMerchant(ctx, order, record, STATUS_OUTCOME[letter].recommendation);
}

export { CHALLENGE_PAGE_PREFIX };
