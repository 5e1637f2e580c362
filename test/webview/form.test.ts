/**
 * The operation form in a real Chromium, on the extension's own page and CSP (test/harness/webviewPage):
 * what a user sees and does — typing, problems, Send, rows, search, helpers — and what the form posts.
 */
import * as assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { exampleBody, fieldsOf } from '../../src/catalogue';
import { EXPIRY_OUTCOMES } from '../../src/catalogue/testData';
import { MAX_BODY_STRING } from '../../src/protocol/common';
import type { FormState } from '../../src/features/form/protocol';
import { launchBrowser } from '../harness/browser';
import { openWebview, type OpenWebview } from '../harness/webviewPage';

const ENVIRONMENTS = [
  { id: 'sim', name: 'Local simulator', live: false },
  { id: 'prod', name: 'Production', live: true },
];
const PARAMS = { orderId: 'ORD-1', transactionId: 'TXN-1' };
const HOSTILE = '<img src=x onerror="window.__pwned=1">';
/** An Authorize with what the catalogue's payment rules need (amount, currency, a card), so a test counts only its own problems. */
const CARD = { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' } } } };
const PAYABLE = { apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'USD' }, sourceOfFunds: CARD };

type Posted = { type: string; [k: string]: unknown };

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const field = (page: Page, path: string): Locator => page.locator(`.field[data-path="${path}"]`);
const input = (page: Page, path: string): Locator => field(page, path).locator('[data-field-input] input');
const errorText = async (page: Page, path: string): Promise<string> => ((await field(page, path).locator('.field-error').count()) ? (await field(page, path).locator('.field-error').textContent()) ?? '' : '');

/** Picks an option the way a user does: open the dropdown, click the option. */
async function pick(select: Locator, label: string): Promise<void> {
  await select.selectOption({ label });
}

/** Opens a folded group by clicking its header; a group already open (it holds values) stays open. */
async function openGroup(page: Page, group: string): Promise<void> {
  const collapsible = page.locator(`details.group[data-group="${group}"]`);
  if (await collapsible.evaluate((e: unknown) => (e as { open?: boolean }).open === true)) return;
  await collapsible.locator('.collapsible-header').click();
}

async function bodyOf(w: OpenWebview): Promise<Record<string, unknown>> {
  return ((await w.state()) as FormState).body;
}

describe('operation form webview (Chromium)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let w: OpenWebview | undefined;
  let consoleProblems: string[] = [];

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    if (!w) return;
    const violations = await w.cspViolations();
    await w.close();
    w = undefined;
    assert.deepEqual(violations, [], 'no CSP violations and no page errors');
    assert.deepEqual(consoleProblems, [], 'no console errors or warnings');
  });

  async function openForm(state: Partial<FormState> & { operationId: string }, opts: { saved?: unknown } = {}): Promise<OpenWebview> {
    // A test that opens a second form closes the first (its page server would keep mocha from exiting).
    if (w) {
      const earlier = w;
      w = undefined;
      assert.deepEqual(await earlier.cspViolations(), [], 'no CSP violations and no page errors');
      await earlier.close();
    }
    w = await openWebview('form', { browser, state: opts.saved });
    consoleProblems = [];
    w.page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleProblems.push(`${m.type()}: ${m.text()}`);
    });
    await w.waitForPosted('ready');
    await w.send({ type: 'init', state: { params: PARAMS, body: {}, ...state }, environments: ENVIRONMENTS });
    await w.page.locator('#send').waitFor();
    // The form asks the host for a preview of what it shows (debounced) before anything else happens.
    await w.waitForPosted('preview');
    return w;
  }

  it('shows the length counter and the catalogue message past maxLength, and clears it', async () => {
    const { page } = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    assert.equal(await field(page, 'order.reference').count(), 0, 'a folded group is not built');
    await openGroup(page, 'Order');
    await input(page, 'order.reference').fill('r'.repeat(41));
    const counter = field(page, 'order.reference').locator('.field-counter');
    assert.equal(await counter.textContent(), '41/40');
    assert.ok(await counter.evaluate((e) => e.classList.contains('over')));
    assert.equal(await errorText(page, 'order.reference'), 'order.reference: must be at most 40 characters, got 41');
    assert.equal(await field(page, 'order.reference').locator('[data-field-input]').getAttribute('invalid'), '');
    await input(page, 'order.reference').press('Backspace');
    assert.equal(await counter.textContent(), '40/40');
    assert.equal(await errorText(page, 'order.reference'), '');
    assert.equal(await field(page, 'order.reference').locator('[data-field-input]').getAttribute('invalid'), null);
  });

  it('a group counts its problems on its header, and the count goes when they are fixed', async () => {
    const { page } = await openForm({ operationId: 'gateway.authorize', version: 11, body: { ...PAYABLE, order: { ...PAYABLE.order, reference: 'r'.repeat(41) } } });
    const counts = () => page.locator('details.group').evaluateAll((groups) => groups.flatMap((g) => {
      const badge = g.querySelector(':scope > summary > vscode-badge.group-problems') as { hidden: boolean; textContent: string | null } | null;
      return badge && !badge.hidden ? [`${g.getAttribute('data-group') ?? ''}: ${badge.textContent ?? ''}`] : [];
    }));
    assert.deepEqual(await counts(), ['Order: 1']);
    assert.ok(await page.locator('details.group[data-group="Order"] > summary > vscode-badge.group-problems').isVisible());
    await input(page, 'order.reference').fill('r'.repeat(40));
    assert.deepEqual(await eventually(counts, (c) => c.length === 0), []);
    await input(page, 'order.reference').fill('r'.repeat(42));
    assert.deepEqual(await eventually(counts, (c) => c.length === 1), ['Order: 1']);
  });

  it('never takes a credential: the login password says it comes from secure storage and is not a problem', async () => {
    const w = await openForm({ operationId: 'financing.login', body: { email: 'partner@example.test' } });
    const password = field(w.page, 'password').locator('[data-field-input] input');
    assert.equal(await password.getAttribute('disabled'), '');
    assert.match((await password.getAttribute('placeholder')) ?? '', /secure storage/);
    assert.equal(await w.page.locator('#send').textContent(), 'Send');
    assert.ok(!JSON.stringify(await w.state()).includes('password'), 'no password key in the webview state');
  });

  it('warnings look apart from problems, are counted apart and never disable Send', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { ...exampleBody('gateway.authorize', 11), order: { amount: 10.5, currency: 'usd', refrence: 'R1' } } });
    const { page } = w;
    assert.equal(await page.locator('#send').textContent(), 'Send · 1 problem, 2 warnings');
    const amount = field(page, 'order.amount').locator('.field-warning');
    assert.match((await amount.textContent()) ?? '', /^Warning: order\.amount: the spec asks for a decimal string/);
    const colour = (e: unknown): string => (globalThis as unknown as { getComputedStyle(x: unknown): { color: string } }).getComputedStyle(e).color;
    const [warningColour, errorColour] = [await amount.evaluate(colour), await field(page, 'order.currency').locator('.field-error > div').first().evaluate(colour)];
    assert.notEqual(warningColour, errorColour, `a warning is not coloured as an error (${String(warningColour)})`);
    assert.match((await page.locator('#problems').textContent()) ?? '', /did you mean order\.reference\?/);
    await input(page, 'order.currency').fill('USD');
    assert.equal(await page.locator('#send').textContent(), 'Send · 2 warnings');
    assert.equal(await page.locator('#send').getAttribute('aria-disabled'), 'false', 'warnings never block Send');
    assert.equal(await page.locator('#send-anyway').isVisible(), false);
  });

  it('Send counts the problems and is disabled; Send Anyway posts the state with sendAnyway', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: PAYABLE });
    const { page } = w;
    assert.equal(await page.locator('#send').textContent(), 'Send');
    assert.equal(await page.locator('#send-anyway').isVisible(), false);
    await openGroup(page, 'Order');
    await input(page, 'order.reference').fill('r'.repeat(41));
    await input(page, 'order.currency').fill('usd');
    assert.equal(await page.locator('#send').textContent(), 'Send · 2 problems');
    assert.equal(await page.locator('#send').getAttribute('aria-disabled'), 'true');
    const before = (await w.posted()).length;
    // aria-disabled: Playwright's click waits for an enabled button; a person's click reaches it and is refused.
    await page.locator('#send').click({ force: true });
    await page.locator('#send-anyway').click();
    const sent = (await w.waitForPosted('send', { since: before })) as Posted & { state: FormState; sendAnyway: boolean };
    assert.equal(sent.sendAnyway, true);
    assert.deepEqual(sent.state.body, { ...PAYABLE, order: { amount: '10.00', reference: 'r'.repeat(41), currency: 'usd' } });
    assert.equal((await w.posted()).slice(before).filter((m) => m.type === 'send').length, 1, 'the disabled Send posted nothing');
    // Counted after the first send was seen: debounced previews may come between the two sends.
    const afterAnyway = (await w.posted()).length;
    await input(page, 'order.reference').fill('r');
    await input(page, 'order.currency').fill('USD');
    assert.equal(await page.locator('#send').textContent(), 'Send');
    await page.locator('#send').click();
    const plain = (await w.waitForPosted('send', { since: afterAnyway })) as Posted & { sendAnyway: boolean };
    assert.equal(plain.sendAnyway, false);
  });

  it('enum fields are dropdowns of the catalogue values with an empty choice', async () => {
    const w = await openForm({ operationId: 'gateway.initiateBrowserPayment', version: 100 });
    const { page } = w;
    const select = field(page, 'browserPayment.operation').locator('select[data-field-input]');
    const values = await select.locator('option').evaluateAll((options) => options.map((o) => o.getAttribute('value')));
    const meta = fieldsOf('gateway.initiateBrowserPayment', 100).find((f) => f.path === 'browserPayment.operation');
    assert.deepEqual(values, ['', ...(meta?.enum ?? [])]);
    assert.equal(await errorText(page, 'browserPayment.operation'), 'browserPayment.operation: required');
    await pick(select, 'PAY');
    assert.deepEqual((await bodyOf(w))['browserPayment'], { operation: 'PAY' });
    assert.equal(await errorText(page, 'browserPayment.operation'), '');
  });

  it('v100 sourceOfFunds.type offers its known values; a click fills the field like typing; v16 keeps its dropdown', async () => {
    const w = await openForm({ operationId: 'gateway.initiateBrowserPayment', version: 100, body: { apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { amount: '10.00', currency: 'USD' }, browserPayment: { operation: 'PAY' } } });
    const { page } = w;
    const known = field(page, 'sourceOfFunds.type').getByRole('group', { name: 'Known values' });
    assert.equal(await known.textContent(), 'Known values:BROWSER_PAYMENTUNION_PAYKNETBANKTRANSFER_AWALLET_ABANKTRANSFER_B');
    assert.equal(await page.locator('#send').textContent(), 'Send · 1 problem', 'sourceOfFunds.type is still missing');
    const before = (await w.posted()).length;
    await known.getByRole('button', { name: 'KNET', exact: true }).click();
    assert.equal(await input(page, 'sourceOfFunds.type').inputValue(), 'KNET');
    assert.equal(await page.locator('#send').textContent(), 'Send');
    assert.equal(await errorText(page, 'sourceOfFunds.type'), '');
    assert.deepEqual(JSON.parse((await page.locator('#preview-json').textContent()) ?? '')['sourceOfFunds'], { type: 'KNET' });
    const asked = (await w.waitForPosted('preview', { since: before })) as Posted & { state: FormState };
    assert.deepEqual(asked.state.body['sourceOfFunds'], { type: 'KNET' });

    await pick(page.locator('#version'), 'v16 (documented)');
    const v16 = field(page, 'sourceOfFunds.type');
    await eventually(() => v16.locator('select[data-field-input]').count(), (n) => n === 1);
    const values = await v16.locator('option').evaluateAll((options) => options.map((o) => o.getAttribute('value')));
    // v16 lists its three values; the carried-over KNET is shown as the stray value it is there, and reported.
    assert.deepEqual(values, ['', 'BANKTRANSFER_A', 'WALLET_A', 'BANKTRANSFER_B', 'KNET']);
    assert.match(await errorText(page, 'sourceOfFunds.type'), /^sourceOfFunds\.type: /);
    assert.equal(await v16.getByRole('group', { name: 'Known values' }).count(), 0, 'a dropdown needs no suggestions');
  });

  it('the version picker offers the served range (default the newest) and a field introduced later is the gateway\'s "Unexpected parameter" at 57, clean at 100', async () => {
    const body = { accountFunding: { senderIsRecipient: true } };
    const fresh = await openForm({ operationId: 'gateway.updateSession' });
    assert.equal(await fresh.page.locator('#version').inputValue(), '100');
    const labels = await fresh.page.locator('#version option').evaluateAll((options) => options.map((o) => o.textContent));
    assert.deepEqual(labels.slice(0, 7), ['v100 (documented)', 'v78', 'v72', 'v63', 'v61', 'v57', 'v51']);
    assert.ok(!labels.includes('v80') && labels.includes('v18') && !labels.includes('v17'));
    assert.equal(await fresh.page.locator('#version-note').textContent(), 'v100 is checked with the version 100 rules (documented). Served: versions 18 to 100 (not 22, 25, 80).');

    const params = { sessionId: 'SESSION0002VERSIONS057ABCDEFGHI' };
    const at57 = await openForm({ operationId: 'gateway.updateSession', version: 57, body, params });
    assert.equal(await at57.page.locator('#send').textContent(), 'Send · 1 problem', (await at57.page.locator('#problems').textContent()) ?? '');
    assert.match((await at57.page.locator('#problems').textContent()) ?? '', /Unexpected parameter 'accountFunding': introduced in version 80; this request uses version 57/);
    const at100 = await openForm({ operationId: 'gateway.updateSession', version: 100, body, params });
    assert.equal(await at100.page.locator('#send').textContent(), 'Send');
  });

  it('an operation documented at 11 and 100: the note names the selected version and the version whose rules apply to it, and follows a version change', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 51, body: { ...PAYABLE, '3DSecureId': 'id-1' } });
    const { page } = w;
    assert.equal(await page.locator('#version-note').textContent(), 'v51 is checked with the version 11 rules, the nearest documented version. Served: versions 1 to 100 (not 2, 5, 6, 22, 25, 80).');
    assert.equal(await page.locator('#send').textContent(), 'Send');
    await pick(page.locator('#version'), 'v57');
    const at57 = await eventually(() => page.locator('#version-note').textContent(), (t) => /^v57 /.test(t ?? ''));
    assert.equal(at57, 'v57 is checked with the version 100 rules, the nearest documented version. Served: versions 1 to 100 (not 2, 5, 6, 22, 25, 80).');
    await pick(page.locator('#version'), 'v100 (documented)');
    const at100 = await eventually(() => page.locator('#version-note').textContent(), (t) => /^v100 /.test(t ?? ''));
    assert.equal(at100, 'v100 is checked with the version 100 rules (documented). Served: versions 1 to 100 (not 2, 5, 6, 22, 25, 80).');
    assert.equal(((await w.state()) as FormState).version, 100);
  });

  it('a Refund at 100, whose whole field list the reference gives: a misspelt field is the gateway\'s "Unexpected parameter" problem with "did you mean"; at 13 a warning', async () => {
    const body = { apiOperation: 'REFUND', order: { refrence: 'R-1' }, transaction: { amount: '1.00', currency: 'USD' } };
    const params = { orderId: 'ORDER-1', transactionId: 'refund-1' };
    const at100 = await openForm({ operationId: 'gateway.refund', version: 100, body, params });
    assert.equal(await at100.page.locator('#send').textContent(), 'Send · 1 problem', (await at100.page.locator('#problems').textContent()) ?? '');
    assert.match((await at100.page.locator('#problems').textContent()) ?? '', /Unexpected parameter 'order\.refrence'; did you mean order\.reference\?/);
    const at13 = await openForm({ operationId: 'gateway.refund', version: 13, body, params });
    assert.equal(await at13.page.locator('#send').textContent(), 'Send · 1 warning');
  });

  it('switching the version changes the fields and keeps the values both versions have', async () => {
    const w = await openForm({ operationId: 'gateway.initiateBrowserPayment', version: 100 });
    const { page } = w;
    await input(page, 'order.amount').fill('10.00');
    await pick(field(page, 'browserPayment.operation').locator('select'), 'PAY');
    assert.equal(await page.locator('details.group[data-group="Airline leg"]').count(), 1);
    await pick(page.locator('#version'), 'v16 (documented)');
    await eventually(() => page.locator('details.group[data-group="Airline leg"]').count(), (n) => n === 0);
    assert.equal(await page.locator('details.group[data-group="Airline leg"]').count(), 0, 'v16 has no airline data');
    assert.equal(await field(page, 'browserPayment.operation').count(), 0);
    assert.equal(await field(page, 'browserPayment.returnUrl').count(), 1, 'returnUrl is required in v16');
    assert.equal(await input(page, 'order.amount').inputValue(), '10.00');
    const state = (await w.state()) as FormState;
    assert.equal(state.version, 16);
    assert.deepEqual(state.body, { order: { amount: '10.00' } });
  });

  it('search finds a deeply nested field among hundreds and opens its group', async () => {
    const w = await openForm({ operationId: 'gateway.initiateBrowserPayment', version: 100 });
    const { page } = w;
    const group = page.locator('details.group[data-group="Airline leg"]');
    assert.equal(await group.getAttribute('open'), null);
    await page.locator('#field-search input').fill('arrival time');
    assert.equal(await group.getAttribute('open'), '');
    assert.ok(await group.isVisible());
    assert.equal(await page.locator('details.group[data-group="Order"]').isVisible(), false, 'groups without a match are hidden');
    await group.locator('.array[data-path="airline.itinerary.leg"] .add-row').click();
    assert.ok(await field(page, 'airline.itinerary.leg[0].destinationArrivalTime').isVisible());
    assert.equal(await field(page, 'airline.itinerary.leg[0].fare').isVisible(), false, 'non-matching row fields are filtered out');
    assert.equal(((await w.state()) as FormState).ui?.search, 'arrival time');
    await page.locator('#field-search input').fill('');
    assert.ok(await page.locator('details.group[data-group="Order"]').isVisible());
    assert.equal(await page.locator('details.group[data-group="Order"]').getAttribute('open'), null, 'folded again');
    assert.ok(await field(page, 'airline.itinerary.leg[0].fare').isVisible(), 'the group edited while searching stays open, all fields shown');
  });

  it('list rows are added and removed in the body', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: PAYABLE });
    const { page } = w;
    await openGroup(page, 'Item');
    const list = page.locator('.array[data-path="item"]');
    await list.locator('.add-row').click();
    assert.deepEqual((await bodyOf(w))['item'], [{}]);
    assert.equal(await errorText(page, 'item[0].name'), 'item[0].name: required');
    assert.equal(await page.locator('#send').textContent(), 'Send · 3 problems');
    await input(page, 'item[0].name').fill('First');
    await list.locator('.add-row').click();
    await input(page, 'item[1].name').fill('Second');
    assert.deepEqual((await bodyOf(w))['item'], [{ name: 'First' }, { name: 'Second' }]);
    await list.locator('.array-row[data-index="0"] .remove-row').click();
    assert.deepEqual((await bodyOf(w))['item'], [{ name: 'Second' }]);
    assert.equal(await input(page, 'item[0].name').inputValue(), 'Second', 'rows follow the body');
    await list.locator('.array-row[data-index="0"] .remove-row').click();
    assert.equal((await bodyOf(w))['item'], undefined, 'the emptied list leaves the body');
    assert.equal(await list.locator('.array-row').count(), 0);
  });

  it('custom fields are name/value rows of order.custom', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    const { page } = w;
    await openGroup(page, 'Custom fields');
    const map = page.locator('.map[data-path="order.custom"]');
    await map.locator('.add-entry').click();
    await map.locator('.map-row .map-key-input input').fill('myKey');
    await input(page, 'order.custom.myKey').fill('hello');
    assert.deepEqual((await bodyOf(w))['order'], { custom: { myKey: 'hello' } });
    await map.locator('.map-row .map-key-input input').fill('bad key');
    assert.match(await errorText(page, 'order.custom.bad key'), /^order\.custom\.bad key: key must be/);
    assert.deepEqual((await bodyOf(w))['order'], { custom: { 'bad key': 'hello' } });
    await map.locator('.map-row .remove-entry').click();
    assert.equal((await bodyOf(w))['order'], undefined, 'the emptied map leaves the body');
  });

  it('the custom map stops at its maximum number of entries', async () => {
    const max = fieldsOf('gateway.authorize', 11).find((f) => f.path === 'order.custom')?.maxItems ?? 0;
    const custom = Object.fromEntries(Array.from({ length: max }, (_, i) => [`k${i}`, 'v']));
    const { page } = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE', order: { custom } } });
    const add = page.locator('.map[data-path="order.custom"] .add-entry');
    assert.equal(await page.locator('.map[data-path="order.custom"] .map-row').count(), max, 'the group holding values opened');
    assert.equal(await add.getAttribute('disabled'), '');
  });

  it('a boolean is a checkbox with three states: not sent, true, false', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    const { page } = w;
    await openGroup(page, 'Airline ticket');
    const box = field(page, 'airline.ticket.eTicket').locator('input[type="checkbox"][data-field-input]');
    assert.equal(await field(page, 'airline.ticket.eTicket').locator('.checkbox-state').textContent(), 'not sent');
    await box.click();
    assert.deepEqual((await bodyOf(w))['airline'], { ticket: { eTicket: true } });
    await box.click();
    assert.deepEqual((await bodyOf(w))['airline'], { ticket: { eTicket: false } });
    await field(page, 'airline.ticket.eTicket').locator('.checkbox-clear').click();
    assert.equal((await bodyOf(w))['airline'], undefined);
  });

  it('the largest form opens with no web component in its groups: a boolean\'s box and ×, and a list\'s Add are the browser\'s own', async () => {
    const w = await openForm({ operationId: 'gateway.initiateBrowserPayment', version: 100, body: exampleBody('gateway.initiateBrowserPayment', 100) as FormState['body'] });
    const { page } = w;
    const components = await page.evaluate<string[]>(`[...document.querySelectorAll('.sections *')].map((e) => e.tagName.toLowerCase()).filter((t) => t.includes('-'))`);
    assert.deepEqual([...new Set(components)], []);
    const box = page.locator('.field[data-path="browserPayment.walleta.displayShippingAddress"] input[data-field-input]');
    assert.equal(await box.getAttribute('type'), 'checkbox');
    assert.equal(await box.evaluate((e) => (e as unknown as { indeterminate: boolean }).indeterminate), true, 'not sent');
    const clear = page.locator('.field[data-path="browserPayment.walleta.displayShippingAddress"] .checkbox-clear');
    assert.equal(await clear.evaluate((e) => e.tagName), 'BUTTON');
    assert.equal(await clear.getAttribute('title'), 'Do not send');
  });

  it('Update Session v100 opens with no web component outside the preview: the LIVE badge, search, Send and Send Anyway are the browser\'s own', async () => {
    const w = await openForm({ operationId: 'gateway.updateSession', version: 100, body: exampleBody('gateway.updateSession', 100) as FormState['body'] });
    const { page } = w;
    // The page's own elements (a locator would also pierce the preview's shadow trees).
    const components = await page.evaluate<string[]>(`[...document.querySelectorAll('body *')].filter((e) => e.tagName.includes('-') && !e.closest('.preview')).map((e) => e.tagName.toLowerCase())`);
    assert.deepEqual(components, []);
    assert.equal(await page.locator('#send').textContent(), 'Send · 1 problem', 'sessionId is still missing');
    assert.ok(await page.locator('#send-anyway').isVisible());
    await page.locator('#field-search input').fill('merchant charge');
    assert.equal(await page.locator('.search-count').textContent(), '4 fields match');
    await pick(page.locator('#environment'), 'Production — LIVE');
    assert.ok(await page.locator('.live-badge').isVisible());
  });

  it('the fields are painted before the form validates them; the problems follow a frame later, and Send in between still checks', async () => {
    w = await openWebview('form', { browser });
    const { page } = w;
    await w.waitForPosted('ready');
    const init = { type: 'init', state: { operationId: 'gateway.updateSession', version: 100, params: {}, body: { order: { amount: 'ten' } } }, environments: ENVIRONMENTS };
    await page.evaluate((m) => {
      (globalThis as unknown as { __pwInit: unknown }).__pwInit = m;
    }, init);
    const seen = await page.evaluate<{ firstFrame: string; sentEarly: number; later: string }>(`(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
      window.postMessage(window.__pwInit, '*');
      while (!document.querySelector('#send')) await frame();
      const firstFrame = document.querySelector('#send').textContent;
      const before = window.__pwHost.posted.length;
      document.querySelector('#send').click();
      const sentEarly = window.__pwHost.posted.slice(before).filter((m) => m.type === 'send').length;
      await frame(); await frame(); await frame();
      return { firstFrame, sentEarly, later: document.querySelector('#send').textContent };
    })()`);
    assert.deepEqual(seen, { firstFrame: 'Send', sentEarly: 0, later: 'Send · 2 problems' });
    assert.match(await errorText(page, 'order.amount'), /order\.amount/);
  });

  it('dates and times carry their format as placeholder and help', async () => {
    const { page } = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    await openGroup(page, 'Airline leg');
    await page.locator('.array[data-path="airline.itinerary.leg"] .add-row').click();
    const path = 'airline.itinerary.leg[0].departureTime';
    const meta = fieldsOf('gateway.authorize', 11).find((f) => f.path === 'airline.itinerary.leg[].departureTime');
    assert.equal(await field(page, path).locator('[data-field-input] input').getAttribute('placeholder'), `e.g. ${String(meta?.example)}`);
    assert.equal(await field(page, path).locator('.field-help').textContent(), `${meta?.help} Format: ${meta?.patternHint}.`);
    await input(page, path).fill('25:00Z');
    assert.match(await errorText(page, path), /^airline\.itinerary\.leg\[0\]\.departureTime: must be a time hh:mm/);
  });

  it('a number field keeps text that is not a number and says why', async () => {
    const w = await openForm({ operationId: 'financing.offers', body: { products: [{ name: 'A', price: 1, quantity: 1 }] } });
    const { page } = w;
    await openGroup(page, 'Offer request');
    await input(page, 'credit_period').fill('12');
    assert.equal((await bodyOf(w))['credit_period'], 12);
    await input(page, 'credit_period').fill('12 months');
    assert.equal((await bodyOf(w))['credit_period'], '12 months');
    assert.equal(await errorText(page, 'credit_period'), "credit_period: must be a whole number, got text '12 months'");
  });

  it('a test card and an outcome fill the card number and expiry', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    const { page } = w;
    await pick(page.locator('#test-card'), '5111111111111118');
    const declined = Object.entries(EXPIRY_OUTCOMES).find(([, code]) => code === 'DECLINED')?.[0] ?? '';
    await pick(page.locator('#test-outcome'), `${declined} → DECLINED`);
    const card = ((await bodyOf(w))['sourceOfFunds'] as { provided: { card: unknown } }).provided.card;
    assert.deepEqual(card, { number: '5111111111111118', expiry: { month: '5', year: '39' }, securityCode: '100' });
    assert.equal(await input(page, 'sourceOfFunds.provided.card.number').inputValue(), '5111111111111118', 'the Card group opened to show it');
    assert.equal(await input(page, 'sourceOfFunds.provided.card.expiry.month').inputValue(), '5');
    await pick(page.locator('#test-csc'), '102 → NO_MATCH');
    assert.equal(await input(page, 'sourceOfFunds.provided.card.securityCode').inputValue(), '102');
    assert.equal(await page.locator('#test-avs').count(), 1);
  });

  it('the test-card picker offers the 3-D Secure cards with their outcome; picking one fills number, expiry and security code', async () => {
    const w = await openForm({ operationId: 'gateway.initiateAuthentication', version: 100, body: { apiOperation: 'INITIATE_AUTHENTICATION' } });
    const { page } = w;
    const labels = await page.locator('#test-card option').allInnerTexts();
    assert.ok(labels.includes('5123456789012346 · 3DS frictionless'), labels.join(', '));
    assert.ok(labels.includes('5123450000002004 · 3DS failed'), labels.join(', '));
    await pick(page.locator('#test-card'), '5123456789012346 · 3DS frictionless');
    const card = ((await bodyOf(w))['sourceOfFunds'] as { provided: { card: unknown } }).provided.card;
    assert.deepEqual(card, { number: '5123456789012346', expiry: { month: '1', year: '39' }, securityCode: '100' });
    assert.equal(await input(page, 'sourceOfFunds.provided.card.expiry.year').inputValue(), '39', 'the Card group opened to show it');
    assert.equal(await input(page, 'sourceOfFunds.provided.card.securityCode').inputValue(), '100');
  });

  it('shows a note the host put beside a field (a history entry whose card data was not kept)', async () => {
    w = await openWebview('form', { browser });
    consoleProblems = [];
    await w.waitForPosted('ready');
    const note = 'card data is not kept: enter it or pick a test card';
    const path = 'sourceOfFunds.provided.card.number';
    await w.send({
      type: 'init',
      state: { operationId: 'gateway.authorize', version: 11, params: PARAMS, body: { apiOperation: 'AUTHORIZE' }, ui: { focusPath: path } },
      environments: ENVIRONMENTS,
      fieldNotes: { [path]: note },
    });
    const shown = field(w.page, path).locator('.field-note');
    await shown.waitFor();
    assert.equal(await shown.textContent(), note);
    assert.equal(await shown.getAttribute('role'), 'note');
    assert.equal(await input(w.page, path).inputValue(), '', 'the field is empty');
    assert.equal(await field(w.page, 'sourceOfFunds.provided.card.expiry.month').locator('.field-note').count(), 0, 'only the noted field has a note');
  });

  it('with session.id set, required fields say they can come from the session: problems become warnings, Send is free; cleared, they are required again', async () => {
    const { page } = await openForm({ operationId: 'gateway.initiateAuthentication', version: 100, body: { apiOperation: 'INITIATE_AUTHENTICATION' } });
    const note = (path: string) => field(page, path).locator('.session-note');
    assert.equal(await page.locator('#send').textContent(), 'Send · 2 problems');
    assert.equal(await note('order.currency').isVisible(), false, 'no session named: no note');
    await openGroup(page, 'Payment session');
    await input(page, 'session.id').fill('SESSION0002ABCDEFGHIJKLMNOPQRST');
    assert.equal(await eventually(() => page.locator('#send').textContent(), (t) => t === 'Send · 2 warnings'), 'Send · 2 warnings');
    assert.equal(await page.locator('#send').getAttribute('aria-disabled'), 'false', 'what the session may hold never blocks Send');
    for (const path of ['order.currency', 'authentication.channel']) {
      assert.ok(await note(path).isVisible(), `${path} says it can come from the session`);
      assert.match((await note(path).textContent()) ?? '', /^Can come from the session/);
      assert.equal(await note(path).getAttribute('role'), 'note');
    }
    assert.match(await errorText(page, 'order.currency'), /order\.currency: needed in the request or in the session/);
    assert.equal(await note('authentication.purpose').count(), 0, 'an optional field needs no note');
    await input(page, 'session.id').fill('');
    assert.equal(await eventually(() => page.locator('#send').textContent(), (t) => t === 'Send · 2 problems'), 'Send · 2 problems');
    assert.equal(await note('order.currency').isVisible(), false);
  });

  it('helpers are offered only where the operation has their fields', async () => {
    const { page } = await openForm({ operationId: 'financing.login', body: {} });
    for (const id of ['#test-card', '#test-outcome', '#test-csc', '#test-avs', '#version', '#fresh-ids']) assert.equal(await page.locator(id).count(), 0, id);
    assert.equal(await field(page, 'email').count(), 1);
  });

  it('test-card helpers are not offered where no card is processed (Refund, Update Session) nor on a LIVE environment', async () => {
    const helpers = ['#test-card', '#test-outcome', '#test-csc', '#test-avs'];
    for (const operationId of ['gateway.refund', 'gateway.updateSession']) {
      const { page } = await openForm({ operationId });
      for (const id of helpers) assert.equal(await page.locator(id).count(), 0, `${operationId}: ${id}`);
      await w?.close();
      w = undefined;
    }
    const { page } = await openForm({ operationId: 'gateway.authorize', version: 11, environmentId: 'sim', body: { apiOperation: 'AUTHORIZE' } });
    assert.equal(await page.locator('#test-card').count(), 1, 'a test environment keeps them');
    await pick(page.locator('#environment'), 'Production — LIVE');
    for (const id of helpers) assert.equal(await eventually(() => page.locator(id).count(), (n) => n === 0), 0, `LIVE: ${id}`);
    await pick(page.locator('#environment'), 'Local simulator');
    assert.equal(await eventually(() => page.locator('#test-card').count(), (n) => n === 1), 1, 'back on a test environment');
  });

  it('the Login form offers "Set password…" when none is stored, instead of counting a problem', async () => {
    const w = await openForm({ operationId: 'financing.login', body: { email: 'partner@simulator.local' } });
    const { page } = w;
    await w.send({ type: 'credentials', passwordStored: false });
    const setPassword = field(page, 'password').locator('#set-password');
    await setPassword.waitFor();
    assert.equal(await page.locator('#send').textContent(), 'Send', 'no problem count');
    assert.match((await page.locator('#status').textContent()) ?? '', /No partner password is stored/);
    const before = (await w.posted()).length;
    await setPassword.click();
    await w.waitForPosted('setPassword', { since: before });
    await w.send({ type: 'credentials', passwordStored: true });
    assert.equal(await eventually(() => page.locator('#set-password').count(), (n) => n === 0), 0);
    assert.deepEqual(Object.keys(await bodyOf(w)), ['email'], 'still no password in the webview state');
  });

  it('Update Session on the simulator offers Create session and fills sessionId; elsewhere it says where an id comes from', async () => {
    const envs = [{ id: 'sim', name: 'Local simulator', live: false, simulator: true }, { id: 'uat', name: 'UAT', live: false }];
    w = await openWebview('form', { browser });
    consoleProblems = [];
    await w.waitForPosted('ready');
    await w.send({ type: 'init', state: { operationId: 'gateway.updateSession', environmentId: 'sim', params: {}, body: {} }, environments: envs });
    const { page } = w;
    await page.locator('#create-session').waitFor();
    assert.equal(await errorText(page, 'param:sessionId'), 'sessionId: required');
    const before = (await w.posted()).length;
    await page.locator('#create-session').click();
    await w.waitForPosted('createSession', { since: before });
    const id = `SESSION0002${'A'.repeat(20)}`;
    await w.send({ type: 'ids', params: { sessionId: id }, paramNotes: { sessionId: 'Created on Local simulator with Create Session just now.' } });
    assert.equal(await eventually(() => input(page, 'param:sessionId').inputValue(), (v) => v === id), id);
    assert.equal(await page.locator('#param-note-sessionId').textContent(), 'Created on Local simulator with Create Session just now.');
    assert.equal(await errorText(page, 'param:sessionId'), '');
    await pick(page.locator('#environment'), 'UAT');
    await page.locator('#session-help').waitFor();
    assert.equal(await page.locator('#create-session').count(), 0);
    assert.match((await page.locator('#session-help').textContent()) ?? '', /Create Session .*session/);
  });

  it('shows beside the URL parameters which order a follow-up got and which transaction id it will send', async () => {
    w = await openWebview('form', { browser });
    consoleProblems = [];
    await w.waitForPosted('ready');
    const note = 'order ORD-123 from your Authorize at 15:02, 100.00 EUR left to refund';
    await w.send({ type: 'init', state: { operationId: 'gateway.refund', version: 13, environmentId: 'sim', params: { orderId: 'ORD-123', transactionId: 'TXN-FILE-1' }, body: {} }, environments: ENVIRONMENTS, paramNotes: { orderId: note } });
    const { page } = w;
    await page.locator('#send').waitFor();
    assert.equal(await page.locator('#param-note-orderId').textContent(), note);
    // After a send the host moves the form to the id it will send next, and says so.
    await w.send({ type: 'ids', params: { transactionId: 'TXN-NEXT-2' }, paramNotes: { transactionId: 'TXN-FILE-1 was sent; the next send uses TXN-NEXT-2.' } });
    assert.equal(await eventually(() => input(page, 'param:transactionId').inputValue(), (v) => v === 'TXN-NEXT-2'), 'TXN-NEXT-2');
    assert.equal(await page.locator('#param-note-transactionId').textContent(), 'TXN-FILE-1 was sent; the next send uses TXN-NEXT-2.');
    assert.equal(await page.locator('#param-note-orderId').textContent(), note, 'the order keeps its note');
    // A value the user types loses the note about the old one.
    await input(page, 'param:orderId').fill('ORD-OTHER');
    assert.equal(await page.locator('#param-note-orderId').textContent(), '');
  });

  it('a body over the message caps is not posted: the form says why instead', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    const { page } = w;
    await openGroup(page, 'Order');
    const before = (await w.posted()).length;
    await input(page, 'order.reference').fill('r'.repeat(MAX_BODY_STRING + 1));
    const status = await eventually(() => page.locator('#status').textContent(), (t) => /cannot send/.test(t ?? ''));
    assert.equal(status, `The form cannot send this body: order.reference: this text is ${MAX_BODY_STRING + 1} characters long; at most ${MAX_BODY_STRING} are accepted.`);
    await page.locator('#send-anyway').click();
    await page.locator('#save').click();
    assert.deepEqual((await w.posted()).slice(before).map((m) => m.type), [], 'no preview, send or save the host would drop');
  });

  it('a host message with a key the protocol does not declare is ignored and logged', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    const { page } = w;
    await w.send({ type: 'notice', text: 'plain' });
    assert.equal(await eventually(() => page.locator('#status').textContent(), (t) => t === 'plain'), 'plain');
    await w.send({ type: 'notice', text: 'with an extra key', html: '<b>bold</b>' });
    await eventually(async () => consoleProblems.length, (n) => n > 0);
    assert.equal(await page.locator('#status').textContent(), 'plain', 'the message was not applied');
    assert.equal(consoleProblems.length, 1);
    assert.match(consoleProblems[0] ?? '', /ignored a host message: message notice: .*html/);
    consoleProblems = [];
  });

  it('an operation without a body says so and still sends', async () => {
    const w = await openForm({ operationId: 'financing.logout', body: {} });
    const { page } = w;
    assert.match((await page.locator('.no-body').textContent()) ?? '', /takes no body/);
    assert.equal(await page.locator('#field-search').count(), 0);
    assert.equal(await page.locator('#send').textContent(), 'Send');
    await page.locator('#send').click();
    await w.waitForPosted('send');
  });

  it('the state is kept with setState and a reopened page shows it again', async () => {
    const first = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    await openGroup(first.page, 'Order');
    await input(first.page, 'order.reference').fill('kept across reloads');
    await first.page.locator('#field-search input').fill('reference');
    const saved = await first.state();
    assert.deepEqual((saved as FormState).body, { apiOperation: 'AUTHORIZE', order: { reference: 'kept across reloads' } });
    await first.close();
    w = undefined;
    // The host sends its own (older) init; what the webview kept wins.
    const second = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } }, { saved });
    assert.equal(await input(second.page, 'order.reference').inputValue(), 'kept across reloads');
    assert.equal(await second.page.locator('#field-search input').inputValue(), 'reference');
    assert.match((await second.page.locator('#preview-json').textContent()) ?? '', /kept across reloads/);
  });

  it('previews: the JSON live, the cURL from the host, copy through the host', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    const { page } = w;
    const before = (await w.posted()).length;
    await openGroup(page, 'Order');
    await input(page, 'order.amount').fill('1.00');
    assert.deepEqual(JSON.parse((await page.locator('#preview-json').textContent()) ?? ''), { apiOperation: 'AUTHORIZE', order: { amount: '1.00' } });
    const asked = (await w.waitForPosted('preview', { since: before })) as Posted & { state: FormState };
    assert.deepEqual(asked.state.body, { apiOperation: 'AUTHORIZE', order: { amount: '1.00' } });
    assert.equal(asked.state.environmentId, 'sim');
    await w.send({ type: 'preview', curl: "curl -X PUT 'https://x/order/ORD-1' -u ':***'", url: 'https://x/order/ORD-1' });
    await page.getByRole('tab', { name: 'cURL' }).click();
    assert.equal(await eventually(() => page.locator('#preview-curl').textContent(), (t) => t !== ''), "curl -X PUT 'https://x/order/ORD-1' -u ':***'");
    await page.locator('#copy-curl').click();
    const copied = (await w.waitForPosted('copy', { since: before })) as Posted & { text: string };
    assert.equal(copied.text, "curl -X PUT 'https://x/order/ORD-1' -u ':***'");
  });

  it('URL parameters are validated live; Fresh ids asks the host and merges its ids', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: PAYABLE, params: {} });
    const { page } = w;
    assert.equal(await errorText(page, 'param:orderId'), 'orderId: required');
    assert.equal(await page.locator('#send').textContent(), 'Send · 2 problems');
    await input(page, 'param:orderId').fill('o'.repeat(41));
    assert.equal(await errorText(page, 'param:orderId'), 'orderId: must be at most 40 characters, got 41');
    const before = (await w.posted()).length;
    await page.locator('#fresh-ids').click();
    await w.waitForPosted('freshIds', { since: before });
    await w.send({ type: 'ids', params: { orderId: 'ORD-FRESH', transactionId: 'TXN-FRESH' } });
    assert.equal(await eventually(() => input(page, 'param:orderId').inputValue(), (v) => v === 'ORD-FRESH'), 'ORD-FRESH');
    assert.equal(await page.locator('#send').textContent(), 'Send');
    assert.deepEqual(((await w.state()) as FormState).params, { orderId: 'ORD-FRESH', transactionId: 'TXN-FRESH' });
  });

  it('the environment list marks live environments and the choice goes into the state', async () => {
    const w = await openForm({ operationId: 'gateway.refund', version: 13 });
    const { page } = w;
    const labels = await page.locator('#environment option').allTextContents();
    assert.deepEqual(labels, ['Local simulator', 'Production — LIVE']);
    await pick(page.locator('#environment'), 'Production — LIVE');
    assert.equal(((await w.state()) as FormState).environmentId, 'prod');
    assert.ok(await page.locator('.live-badge').isVisible());
    await w.send({ type: 'environments', environments: [...ENVIRONMENTS, { id: 'uat', name: 'UAT', live: false }] });
    assert.equal((await eventually(() => page.locator('#environment option').count(), (n) => n === 3)), 3);
  });

  it('"Use local inbox" under a notification URL asks the host, which fills it with a note; http on 127.0.0.1 is no problem', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: PAYABLE });
    const { page } = w;
    await w.send({ type: 'focusField', path: 'order.notificationUrl' });
    const since = (await w.posted()).length;
    await field(page, 'order.notificationUrl').locator('button.use-inbox').click();
    assert.deepEqual(await w.waitForPosted('useInbox', { since }), { type: 'useInbox', path: 'order.notificationUrl' });
    await w.send({ type: 'setBody', source: 'the local inbox', body: { ...PAYABLE, order: { ...PAYABLE.order, notificationUrl: 'http://127.0.0.1:4478/gateway' } }, fieldNotes: { 'order.notificationUrl': 'The local inbox: webhooks sent here show in the Notifications view.' } });
    assert.equal(await eventually(() => input(page, 'order.notificationUrl').inputValue(), (v) => v !== ''), 'http://127.0.0.1:4478/gateway');
    assert.match(await field(page, 'order.notificationUrl').locator('.field-note').innerText(), /Notifications view/);
    assert.equal(await errorText(page, 'order.notificationUrl'), '');
    await input(page, 'order.notificationUrl').fill('http://example.com/hook');
    assert.match(await eventually(() => errorText(page, 'order.notificationUrl'), (t) => t !== ''), /must be an HTTPS URL \(or http on 127\.0\.0\.1 for the local inbox\)/);
    assert.equal(await field(page, 'order.reference').locator('button.use-inbox').count(), 0, 'only where the service sends notifications');
  });

  it('"Use the simulator’s return page" under a URL the payer returns to shows while the form sends to the simulator, and asks the host', async () => {
    const simulator = [{ id: 'sim', name: 'Local simulator', live: false, simulator: true }, { id: 'prod', name: 'Production', live: true }];
    const w = await openForm({ operationId: 'gateway.initiateCheckout', version: 100, environmentId: 'prod', body: { interaction: { operation: 'PURCHASE', returnUrl: 'https://shop.example/return' } } });
    const { page } = w;
    await w.send({ type: 'environments', environments: simulator });
    const button = field(page, 'interaction.returnUrl').locator('button.use-return-page');
    assert.equal(await button.count(), 1);
    assert.equal(await button.isVisible(), false, 'not on a real gateway: its page is the merchant’s own');
    await pick(page.locator('#environment'), 'Local simulator');
    await eventually(() => button.isVisible(), (v) => v);
    const since = (await w.posted()).length;
    await button.click();
    assert.deepEqual(await w.waitForPosted('useReturnPage', { since }), { type: 'useReturnPage', path: 'interaction.returnUrl' });
    assert.equal(await field(page, 'interaction.operation').locator('button.use-return-page').count(), 0, 'only under a URL the payer returns to');
  });

  it('focusField opens the folded group, creates the row and focuses the control', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    const { page } = w;
    assert.equal(await field(page, 'item[1].quantity').count(), 0);
    await w.send({ type: 'focusField', path: 'item[1].quantity' });
    await field(page, 'item[1].quantity').waitFor();
    assert.equal(await page.locator('details.group[data-group="Item"]').getAttribute('open'), '');
    assert.deepEqual((await bodyOf(w))['item'], [{}, {}]);
    const focused = await eventually(() => page.evaluate<string | undefined>("document.activeElement?.closest('.field')?.getAttribute('data-path')"), (p) => p === 'item[1].quantity');
    assert.equal(focused, 'item[1].quantity');
    await w.send({ type: 'focusField', path: 'no.such.field' });
    assert.match(await eventually(() => page.locator('#status').textContent(), (t) => (t ?? '').includes('no.such.field')) ?? '', /no field no\.such\.field/);
  });

  it('setBody values, keys and stray enum values render as text, never as markup', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE' } });
    const { page } = w;
    await w.send({
      type: 'setBody', source: 'history',
      body: { apiOperation: HOSTILE, order: { reference: HOSTILE, custom: { [HOSTILE]: HOSTILE } }, item: [{ name: HOSTILE }] },
      params: { orderId: HOSTILE, transactionId: 'T' },
    });
    await eventually(() => input(page, 'order.reference').inputValue(), (v) => v === HOSTILE);
    assert.equal(await input(page, 'order.reference').inputValue(), HOSTILE);
    assert.equal(await input(page, 'item[0].name').inputValue(), HOSTILE);
    assert.equal(await input(page, 'param:orderId').inputValue(), HOSTILE);
    assert.match((await page.locator('#preview-json').textContent()) ?? '', /<img src=x onerror/);
    assert.match(await errorText(page, 'apiOperation'), /apiOperation: /);
    // Counted in the page, shadow roots included (a string: this file is compiled without the DOM lib).
    const imgs = await page.evaluate<number>(`(() => {
      const count = (root) => root.querySelectorAll('img').length + [...root.querySelectorAll('*')].reduce((n, e) => n + (e.shadowRoot ? count(e.shadowRoot) : 0), 0);
      return count(document);
    })()`);
    assert.equal(imgs, 0, 'no img element was created');
    assert.equal(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned), undefined);
    assert.match((await page.locator('#status').textContent()) ?? '', /history/);
  });

  it('shows sending, the outcome and the host issues', async () => {
    const w = await openForm({ operationId: 'gateway.authorize', version: 11, body: { ...PAYABLE, order: { amount: '1.00', currency: 'USD' } } });
    const { page } = w;
    await w.send({ type: 'sending', busy: true });
    await eventually(() => page.locator('#send').getAttribute('aria-disabled'), (d) => d === 'true');
    assert.equal(await page.locator('#send').getAttribute('aria-disabled'), 'true');
    await w.send({ type: 'sending', busy: false });
    await w.send({ type: 'sent', tone: 'success', title: 'APPROVED · 200 in 12 ms' });
    const status = page.locator('#status');
    assert.equal(await eventually(() => status.textContent(), (t) => t === 'APPROVED · 200 in 12 ms'), 'APPROVED · 200 in 12 ms');
    assert.ok(await status.evaluate((e) => e.classList.contains('status-success')));
    await w.send({ type: 'hostIssues', issues: [{ path: 'order.amount', rule: 'custom', message: 'order.amount: exceeds the merchant limit' }, { path: 'merchantId', rule: 'required', message: 'merchantId: required' }] });
    assert.equal(await eventually(() => errorText(page, 'order.amount'), (t) => t !== ''), 'order.amount: exceeds the merchant limit');
    assert.match((await page.locator('#problems').textContent()) ?? '', /merchantId: required/);
    assert.equal(await page.locator('#send').textContent(), 'Send · 2 problems');
  });

  it('Load example, Load last body and Save post or fill what they say', async () => {
    const w = await openForm({ operationId: 'gateway.verify', version: 100, body: {} });
    const { page } = w;
    await page.locator('#load-example').click();
    assert.deepEqual(await bodyOf(w), exampleBody('gateway.verify', 100));
    assert.equal(await page.locator('#send').textContent(), 'Send');
    assert.equal(await input(page, 'sourceOfFunds.provided.card.number').inputValue(), '5123450000000008', 'groups holding values open');
    const before = (await w.posted()).length;
    await page.locator('#load-last').click();
    await w.waitForPosted('loadLastBody', { since: before });
    await page.locator('#save').click();
    const save = (await w.waitForPosted('save', { since: before })) as Posted & { state: FormState };
    assert.deepEqual(save.state.body, exampleBody('gateway.verify', 100));
  });

  it('first render of the largest forms (printed, not asserted)', async () => {
    for (const [operationId, version] of [['gateway.updateSession', 100], ['gateway.initiateBrowserPayment', 100]] as const) {
      w = await openWebview('form', { browser });
      const { page } = w;
      await w.waitForPosted('ready');
      // From the init message to the first frame painted with every web component rendered.
      const init = { type: 'init', state: { operationId, version, params: PARAMS, body: {} }, environments: ENVIRONMENTS };
      await page.evaluate((m) => {
        (globalThis as unknown as { __pwInit: unknown }).__pwInit = m;
      }, init);
      const painted = await page.evaluate<number>(`(async () => {
        const started = performance.now();
        window.postMessage(window.__pwInit, '*');
        while (!document.querySelector('#send')) await new Promise((r) => setTimeout(r, 0));
        await Promise.all([...document.querySelectorAll('*')].map((e) => e.updateComplete).filter(Boolean));
        await new Promise((r) => requestAnimationFrame(() => r()));
        return performance.now() - started;
      })()`);
      const first = await page.evaluate(() => performance.getEntriesByName('payment-workbench:form-render').map((e) => e.duration));
      // Everything built at once: a search every field matches opens and builds every group.
      const started = Date.now();
      await page.locator('#field-search input').fill('.');
      const all = Date.now() - started;
      const fields = await page.locator('.field').count();
      // One keystroke with every top-level field filled: validation and problems of the whole body.
      const full = Object.fromEntries(fieldsOf(operationId, version).filter((f) => !f.path.includes('[]') && f.kind !== 'array' && f.kind !== 'map' && !f.path.includes('{key}'))
        .map((f) => [f.path, f.example ?? f.enum?.[0] ?? (f.jsonType === 'boolean' ? true : 'x')]));
      const body = {};
      for (const [path, value] of Object.entries(full)) {
        let cur = body as Record<string, unknown>;
        const steps = path.split('.');
        steps.slice(0, -1).forEach((k) => (cur = (cur[k] ??= {}) as Record<string, unknown>));
        cur[steps[steps.length - 1] ?? ''] = value;
      }
      await w.send({ type: 'setBody', body, source: 'test' });
      const keystroke = await page.evaluate<number>(`(() => {
        const input = document.querySelector('.field[data-path="order.amount"] [data-field-input] input');
        const started = performance.now();
        input.value = '12.00';
        input.dispatchEvent(new Event('input'));
        return performance.now() - started;
      })()`);
      console.log(`      ${operationId} v${version}: first render ${first[0]?.toFixed(1)} ms (${painted.toFixed(0)} ms to the first painted frame); all ${fields} fields built by a search in ${all} ms; a keystroke with ${Object.keys(full).length} values set: ${keystroke.toFixed(1)} ms`);
      const violations = await w.cspViolations();
      await w.close();
      assert.deepEqual(violations, []);
      assert.deepEqual(consoleProblems, []);
    }
    w = undefined;
  });
});
