import * as assert from 'node:assert/strict';
import { runCommandFromPalette, screenshot, TREE_ROW, viewPane } from '../harness/browser';
import { freePort } from '../harness/codeServer';
import { formFrameTitled } from '../harness/webviewFrames';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';

/**
 * The local inbox as a user meets it, in the real VS Code (code-server) with the packaged .vsix: the
 * Authorize form's "Use local inbox" starts the inbox and fills order.notificationUrl; after Send, the
 * Notifications view shows the webhook the simulator delivered, decoded.
 */
describe('Local inbox and the Notifications view in VS Code', function () {
  this.timeout(240_000);
  let s: WorkbenchSession;

  before(async () => {
    s = await openWorkbench({ label: 'e2e-inbox', settings: { 'paymentWorkbench.simulator.port': await freePort(), 'paymentWorkbench.inbox.port': await freePort() } });
    await runCommandFromPalette(s.page, 'Payment Workbench: Start Local Simulator');
  });

  after(async () => {
    await s?.close();
  });

  it('"Use local inbox" fills the notification URL; the webhook of the sent Authorize appears in the Notifications view', async () => {
    await runCommandFromPalette(s.page, 'Payment Workbench: Open Operation Form');
    await s.page.locator('.quick-input-widget input').fill('Authorize');
    await s.page.locator('.quick-input-widget .monaco-list-row[aria-label^="Authorize"]').first().click();
    const form = await formFrameTitled(s.page, 'Authorize');
    await form.locator('#field-search input').fill('notification');
    const field = form.locator('.field[data-path="order.notificationUrl"]');
    await field.locator('button.use-inbox').click();
    const input = field.locator('[data-field-input] input');
    const deadline = Date.now() + 15_000;
    while ((await input.inputValue()) === '' && Date.now() < deadline) await s.page.waitForTimeout(200);
    const url = await input.inputValue();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/gateway$/);
    assert.match(await field.locator('.field-note').innerText(), /Notifications view/);
    await form.locator('#field-search input').fill('');
    await form.locator('#send').click();

    await runCommandFromPalette(s.page, 'Payment Traffic: Focus on Notifications View');
    const pane = viewPane(s.page, 'Notifications');
    await pane.locator(TREE_ROW, { hasText: `Listening at ${url.replace(/\/gateway$/, '')}` }).waitFor({ state: 'visible', timeout: 20_000 });
    const event = pane.locator(TREE_ROW, { hasText: 'Approved' }).first();
    await event.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await event.innerText(), /gateway ORD-\S+ PAYMENT APPROVED [\d.]+ USD/);
    await screenshot(s.page, 'notifications-view');
  });
});
