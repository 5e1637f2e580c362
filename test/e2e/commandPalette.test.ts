import * as assert from 'node:assert/strict';
import { runCommandFromPalette, screenshot, TREE_ROW } from '../harness/browser';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';

describe('Payment Workbench installed from its .vsix, in a browser', function () {
  let s: WorkbenchSession;

  before(async () => {
    s = await openWorkbench({ label: 'e2e-palette' });
  });

  after(async () => {
    await s?.close();
  });

  it('shows its activity-bar container with the Environments view and the default environment', async () => {
    const icon = s.page.locator('.activitybar .action-item a[aria-label^="Payment Workbench"]');
    await icon.waitFor({ state: 'visible', timeout: 30_000 });
    await icon.click();
    // With one view in the container, VS Code folds the view's name into the side bar title.
    const sidebarTitle = s.page.locator('.part.sidebar .composite.title');
    await sidebarTitle.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await sidebarTitle.innerText()).toUpperCase(), /PAYMENT WORKBENCH/);
    // A fresh install has one environment that points at the embedded simulator, shown active.
    const row = s.page.locator(`.part.sidebar ${TREE_ROW}[aria-label*="Local simulator"]`).first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await row.innerText()).replace(/\s+/g, ' '), /Local simulator.*active.*test/);
    const status = s.page.locator('.statusbar-item:has-text("Local simulator")');
    await status.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await status.innerText(), /TEST/);
    await screenshot(s.page, 'e2e-environments-view');
  });

  it('runs a Payment Workbench command from the command palette', async () => {
    await runCommandFromPalette(s.page, 'Payment Workbench: Refresh Environments');
    // The palette closes once the command was picked and ran without an error notification.
    await s.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
    const errors = await s.page.locator('.notifications-toasts .notification-list-item .codicon-error').count();
    assert.equal(errors, 0, 'an error notification appeared after running the command');
    await screenshot(s.page, 'e2e-command-palette');
  });
});
