import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chooseFromContextMenu, runCommandFromPalette, screenshot, TREE_ROW, viewPane } from '../harness/browser';
import { freePort } from '../harness/codeServer';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';

/**
 * Webhooks as the gateway sends them, as a user meets them in the real VS Code (code-server) with the
 * packaged .vsix: Trigger Scenario… from the palette sends a webhook handler (a server of this test,
 * refusing each notification's first attempt) the notification of an approved payment; the Deliveries
 * view shows it with its attempts; Resend from its context menu reaches the endpoint with the same
 * X-Notification-Id and the next attempt number.
 */
describe('Trigger Scenario and the Deliveries view in VS Code', function () {
  this.timeout(240_000);
  let s: WorkbenchSession;
  let endpoint: Server;
  let hook: string;
  const got: { id: string; attempt: number; status: number }[] = [];

  before(async () => {
    const seen = new Map<string, number>();
    endpoint = createServer((req, res) => {
      const id = String(req.headers['x-notification-id']);
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      const status = count === 1 ? 500 : 200;
      got.push({ id, attempt: Number(req.headers['x-notification-attempt']), status });
      req.resume();
      req.on('end', () => res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'handled' : 'not yet'));
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    hook = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/webhooks/gateway`;
    s = await openWorkbench({ label: 'e2e-deliveries', settings: { 'paymentWorkbench.simulator.port': await freePort(), 'paymentWorkbench.inbox.port': await freePort() } });
  });

  after(async () => {
    await s?.close();
    endpoint?.closeAllConnections();
    endpoint?.close();
  });

  it('triggers a scenario from the palette, shows the delivery with its attempts, and resends it from the context menu', async () => {
    const { page } = s;
    await runCommandFromPalette(page, 'Payment Workbench: Trigger Scenario…');
    const quick = page.locator('.quick-input-widget');
    await quick.locator('input').fill('payment-approved');
    await quick.locator('.monaco-list-row', { hasText: 'payment-approved' }).first().click();
    // No webhook URL is set for the simulator's merchant: the trigger asks where the webhooks go.
    const urlBox = quick.locator('input');
    await page.locator('.quick-input-widget .quick-input-message', { hasText: /webhooks go/ }).or(page.locator('.quick-input-widget', { hasText: /webhooks go/ })).first().waitFor({ state: 'visible', timeout: 60_000 });
    await urlBox.fill(hook);
    await page.keyboard.press('Enter');

    const pane = viewPane(page, 'Deliveries');
    const row = pane.locator(TREE_ROW, { hasText: 'PAYMENT APPROVED · order CAPTURED' }).first();
    await row.waitFor({ state: 'visible', timeout: 60_000 });
    await pane.locator(TREE_ROW, { hasText: /delivered \(2 attempts\)/ }).first().waitFor({ state: 'visible', timeout: 30_000 });
    const first = got[0];
    assert.ok(first, 'the endpoint got the notification');
    assert.deepEqual(got.map((g) => [g.id, g.attempt, g.status]), [[first.id, 1, 500], [first.id, 2, 200]]);

    // A click opens the notification's text; the twistie shows its attempts.
    await row.click();
    await page.locator('.tab', { hasText: /^notification-[0-9a-f]{8}\.txt/ }).first().waitFor({ state: 'visible', timeout: 15_000 });
    // In the report language, which wraps its long lines (configurationDefaults): the status bar names it.
    await page.locator('.statusbar-item', { hasText: 'Payment Workbench Report' }).first().waitFor({ state: 'visible', timeout: 15_000 });
    const lines = page.locator('.monaco-editor .view-lines').first();
    // A line near the top: the body now carries the gateway's authorizationResponse first, so the order's
    // status sits below the editor's fold, where Monaco renders no line.
    await lines.filter({ hasText: '"gatewayEntryPoint": "WEB_SERVICES_API"' }).waitFor({ state: 'visible', timeout: 15_000 });
    const shown = (await lines.innerText()).replace(/\u00a0/g, ' ');
    assert.match(shown, /"merchant": "TESTSIMULATOR01"/, 'the body as sent, as text');
    assert.doesNotMatch(shown, /TESTSIMULATOR01-notification-secret/, 'the secret is masked');
    await row.locator('.monaco-tl-twistie').click();
    await pane.locator(TREE_ROW, { hasText: /Attempt 1 → 500/ }).waitFor({ state: 'visible', timeout: 15_000 });
    await pane.locator(TREE_ROW, { hasText: /Attempt 2 → 200/ }).waitFor({ state: 'visible', timeout: 15_000 });
    await screenshot(page, 'deliveries-view');

    // A context menu closes when the view redraws under it (a long poll answering): opened again if so.
    // A redraw between finding the row and the click can also open the menu of the row that moved
    // there (an attempt, without Resend): Escape closes whatever menu is left before the next try.
    for (let tries = 0; tries < 4 && got.length < 3; tries++) {
      await page.keyboard.press('Escape');
      await row.click({ button: 'right' });
      await chooseFromContextMenu(page, 'Resend').catch(() => undefined);
      const deadline = Date.now() + 15_000;
      while (got.length < 3 && Date.now() < deadline) await page.waitForTimeout(200);
    }
    assert.deepEqual(got[2] && [got[2].id, got[2].attempt], [first.id, 3], `the resend keeps the id and takes the next attempt number: ${JSON.stringify(got)}`);
    await pane.locator(TREE_ROW, { hasText: /delivered \(3 attempts\)/ }).first().waitFor({ state: 'visible', timeout: 30_000 });
  });
});
