import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { validateField } from '../../src/catalogue';
import { startSimulator, SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../src/simulator';
import { runCommandFromPalette, screenshot } from '../harness/browser';
import { freePort } from '../harness/codeServer';
import { pickOption, webviewFrame } from '../harness/webviewFrames';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';

const HOSTILE_MESSAGE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

/**
 * A gateway whose acquirer message is an attack: it forwards to a real simulator and plants markup in
 * `response.acquirerMessage`, the field a careless panel would render as HTML.
 */
async function startHostileGateway(upstream: SimulatorHandle): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const r = await fetch(upstream.baseUrl + (req.url ?? '/'), {
      method: req.method ?? 'GET',
      headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = (await r.json()) as { response?: Record<string, unknown> };
    if (body.response) body.response.acquirerMessage = HOSTILE_MESSAGE;
    res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A screenshot without the toasts of earlier steps ("simulator running", a finished progress) over the panels. */
async function panelsShot(session: WorkbenchSession, name: string): Promise<void> {
  await runCommandFromPalette(session.page, 'Notifications: Clear All Notifications');
  await session.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
  await session.page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  await screenshot(session.page, name);
}

/** The form and the response panel in the real VS Code (code-server) driven through Chromium like a person. */
describe('Operation form and response panel in VS Code', function () {
  this.timeout(240_000);
  let s: WorkbenchSession;
  let upstream: SimulatorHandle;
  let hostile: { url: string; close(): Promise<void> };

  before(async () => {
    upstream = await startSimulator({ port: 0 });
    hostile = await startHostileGateway(upstream);
    const port = await freePort();
    s = await openWorkbench({
      label: 'e2e-forms',
      settings: { 'paymentWorkbench.simulator.port': port },
      // A second environment, committed with the workspace: the hostile gateway (simulator credentials).
      files: {
        '.vscode/payment-workbench.environments.json': JSON.stringify({
          environments: [{ id: 'hostile', name: 'Hostile gateway', gatewayUrl: hostile.url, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true }],
        }),
      },
    });
    await runCommandFromPalette(s.page, 'Payment Workbench: Start Local Simulator');
  });

  after(async () => {
    await s?.close();
    await hostile?.close();
    await upstream?.close();
  });

  let form: Frame;

  it('fills the Authorize form field by field: a length error appears and disappears while typing', async () => {
    await runCommandFromPalette(s.page, 'Payment Workbench: Open Operation Form');
    const input = s.page.locator('.quick-input-widget input');
    await input.fill('Authorize');
    await s.page.locator('.quick-input-widget .monaco-list-row[aria-label^="Authorize"]').first().click();
    form = await webviewFrame(s.page, 'form');

    const amount = form.locator('.field[data-path="order.amount"] [data-field-input] input');
    await amount.fill('');
    await amount.pressSequentially('25.00');
    const currency = form.locator('.field[data-path="order.currency"] [data-field-input] input');
    await currency.fill('');
    await currency.pressSequentially('EUR');

    const reference = form.locator('.field[data-path="order.reference"]');
    await form.locator('#field-search input').fill('order reference');
    const refInput = reference.locator('[data-field-input] input');
    await refInput.waitFor({ state: 'visible', timeout: 10_000 });
    await form.locator('#field-search input').fill('');
    const tooLong = 'R'.repeat(41);
    await refInput.pressSequentially(tooLong.slice(0, 40));
    assert.equal((await reference.locator('.field-error').textContent().catch(() => ''))?.trim() ?? '', '', 'no error at 40 characters');
    await refInput.press('R');
    const expected = validateField('gateway.authorize', 11, 'order.reference', tooLong)[0]?.message ?? '';
    assert.ok(expected, 'the catalogue has a message for 41 characters');
    await reference.locator('.field-error', { hasText: expected }).waitFor({ state: 'visible', timeout: 5_000 });
    assert.match(await reference.locator('.field-counter').innerText(), /41\s*\/\s*40/);
    assert.match(await form.locator('#send').innerText(), /1 problem/);
    await refInput.press('Backspace');
    await reference.locator('.field-error', { hasText: expected }).waitFor({ state: 'detached', timeout: 5_000 }).catch(async () => {
      assert.equal((await reference.locator('.field-error').textContent())?.trim() ?? '', '', 'the error cleared at 40 characters');
    });
    assert.doesNotMatch(await form.locator('#send').innerText(), /problem/);
  });

  it('picks a test card and outcome, sends to the simulator and reads the decoded gatewayCode and risk', async () => {
    await pickOption(form.locator('#test-card'), /5111 ?1111 ?1111 ?1118|5111111111111118/);
    await pickOption(form.locator('#test-outcome'), 'APPROVED');
    const number = form.locator('.field[data-path="sourceOfFunds.provided.card.number"] [data-field-input] input');
    assert.equal(await number.inputValue(), '5111111111111118');
    await panelsShot(s, 'form-dark');
    await form.locator('#send').click();

    const response = await webviewFrame(s.page, 'response');
    const code = response.locator('[data-section="outcome"] [data-field="gatewayCode"]');
    await code.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await code.innerText(), /APPROVED/);
    assert.match(await response.locator('#verdict').innerText(), /approved/i);
    assert.match(await response.locator('[data-section="risk"] [data-field="risk.gatewayCode"]').innerText(), /ACCEPTED/);
    await panelsShot(s, 'response-dark');
  });

  it('shows the same form and response in a light theme', async () => {
    const settings = path.join(s.workspace, '.vscode', 'settings.json');
    fs.writeFileSync(settings, JSON.stringify({ 'workbench.colorTheme': 'Default Light Modern' }));
    await s.page.locator('.monaco-workbench.vs').waitFor({ state: 'attached', timeout: 20_000 });
    await s.page.waitForTimeout(500);
    await panelsShot(s, 'response-light');
    await runCommandFromPalette(s.page, 'Payment Workbench: Open Operation Form');
    await s.page.locator('.quick-input-widget input').fill('Authorize');
    await s.page.locator('.quick-input-widget .monaco-list-row[aria-label^="Authorize"]').first().click();
    await s.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
    form = await webviewFrame(s.page, 'form');
    await form.locator('#send').waitFor({ state: 'visible' });
    await panelsShot(s, 'form-light');
  });

  it('an acquirerMessage holding <img onerror> and <script> shows as text and runs nothing', async () => {
    await pickOption(form.locator('#environment'), 'Hostile gateway');
    await form.locator('#fresh-ids').click();
    await s.page.waitForTimeout(300);
    await form.locator('#send').click();
    const response = await webviewFrame(s.page, 'response');
    const message = response.locator('[data-field="acquirerMessage"]');
    await message.filter({ hasText: '<script>' }).waitFor({ state: 'visible', timeout: 20_000 });
    assert.ok((await message.innerText()).includes(HOSTILE_MESSAGE), 'the markup is shown verbatim');
    assert.equal(await response.locator('img').count(), 0, 'no <img> element was created');
    assert.equal(await response.locator('body script:not([nonce])').count(), 0, 'no script element was created');
    assert.equal(await response.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined, 'nothing ran');
    await panelsShot(s, 'response-hostile-light');
  });

  it('the form comes back with what was typed after the window reloads (panel serializer + webview state)', async () => {
    await s.page.locator('.monaco-editor, .editor-group-container').first().waitFor({ state: 'attached' });
    const reference = form.locator('.field[data-path="order.reference"] [data-field-input] input');
    if (!(await reference.isVisible())) {
      await form.locator('#field-search input').fill('order reference');
      await reference.waitFor({ state: 'visible', timeout: 10_000 });
      await form.locator('#field-search input').fill('');
    }
    await reference.fill('KEEP-ME-ACROSS-RELOAD');
    // The form keeps its state on every change; give the debounce a moment, as a person would.
    await s.page.waitForTimeout(500);
    // The reload is asynchronous: wait for the page itself to navigate, or the old page's frames would be found.
    const reloaded = s.page.waitForEvent('framenavigated', { predicate: (f) => f === s.page.mainFrame(), timeout: 60_000 });
    await runCommandFromPalette(s.page, 'Developer: Reload Window');
    await reloaded;
    await s.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    const restored = await webviewFrame(s.page, 'form', 60_000);
    const again = restored.locator('.field[data-path="order.reference"] [data-field-input] input');
    await again.waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await again.inputValue(), 'KEEP-ME-ACROSS-RELOAD');
  });
});
