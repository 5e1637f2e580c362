import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { runCommandFromPalette, screenshot, TREE_ROW } from '../harness/browser';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';

/**
 * The Environments view clicked like a person: the title-bar "+", a click on a row, the ▷ on an
 * operation row, "Make Active" on a LIVE environment, and Enter in every dangerous question.
 */
describe('Environments view in VS Code (clicks and keys)', function () {
  this.timeout(240_000);
  let s: WorkbenchSession;
  const LIVE = 'E2E LIVE shop';

  const sidebar = () => s.page.locator('.part.sidebar');
  const exactly = (text: string): RegExp => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  /** A tree row by its exact label (several labels share a prefix). */
  const rows = (label: string): Locator => sidebar().locator(TREE_ROW).filter({ has: s.page.locator('.label-name', { hasText: exactly(label) }) });
  const envRow = (name: string): Locator => rows(name).first();
  const statusText = () => s.page.locator('.statusbar-item:has(.codicon-credit-card)').first().innerText();
  const dialog = () => s.page.locator('.monaco-dialog-box');
  const notifications = (text: string) => s.page.locator(`.notifications-toasts .notification-list-item:has-text("${text}")`);

  /** The dialog button that has the keyboard focus: the one Enter presses. */
  async function focusedButton(): Promise<string> {
    const focused = dialog().locator('.monaco-button:focus');
    await focused.waitFor({ state: 'visible', timeout: 5_000 });
    return (await focused.innerText()).trim();
  }

  /**
   * The row just below `parent` once it is expanded and shows `label`: other environments have rows of
   * the same name, and the tree fills in children asynchronously, so "the last such row" can be another's.
   */
  async function firstChild(parent: Locator, label: string): Promise<Locator> {
    const index = Number(await parent.getAttribute('data-index'));
    const child = parent.locator('xpath=..').locator(`:scope > ${TREE_ROW}[data-index="${index + 1}"]`).filter({ has: s.page.locator('.label-name', { hasText: exactly(label) }) });
    await child.waitFor({ state: 'visible', timeout: 10_000 });
    return child;
  }

  /**
   * Expands a row with a click, as a person does. A click that lands while the tree redraws (the
   * environments reloading after the last test) is lost, and a second click on an open row would
   * fold it: the row's own aria-expanded says whether to click again.
   */
  async function expandByClick(row: Locator): Promise<void> {
    for (let tries = 0; tries < 3 && (await row.getAttribute('aria-expanded')) !== 'true'; tries++) {
      await row.click();
      for (let i = 0; i < 15 && (await row.getAttribute('aria-expanded')) !== 'true'; i++) await s.page.waitForTimeout(200);
    }
  }

  async function rowAction(row: Locator, label: string): Promise<void> {
    await row.hover();
    await row.locator(`.action-label[aria-label="${label}"]`).click();
  }

  before(async () => {
    s = await openWorkbench({
      label: 'e2e-environments',
      files: {
        // A LIVE environment (merchant not TEST…) committed with the workspace; port 9 is never answered.
        '.vscode/payment-workbench.environments.json': JSON.stringify({ environments: [{ id: 'e2e-live', name: LIVE, gatewayUrl: 'http://127.0.0.1:9', merchantId: 'LIVESHOP01' }] }),
      },
    });
    const icon = s.page.locator('.activitybar .action-item a[aria-label^="Payment Workbench"]');
    await icon.waitFor({ state: 'visible', timeout: 30_000 });
    await icon.click();
    try {
      await envRow(LIVE).waitFor({ state: 'visible', timeout: 30_000 });
    } catch (err) {
      await screenshot(s.page, 'e2e-environments-start');
      console.log(await sidebar().innerHTML().then((h) => h.slice(0, 6000)));
      throw err;
    }
  });

  after(async () => {
    await s?.close();
  });

  it('shows the built-in authorize-only simulator environment', async () => {
    const row = envRow('Local simulator · authorize-only');
    await row.waitFor({ state: 'visible', timeout: 10_000 });
    await row.hover();
    assert.match(await row.innerText(), /test/);
  });

  it('a click on an environment row does not make it active', async () => {
    assert.match(await statusText(), /Local simulator · TEST/);
    await envRow('Local simulator · authorize-only').click();
    // Let any command the click would run reach the status bar: a palette command is a round trip through the same host.
    await runCommandFromPalette(s.page, 'Payment Workbench: Refresh Environments');
    await s.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
    const text = await statusText();
    assert.doesNotMatch(text, /authorize-only/, `the click switched the active environment: ${text}`);
  });

  it('the title-bar "+" asks for the new environment’s name (no error), with a row focused', async () => {
    // With a row focused, VS Code hands the focused row to title-bar commands as their argument.
    await envRow('Local simulator · authorize-only').click();
    const header = sidebar().locator('.pane-header:has-text("Environments")');
    await header.hover();
    await header.locator('.action-label[aria-label="Add Environment…"]').click();
    const input = s.page.locator('.quick-input-widget');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await input.innerText(), /Environment name/);
    assert.equal(await notifications('Invalid input').count(), 0, 'an error instead of the name prompt');
    await s.page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden', timeout: 10_000 });
  });

  it('▷ on an operation row sends that operation to that row’s environment; Enter on "Send to LIVE?" sends nothing', async () => {
    const live = envRow(LIVE);
    await expandByClick(live);
    const gateway = await firstChild(live, 'Card gateway');
    await expandByClick(gateway);
    // The payment's life comes first (Check Gateway, Payment Options Inquiry…); Authorize follows 3-D Secure and Verify,
    // maybe below the view's fold: walk down with the keyboard, as a person scrolls, until it has the focus.
    await firstChild(gateway, 'Check Gateway');
    const focusedRow = sidebar().locator(`${TREE_ROW}.focused .label-name`);
    for (let i = 0; i < 20 && (await focusedRow.innerText().catch(() => '')).trim() !== 'Authorize'; i++) await s.page.keyboard.press('ArrowDown');
    const authorize = sidebar().locator(`${TREE_ROW}.focused`).filter({ has: s.page.locator('.label-name', { hasText: exactly('Authorize') }) });
    await authorize.waitFor({ state: 'visible', timeout: 10_000 });

    const sendOnce = async (answer: 'Enter' | 'Send to LIVE'): Promise<void> => {
      await rowAction(authorize, 'Send Request');
      // The row gave the environment and the operation: the only question left is the order id.
      const input = s.page.locator('.quick-input-widget');
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(await input.innerText(), /Authorize: orderId/);
      const orderId = input.locator('input');
      // Accept the suggested order id once the box holds it.
      await s.page.waitForFunction((el) => (el as unknown as { value: string } | null)?.value !== '', await orderId.elementHandle());
      await orderId.press('Enter');
      await dialog().waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(await dialog().innerText(), new RegExp(`to the LIVE environment "${LIVE}"`));
      assert.equal(await focusedButton(), "Don't Send", 'the focused default button (the one Enter presses)');
      if (answer === 'Enter') await s.page.keyboard.press('Enter');
      else await dialog().locator('.monaco-button:has-text("Send to LIVE")').click();
      await dialog().waitFor({ state: 'hidden', timeout: 10_000 });
    };

    await sendOnce('Enter');
    await screenshot(s.page, 'e2e-live-send-declined');
    await sendOnce('Send to LIVE');
    // Only a send that went past the question reaches the (missing) password question; Escape leaves it unset, and says so.
    await dialog().waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await dialog().innerText(), /No gateway API password for "E2E LIVE shop"/);
    assert.match(await dialog().innerText(), /Set Password…/);
    await s.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden', timeout: 10_000 });
    await notifications('No gateway API password').first().waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(await notifications('No gateway API password').count(), 1, 'Enter on the question sent the request');
  });

  it('"Make Active" on a LIVE environment asks; Enter keeps the current one, "Switch to LIVE" switches', async () => {
    // The last test left the LIVE environment open and scrolled below its own rows: Collapse All brings
    // the row back into view, as a person does (its sticky-scroll copy is a header, not a row to act on).
    const header = sidebar().locator('.pane-header:has-text("Environments")');
    await header.hover();
    await header.locator('.action-label[aria-label="Collapse All"]').click();
    const ask = async (): Promise<void> => {
      await rowAction(envRow(LIVE), 'Make Active');
      await dialog().waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(await dialog().innerText(), /It is LIVE/);
      assert.equal(await focusedButton(), 'Stay on Current', 'the focused default button (the one Enter presses)');
    };
    await ask();
    await s.page.keyboard.press('Enter');
    await dialog().waitFor({ state: 'hidden', timeout: 10_000 });
    assert.match(await statusText(), /Local simulator · TEST/);

    await ask();
    await dialog().locator('.monaco-button:has-text("Switch to LIVE")').click();
    await s.page.locator(`.statusbar-item:has-text("${LIVE}")`).waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await statusText(), /LIVE/);
    await screenshot(s.page, 'e2e-live-active');
  });
});
