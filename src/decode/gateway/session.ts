import { SESSION_UPDATE_STATUSES } from '../../catalogue/codes';
import { maskCardNumber } from '../../redaction';
import { BodyView, definedOnly } from '../bodyView';
import { explainCode } from '../explain';
import type { DecodedSession, Verdict } from '../types';

const CARD_NUMBER = ['sourceOfFunds', 'provided', 'card', 'number'];

/** What a session holds, in a few words: "card 512345xxxxxx0008, 12.00 EUR". */
function heldSummary(view: BodyView): string {
  const number = view.text(CARD_NUMBER);
  const amount = view.text(['order', 'amount']);
  const currency = view.text(['order', 'currency']);
  const parts = [
    number !== undefined ? `card ${maskCardNumber(number)}` : undefined,
    amount !== undefined ? `${amount}${currency ? ` ${currency}` : ''}` : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(', ') : 'no card and no amount';
}

function createdVerdict(view: BodyView, session: DecodedSession): Verdict {
  const limit = view.text(['session', 'authenticationLimit']);
  const asPassword = limit !== undefined ? ` Up to ${limit} operations may use the session id as the password (session authentication, from the payer's browser or app).` : '';
  return {
    tone: 'success',
    title: 'Session created',
    detail: `Session ${session.id ?? ''} holds nothing yet (updateStatus NO_UPDATE). Fill it with Update Session (or the Hosted Session script in the payer's browser), then pay, authorize, verify or save the card with session.id. A session lasts about 15 minutes.${asPassword}`,
  };
}

/**
 * The simulator serves the payment page itself, beside its API (src/simulator/gateway/hostedCheckout.ts,
 * CHECKOUT_PAGE_PREFIX; the decoder sits below the simulator, so the path is spelt here): on a loopback
 * gateway, keeping any path prefix before /api/rest/. A real gateway's page opens through checkout.js.
 */
function simulatorPage(requestUrl: string | undefined, sessionId: string): string | undefined {
  // A session id is a short token (SESSION0002…); anything else is not a page worth a button.
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(sessionId)) return undefined;
  const base = /^(http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?(?:\/[^?#\s]*?)?)\/api\/rest\//.exec(requestUrl ?? '')?.[1];
  return base !== undefined && base.length <= 2048 ? `${base}/_simulator/checkout/${encodeURIComponent(sessionId)}` : undefined;
}

/** Initiate Checkout: where the payer pays, and how to tell afterwards whether they did ("Interpreting the Response"). */
function checkoutVerdict(view: BodyView, session: DecodedSession): Verdict {
  const indicator = view.text(['successIndicator']) ?? view.text(['order', 'successIndicator']);
  // The page's address stays in the words too: the CLI and the text view have no button.
  const open = session.paymentPageUrl
    ? `Open Payment Page shows the simulator's payment page for this session, ${session.paymentPageUrl}; on a real gateway your page loads checkout.js, calls Checkout.configure({ session: { id } }) and Checkout.showPaymentPage().`
    : `Open Payment Page: your page loads checkout.js, calls Checkout.configure({ session: { id: '${session.id ?? ''}' } }) and Checkout.showPaymentPage().`;
  const check = indicator
    ? `Check the result: the payer comes back to returnUrl with resultIndicator; it equals successIndicator ${indicator} only when the payment succeeded. Then Retrieve Order to confirm.`
    : 'The answer has no successIndicator: check the result with Retrieve Order.';
  return { tone: 'success', title: 'Checkout session ready', detail: `${open} ${check}` };
}

export function decodeSession(view: BodyView, operationId = '', requestUrl?: string): { session: DecodedSession; verdict: Verdict } {
  const status = view.at(['session', 'updateStatus']);
  const session: DecodedSession = definedOnly({
    id: view.text(['session', 'id']),
    updateStatus: status !== undefined ? explainCode(SESSION_UPDATE_STATUSES, status) : undefined,
    version: view.text(['session', 'version']),
  });
  if (operationId === 'gateway.initiateCheckout') {
    const page = session.id ? simulatorPage(requestUrl, session.id) : undefined;
    const withPage: DecodedSession = page ? { ...session, paymentPageUrl: page } : session;
    return { session: withPage, verdict: checkoutVerdict(view, withPage) };
  }
  if (operationId === 'gateway.createSession' && status === 'NO_UPDATE') return { session, verdict: createdVerdict(view, session) };
  if (operationId === 'gateway.retrieveSession') {
    return { session, verdict: { tone: 'info', title: 'Session read', detail: `The session holds ${heldSummary(view)}; the card number is masked and the security code is never returned.` } };
  }
  const s = session.updateStatus;
  if (s === undefined) {
    return { session, verdict: { tone: 'info', title: 'Session answered', detail: 'The session was returned without an updateStatus.' } };
  }
  const tone = s.category === 'ok' ? 'success' : s.category === 'failed' ? 'error' : s.known ? 'info' : 'warning';
  const title = s.code === 'SUCCESS' ? 'Session updated' : `Session update: ${s.code}`;
  const holds = s.code === 'SUCCESS' && view.has(['merchant']) ? ` It now holds ${heldSummary(view)}.` : '';
  return { session, verdict: { tone, title, detail: `${s.meaning}${holds} ${s.nextStep ?? ''}`.trim() } };
}
