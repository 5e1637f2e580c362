import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { SIMULATOR_DEFAULTS, startSimulator } from '../../src/simulator';
import { runCommandFromPalette, screenshot, startTapFromPalette, TREE_ROW, viewPane } from '../harness/browser';
import { freePort } from '../harness/codeServer';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';

/**
 * Each view gets room, at a laptop's 1440×900 with VS Code's default layout: the side bar keeps
 * Environments and Orders, so an open Card gateway shows its operations, not two rows under sticky
 * headers; the traffic views (Tap, Deliveries, Notifications, History) live in the Payment Traffic
 * panel, where a Tap row shows its status and verdict without a tooltip.
 */
describe('Views with room at 1440×900 (VS Code in a browser)', function () {
  this.timeout(300_000);
  let s: WorkbenchSession;
  let simulator: Awaited<ReturnType<typeof startSimulator>>;

  before(async () => {
    // As npm run workbench does: a simulator of its own on the port the extension is set to look at.
    simulator = await startSimulator({ port: await freePort() });
    s = await openWorkbench({ label: 'e2e-room', viewport: { width: 1440, height: 900 }, settings: { 'paymentWorkbench.simulator.port': simulator.port } });
    await s.page.locator('.activitybar .action-item a[aria-label^="Payment Workbench"]').click();
  });

  after(async () => {
    await s?.close();
    await simulator?.close();
  });

  /** Rows drawn inside the visible part of the view (the list keeps a few rows drawn just outside it). */
  async function rowsInView(pane: Locator, level: number): Promise<string[]> {
    const body = await pane.locator('.monaco-list').first().boundingBox();
    assert.ok(body, 'the view has a list');
    const shown: string[] = [];
    for (const row of await pane.locator(`${TREE_ROW}[aria-level="${level}"]`).all()) {
      const box = await row.boundingBox();
      if (box && box.y >= body.y && box.y + box.height <= body.y + body.height) shown.push((await row.locator('.label-name').innerText()).trim());
    }
    return shown;
  }

  it('an open Card gateway shows at least eight operation rows in the side bar', async () => {
    const environments = viewPane(s.page, 'Environments');
    const gateway = environments.locator(TREE_ROW, { hasText: 'Card gateway' }).first();
    await gateway.waitFor({ state: 'visible', timeout: 30_000 });
    if ((await gateway.getAttribute('aria-expanded')) !== 'true') await gateway.click();
    await environments.locator(`${TREE_ROW}[aria-level="3"]`).first().waitFor({ state: 'visible', timeout: 15_000 });
    const operations = await rowsInView(environments, 3);
    await screenshot(s.page, 'room-environments');
    assert.ok(operations.length >= 8, `operation rows in view: ${operations.length} (${operations.join(', ')})`);
  });

  it('Start Gateway Tap… does not offer to start the simulator that already answers on its port', async () => {
    await runCommandFromPalette(s.page, 'Payment Workbench: Start Gateway Tap…');
    const row = s.page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Local simulator' }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    const offered = await row.innerText();
    await s.page.keyboard.press('Escape');
    assert.match(offered, /127\.0\.0\.1/, offered);
    assert.doesNotMatch(offered, /not running/, `the simulator on ${simulator.baseUrl} answers: "${offered}"`);
  });

  it('a Tap row shows its status and verdict without a tooltip', async () => {
    const started = await startTapFromPalette(s.page, 'Local simulator');
    const tapUrl = /Gateway Tap at (http:\/\/\S+?) \(/.exec(started)?.[1];
    assert.ok(tapUrl, started);

    // The shop's server: Authorize through the Tap with an approving test card.
    const authorization = `Basic ${Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64')}`;
    const answer = await fetch(`${tapUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/ROOM-${Date.now()}/transaction/1`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ apiOperation: 'AUTHORIZE', order: { amount: '25.00', currency: 'EUR' }, sourceOfFunds: { type: 'CARD', provided: { card: { number: '5111111111111118', expiry: { month: '1', year: '39' }, securityCode: '100' } } } }),
    });
    // The simulator's merchant captures at once (an auto-capture profile): 201, a PAYMENT, APPROVED.
    assert.ok(answer.ok, await answer.text());

    const row = viewPane(s.page, 'Tap').locator(TREE_ROW, { hasText: 'Authorize' }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await screenshot(s.page, 'room-tap');
    // What a person reads: the description as drawn, up to where the view cuts it.
    const visible = await row.evaluate((el) => {
      type Box = { right: number };
      type Node = { textContent: string | null; getBoundingClientRect(): Box; querySelector(s: string): Node | null; ownerDocument: { createRange(): { setStart(n: unknown, o: number): void; setEnd(n: unknown, o: number): void; getBoundingClientRect(): Box } }; firstChild: unknown };
      const row = el as unknown as Node;
      const description = row.querySelector('.label-description');
      if (!description || !description.firstChild) return '';
      const limit = (row.querySelector('.monaco-icon-label-container') ?? row).getBoundingClientRect().right;
      const text = description.textContent ?? '';
      const range = row.ownerDocument.createRange();
      let shown = 0;
      for (let i = 1; i <= text.length; i++) {
        range.setStart(description.firstChild, 0);
        range.setEnd(description.firstChild, i);
        if (range.getBoundingClientRect().right > limit) break;
        shown = i;
      }
      return text.slice(0, shown);
    });
    assert.match(visible, new RegExp(`^${answer.status} · APPROVED`), `the row as drawn: "${visible}"`);
  });
});

describe('Restricted Mode at 1440×900 (VS Code in a browser)', function () {
  this.timeout(300_000);
  let s: WorkbenchSession;

  before(async () => {
    s = await openWorkbench({ label: 'e2e-room-restricted', viewport: { width: 1440, height: 900 }, untrusted: true });
    await s.page.locator('.activitybar .action-item a[aria-label^="Payment Workbench"]').click();
  });

  after(async () => {
    await s?.close();
  });

  it('says Restricted Mode in one row above the environments, which stay in view', async () => {
    const environments = viewPane(s.page, 'Environments');
    const restricted = environments.locator(TREE_ROW, { hasText: 'Restricted Mode: nothing is sent' });
    await restricted.waitFor({ state: 'visible', timeout: 30_000 });
    const simulator = environments.locator(TREE_ROW, { hasText: 'Local simulator' }).first();
    await simulator.waitFor({ state: 'visible', timeout: 15_000 });
    const [above, below] = [await restricted.boundingBox(), await simulator.boundingBox()];
    assert.ok(above && below && above.y < below.y, 'the Restricted Mode row is above the environments');
    await screenshot(s.page, 'room-restricted');
  });
});
