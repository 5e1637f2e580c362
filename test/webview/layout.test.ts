/**
 * The panels at the widths people give them (a narrow side panel, half an editor, a wide editor), in
 * a real Chromium with the extension's CSP and theme: nothing wider than the panel (a table scrolls
 * inside its own box), a rule name never broken inside a word, labels instead of camelCase ids, and
 * one time format. Screenshots of each go to test-artifacts/screenshots/layout-*.png.
 */
import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { exampleBody } from '../../src/catalogue';
import { decodeResponse } from '../../src/decode';
import { toExchangeView } from '../../src/features/response/host/exchangeView';
import type { ExchangeView } from '../../src/features/response/protocol';
import type { FormState } from '../../src/features/form/protocol';
import type { Exchange } from '../../src/send/exchange';
import { startSimulator, type SimulatorHandle } from '../../src/simulator';
import { launchBrowser, screenshot } from '../harness/browser';
import { REDIRECT_HTML, SUBMITTED_WITH_PAGE } from '../harness/browserPaymentPage';
import { withResponseText } from '../harness/exchanges';
import { SimulatorSender } from '../harness/simulatorSender';
import { openWebview, type OpenWebview } from '../harness/webviewPage';

const WIDTHS = [320, 600, 1200] as const;
const ENVIRONMENTS = [{ id: 'sim', name: 'Local simulator', live: false }];

let orders = 0;
const orderParams = () => ({ orderId: `ORD-LAYOUT-${Date.now()}-${++orders}`, transactionId: 'TXN-1' });

function authorizeBody(change: { amount?: string; month?: string; year?: string } = {}): Record<string, unknown> {
  const body = structuredClone(exampleBody('gateway.authorize') ?? {}) as { order: Record<string, unknown>; sourceOfFunds: { provided: { card: { expiry: Record<string, string> } } } };
  if (change.amount !== undefined) body.order['amount'] = change.amount;
  if (change.month !== undefined) body.sourceOfFunds.provided.card.expiry['month'] = change.month;
  if (change.year !== undefined) body.sourceOfFunds.provided.card.expiry['year'] = change.year;
  return body;
}

interface Overflow {
  pageWidth: number;
  viewport: number;
  /** Elements cut off by an ancestor that hides what overflows instead of scrolling it. */
  clipped: string[];
}

/** What a user would see as "does not fit": the page scrolls sideways, or a box cuts its content off. */
async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    interface Box { tagName: string; className: string; scrollWidth: number; clientWidth: number; classList: { contains(c: string): boolean }; closest(s: string): unknown }
    const d = globalThis as unknown as { document: { documentElement: Box; querySelectorAll(s: string): ArrayLike<Box> }; innerWidth: number; getComputedStyle(e: Box): { overflowX: string } };
    const clipped: string[] = [];
    for (const e of Array.from(d.document.querySelectorAll('body *'))) {
      const style = d.getComputedStyle(e);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (e.classList.contains('visually-hidden') || e.closest('.visually-hidden')) continue;
      // A text box scrolls a long value under the caret: its text is not cut off.
      if (e.tagName === 'INPUT') continue;
      if (e.scrollWidth > e.clientWidth + 1) clipped.push(`${e.tagName.toLowerCase()}.${e.className} (${e.scrollWidth} > ${e.clientWidth})`);
    }
    return { pageWidth: d.document.documentElement.scrollWidth, viewport: d.innerWidth, clipped };
  });
}

async function assertFits(page: Page, what: string): Promise<void> {
  const o = await overflowOf(page);
  assert.ok(o.pageWidth <= o.viewport, `${what}: the page is ${o.pageWidth} px wide in a ${o.viewport} px panel`);
  assert.deepEqual(o.clipped, [], `${what}: nothing cut off`);
  const tables = await page.locator('table').evaluateAll((all) => all.flatMap((t) => {
    const box = t.parentElement;
    if (!box || t.scrollWidth <= box.clientWidth + 1) return [];
    const scrolls = ['auto', 'scroll'].includes((globalThis as unknown as { getComputedStyle(e: unknown): { overflowX: string; overflowWrap: string; wordBreak: string } }).getComputedStyle(box).overflowX);
    return scrolls ? [] : [`${t.className}: ${t.scrollWidth} px in a ${box.clientWidth} px box`];
  }));
  assert.deepEqual(tables, [], `${what}: a table wider than its box scrolls inside it`);
}

/** Line boxes of each matching inline element: a word broken letter by letter spreads over many. */
async function linesOf(page: Page, selector: string): Promise<{ text: string; lines: number }[]> {
  return page.locator(selector).evaluateAll((all) => all.map((e) => {
    const tops = new Set(Array.from(e.getClientRects() as ArrayLike<{ top: number }>).map((r) => Math.round(r.top)));
    return { text: e.textContent ?? '', lines: tops.size };
  }));
}

/** Labels a user reads (fact names, column heads): a camelCase id there means a label is missing. */
async function camelCaseLabels(page: Page): Promise<string[]> {
  const labels = await page.locator('dt, th, .field-label, .card-title').allInnerTexts();
  return labels.map((l) => l.trim()).filter((l) => /^[a-z]+[A-Z]/.test(l));
}

describe('panels at 320, 600 and 1,200 px (Chromium)', function () {
  this.timeout(240_000);
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  describe('response panel', () => {
    let sim: SimulatorHandle;
    let sender: SimulatorSender;
    let w: OpenWebview;
    const cases: { name: string; exchange: Exchange }[] = [];

    before(async () => {
      sim = await startSimulator({ port: 0 });
      sender = new SimulatorSender(sim);
      w = await openWebview('response', { browser });
      const approved = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorizeBody() });
      const declined = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorizeBody({ month: '5', year: '39' }) });
      const read = await sender.send({ operationId: 'gateway.retrieveOrder', params: { orderId: approved.params.orderId ?? '' } });
      // Above the simulator's amount limit, the risk rule ORDER_AMOUNT_LIMIT rejects and blocks the payment.
      const blocked = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorizeBody({ amount: '60000.00' }) });
      const invalid = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorizeBody({ amount: '0.00' }) });
      const initiated = await sender.send({ operationId: 'gateway.initiateBrowserPayment', params: orderParams(), body: exampleBody('gateway.initiateBrowserPayment') });
      const checkoutBody = structuredClone(exampleBody('gateway.initiateCheckout') ?? {}) as { order: Record<string, unknown> };
      checkoutBody.order['id'] = `ORD-LAYOUT-CHECKOUT-${Date.now()}`;
      const checkout = await sender.send({ operationId: 'gateway.initiateCheckout', params: {}, body: checkoutBody });
      assert.equal(checkout.response?.status, 201, checkout.response?.bodyText);
      const withPage = withResponseText(initiated, SUBMITTED_WITH_PAGE);
      assert.equal(withPage.decoded?.browserPayment?.redirectHtml, REDIRECT_HTML);
      cases.push(
        { name: 'approval', exchange: approved },
        { name: 'decline', exchange: declined },
        { name: 'retrieve-order', exchange: read },
        { name: 'risk-rejected', exchange: blocked },
        { name: 'invalid-request', exchange: invalid },
        { name: 'browser-payment', exchange: withPage },
        { name: 'initiate-checkout', exchange: checkout },
      );
      assert.equal(blocked.decoded?.risk?.gatewayCode?.code, 'REJECTED', 'the simulator rejects on risk');
    });
    after(async () => {
      await w?.close();
      await sender?.close();
      await sim?.close();
    });
    afterEach(async () => {
      assert.deepEqual(await w.cspViolations(), [], 'no CSP violation and no page error');
    });

    async function show(view: ExchangeView): Promise<void> {
      await w.send({ type: 'show', exchange: view });
      await w.page.waitForFunction((id) => (globalThis as unknown as { __pwHost: { state: { exchangeId?: string } | null } }).__pwHost.state?.exchangeId === id, view.id);
    }

    for (const width of WIDTHS) {
      it(`fits every response in ${width} px, tables scroll in their own box, and says so in screenshots`, async () => {
        await w.page.setViewportSize({ width, height: 900 });
        for (const c of cases) {
          await show(toExchangeView(c.exchange));
          await screenshot(w.page, `layout-response-${c.name}-${width}`, { fullPage: true });
          await assertFits(w.page, `${c.name} at ${width} px`);
        }
      });
    }

    it('Initiate Checkout: its verdict, its Open Payment Page button and every next-step button sit inside the panel at 320, 600 and 1,200 px', async () => {
      const checkout = cases.find((c) => c.name === 'initiate-checkout')?.exchange as Exchange;
      for (const width of WIDTHS) {
        await w.page.setViewportSize({ width, height: 900 });
        await show(toExchangeView(checkout));
        const open = w.page.locator('#open-payment-page');
        assert.equal(await open.count(), 1, 'an Open Payment Page action, as 3-D Secure has Open challenge');
        const boxes = await w.page.locator('#verdict, #verdict .verdict-text, #open-payment-page, .next-steps vscode-button').evaluateAll((all) => all.map((e) => {
          const r = e.getBoundingClientRect();
          return { what: `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}`, left: r.left, right: r.right, width: r.width };
        }));
        const inner = await w.page.evaluate(() => (globalThis as unknown as { document: { documentElement: { clientWidth: number } } }).document.documentElement.clientWidth);
        assert.ok(boxes.length >= 3, JSON.stringify(boxes));
        for (const b of boxes) assert.ok(b.left >= 0 && b.right <= inner + 0.5 && b.width > 0, `${b.what} at ${width} px: ${b.left}–${b.right} in ${inner} px`);
        await assertFits(w.page, `initiate-checkout at ${width} px`);
      }
    });

    it('a crafted Initiate Checkout answer (100,000-character indicator and session id) still fits at 320 px, and offers no page to open', async () => {
      const checkout = cases.find((c) => c.name === 'initiate-checkout')?.exchange as Exchange;
      const huge = 'Z'.repeat(100_000);
      const text = JSON.stringify({ checkoutMode: 'WEBSITE', merchant: 'TESTSIMULATOR01', result: 'SUCCESS', session: { id: `SESSION${huge}<img src=x>`, updateStatus: 'SUCCESS', version: huge }, successIndicator: huge });
      const crafted: Exchange = { ...checkout, id: 'crafted-checkout', response: { ...(checkout.response as NonNullable<Exchange['response']>), bodyText: text, sizeBytes: text.length },
        decoded: decodeResponse({ operationId: checkout.operationId, httpStatus: 201, body: JSON.parse(text) as unknown, rawText: text, requestUrl: checkout.request.url }) };
      await w.page.setViewportSize({ width: 320, height: 900 });
      await show(toExchangeView(crafted));
      await assertFits(w.page, 'crafted checkout at 320 px');
      assert.equal(await w.page.locator('#open-payment-page').count(), 0, 'a session id that is no token gets no page');
      assert.equal(await w.page.locator('img').count(), 0, 'text, never markup');
    });

    it('never breaks a rule name inside a word at 320 px', async () => {
      await w.page.setViewportSize({ width: 320, height: 900 });
      await show(toExchangeView(cases.find((c) => c.name === 'risk-rejected')?.exchange as Exchange));
      const names = await linesOf(w.page, '[data-field="rule.name"] .code');
      assert.ok(names.length >= 2, `the rejected payment shows its rules: ${JSON.stringify(names)}`);
      for (const n of names) assert.ok(n.lines <= 2, `${n.text} spreads over ${n.lines} lines`);
      assert.deepEqual(await w.page.locator('[data-field="rule.name"]').evaluateAll((all) => all.map((e) => {
        const style = (globalThis as unknown as { getComputedStyle(e: unknown): { overflowX: string; overflowWrap: string; wordBreak: string } }).getComputedStyle(e.querySelector('.code') ?? e);
        return style.overflowWrap === 'anywhere' || style.wordBreak === 'break-all';
      })), names.map(() => false), 'a rule name may wrap at its underscores, never between any two letters');
    });

    it('labels each fact: no camelCase id where a label exists', async () => {
      await w.page.setViewportSize({ width: 600, height: 900 });
      for (const c of cases) {
        await show(toExchangeView(c.exchange));
        assert.deepEqual(await camelCaseLabels(w.page), [], `${c.name}: labels, not ids`);
      }
    });

    it('shows when it was sent as 15:02:07 (local time; the date too when not today)', async () => {
      const approved = cases[0]?.exchange as Exchange;
      await show(toExchangeView(approved));
      assert.match(await w.page.locator('[data-field="startedAt"]').innerText(), /^\d{2}:\d{2}:\d{2}$/);
      await show({ ...toExchangeView(approved), id: 'older', startedAt: '2020-02-03T04:05:06.000Z' });
      assert.match(await w.page.locator('[data-field="startedAt"]').innerText(), /^2020-02-0\d \d{2}:\d{2}:06$/);
    });
  });

  describe('operation form', () => {
    const forms: { name: string; state: Partial<FormState> & { operationId: string } }[] = [
      { name: 'authorize', state: { operationId: 'gateway.authorize', version: 11, body: exampleBody('gateway.authorize', 11) as FormState['body'] } },
      { name: 'initiate-browser-payment-v100', state: { operationId: 'gateway.initiateBrowserPayment', version: 100, body: exampleBody('gateway.initiateBrowserPayment', 100) as FormState['body'] } },
      { name: 'retrieve-order', state: { operationId: 'gateway.retrieveOrder', body: {} } },
      { name: 'financing-offers', state: { operationId: 'financing.offers', body: exampleBody('financing.offers') as FormState['body'] } },
    ];
    for (const f of forms) {
      it(`${f.name}: fits at 320, 600 and 1,200 px with its groups open, labels and no camelCase ids`, async () => {
        const w = await openWebview('form', { browser, viewport: { width: 1200, height: 900 } });
        try {
          await w.waitForPosted('ready');
          await w.send({ type: 'init', state: { params: { orderId: 'ORD-1', transactionId: 'TXN-1' }, body: {}, ...f.state }, environments: ENVIRONMENTS });
          await w.page.locator('#send').waitFor();
          await w.waitForPosted('preview');
          const folded = w.page.locator('details.group:not([open])');
          for (let n = await folded.count(); n > 0; n--) await folded.first().locator('.collapsible-header').click();
          for (const width of WIDTHS) {
            await w.page.setViewportSize({ width, height: 900 });
            await screenshot(w.page, `layout-form-${f.name}-${width}`, { fullPage: true });
            await assertFits(w.page, `${f.name} form at ${width} px`);
          }
          assert.deepEqual(await camelCaseLabels(w.page), [], 'labels, not ids');
          assert.deepEqual(await w.cspViolations(), []);
        } finally {
          await w.close();
        }
      });
    }
  });
});
