/**
 * Every page the simulator serves a payer's browser, over loopback: each answer that is HTML carries
 * the strict Content-Security-Policy (nothing runs but what the page's nonce allows, forms post only
 * where the page says), and no link, form action or redirect a page produces can be javascript:,
 * data: or another scheme, whatever an API caller sent. The cases reach every page prefix the server
 * routes, so a new kind of page fails here until it is listed.
 */
import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import { SIMULATOR_PAGE_PREFIXES } from '../../../src/simulator/server';
import type { SimulatorHandle } from '../../../src/simulator';
import { SIMULATOR_DEFAULTS } from '../../../src/simulator';
import { basicAuth, field, gatewayPut, MID, send, useSimulator, type Answer } from './helpers';

const HOSTILE = `"><img src=x onerror=alert(1)><script>alert(2)</script>'`;
const SHOP = 'https://shop.example/back?from=sim&x=%22%3E%3Cimg%20src=x%3E';

interface Seen {
  what: string;
  url: string;
  answer: Answer;
}

/** The attribute values of href, action and src in the page, as the browser reads them (entities decoded). */
function urlsIn(html: string): string[] {
  return [...html.matchAll(/\b(?:href|action|src|formaction)\s*=\s*"([^"]*)"/gi)].map((m) => (m[1] ?? '').replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&'));
}

function assertSafePage(seen: Seen): void {
  const { answer, what } = seen;
  const type = String(answer.headers['content-type'] ?? '');
  const csp = String(answer.headers['content-security-policy'] ?? '');
  if (answer.status === 303) {
    const location = String(answer.headers['location'] ?? '');
    assert.match(location, /^(https?:\/\/|\.\.?\/|[A-Za-z0-9_-])/, `${what}: redirect to ${location}`);
    assert.doesNotMatch(location, /^[A-Za-z][A-Za-z0-9+.-]*:(?!\/\/)|^(?!https?:)[A-Za-z][A-Za-z0-9+.-]*:/i, `${what}: redirect to another scheme: ${location}`);
    return;
  }
  if (!type.startsWith('text/html')) return;
  assert.match(csp, /default-src 'none'/, `${what} (${seen.url}): no strict CSP: ${csp}`);
  assert.match(csp, /base-uri 'none'/, `${what}: ${csp}`);
  assert.match(csp, /form-action /, `${what}: ${csp}`);
  assert.match(csp, /frame-ancestors /, `${what}: ${csp}`);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*\s*;|data:/, `${what}: ${csp}`);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const html = answer.text;
  for (const tag of html.matchAll(/<(style|script)\b([^>]*)>/gi)) {
    assert.ok(nonce !== undefined && (tag[2] ?? '').includes(`nonce="${nonce}"`), `${what}: a <${tag[1]}> without the page's nonce: ${tag[0]}`);
  }
  assert.doesNotMatch(html, /<[a-z][^>]*\son[a-z]+\s*=/i, `${what}: an inline event handler`);
  assert.doesNotMatch(html, /<img|<script>alert/i, `${what}: markup from the request reached the page`);
  for (const url of urlsIn(html)) {
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
    assert.ok(scheme === undefined || scheme === 'http' || scheme === 'https', `${what}: a link to ${url}`);
  }
}

describe('simulator pages: strict CSP on every page, no link to another scheme', function () {
  this.timeout(30_000);
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });
  const gatewayBase = (): string => `${sim.baseUrl}/api/rest/version/100/merchant/${MID}`;
  const seen: Seen[] = [];

  async function page(what: string, url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Answer> {
    const answer = await send(agent, url, {
      method: init.method ?? 'GET',
      ...(init.form ? { body: new URLSearchParams(init.form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
    });
    seen.push({ what, url, answer });
    return answer;
  }

  it('browser payment: provider page, its buttons, the finished page, the return page and their errors', async () => {
    const initiated = await gatewayPut(agent, sim.baseUrl, 100, 'PAGES-BP', 'bp', {
      apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { amount: '5.00', currency: 'EUR', reference: HOSTILE.slice(0, 40) },
      sourceOfFunds: { type: 'WALLET_A' }, browserPayment: { operation: 'PAY', returnUrl: SHOP },
    });
    assert.equal(initiated.status, 201, initiated.text);
    const provider = String(field(initiated.json, 'browserPayment.redirectUrl'));
    await page('provider page', provider);
    const pay = await page('provider Pay', `${provider}/return`, { method: 'POST', form: { outcome: 'approve' } });
    assert.equal(pay.status, 303);
    assert.equal(pay.headers['location'], SHOP);
    const finished = await page('finished provider page', provider);
    assert.match(finished.text, /Back to the merchant/);
    await page('provider page, wrong method', provider, { method: 'PUT' });
    await page('provider page, unknown token', `${sim.baseUrl}/_simulator/browser-payment/nope`);
    await page('return page', `${sim.baseUrl}/_simulator/browser-payment/returned/${MID}/PAGES-BP`);
    await page('return page, unknown order', `${sim.baseUrl}/_simulator/browser-payment/returned/${MID}/${encodeURIComponent(HOSTILE)}`);
  });

  it('a return URL with an international host and non-ASCII characters: the page and its CSP load, Pay redirects to the URL encoded', async () => {
    const initiated = await gatewayPut(agent, sim.baseUrl, 100, 'PAGES-IDN', 'bp', {
      apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { type: 'WALLET_A' },
      browserPayment: { operation: 'PAY', returnUrl: 'https://bücher.例え.jp/zurück?preis=€5' },
    });
    assert.equal(initiated.status, 201, initiated.text);
    const provider = String(field(initiated.json, 'browserPayment.redirectUrl'));
    const shown = await page('provider page, IDN return', provider);
    assert.equal(shown.status, 200, shown.text);
    assert.match(String(shown.headers['content-security-policy']), /form-action 'self' https:\/\/xn--bcher-kva\.xn--r8jz45g\.jp;/);
    const pay = await page('provider Pay, IDN return', `${provider}/return`, { method: 'POST', form: { outcome: 'approve' } });
    assert.equal(pay.status, 303, pay.text);
    assert.equal(pay.headers['location'], 'https://xn--bcher-kva.xn--r8jz45g.jp/zur%C3%BCck?preis=%E2%82%AC5');
  });

  it('a web page cannot plan faults: POST /_simulator/faults takes application/json only (a cross-site form cannot send it without a preflight)', async () => {
    const forged = await send(agent, `${sim.controlUrl}/faults`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"fault":"status=503"}' });
    assert.equal(forged.status, 415, forged.text);
    assert.deepEqual(field((await send(agent, `${sim.controlUrl}/faults`)).json, 'plan'), null);
  });

  it('a return URL of another scheme is refused by the catalogue rule, so no page can link to it', async () => {
    for (const returnUrl of ['javascript://shop.example/%0Aalert(document.domain)', 'JAVASCRIPT://x/%0aalert(1)', 'data://text/html,<script>alert(1)</script>', 'vbscript://x/msgbox', 'http://[oops', 'https://']) {
      const refused = await gatewayPut(agent, sim.baseUrl, 100, `PAGES-JS-${returnUrl.length}`, 'bp', {
        apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { type: 'WALLET_A' }, browserPayment: { operation: 'PAY', returnUrl },
      });
      assert.equal(refused.status, 400, `${returnUrl}: ${refused.text}`);
      assert.equal(field(refused.json, 'error.field'), 'browserPayment.returnUrl', refused.text);
    }
    const v16 = await gatewayPut(agent, sim.baseUrl, 16, 'PAGES-JS-16', 'bp', {
      apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { type: 'WALLET_A' },
      browserPayment: { returnUrl: 'javascript://shop.example/%0Aalert(1)', walleta: { operation: 'PAY', paymentConfirmation: 'CONFIRM_AT_PROVIDER' } },
    });
    assert.equal(field(v16.json, 'error.field'), 'browserPayment.returnUrl', v16.text);
  });

  it('financing: the session page, its decision, and its errors; redirect_url takes http(s) only', async () => {
    const login = await send(agent, `${sim.baseUrl}/api/online/login`, { method: 'POST', body: { email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword } });
    const bearer = { authorization: `Bearer ${String(field(login.json, 'access_token'))}` };
    const cart = { products: [{ name: HOSTILE, price: 5000, quantity: 1 }], external_id: 7 };
    const bad = await send(agent, `${sim.baseUrl}/api/online/offers?selectFirst=true`, { method: 'POST', headers: bearer, body: { ...cart, redirect_url: 'javascript://x/%0Aalert(1)' } });
    assert.equal(bad.status, 400, bad.text);
    assert.match(String(field(bad.json, 'message')), /^redirect_url:/);
    const offers = await send(agent, `${sim.baseUrl}/api/online/offers?selectFirst=true`, { method: 'POST', headers: bearer, body: { ...cart, redirect_url: SHOP } });
    const sessionUrl = String(field(offers.json, 'data.sessionUrl'));
    await page('financing page', sessionUrl);
    await page('financing, unknown decision', `${sessionUrl}/decision`, { method: 'POST', form: { status: HOSTILE } });
    const decided = await page('financing decision', `${sessionUrl}/decision`, { method: 'POST', form: { status: 'Disbursed' } });
    assert.equal(decided.headers['location'], SHOP);
    await page('financing page, decided', sessionUrl);
    await page('financing page, wrong method', sessionUrl, { method: 'PUT' });
    await page('financing page, unknown', `${sim.baseUrl}/_simulator/financing/nope`);
  });

  it('3-D Secure challenge: the challenge, its errors and the page that posts the payer back', async () => {
    const card = { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' } } } };
    const init = await gatewayPut(agent, sim.baseUrl, 100, 'PAGES-3DS', 'auth', { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { channel: 'PAYER_BROWSER' }, order: { currency: 'EUR' }, sourceOfFunds: card });
    assert.equal(init.status, 200, init.text);
    const asked = await gatewayPut(agent, sim.baseUrl, 100, 'PAGES-3DS', 'auth', { apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: SHOP }, order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: card });
    const challengeUrl = /action="([^"]+)"/.exec(String(field(asked.json, 'authentication.redirect.html')))?.[1]?.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
    assert.ok(challengeUrl, asked.text);
    await page('challenge page', challengeUrl);
    await page('challenge, unknown choice', `${challengeUrl}/complete`, { method: 'POST', form: { outcome: HOSTILE } });
    await page('challenge, wrong method', challengeUrl, { method: 'PUT' });
    const back = await page('challenge, back to the merchant', `${challengeUrl}/complete`, { method: 'POST', form: { outcome: 'authenticated' } });
    assert.match(String(back.headers['content-security-policy']), /form-action https:\/\/shop\.example(;| )/);
    await page('challenge, finished', challengeUrl);
    const refused = await gatewayPut(agent, sim.baseUrl, 100, 'PAGES-3DS-2', 'auth', { apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: 'javascript://shop.example/%0Aalert(1)' }, order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: card });
    assert.equal(field(refused.json, 'error.field'), 'authentication.redirectResponseUrl', refused.text);
  });

  it('Hosted Checkout: the payment page, its problems, cancel, a used page, the way back after a challenge', async () => {
    const checkout = async (orderId: string): Promise<string> => {
      const answer = await send(agent, `${gatewayBase()}/session`, {
        method: 'POST', headers: { authorization: basicAuth() },
        body: { apiOperation: 'INITIATE_CHECKOUT', interaction: { operation: 'PURCHASE', returnUrl: SHOP, cancelUrl: SHOP, merchant: { name: HOSTILE.slice(0, 40) } }, order: { id: orderId, amount: '5.00', currency: 'EUR', description: HOSTILE } },
      });
      assert.equal(answer.status, 201, answer.text);
      return `${sim.baseUrl}/_simulator/checkout/${String(field(answer.json, 'session.id'))}`;
    };
    const first = await checkout('PAGES-HCO-1');
    await page('checkout page', first);
    await page('checkout, card problem', `${first}/pay`, { method: 'POST', form: { cardNumber: HOSTILE, expiryMonth: '1', expiryYear: '39' } });
    await page('checkout, wrong method', first, { method: 'PUT' });
    await page('checkout cancel', `${first}/cancel`, { method: 'POST', form: {} });
    await page('checkout, used page', first);
    await page('checkout, unknown session', `${sim.baseUrl}/_simulator/checkout/SESSION0002${'X'.repeat(20)}`);
    const second = await checkout('PAGES-HCO-2');
    const toChallenge = await page('checkout pay, challenge card', `${second}/pay`, { method: 'POST', form: { cardNumber: '5123450000000008', expiryMonth: '1', expiryYear: '39' } });
    assert.equal(toChallenge.status, 303, toChallenge.text);
    const challengeUrl = new URL(String(toChallenge.headers['location']), `${second}/pay`).toString();
    const back = await page('checkout challenge, back', `${challengeUrl}/complete`, { method: 'POST', form: { outcome: 'authenticated' } });
    const action = /action="([^"]+)"/.exec(back.text)?.[1] ?? '';
    await page('checkout, way back to the merchant', new URL(action.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))), `${challengeUrl}/complete`).toString(), { method: 'POST', form: {} });
  });

  it('every page answered above carries the strict CSP and links only to http(s) or relative URLs; every page prefix was visited', () => {
    for (const prefix of SIMULATOR_PAGE_PREFIXES) {
      assert.ok(seen.some((s) => new URL(s.url).pathname.startsWith(prefix)), `no case opens a page under ${prefix}`);
    }
    assert.ok(seen.filter((s) => String(s.answer.headers['content-type']).startsWith('text/html')).length >= 20, `${seen.length} answers`);
    for (const s of seen) assertSafePage(s);
  });
});
