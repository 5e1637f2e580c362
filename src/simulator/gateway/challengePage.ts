import { randomBytes } from 'node:crypto';
import type { SimContext } from '../context';
import { jsonText } from '../jsonText';
import { formatAmount } from '../money';
import { escapeHtml, htmlResponse, type SimRequest, type SimResponse } from '../types';
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

const STYLE = 'body{font:15px system-ui,sans-serif;max-width:36rem;margin:2rem auto}label,select,button{margin:.25rem 0;display:block}';

function csp(nonce: string, formTarget: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action ${formTarget}; base-uri 'none'; frame-ancestors *`;
}

function page(status: number, nonce: string, formTarget: string, title: string, body: string): SimResponse {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
  const response = htmlResponse(status, html);
  return { ...response, headers: { ...response.headers, 'content-security-policy': csp(nonce, formTarget), 'cache-control': 'no-store' } };
}

const notFoundPage = (): SimResponse => page(404, randomBytes(16).toString('base64'), "'none'", 'No such challenge', '<p>This 3-D Secure challenge does not exist or is finished.</p>');

function challengeForm(nonce: string, order: OrderRecord, record: AuthenticationRecord, token: string): SimResponse {
  const options = Object.entries(CHALLENGE_CHOICES)
    .map(([value, letter]) => `<option value="${value}">${escapeHtml(value)} (${letter})</option>`).join('');
  return page(200, nonce, "'self'", 'Simulated 3-D Secure challenge', `<p>Order <strong>${escapeHtml(order.id)}</strong>: ${escapeHtml(record.currency)} ${formatAmount(record.amount ?? 0n)}. The issuer asks the payer to confirm this payment.</p>
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
function returnTarget(baseUrl: string, url: string): { action: string; formTargets: string } {
  if (baseUrl !== '' && url.startsWith(`${baseUrl}/`)) return { action: `../../..${url.slice(baseUrl.length)}`, formTargets: "'self'" };
  return { action: url, formTargets: /^https?:\/\/[^/?#]+/.exec(url)?.[0] ?? "'none'" };
}

/** The browser goes back to the merchant by a POST, carrying the ids to look the result up with. */
function returnToMerchant(ctx: SimContext, nonce: string, order: OrderRecord, record: AuthenticationRecord, recommendation: string): SimResponse {
  const { action, formTargets } = returnTarget(ctx.baseUrl, record.redirectResponseUrl ?? '');
  const fields: Record<string, string> = {
    'order.id': order.id, 'transaction.id': record.id, 'response.gatewayRecommendation': recommendation, result: record.transStatus === 'Y' || record.transStatus === 'A' ? 'SUCCESS' : 'FAILURE',
  };
  const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
  return page(200, nonce, formTargets, 'Returning to the merchant', `<p id="status">Authentication finished: <strong>${escapeHtml(record.transStatus ?? '')}</strong>.</p>
<form id="returnForm" method="post" action="${escapeHtml(action)}">${inputs}<button type="submit">Continue to the merchant</button></form>
<script nonce="${nonce}">document.getElementById('returnForm').submit();</script>`);
}

export function challengePage(ctx: SimContext, orders: OrderStore, where: ChallengeLocation | undefined, req: SimRequest, action: string | undefined, token: string): SimResponse {
  const order = where ? orders.get(where.merchant.merchantId, where.orderId) : undefined;
  const record = where ? order?.authentications?.get(where.transactionId) : undefined;
  if (!where || !order || !record || record.stage !== 'challenge') return notFoundPage();
  const nonce = randomBytes(16).toString('base64');
  if (action === undefined && (req.method === 'GET' || req.method === 'POST')) return challengeForm(nonce, order, record, token);
  if (action !== 'complete' || req.method !== 'POST') return page(405, nonce, "'none'", 'Not allowed', '<p>Open the challenge page, then submit its form.</p>');
  const chosen = new URLSearchParams(req.rawBody.toString('utf8')).get('outcome') ?? '';
  const letter = CHALLENGE_CHOICES[chosen];
  if (!letter) return page(400, nonce, "'self'", 'Unknown choice', `<p>Choose one of ${Object.keys(CHALLENGE_CHOICES).map(escapeHtml).join(', ')}.</p>`);
  record.stage = 'done';
  record.transStatus = letter;
  record.timeOfRecord = ctx.now().toISOString();
  order.lastUpdatedTime = record.timeOfRecord;
  const body = authenticationResponse(where.merchant.merchantId, order, record, ctx.baseUrl, record.version);
  notifyOrderChange({ ctx, merchant: where.merchant }, order, jsonText(body));
  return returnToMerchant(ctx, nonce, order, record, STATUS_OUTCOME[letter].recommendation);
}

export { CHALLENGE_PAGE_PREFIX };
