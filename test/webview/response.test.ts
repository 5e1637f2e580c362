import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { exampleBody } from '../../src/catalogue';
import { VIEW_BODY_CAP, type ExchangeView } from '../../src/features/response/protocol';
import { toExchangeView } from '../../src/features/response/host/exchangeView';
import type { Exchange } from '../../src/send/exchange';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { startTap } from '../../src/tap';
import { SimulatorSender } from '../harness/simulatorSender';
import { launchBrowser } from '../harness/browser';
import { makeExchange, withResponseText } from '../harness/exchanges';
import { REDIRECT_HTML, SUBMITTED_WITH_PAGE } from '../harness/browserPaymentPage';
import { openWebview, type OpenWebview } from '../harness/webviewPage';

let orders = 0;
const orderParams = () => ({ orderId: `ORD-WV-${Date.now()}-${++orders}`, transactionId: 'TXN-1' });

function authorizeBody(card: { month?: string; year?: string; amount?: string } = {}): Record<string, unknown> {
  const body = structuredClone(exampleBody('gateway.authorize') ?? {}) as { order: Record<string, unknown>; sourceOfFunds: { provided: { card: { expiry: Record<string, string> } } } };
  if (card.amount !== undefined) body.order['amount'] = card.amount;
  if (card.month !== undefined) body.sourceOfFunds.provided.card.expiry['month'] = card.month;
  if (card.year !== undefined) body.sourceOfFunds.provided.card.expiry['year'] = card.year;
  return body;
}

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';

describe('response panel webview (Chromium)', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  let sender: SimulatorSender;
  let browser: Browser;
  let w: OpenWebview;
  let page: Page;
  let approved: Exchange;

  /** Shows an exchange and waits until the panel rendered it. */
  async function show(view: ExchangeView): Promise<void> {
    await w.send({ type: 'show', exchange: view });
    await page.waitForFunction((id) => (globalThis as unknown as { __pwHost: { state: { exchangeId?: string } | null } }).__pwHost.state?.exchangeId === id, view.id);
  }

  async function text(selector: string): Promise<string> {
    return page.locator(selector).innerText();
  }

  before(async () => {
    sim = await startSimulator({ port: 0 });
    sender = new SimulatorSender(sim);
    browser = await launchBrowser();
    w = await openWebview('response', { browser });
    page = w.page;
    approved = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorizeBody() });
  });

  afterEach(async () => {
    assert.deepEqual(await w.cspViolations(), [], 'no CSP violation and no page error');
  });

  after(async () => {
    await w?.close();
    await browser?.close();
    await sender?.close();
    await sim?.close();
  });

  it('says it is ready, then waits for the response', async () => {
    const first = (await w.posted())[0];
    assert.deepEqual(first, { type: 'ready' });
    assert.match(await text('#status'), /waiting/i);
  });

  it('shows an approval: the verdict, the gatewayCode with its meaning and next step, the facts of the exchange', async () => {
    await show(toExchangeView(approved));
    assert.equal(await page.locator('#verdict').getAttribute('data-tone'), 'success');
    assert.match(await text('#verdict'), /Approved/);
    const code = await text('[data-section="outcome"] [data-field="gatewayCode"]');
    assert.match(code, /APPROVED/);
    assert.match(code, /The transaction was approved\./);
    // The default simulator merchant captures on Authorize (transaction PAYMENT): the money is taken.
    assert.match(code, /Next: The money is taken \(authorized and captured at once\): fulfil the order/);
    assert.match(await text('[data-section="outcome"] [data-field="acquirerMessage"]'), /^Approved$/);
    assert.match(await text('.exchange-header'), /Authorize v100/);
    assert.match(await text('.exchange-header'), /test\s+Local simulator/);
    assert.match(await text('[data-section="timing"] [data-field="status"]'), /^201$/);
    assert.match(await text('[data-section="timing"] [data-field="totalMs"]'), /^\d+ ms$/);
    assert.match(await text('[data-section="timing"] [data-field="ttfbMs"]'), /^\d+ ms$/);
    // No billing street was sent: the real answer carries no AVS result, so the panel shows none.
    assert.equal(await page.locator('[data-section="avs"] [data-field="avs"]').count(), 0);
    assert.match(await text('[data-section="csc"] [data-field="csc"]'), /MATCH.*matched/s);
    assert.match(await text('[data-section="order"]'), /Total captured\s+10\.00 USD/);
    assert.match(await text('[data-section="transaction"]'), /Authorization code\s+\d{6}/);
    assert.match(await text('[data-section="card"] [data-field="card.number"]'), /^512345x+0008$/);
    assert.match(await text('[data-section="record"]'), /TESTSIMULATOR01/);
    for (const absent of ['error', 'failure', 'offers', 'browserPayment', 'threeDSecure']) {
      assert.equal(await page.locator(`[data-section="${absent}"]`).count(), 0, `no ${absent} section without data`);
    }
    assert.deepEqual(await w.state(), { exchangeId: approved.id });
  });

  it('shows the risk assessment: ACCEPTED, the review decision, the score and each rule', async () => {
    await show(toExchangeView(approved));
    assert.match(await text('[data-section="risk"] [data-field="risk.gatewayCode"]'), /ACCEPTED.*accepted the order/s);
    assert.match(await text('[data-section="risk"] [data-field="risk.review"]'), /NOT_REQUIRED/);
    assert.equal(await text('[data-section="risk"] [data-field="risk.score"]'), '10');
    const rules = page.locator('[data-section="risk"] .risk-rule');
    assert.equal(await rules.count(), 1);
    const rule = await rules.first().innerText();
    for (const part of ['MSO_BIN_RANGE', 'MSO_RULE', 'NO_ACTION', 'recommends no action', '10', '512345']) assert.ok(rule.includes(part), `rule row shows ${part}: ${rule}`);
  });

  it('shows a decline with its tone and the acquirer’s words', async () => {
    const declined = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorizeBody({ month: '5', year: '39' }) });
    assert.equal(declined.decoded?.outcome?.gatewayCode?.code, 'DECLINED');
    await show(toExchangeView(declined));
    assert.equal(await page.locator('#verdict').getAttribute('data-tone'), declined.decoded?.verdict.tone);
    assert.notEqual(declined.decoded?.verdict.tone, 'success');
    assert.ok((await text('#verdict')).includes(declined.decoded?.verdict.title ?? '?'));
    assert.match(await text('[data-section="outcome"] [data-field="gatewayCode"]'), /DECLINED/);
    assert.match(await text('[data-section="outcome"] [data-field="result"]'), /FAILURE/);
    assert.equal(await text('[data-section="outcome"] [data-field="acquirerMessage"]'), 'Do not honour');
  });

  it('replaces the previous exchange instead of adding to it', async () => {
    await show(toExchangeView(approved));
    assert.equal(await page.locator('#verdict').count(), 1);
    assert.equal(await page.locator('[data-section="outcome"]').count(), 1);
    assert.match(await text('[data-section="outcome"] [data-field="gatewayCode"]'), /APPROVED/);
  });

  it('explains the error envelope, and "Show field in form" asks the host for that field', async () => {
    const rejected = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorizeBody({ amount: '0.00' }) });
    assert.equal(rejected.decoded?.error?.field, 'order.amount', 'the simulator names the field');
    await show(toExchangeView(rejected));
    const error = page.locator('[data-section="error"]');
    assert.match(await error.locator('[data-field="cause"]').innerText(), /INVALID_REQUEST/);
    assert.match(await error.locator('[data-field="field"]').innerText(), /order\.amount/);
    assert.match(await error.locator('[data-field="validationType"]').innerText(), /INVALID/);
    assert.ok((await error.locator('[data-field="explanation"]').innerText()).length > 0);
    assert.ok((await error.locator('[data-field="whatToFix"]').innerText()).length > 'What to fix: '.length);
    assert.equal(await page.locator('#verdict').getAttribute('data-tone'), 'error');
    const since = (await w.posted()).length;
    await page.locator('#jump-to-field').click();
    assert.deepEqual(await w.waitForPosted('jumpToField', { since }), { type: 'jumpToField', operationId: 'gateway.authorize', path: 'order.amount' });
  });

  it('offers the next steps on the order under the verdict; a click asks the host for that step', async () => {
    await show(toExchangeView(approved));
    const amount = approved.decoded?.order?.totalCapturedAmount ?? '';
    const buttons = page.locator('[data-section="nextSteps"] vscode-button');
    assert.deepEqual(await buttons.allInnerTexts(), [`Refund ${amount} USD…`, `Void payment TXN-1…`, 'Retrieve Order'].map((t) => t.trim()));
    const since = (await w.posted()).length;
    await page.locator('#next-void').click();
    assert.deepEqual(await w.waitForPosted('nextStep', { since }), { type: 'nextStep', index: 1 });
  });

  it('shows Retrieve Order as the order: status verdict, totals, and its transactions oldest first', async () => {
    const read = await sender.send({ operationId: 'gateway.retrieveOrder', params: { orderId: approved.params.orderId ?? '' } });
    await show(toExchangeView(read));
    assert.match(await text('#verdict'), /Order CAPTURED/);
    const rows = await page.locator('table.order-transactions tbody tr').allInnerTexts();
    assert.equal(rows.length, 1);
    assert.match(rows[0] ?? '', /TXN-1\s+PAYMENT\s+[\d.]+ USD\s+SUCCESS\s+APPROVED/);
  });

  it('shows a browser payment’s interaction and "Open redirect URL" asks the host to open it', async () => {
    const initiated = await sender.send({ operationId: 'gateway.initiateBrowserPayment', params: orderParams(), body: exampleBody('gateway.initiateBrowserPayment') });
    const url = initiated.decoded?.browserPayment?.redirectUrl;
    assert.ok(url, 'the simulator answered with a redirect URL');
    await show(toExchangeView(initiated));
    assert.match(await text('[data-section="browserPayment"] [data-field="browserPayment.status"]'), /INITIATED/);
    assert.ok((await text('[data-section="browserPayment"]')).includes(url));
    assert.deepEqual(await page.locator('[data-section="nextSteps"] vscode-button').allInnerTexts(), ['Retrieve Order'], 'after the redirect, Retrieve Order tells the outcome');
    const since = (await w.posted()).length;
    await page.locator('#open-redirect').click();
    assert.deepEqual(await w.waitForPosted('openRedirect', { since }), { type: 'openRedirect', url });
  });

  it('shows a 3-D Secure challenge: the status letter, "Open challenge" asks the host to open the challenge page, Retrieve Transaction stays offered, the flow payer step is shown and copied', async () => {
    const params = orderParams();
    const card = { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' };
    await sender.send({ operationId: 'gateway.initiateAuthentication', params, body: { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { acceptVersions: '3DS2', channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION' }, order: { currency: 'EUR' }, sourceOfFunds: { provided: { card } } } });
    const challenged = await sender.send({ operationId: 'gateway.authenticatePayer', params, body: { apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: 'https://shop.example/3ds-return' }, order: { amount: '42.00', currency: 'EUR' } } });
    const url = challenged.decoded?.authentication?.challengeUrl;
    assert.ok(url?.startsWith(`${sim.baseUrl}/_simulator/3ds-challenge/`), `the challenge page: ${String(url)}`);
    await show(toExchangeView(challenged));
    assert.match(await text('[data-section="authentication"] [data-field="authentication.3ds2.transactionStatus"]'), /^C\b/);
    assert.deepEqual(await page.locator('[data-section="nextSteps"] vscode-button').allInnerTexts(), ["Retrieve Transaction (after the payer's challenge)"]);
    const since = (await w.posted()).length;
    await page.locator('#open-challenge').click();
    assert.deepEqual(await w.waitForPosted('openRedirect', { since }), { type: 'openRedirect', url });
    assert.match(await text('[data-section="authentication"] [data-field="payerStep"]'), /"challenge": "\{\{auth\.response\.authentication\.redirect\.html\}\}"/);
    const beforeCopy = (await w.posted()).length;
    await page.locator('#copy-payer-step').click();
    assert.deepEqual(await w.waitForPosted('copy', { since: beforeCopy }), { type: 'copy', what: 'payerStep' });
  });

  it('lists financing offers and sorts them by instalment both ways, by exact decimal value', async () => {
    await sender.send({ operationId: 'financing.login', body: { email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword } });
    const offered = await sender.send({ operationId: 'financing.offers', body: { products: [{ name: 'Laptop', category: 1, price: 5000, quantity: 1 }] } });
    const offers = offered.decoded?.financing?.offers ?? [];
    assert.ok(offers.length >= 3, `several offers: ${offers.length}`);
    await show(toExchangeView(offered));
    assert.match(await text('[data-section="financing"]'), /Session id/);
    const instalments = () => page.locator('table#offers tbody tr td[data-field="instalment"]').allInnerTexts();
    assert.deepEqual(await instalments(), offers.map((o) => o.instalment ?? ''), 'the order the API sent until a header is clicked');
    const numeric = offers.map((o) => o.instalment ?? '').sort((a, b) => Number(a) - Number(b));
    await page.locator('table#offers th[data-sort="instalment"]').click();
    assert.deepEqual(await instalments(), numeric);
    assert.equal(await page.locator('th[data-sort="instalment"]').getAttribute('aria-sort'), 'ascending');
    await page.locator('table#offers th[data-sort="instalment"]').click();
    assert.deepEqual(await instalments(), [...numeric].reverse());
    assert.equal(await page.locator('th[data-sort="instalment"]').getAttribute('aria-sort'), 'descending');
    await page.locator('table#offers th[data-sort="months"]').click();
    const months = await page.locator('table#offers tbody tr td[data-field="months"]').allInnerTexts();
    assert.deepEqual(months, [...months].sort((a, b) => Number(a) - Number(b)));
  });

  it('sorts figures that floats would call equal by their exact decimal value', async () => {
    const offered = await sender.send({ operationId: 'financing.offers', body: { products: [{ name: 'Laptop', category: 1, price: 5000, quantity: 1 }] } });
    // 0.1 and 0.10000000000000001 are the same double: a float sort would keep the API's order.
    const text = '{"success":true,"message":null,"data":{"sessionID":"SESS-1","offers":[' +
      '{"id":1,"name":"A","installment":0.10000000000000001,"interest":1,"dae":1,"total_credit_amount":1,"credit_period_months":6},' +
      '{"id":2,"name":"B","installment":0.1,"interest":1,"dae":1,"total_credit_amount":1,"credit_period_months":6},' +
      '{"id":3,"name":"C","installment":1e-1,"interest":1,"dae":1,"total_credit_amount":1,"credit_period_months":6}]}}';
    await show(toExchangeView(withResponseText(offered, text)));
    const names = () => page.locator('table#offers tbody tr td[data-field="name"]').allInnerTexts();
    await page.locator('table#offers th[data-sort="instalment"]').click();
    assert.deepEqual(await names(), ['B', 'C', 'A'], '0.1 = 1e-1 (ties keep their order) < 0.10000000000000001');
    await page.locator('table#offers th[data-sort="instalment"]').click();
    assert.deepEqual(await names(), ['A', 'B', 'C']);
  });

  it('copy buttons and "Open in form" ask the host', async () => {
    await show(toExchangeView(approved));
    for (const what of ['request', 'response', 'curl'] as const) {
      const since = (await w.posted()).length;
      await page.locator(`#copy-${what}`).click();
      assert.deepEqual(await w.waitForPosted('copy', { since }), { type: 'copy', what });
    }
    const since = (await w.posted()).length;
    await page.locator('#open-in-form').click();
    assert.deepEqual(await w.waitForPosted('openInForm', { since }), { type: 'openInForm' });
    const raw = await page.locator('#raw-response').textContent();
    assert.match(raw ?? '', /^\{\n {2}"authorizationResponse": \{\n {4}"/, 'the raw response as indented JSON');
    assert.match((await page.locator('#raw-request').textContent()) ?? '', /"apiOperation": "AUTHORIZE"/);
    // A gateway public test card sent to a TEST environment is public data, kept so Re-send works (history/replay.ts);
    // other cards are masked (test/unit/responseView/exchangeView.test.ts).
    assert.match((await page.locator('#raw-request').textContent()) ?? '', /5123450000000008/, 'the public test card is shown as sent');
    assert.equal(await page.locator('#open-in-editor-response').count(), 0, 'a small body is shown whole');
  });

  it('shows a 5 MB body capped, offers the editor, and stays responsive', async () => {
    sim.setFaults({ fault: `huge=${5 * 1024 * 1024}`, count: 1 });
    const huge = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorizeBody(), keepBytes: 6 * 1024 * 1024 });
    const view = toExchangeView(huge);
    const started = Date.now();
    await show(view);
    const rendered = Date.now() - started;
    assert.equal((await page.locator('#raw-response').textContent())?.length, VIEW_BODY_CAP);
    const note = await text('[data-field="response.capped"]');
    assert.match(note, /Showing the first 262,144 characters of 5 MB/);
    assert.ok(await page.locator('#open-in-editor-response').isVisible());
    let since = (await w.posted()).length;
    const clicked = Date.now();
    await page.locator('#open-in-editor-response').click();
    assert.deepEqual(await w.waitForPosted('openInEditor', { since }), { type: 'openInEditor', what: 'response' });
    since = (await w.posted()).length;
    await page.locator('#copy-response').click();
    await w.waitForPosted('copy', { since });
    const handled = Date.now() - clicked;
    assert.ok(handled < 1000, `two clicks handled in ${handled} ms`);
    assert.ok(rendered < 5000, `rendered in ${rendered} ms`);
  });

  it('shows response text as text: markup in acquirerMessage creates no element and runs nothing', async () => {
    const text0 = approved.response?.bodyText ?? '';
    const hostile = withResponseText(approved, text0.replace('"acquirerMessage":"Approved"', `"acquirerMessage":${JSON.stringify(HOSTILE)}`));
    assert.equal(hostile.decoded?.outcome?.acquirerMessage, HOSTILE, 'the decoder passes the message on');
    await show(toExchangeView(hostile));
    assert.equal(await text('[data-section="outcome"] [data-field="acquirerMessage"]'), HOSTILE);
    assert.ok((await text('#verdict')).includes('<script>'), 'the verdict quotes it as text too');
    assert.equal(await page.locator('img').count(), 0, 'no <img> element');
    assert.equal(await page.locator('script:not([nonce])').count(), 0, 'no <script> element');
    assert.equal(await page.locator('[onerror]').count(), 0);
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined, 'nothing ran');
  });

  it('shows a result and codes named after Object.prototype members as unknown, with a tone', async () => {
    const text0 = approved.response?.bodyText ?? '';
    const odd = withResponseText(approved, text0.replace('"result":"SUCCESS"', '"result":"constructor"').replace('"gatewayCode":"APPROVED"', '"gatewayCode":"__proto__"'));
    await show(toExchangeView(odd));
    assert.equal(await page.locator('#verdict').getAttribute('data-tone'), 'warning');
    assert.match(await text('#verdict'), /Result constructor: gateway code __proto__ is not known to this workbench/);
    assert.match(await text('[data-section="outcome"] [data-field="result"]'), /constructor\s+not known to this workbench/);
    assert.match(await text('[data-section="outcome"] [data-field="gatewayCode"]'), /__proto__\s+not known to this workbench/);
    assert.equal(await page.locator('[data-section="outcome"] [data-field="gatewayCode"] [data-known="false"]').count(), 1);
  });

  it('a send refused for lack of a sign-in names the cause and its "Sign In to Financing API" button asks the host', async () => {
    const refused = makeExchange({ operationId: 'financing.offers', operationTitle: 'Offers', response: undefined, decoded: undefined, failure: { kind: 'notSignedIn', message: 'Not signed in to the financing API' } });
    await show(toExchangeView(refused));
    assert.match(await text('#verdict'), /Not signed in to the financing API/);
    assert.doesNotMatch(await text('#verdict'), /Request failed: other/);
    const since = (await w.posted()).length;
    await page.locator('#verdict-action').click();
    assert.deepEqual(await w.waitForPosted('runAction', { since }), { type: 'runAction', action: 'signIn' });
  });

  it('shows a v100 redirectHtml page as text, never live, with "Open in editor"', async () => {
    const page0 = makeExchange({ operationId: 'gateway.initiateBrowserPayment', operationTitle: 'Initiate Browser Payment' });
    const withPage = withResponseText(page0, SUBMITTED_WITH_PAGE);
    await show(toExchangeView(withPage));
    assert.match(await text('#verdict'), /render browserPayment\.redirectHtml/);
    assert.equal(await text('[data-section="browserPayment"] [data-field="browserPayment.redirectHtml"] pre'), REDIRECT_HTML);
    assert.equal(await page.locator('form').count(), 0, 'no live form');
    assert.equal(await page.locator('[onload]').count(), 0);
    const since = (await w.posted()).length;
    await page.locator('#open-redirect-html').click();
    assert.deepEqual(await w.waitForPosted('openInEditor', { since }), { type: 'openInEditor', what: 'redirectHtml' });
  });

  it('shows a failure with no response clearly', async () => {
    sim.setFaults({ fault: 'reset', count: 1 });
    const failed = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorizeBody() });
    assert.ok(failed.failure);
    await show(toExchangeView(failed));
    assert.equal(await page.locator('#verdict').getAttribute('data-tone'), 'error');
    assert.match(await text('#verdict'), new RegExp(`Request failed: ${failed.failure.kind}`));
    assert.match(await text('[data-section="failure"]'), new RegExp(failed.failure.kind));
    assert.match(await text('[data-section="timing"] [data-field="status"]'), /no response/);
    assert.equal(await page.locator('[data-section="outcome"]').count(), 0);
    assert.equal(await page.locator('#raw-response').count(), 0);
    assert.equal(await page.locator('#copy-response').count(), 0);
    assert.equal(await page.locator('#copy-request').count(), 1, 'what was sent can still be copied');
  });

  it('puts notices in the status line and ignores a malformed host message', async () => {
    await w.send({ type: 'notice', text: 'Copied the response.' });
    const status = page.locator('#status');
    await status.filter({ hasText: 'Copied the response.' }).waitFor();
    await w.send({ type: 'show', exchange: { id: 'x' } });
    await w.send({ type: 'notice', text: 'still alive' });
    await status.filter({ hasText: 'still alive' }).waitFor();
    assert.equal(await status.innerText(), 'still alive');
    assert.equal(await page.locator('#verdict').count(), 1, 'the shown exchange stays');
  });

  it('marks a live environment', async () => {
    await show({ ...toExchangeView(approved), id: 'live-1', environment: { id: 'prod', name: 'Production', live: true } });
    assert.equal(await page.locator('.env-badge').innerText(), 'LIVE');
    assert.equal(await page.locator('.environment').getAttribute('data-live'), 'true');
  });

  it("a call the Gateway Tap saw: its request's problems under their fields, each field one click from the form", async () => {
    const tap = await startTap({ upstream: { url: sim.baseUrl, environment: { id: 'local-simulator', name: 'Local simulator', live: false } } });
    try {
      const body = authorizeBody();
      (body.order as Record<string, unknown>)['reference'] = 'x'.repeat(41);
      const { orderId } = orderParams();
      const answer = await fetch(`${tap.url}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/${orderId}/transaction/TXN-1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64')}` },
        body: JSON.stringify(body),
      });
      await answer.arrayBuffer();
      const deadline = Date.now() + 10_000;
      while (tap.calls().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const [call] = tap.calls();
      assert.ok(call, 'the tap captured the call');
      const problem = call.problems.find((p) => p.path === 'order.reference');
      assert.ok(problem, `the tap found order.reference too long: ${JSON.stringify(call.problems)}`);
      await show(toExchangeView(call.exchange));
      assert.match(await text('.exchange-header [data-field="seenBy"]'), /seen by the Gateway Tap/);
      const section = page.locator('[data-section="requestProblems"]');
      assert.match((await section.locator('h2').textContent()) ?? '', /^Request problems: \d+ errors?/);
      assert.match(await section.innerText(), /at version 100/);
      const row = section.locator('.request-problem[data-path="order.reference"]');
      assert.equal(await row.getAttribute('data-severity'), problem.severity);
      assert.equal(await row.locator('[data-field="path"] code').innerText(), 'order.reference');
      assert.equal(await row.locator('[data-field="message"]').innerText(), problem.message);
      const since = (await w.posted()).length;
      await row.locator('vscode-button').click();
      assert.deepEqual(await w.waitForPosted('jumpToField', { since }), { type: 'jumpToField', operationId: 'gateway.authorize', path: 'order.reference' });
    } finally {
      await tap.close();
    }
  });

  it('request problems from the wire are text, never markup; a body that is not JSON has no field to jump to; a sent request shows none', async () => {
    const tapped: Exchange = { ...approved, id: 'tap-hostile', seenBy: 'tap', requestProblems: [
      { path: '', severity: 'error', message: 'the body is not JSON: the gateway reads JSON request bodies (this call is shown as text)' },
      { path: 'order.description', severity: 'warning', message: HOSTILE },
    ] };
    await show(toExchangeView(tapped));
    const section = page.locator('[data-section="requestProblems"]');
    assert.equal(await section.locator('h2').textContent(), 'Request problems: 1 error, 1 warning');
    const body = section.locator('.request-problem[data-path=""]');
    assert.equal(await body.locator('[data-field="path"]').innerText(), '(the body)');
    assert.equal(await body.locator('vscode-button').count(), 0);
    assert.equal(await section.locator('.request-problem[data-severity="warning"] [data-field="message"]').innerText(), HOSTILE);
    assert.equal(await section.locator('img, script').count(), 0);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined, 'nothing ran');
    await show(toExchangeView(approved));
    assert.equal(await page.locator('[data-section="requestProblems"]').count(), 0);
    assert.equal(await page.locator('[data-field="seenBy"]').count(), 0);
  });
});
