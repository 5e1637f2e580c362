import * as assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { runCommandFromPalette, screenshot } from '../harness/browser';
import { freePort } from '../harness/codeServer';
import { webviewFrame } from '../harness/webviewFrames';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';

/**
 * Questions of Send Request… and Add Environment started while a form or the response panel has the
 * focus, in a real VS Code (code-server) driven like a person: each question stays open until it is
 * answered, and the request is sent.
 *
 * What closed them: when a question hides, VS Code hands the focus back to the editor that had it; for
 * a webview that is asynchronous (the webview's focus(), a 50 ms delayer, a 'focus' message into its
 * frame), so the next question, shown meanwhile, lost the focus to the webview and closed (it closes
 * on focus loss). The test plays that late focus return at every question: the webview's frame takes
 * the focus, exactly as VS Code's webview focus() does, and the question must still be there.
 */
describe('prompts started from a focused form or response panel (VS Code in a browser)', function () {
  this.timeout(300_000);
  let s: WorkbenchSession;
  let form: Frame;

  const widget = (page: Page) => page.locator('.quick-input-widget');
  /** The question on screen: its title and placeholder, or undefined when the widget is hidden. */
  const question = (page: Page) => page.evaluate(() => {
    const w = (globalThis as unknown as { document: { querySelector(s: string): { style: { display: string }; textContent: string | null; querySelector(s: string): { textContent: string | null; getAttribute(n: string): string | null } | null } | null } }).document.querySelector('.quick-input-widget');
    if (!w || w.style.display === 'none') return undefined;
    return `${w.querySelector('.quick-input-title')?.textContent ?? ''}|${w.querySelector('input')?.getAttribute('placeholder') ?? ''}`;
  });

  /** What VS Code does when a quick input hides over a webview: the webview's own frame takes the focus (webview focus()). */
  async function webviewTakesFocus(frame: Frame): Promise<void> {
    const host = frame.parentFrame();
    const element = await (host ?? frame).frameElement();
    await element.evaluate((iframe) => (iframe as unknown as { contentWindow: { focus(): void } | null }).contentWindow?.focus());
    await frame.evaluate(() => (globalThis as unknown as { focus(): void }).focus());
  }

  /**
   * Waits for the question whose title or placeholder holds `expected`, lets the webview take the focus
   * back, checks the question is still there, then answers it as a person does: a click into the box,
   * the answer typed (nothing for the offered value), Enter.
   */
  async function answer(page: Page, frame: Frame, expected: string, typed: string | undefined): Promise<void> {
    await page.waitForFunction((want) => {
      const w = (globalThis as unknown as { document: { querySelector(s: string): { style: { display: string }; querySelector(s: string): { textContent: string | null; getAttribute(n: string): string | null } | null } | null } }).document.querySelector('.quick-input-widget');
      if (!w || w.style.display === 'none') return false;
      return `${w.querySelector('.quick-input-title')?.textContent ?? ''}|${w.querySelector('input')?.getAttribute('placeholder') ?? ''}`.includes(want);
    }, expected, { timeout: 20_000 });
    await webviewTakesFocus(frame);
    // One round trip through the workbench (a screenshot waits for a frame): a closing question is gone by then.
    await screenshot(page, `e2e-prompt-${expected.replace(/\W+/g, '-')}`);
    const shown = await question(page);
    assert.ok(shown?.includes(expected), `the question "${expected}" closed when the webview took the focus back (now: ${shown ?? 'nothing shown'})`);
    const box = widget(page).locator('input.input');
    await box.click();
    if (typed !== undefined) {
      await box.fill(typed);
    }
    await page.keyboard.press('Enter');
  }

  before(async () => {
    const port = await freePort();
    s = await openWorkbench({ label: 'e2e-prompts', settings: { 'paymentWorkbench.simulator.port': port } });
    await runCommandFromPalette(s.page, 'Payment Workbench: Start Local Simulator');
    await runCommandFromPalette(s.page, 'Payment Workbench: Open Operation Form');
    await widget(s.page).locator('input').fill('Authorize');
    await s.page.locator('.quick-input-widget .monaco-list-row[aria-label^="Authorize"]').first().click();
    form = await webviewFrame(s.page, 'form');
  });

  after(async () => {
    await s?.close();
  });

  it('Send Request… from a focused form: every question stays open until answered, and the request is sent', async () => {
    const amount = form.locator('.field[data-path="order.amount"] [data-field-input] input');
    await amount.click();
    await runCommandFromPalette(s.page, 'Payment Workbench: Send Request…');
    await answer(s.page, form, 'Environment to send to', 'Local simulator');
    await answer(s.page, form, 'Operation to send to Local simulator', 'Authorize');
    await answer(s.page, form, 'Authorize: API version', undefined);
    await answer(s.page, form, 'Authorize: orderId', undefined);
    const response = await webviewFrame(s.page, 'response');
    await response.locator('#verdict .verdict-title').waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await response.locator('.operation-title').innerText(), /^Authorize/);
    assert.match(await response.locator('#verdict .verdict-title').innerText(), /Approved/);
  });

  it('Add Environment… from the focused response panel: every box stays open until answered, and the environment is added', async () => {
    // The form's own Send opens the response panel (whatever the test before did).
    await form.locator('#send').click();
    const response = await webviewFrame(s.page, 'response');
    await response.locator('#verdict').waitFor({ state: 'visible', timeout: 30_000 });
    await response.locator('#verdict').click();
    await runCommandFromPalette(s.page, 'Payment Workbench: Add Environment…');
    await answer(s.page, response, 'Environment name', 'Prompt focus shop');
    await answer(s.page, response, 'Gateway URL', 'https://test-gateway.example.com');
    await answer(s.page, response, 'Financing API base URL', '');
    await answer(s.page, response, 'Merchant id', 'TESTPROMPTS');
    const added = s.page.locator('.notifications-toasts .notification-list-item:has-text("Environment \\"Prompt focus shop\\" added.")');
    await added.first().waitFor({ state: 'visible', timeout: 15_000 });
  });
});
