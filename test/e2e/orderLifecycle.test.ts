import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { runCommandFromPalette, screenshot, TREE_ROW } from '../harness/browser';
import { freePort } from '../harness/codeServer';
import { docsImage } from '../harness/docsImages';
import { formFrameTitled, pickOption, webviewFrame } from '../harness/webviewFrames';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';

/**
 * The order lifecycle from the response panel's next-step buttons, in the real VS Code (code-server):
 * Authorize on the authorize-only merchant → "Capture…" opens Capture filled with the order, amount and
 * currency → a partial capture → "Retrieve Order" shows the order with its transactions → "Void…"
 * of the capture, then the order is back to AUTHORIZED.
 */
describe('Next steps on an order in VS Code', function () {
  this.timeout(240_000);
  let s: WorkbenchSession;

  before(async () => {
    s = await openWorkbench({ label: 'e2e-lifecycle', settings: { 'paymentWorkbench.simulator.port': await freePort() } });
    await runCommandFromPalette(s.page, 'Payment Workbench: Start Local Simulator');
    // The Orders view shows the active environment's orders: make the authorize-only merchant active.
    await runCommandFromPalette(s.page, 'Payment Workbench: Switch Environment');
    await s.page.locator('.quick-input-widget .monaco-list-row', { hasText: 'authorize-only' }).first().click();
    await s.page.locator('.statusbar-item', { hasText: 'authorize-only' }).first().waitFor({ state: 'visible', timeout: 10_000 });
  });

  after(async () => {
    await s?.close();
  });

  async function response(): Promise<Frame> {
    return webviewFrame(s.page, 'response');
  }

  /** The response panel is reused: wait until it shows the new exchange, told by `pattern` in `selector`. */
  async function waitForResponse(selector: string, pattern: RegExp): Promise<string> {
    const deadline = Date.now() + 20_000;
    let last = '';
    while (Date.now() < deadline) {
      last = await (await response()).locator(selector).innerText({ timeout: 1_000 }).catch(() => '');
      if (pattern.test(last)) return last;
      await s.page.waitForTimeout(200);
    }
    throw new Error(`${selector} never matched ${String(pattern)}; last: ${last}`);
  }
  const waitForVerdict = (pattern: RegExp): Promise<string> => waitForResponse('#verdict', pattern);

  it('Authorize on the authorize-only merchant offers Capture…, Update Authorization…, Void… and Retrieve Order', async () => {
    await runCommandFromPalette(s.page, 'Payment Workbench: Open Operation Form');
    await s.page.locator('.quick-input-widget input').fill('Authorize');
    await s.page.locator('.quick-input-widget .monaco-list-row[aria-label^="Authorize"]').first().click();
    const form = await formFrameTitled(s.page, 'Authorize');
    await pickOption(form.locator('#environment'), 'Local simulator · authorize-only');
    const amount = form.locator('.field[data-path="order.amount"] [data-field-input] input');
    await amount.fill('100.00');
    await form.locator('#send').click();
    await waitForVerdict(/Approved/);
    const labels = await (await response()).locator('[data-section="nextSteps"] vscode-button').allInnerTexts();
    assert.deepEqual(labels.map((l) => l.trim().replace(/\s+[A-Z]{3}…$/, '…')).slice(0, 2), ['Capture 100.00…', 'Update Authorization 100.00…']);
    assert.match(labels.join('|'), /Void authorization .+…\|Retrieve Order$/);
  });

  it('"Capture…" opens the Capture form filled from the response; a partial capture leaves the rest', async () => {
    await (await response()).locator('#next-capture').click();
    const capture = await formFrameTitled(s.page, 'Capture');
    const amount = capture.locator('.field[data-path="transaction.amount"] [data-field-input] input');
    await amount.waitFor({ state: 'visible', timeout: 10_000 });
    assert.equal(await amount.inputValue(), '100.00');
    assert.match(await capture.locator('.field[data-path="transaction.amount"]').innerText(), /left to capture: authorized 100\.00 − captured 0\.00, from the Authorize response/);
    assert.equal(await capture.locator('#environment').inputValue(), 'local-simulator-authorize-only');
    await amount.fill('60.00');
    await capture.locator('#send').click();
    await waitForResponse('[data-section="order"]', /PARTIALLY_CAPTURED/);
    assert.match(await (await response()).locator('#verdict').innerText(), /Approved/);
    const labels = (await (await response()).locator('[data-section="nextSteps"] vscode-button').allInnerTexts()).map((l) => l.trim());
    assert.match(labels[0] ?? '', /^Capture 40\.00 [A-Z]{3}…$/);
    await screenshot(s.page, 'next-steps');
  });

  it('"Retrieve Order" shows the order: status, totals and both transactions', async () => {
    await (await response()).locator('#next-retrieveOrder').click();
    const read = await formFrameTitled(s.page, 'Retrieve Order');
    await read.locator('#send').click();
    await waitForVerdict(/Order PARTIALLY_CAPTURED/);
    const rows = await (await response()).locator('table.order-transactions tbody tr').allInnerTexts();
    assert.deepEqual(rows.map((r) => /AUTHORIZATION|CAPTURE/.exec(r)?.[0]), ['AUTHORIZATION', 'CAPTURE']);
  });

  it('"Void…" reverses the capture: the order is AUTHORIZED again', async () => {
    await (await response()).locator('#next-void').click();
    const voidForm = await formFrameTitled(s.page, 'Void');
    const target = voidForm.locator('.field[data-path="transaction.targetTransactionId"] [data-field-input] input');
    await target.waitFor({ state: 'visible', timeout: 10_000 });
    assert.notEqual(await target.inputValue(), '');
    await voidForm.locator('#send').click();
    await waitForVerdict(/Approved/);
    await waitForResponse('[data-section="order"]', /AUTHORIZED/);
    assert.match(await (await response()).locator('[data-section="transaction"]').innerText(), /VOID_CAPTURE/);
  });

  it('the Orders view lists the order with its status and totals, and its requests in time order', async () => {
    await runCommandFromPalette(s.page, 'Payment Workbench: Focus on Orders View');
    const pane = s.page.locator('.part.sidebar .pane', { has: s.page.locator('.pane-header', { hasText: /^Orders/ }) });
    const order = pane.locator(TREE_ROW, { hasText: 'AUTHORIZED · captured 0.00 of 100.00' }).first();
    await order.waitFor({ state: 'visible', timeout: 20_000 });
    if ((await order.getAttribute('aria-expanded')) !== 'true') await order.click();
    const steps = pane.locator(`${TREE_ROW}[aria-level="2"] .label-name`);
    await steps.first().waitFor({ state: 'visible', timeout: 10_000 });
    const labels = await steps.allInnerTexts();
    assert.deepEqual(labels.slice(0, 4), ['Authorize', 'Capture', 'Retrieve Order', 'Void']);
    await screenshot(s.page, 'orders-view');
    // The README's picture of the Orders view: the order and its requests, beside the last form and answer.
    await docsImage(s.page, 'orders-view', [s.page.locator('.part.sidebar'), s.page.locator('.part.editor')], { maxHeight: 500 });

    // "Next Step…" on the order: what the newest answer (the Void's: AUTHORIZED again) allows.
    await order.hover();
    await order.locator('.action-label[aria-label="Next Step…"]').click();
    // The rows' accessible names: "Capture 100.00 USD…, gateway.capture" (label, then description).
    const picks = s.page.locator('.quick-input-widget .monaco-list-row[aria-label*="gateway."]');
    await picks.first().waitFor({ state: 'visible', timeout: 10_000 });
    const names = await picks.evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
    assert.deepEqual(names.map((n) => n.replace(/ [A-Z]{3}…, /, '…, ')), ['Capture 100.00…, gateway.capture', 'Update Authorization 100.00…, gateway.updateAuthorization', 'Retrieve Order, gateway.retrieveOrder']);
    await picks.first().click();
    const capture = await formFrameTitled(s.page, 'Capture');
    await capture.locator('.field[data-path="transaction.amount"] [data-field-input] input').waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await capture.locator('.field[data-path="transaction.amount"]').innerText(), /from the Void response/);
  });
});
