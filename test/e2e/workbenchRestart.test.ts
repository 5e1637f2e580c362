import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchKeptBrowser, runCommandFromPalette, screenshot, startTapFromPalette, TREE_ROW, viewPane, waitForWorkbench } from '../harness/browser';
import { freePort } from '../harness/codeServer';
import { repoRoot } from '../harness/paths';
import { webviewFrame } from '../harness/webviewFrames';

/**
 * `npm run workbench` is a place to work: what a person set up in it is there after a restart. The real
 * workbench script runs twice on the same ports with the same profile folder, opened both times in the
 * same browser profile (VS Code in a browser keeps secrets in the page's storage, so a person's own
 * browser): the environment added, its stored gateway API password, the History entry and the Tap's
 * CA file all survive.
 */
describe('npm run workbench keeps your work across a restart', function () {
  this.timeout(600_000);
  const ENV = 'Kept shop';
  let tmp: string;
  let ports: { vscode: number; simulator: number };
  let running: { child: ChildProcess; url: string } | undefined;
  let browser: BrowserContext | undefined;

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-kept-'));
    ports = { vscode: await freePort(), simulator: await freePort() };
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await stopWorkbench();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The workbench as a person starts it (`npm run workbench -- --port N --simulator-port N`), with its profile in the test's folder. */
  async function startWorkbench(): Promise<Page> {
    const child = spawn(process.execPath, [path.join(repoRoot, 'out', 'scripts', 'workbench.js'), '--port', String(ports.vscode), '--simulator-port', String(ports.simulator)], {
      env: { ...process.env, PAYMENT_WORKBENCH_PROFILE: path.join(tmp, 'profile') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the workbench printed no address within 180 s:\n${output}`)), 180_000);
      const read = (b: Buffer) => {
        output += b.toString();
        const found = /Payment Workbench: (\S+)/.exec(output);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the workbench exited with ${code}:\n${output}`));
      });
    });
    running = { child, url };
    browser ??= await launchKeptBrowser(path.join(tmp, 'browser'));
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(url);
    await waitForWorkbench(page);
    await page.locator('.activitybar .action-item a[aria-label^="Payment Workbench"]').click();
    return page;
  }

  /** Ctrl+C, as a person stops it: the script stops VS Code and the simulator, then exits. */
  async function stopWorkbench(): Promise<void> {
    const r = running;
    running = undefined;
    if (!r || r.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => r.child.once('exit', () => resolve()));
    r.child.kill('SIGINT');
    const timer = setTimeout(() => r.child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }

  const toast = (page: Page, text: string) => page.locator('.notifications-toasts .notification-list-item', { hasText: text }).first();
  const envRow = (page: Page) => page.locator(`.part.sidebar ${TREE_ROW}`, { hasText: ENV }).first();
  const historyRows = (page: Page) => viewPane(page, 'History').locator(TREE_ROW);

  async function answer(page: Page, expected: string, typed: string): Promise<void> {
    const widget = page.locator('.quick-input-widget');
    await widget.filter({ hasText: expected }).or(page.locator(`.quick-input-widget input[placeholder*="${expected}"]`)).first().waitFor({ state: 'visible', timeout: 30_000 });
    await widget.locator('input').fill(typed);
    await page.keyboard.press('Enter');
  }

  /** Authorize from the form, sent to the active environment: the verdict shows, and no password is asked for. */
  async function sendAuthorize(page: Page): Promise<void> {
    await runCommandFromPalette(page, 'Payment Workbench: Open Operation Form');
    await page.locator('.quick-input-widget input').fill('Authorize');
    await page.locator('.quick-input-widget .monaco-list-row[aria-label^="Authorize"]').first().click();
    const form = await webviewFrame(page, 'form');
    await form.locator('#send').click();
    const response = await webviewFrame(page, 'response');
    await response.locator('#verdict').waitFor({ state: 'visible', timeout: 60_000 });
    assert.match(await response.locator('#verdict').innerText(), /APPROVED/i, 'the stored password reached the simulator');
  }

  /** The Tap started on the active environment; its notification names the CA file to trust. */
  async function startTap(page: Page): Promise<string> {
    const started = await startTapFromPalette(page, ENV);
    const caFile = /trust (\S+\.pem)/.exec(started)?.[1];
    assert.ok(caFile, `the Tap names its CA file: ${started}`);
    return caFile;
  }

  const digest = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

  const walkthrough = (page: Page) => page.locator('.gettingStartedContainer', { hasText: 'Get Started with Payment Workbench' }).first();

  it('opens the walkthrough once, its first step ticked; after a restart finds the environment, its stored password, the History entry and the Tap certificate', async () => {
    let page = await startWorkbench();
    // A new profile is a first install: the walkthrough opens once, its first step ticked (the simulator's environments are there).
    await walkthrough(page).waitFor({ state: 'visible', timeout: 30_000 });
    await walkthrough(page).locator('[data-done-step-id$="environmentAdded"].complete').first().waitFor({ state: 'attached', timeout: 15_000 });
    await screenshot(page, 'workbench-first-start-walkthrough');
    await runCommandFromPalette(page, 'View: Close All Editors');
    await walkthrough(page).waitFor({ state: 'detached', timeout: 15_000 });
    await runCommandFromPalette(page, 'Payment Workbench: Add Environment…');
    await answer(page, 'Environment name', ENV);
    await answer(page, 'Gateway URL', `http://127.0.0.1:${ports.simulator}`);
    await answer(page, 'Financing API base URL', '');
    await answer(page, 'Merchant id', 'TESTSIMULATOR01');
    await toast(page, `Environment "${ENV}" added.`).locator('.monaco-button', { hasText: 'Set Gateway API Password…' }).click();
    await answer(page, 'Gateway API password', 'simulator-api-password');
    await toast(page, `saved for ${ENV}`).locator('.monaco-button', { hasText: 'Make Active' }).click();
    await page.locator('.statusbar-item', { hasText: ENV }).first().waitFor({ state: 'visible', timeout: 15_000 });
    await sendAuthorize(page);
    await runCommandFromPalette(page, 'Payment Workbench: Open History');
    await historyRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    const historyBefore = await historyRows(page).count();
    const caFile = await startTap(page);
    const caBefore = digest(caFile);
    await screenshot(page, 'workbench-before-restart');

    await stopWorkbench();
    page = await startWorkbench();

    await envRow(page).waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator('.statusbar-item', { hasText: ENV }).first().waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await walkthrough(page).count(), 0, 'the walkthrough opened once, on the first start only');
    await runCommandFromPalette(page, 'Payment Workbench: Open History');
    await historyRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    assert.ok((await historyRows(page).count()) >= historyBefore, 'the History entries are still listed');
    // Sent again without a password question: the secret survived in VS Code's own secret storage.
    await sendAuthorize(page);
    assert.equal(await startTap(page), caFile, 'the same CA file');
    assert.equal(digest(caFile), caBefore, 'the CA the shop server was told to trust is unchanged');
    await screenshot(page, 'workbench-after-restart');
  });
});
