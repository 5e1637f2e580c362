/**
 * Accessibility of the form and the response panel in a real Chromium, on the extension's own page
 * and CSP: axe-core finds no serious or critical violation on the largest form (in its states: as
 * opened, with problems shown, every group unfolded, a refused Send) and on the response panel
 * showing each kind of answer; and the keyboard does what a keyboard user expects.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { exampleBody, fieldsOf, operations, type OperationId } from '../../src/catalogue';
import type { FormState } from '../../src/features/form/protocol';
import { toExchangeView } from '../../src/features/response/host/exchangeView';
import type { ExchangeView } from '../../src/features/response/protocol';
import type { Exchange } from '../../src/send/exchange';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { launchBrowser } from '../harness/browser';
import { SUBMITTED_WITH_PAGE } from '../harness/browserPaymentPage';
import { makeExchange, withResponseText } from '../harness/exchanges';
import { SimulatorSender } from '../harness/simulatorSender';
import { openWebview, type OpenWebview } from '../harness/webviewPage';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core over the page and returns its serious and critical violations. Its source goes in
 * through the debugging protocol (page.evaluate), not a <script> tag: the page's CSP refuses inline
 * scripts, as VS Code's does.
 */
async function axeFindings(w: OpenWebview): Promise<Finding[]> {
  const { page } = w;
  const before = (await w.cspViolations()).length;
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => `${JSON.stringify(n.target)} ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`) }));
  });
  // axe adds <style> elements of its own (to read shadow stylesheets, to probe what is on top): the
  // CSP refuses them, as it should. Those reports are axe's, not the app's: set aside, and checked to be only that.
  const during = (await w.cspViolations()).slice(before);
  assert.ok(during.every((v) => JSON.stringify(v).includes('"directive":"style-src-elem"') && JSON.stringify(v).includes('"blockedUri":"inline"')), `only axe's own <style> was refused while it ran: ${JSON.stringify(during)}`);
  axeReports.set(w, (axeReports.get(w) ?? 0) + during.length);
  return violations.filter((v) => BLOCKING.has(v.impact));
}

/** How many CSP reports of each page axe caused (see axeFindings). */
const axeReports = new WeakMap<OpenWebview, number>();

/** The page's CSP reports and errors, without those axe caused. */
async function appViolations(w: OpenWebview): Promise<unknown[]> {
  const all = await w.cspViolations();
  const axe = axeReports.get(w) ?? 0;
  // axe's reports come in runs among the others; the check in axeFindings already vouched for them.
  let left = axe;
  return all.filter((v) => {
    const ours = left > 0 && JSON.stringify(v).includes('"directive":"style-src-elem"') && JSON.stringify(v).includes('"blockedUri":"inline"');
    if (ours) left--;
    return !ours;
  });
}

function describeFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.id} (${f.impact}): ${f.help}\n    ${f.targets.slice(0, 8).join('\n    ')}${f.targets.length > 8 ? `\n    … and ${f.targets.length - 8} more` : ''}`).join('\n');
}

async function assertNoSeriousViolations(w: OpenWebview, where: string): Promise<void> {
  const findings = await axeFindings(w);
  assert.equal(findings.length, 0, `axe-core found serious or critical violations ${where}:\n${describeFindings(findings)}`);
}

/** The little of the DOM the page-side checks use (the test project compiles without the DOM library). */
interface PageElement {
  tagName: string;
  id: string;
  textContent: string | null;
  closest(selector: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  getAttribute(name: string): string | null;
  contains(other: unknown): boolean;
}
interface PageDocument {
  activeElement: PageElement | null;
  body: PageElement;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
}
type PageGlobals = { document: PageDocument; getComputedStyle(e: PageElement): { outlineStyle: string; outlineWidth: string; borderColor: string; getPropertyValue(name: string): string } };

interface Stop {
  /** The element's place in document order (all elements, shadow roots aside). */
  order: number;
  what: string;
  /** Whether the focus shows: an outline, or a text box's border in the theme's focusBorder. */
  visible: boolean;
}

/** Presses Tab once and describes where the focus went. */
async function tab(page: Page, key = 'Tab'): Promise<Stop> {
  await page.keyboard.press(key);
  return page.evaluate(() => {
    const view = globalThis as unknown as PageGlobals;
    const doc = view.document;
    const active = doc.activeElement;
    if (!active || active === doc.body) return { order: -1, what: 'body', visible: true };
    const order = [...doc.querySelectorAll('*')].indexOf(active);
    const what = `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}${active.closest('[data-path]') ? ` in ${active.closest('[data-path]')?.getAttribute('data-path') ?? ''}` : ''}`;
    // Web components draw their focus inside their shadow root (the library's own ring).
    if (active.tagName.includes('-')) return { order, what, visible: true };
    const style = view.getComputedStyle(active);
    const hex = view.getComputedStyle(doc.body).getPropertyValue('--vscode-focusBorder').trim().replace('#', '');
    const focusRgb = `rgb(${parseInt(hex.slice(0, 2), 16)}, ${parseInt(hex.slice(2, 4), 16)}, ${parseInt(hex.slice(4, 6), 16)})`;
    const visible = (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.borderColor === focusRgb;
    return { order, what, visible };
  });
}

/** Tabs until `done` says so (at most `limit` presses), returning every stop on the way. */
async function tabUntil(page: Page, done: (stop: Stop) => boolean, limit = 400): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < limit; i++) {
    const stop = await tab(page);
    stops.push(stop);
    if (done(stop)) return stops;
  }
  assert.fail(`the focus never got there in ${limit} presses of Tab; it went: ${stops.slice(-10).map((s) => s.what).join(' → ')}`);
}

/** What the browser tells a screen reader about an element: role, name and expanded state. */
async function accessibleNode(page: Page, selector: string): Promise<{ role?: string; name?: string; expanded?: boolean }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })) as { nodeId: number };
    const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })) as { nodes: { role?: { value: string }; name?: { value: string }; properties?: { name: string; value: { value: unknown } }[] }[] };
    const node = nodes[0];
    const expanded = node?.properties?.find((p) => p.name === 'expanded')?.value.value;
    return { role: node?.role?.value, name: node?.name?.value, expanded: typeof expanded === 'boolean' ? expanded : undefined };
  } finally {
    await cdp.detach();
  }
}

/** The operation and version whose form has the most fields, from the catalogue (not a guess). */
function largestForm(): { operationId: OperationId; version: number | undefined; fields: number } {
  let largest = { operationId: operations[0]?.id as OperationId, version: undefined as number | undefined, fields: -1 };
  for (const op of operations) {
    const versions = op.documentedVersions.length > 0 ? op.documentedVersions : [undefined];
    for (const version of versions) {
      const fields = fieldsOf(op.id, version).length;
      if (fields > largest.fields) largest = { operationId: op.id, version, fields };
    }
  }
  return largest;
}

const ENVIRONMENTS = [
  { id: 'sim', name: 'Local simulator', live: false, simulator: true },
  { id: 'prod', name: 'Production', live: true },
];

describe('accessibility of the webviews (axe-core, keyboard; Chromium)', function () {
  this.timeout(180_000);
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const theme of ['dark', 'light'] as const) describe(`in the ${theme} theme`, () => {
  describe('the largest form', () => {
    const largest = largestForm();
    let w: OpenWebview | undefined;

    afterEach(async () => {
      if (!w) return;
      const violations = await appViolations(w);
      await w.close();
      w = undefined;
      assert.deepEqual(violations, [], 'no CSP violation and no page error (axe included)');
    });

    async function openForm(state: Partial<FormState> = {}): Promise<OpenWebview> {
      w = await openWebview('form', { browser, theme });
      await w.waitForPosted('ready');
      await w.send({ type: 'init', state: { operationId: largest.operationId, version: largest.version, params: { orderId: 'ORD-1', transactionId: 'TXN-1', sessionId: 'SESSION0001' }, body: {}, ...state }, environments: ENVIRONMENTS });
      await w.page.locator('#send').waitFor();
      await w.waitForPosted('preview');
      return w;
    }

    /** Unfolds every group the way a user does: a click on its header. */
    async function openEveryGroup(page: Page): Promise<void> {
      const headers = page.locator('details.group:not([open]) > summary');
      while ((await headers.count()) > 0) await headers.first().click();
    }

    it(`is the form with the most fields in the catalogue (${largest.operationId} v${String(largest.version)}, ${largest.fields} fields)`, () => {
      assert.ok(largest.fields >= 100, `the largest form has ${largest.fields} fields`);
    });

    it('as opened with its example body: no serious or critical violation', async () => {
      const form = await openForm({ body: (exampleBody(largest.operationId, largest.version) ?? {}) as FormState['body'] });
      await assertNoSeriousViolations(form, `${theme} theme: on the form as opened`);
    });

    it('empty, with the problems of its required fields shown, then Send refused: no serious or critical violation', async () => {
      const form = await openForm();
      await form.page.locator('.field-error:not(:empty)').first().waitFor();
      await assertNoSeriousViolations(form, `${theme} theme: on the empty form with its problems`);
      // Send refused: the status says why and the focus is on the first problem.
      await form.page.locator('#send').focus();
      await form.page.keyboard.press('Enter');
      await form.page.locator('#status', { hasText: 'Not sent' }).waitFor();
      await assertNoSeriousViolations(form, `${theme} theme: on the form after a refused Send`);
    });

    it('every group unfolded, a list row added, a value too long: no serious or critical violation', async () => {
      const form = await openForm();
      const { page } = form;
      await openEveryGroup(page);
      const add = page.locator('.list-add, [data-action="add-row"]').first();
      if (await add.count()) await add.click();
      const text = page.locator('.field[data-kind="string"] [data-field-input] input').first();
      await text.fill('x'.repeat(300));
      await assertNoSeriousViolations(form, `${theme} theme: on the form with every group open`);
    });
  });

  describe('the response panel', () => {
    let sim: SimulatorHandle;
    let sender: SimulatorSender;
    let w: OpenWebview;
    let page: Page;
    let orders = 0;
    const orderParams = () => ({ orderId: `ORD-A11Y-${Date.now()}-${++orders}`, transactionId: 'TXN-1' });
    const card = { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' };
    const authorize = (amount = '10.00', expiry = card.expiry) => ({ apiOperation: 'AUTHORIZE', order: { amount, currency: 'USD' }, sourceOfFunds: { provided: { card: { ...card, expiry } } } });

    before(async () => {
      sim = await startSimulator({ port: 0 });
      sender = new SimulatorSender(sim);
      w = await openWebview('response', { browser, theme });
      page = w.page;
      await w.waitForPosted('ready');
    });
    afterEach(async () => {
      assert.deepEqual(await appViolations(w), [], 'no CSP violation and no page error (axe included)');
    });
    after(async () => {
      await w?.close();
      await sender?.close();
      await sim?.close();
    });

    async function show(view: ExchangeView): Promise<void> {
      await w.send({ type: 'show', exchange: view });
      await page.waitForFunction((id) => (globalThis as unknown as { __pwHost: { state: { exchangeId?: string } | null } }).__pwHost.state?.exchangeId === id, view.id);
    }

    it('waiting for a response: no serious or critical violation', async () => {
      await assertNoSeriousViolations(w, `${theme} theme: on the waiting panel`);
    });

    const kinds: { name: string; exchange: () => Promise<Exchange> }[] = [
      { name: 'an approval (AVS, CSC, risk ACCEPTED)', exchange: () => sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorize() }) },
      { name: 'a decline', exchange: () => sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorize('10.00', { month: '5', year: '39' }) }) },
      { name: 'a risk review (REVIEW_REQUIRED)', exchange: () => sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorize('20000.00') }) },
      { name: 'an error the gateway refused (INVALID_REQUEST on a field)', exchange: () => sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorize('0.00') }) },
      {
        name: 'a 3-D Secure challenge',
        exchange: async () => {
          const params = orderParams();
          await sender.send({ operationId: 'gateway.initiateAuthentication', params, body: { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { acceptVersions: '3DS2', channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION' }, order: { currency: 'EUR' }, sourceOfFunds: { provided: { card } } } });
          return sender.send({ operationId: 'gateway.authenticatePayer', params, body: { apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: 'https://shop.example/3ds-return' }, order: { amount: '42.00', currency: 'EUR' } } });
        },
      },
      {
        name: 'financing offers (a sortable table)',
        exchange: async () => {
          await sender.send({ operationId: 'financing.login', body: { email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword } });
          return sender.send({ operationId: 'financing.offers', body: { products: [{ name: 'Laptop', category: 1, price: 5000, quantity: 1 }] } });
        },
      },
      { name: 'a browser payment to redirect to', exchange: () => sender.send({ operationId: 'gateway.initiateBrowserPayment', params: orderParams(), body: exampleBody('gateway.initiateBrowserPayment') }) },
      { name: 'an HTML page in the answer (redirectHtml)', exchange: () => Promise.resolve(withResponseText(makeExchange({ operationId: 'gateway.initiateBrowserPayment', operationTitle: 'Initiate Browser Payment' }), SUBMITTED_WITH_PAGE)) },
      {
        name: 'a network error (connection reset, no response)',
        exchange: () => {
          sim.setFaults({ fault: 'reset', count: 1 });
          return sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorize() });
        },
      },
      { name: 'a send refused before it left (not signed in)', exchange: () => Promise.resolve(makeExchange({ operationId: 'financing.offers', operationTitle: 'Offers', response: undefined, decoded: undefined, failure: { kind: 'notSignedIn', message: 'Not signed in to the financing API' } })) },
      {
        name: 'a call the Gateway Tap saw, with request problems',
        exchange: async () => {
          const seen = await sender.send({ operationId: 'gateway.authorize', params: orderParams(), body: authorize() });
          return { ...seen, seenBy: 'tap', requestProblems: [{ path: 'order.reference', severity: 'error', message: 'order.reference: must be at most 40 characters, got 41' }, { path: '', severity: 'warning', message: 'the body is not JSON' }] };
        },
      },
    ];

    for (const kind of kinds) {
      it(`${kind.name}: no serious or critical violation`, async () => {
        await show(toExchangeView(await kind.exchange()));
        await assertNoSeriousViolations(w, `${theme} theme: on the response panel showing ${kind.name}`);
      });
    }
  });
  });

  describe('with the keyboard and a screen reader', () => {
    let w: OpenWebview | undefined;
    afterEach(async () => {
      if (!w) return;
      const violations = await appViolations(w);
      await w.close();
      w = undefined;
      assert.deepEqual(violations, [], 'no CSP violation and no page error');
    });

    async function openAuthorize(body: FormState['body'] = {}): Promise<OpenWebview> {
      w = await openWebview('form', { browser });
      await w.waitForPosted('ready');
      await w.send({ type: 'init', state: { operationId: 'gateway.authorize', version: 11, params: { orderId: 'ORD-1', transactionId: 'TXN-1' }, body }, environments: ENVIRONMENTS });
      await w.page.locator('#send').waitFor();
      await w.waitForPosted('preview');
      await w.page.locator('.field-error:not(:empty)').first().waitFor();
      return w;
    }

    it('Tab walks the form in reading order with the focus always shown, reaches Send, and goes on past it (no trap)', async () => {
      const { page } = await openAuthorize();
      const toSend = await tabUntil(page, (s) => s.what === 'button#send');
      const orders = toSend.map((s) => s.order);
      assert.deepEqual(orders, [...orders].sort((a, b) => a - b), `the focus moves forward through the page: ${toSend.map((s) => s.what).join(' → ')}`);
      assert.equal(new Set(orders).size, orders.length, 'no control takes the focus twice');
      assert.ok(toSend.some((s) => s.what.startsWith('summary')), 'the folded groups are on the way');
      assert.deepEqual(toSend.filter((s) => !s.visible).map((s) => s.what), [], 'every stop shows where the focus is');
      // On past Send, round the page and back to the start: the first stop comes again.
      const first = toSend[0];
      const rest = await tabUntil(page, (s) => s.order === first?.order, 100);
      assert.ok(rest.length > 1, 'the focus leaves Send');
    });

    it('Enter on a Send with problems sends nothing, says how many and which, and takes the focus to the first problem', async () => {
      const form = await openAuthorize();
      const { page } = form;
      await tabUntil(page, (s) => s.what === 'button#send');
      assert.equal(await page.locator('#send').getAttribute('aria-disabled'), 'true', 'Send is marked unavailable, yet in the Tab order');
      const before = (await form.posted()).length;
      await page.keyboard.press('Enter');
      const focused = await page.evaluate(() => {
        const doc = (globalThis as unknown as PageGlobals).document;
        const active = doc.activeElement;
        const firstWithProblem = [...doc.querySelectorAll('.field')].find((f) => (f.querySelector(':scope > .field-error')?.textContent ?? '') !== '');
        const error = firstWithProblem?.querySelector(':scope > .field-error');
        return {
          inFirstProblemField: !!active && !!firstWithProblem?.contains(active),
          path: firstWithProblem?.getAttribute('data-path'),
          invalid: active?.getAttribute('aria-invalid'),
          describedBy: (active?.getAttribute('aria-describedby') ?? '').split(' '),
          errorId: error?.id,
          errorText: error?.textContent ?? '',
        };
      });
      assert.ok(focused.inFirstProblemField, `the focus is in the first field with a problem (${String(focused.path)})`);
      assert.equal(focused.invalid, 'true');
      assert.ok(focused.errorId && focused.describedBy.includes(focused.errorId), 'the field is described by its problem, read with its name');
      const status = page.locator('#status');
      assert.equal(await status.getAttribute('role'), 'status', 'the status line is a live region');
      const said = (await status.textContent()) ?? '';
      assert.match(said, /^Not sent: \d+ problems? to fix/);
      assert.ok(said.includes(focused.errorText.slice(0, 30)), `the status names the first problem: ${said}`);
      assert.equal((await form.posted()).slice(before).filter((m) => m.type === 'send').length, 0, 'nothing was sent');
    });

    it('Space on a refused Send unfolds the group the user folded over the problem and focuses the field there', async () => {
      const card = { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' } } } };
      const form = await openAuthorize({ apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'USD', reference: 'r'.repeat(41) }, sourceOfFunds: card });
      const { page } = form;
      const order = page.locator('details.group[data-group="Order"]');
      assert.equal(await order.getAttribute('open'), '', 'a group holding values opens with the form');
      await order.locator(':scope > summary').click();
      assert.equal(await order.getAttribute('open'), null, 'folded by the user');
      await page.locator('#send').focus();
      await page.keyboard.press(' ');
      assert.equal(await order.getAttribute('open'), '', 'unfolded again');
      const inReference = await page.evaluate(() => {
        const doc = (globalThis as unknown as PageGlobals).document;
        return doc.querySelector('.field[data-path="order.reference"]')?.contains(doc.activeElement) ?? false;
      });
      assert.ok(inReference, 'the focus is in order.reference');
      assert.match((await page.locator('#status').textContent()) ?? '', /^Not sent: 1 problem to fix .*order\.reference: must be at most 40 characters/);
    });

    it('a group unfolds and folds with Enter and Space, and says whether it is expanded', async () => {
      const { page } = await openAuthorize();
      const group = page.locator('details.group:not([open])').first();
      const name = (await group.getAttribute('data-group')) ?? '';
      const summary = `details.group[data-group="${name}"] > summary`;
      await page.locator(summary).focus();
      assert.equal((await accessibleNode(page, summary)).expanded, false);
      await page.keyboard.press('Enter');
      assert.equal(await page.locator(`details.group[data-group="${name}"]`).getAttribute('open'), '');
      assert.equal((await accessibleNode(page, summary)).expanded, true);
      assert.ok((await page.locator(`details.group[data-group="${name}"] .field`).count()) > 0, 'its fields are built and shown');
      await page.keyboard.press(' ');
      assert.equal(await page.locator(`details.group[data-group="${name}"]`).getAttribute('open'), null);
      assert.equal((await accessibleNode(page, summary)).expanded, false);
    });

    it('the response panel: each raw part is a button that says it is expanded, Enter and Space fold it, Tab reaches its Copy; the verdict is announced', async () => {
      w = await openWebview('response', { browser });
      const { page } = w;
      await w.waitForPosted('ready');
      const exchange = makeExchange();
      await w.send({ type: 'show', exchange: toExchangeView(exchange) });
      await page.locator('#verdict').waitFor();
      assert.match((await page.locator('#announcer').textContent()) ?? '', /^Authorize: \S/, 'the live region says which operation and its verdict');
      assert.equal(await page.locator('#announcer').getAttribute('role'), 'status');
      const toggle = '.raw-part[data-part="Request body (secrets masked)"] button.disclosure';
      const described = await accessibleNode(page, toggle);
      assert.equal(described.role, 'button');
      assert.match(described.name ?? '', /^Request body \(secrets masked\)/i);
      assert.equal(described.expanded, false);
      assert.equal(await page.locator('#raw-request').isVisible(), false);
      await page.locator(toggle).focus();
      await page.keyboard.press('Enter');
      assert.equal((await accessibleNode(page, toggle)).expanded, true);
      assert.ok(await page.locator('#raw-request').isVisible());
      await page.keyboard.press(' ');
      assert.equal((await accessibleNode(page, toggle)).expanded, false);
      assert.equal(await page.locator('#raw-request').isVisible(), false);
      const next = await tab(page);
      assert.equal(next.what, 'vscode-button#copy-request', 'the part\'s Copy comes next');
    });
  });
});
