import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { artifactsDir, chromiumPath } from './paths';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

function requireChromium(): string {
  if (!fs.existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath}: run \`bash scripts/ensure-code-server.sh\`.`);
  return chromiumPath;
}

/** Debian's Chromium, headless; the flags keep it from reaching for the closed network at start. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
}

/**
 * Chromium with a profile kept in `dir`, as a person's own browser: VS Code in a browser keeps its
 * secret storage in the page's local storage, so a restart test needs the same profile (and origin).
 */
export async function launchKeptBrowser(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1400, height: 1100 } });
}

/**
 * A row of a tree view, not its sticky-scroll copy: when a view is short, VS Code draws the open
 * ancestors of the top row again as sticky headers, with the same class, label and data-index, and
 * "the first row labelled X" can be that copy (a context menu or a child lookup on it goes astray).
 */
export const TREE_ROW = '.monaco-list-row:not(.monaco-tree-sticky-row)';

/**
 * Picks an entry of the open context menu the way a keyboard user does: VS Code's menu entries take
 * mouse clicks only 100 ms after they render (a timer, so later on a busy machine), and a click before
 * that is dropped without a trace. The pointer moves onto the entry, which focuses it; Enter runs it.
 */
export async function chooseFromContextMenu(page: Page, name: string, timeoutMs = 10_000): Promise<void> {
  const entry = page.getByRole('menuitem', { name, exact: true });
  await entry.hover({ timeout: timeoutMs });
  await page.locator('.monaco-menu .action-item.focused', { has: entry }).waitFor({ state: 'visible', timeout: timeoutMs });
  await page.keyboard.press('Enter');
}

/** A view's pane wherever its container is: the side bar (Environments, Orders) or the Payment Traffic panel. */
export function viewPane(page: Page, name: string): Locator {
  return page.locator('.part.sidebar .pane, .part.panel .pane').filter({ has: page.locator('.pane-header', { hasText: new RegExp(`^${name}`) }) });
}

/** Start Gateway Tap… from the palette, forwarding to `environment`: the text of the notification that says where it listens. */
export async function startTapFromPalette(page: Page, environment: string): Promise<string> {
  await runCommandFromPalette(page, 'Payment Workbench: Start Gateway Tap…');
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: environment }).first().click({ timeout: 30_000 });
  const started = page.locator('.notifications-toasts .notification-list-item', { hasText: 'Gateway Tap at' }).first();
  await started.waitFor({ state: 'visible', timeout: 60_000 }).catch(async (err: unknown) => {
    await screenshot(page, 'tap-not-started');
    throw err;
  });
  return started.innerText();
}

export async function waitForWorkbench(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
  await page.locator('.activitybar').waitFor({ state: 'visible', timeout: timeoutMs });
}

/**
 * Runs a command the way a person does: F1, type its title, pick it. Commands register a few seconds
 * after the workbench shows, so the palette is retried until the entry appears.
 */
export async function runCommandFromPalette(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const row = page.locator(`.quick-input-widget .monaco-list-row[aria-label^="${title}"]`).first();
  for (;;) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(`>${title}`, { timeout: 10_000 }).catch(async (err: unknown) => {
      // A modal dialog makes the palette inert: say which, instead of "element is not editable".
      const dialog = page.locator('.monaco-dialog-box');
      const said = (await dialog.isVisible()) ? await dialog.innerText() : undefined;
      await screenshot(page, 'palette-not-editable');
      throw new Error(`The command palette could not be typed into${said ? `: a dialog is open: ${said.replace(/\s+/g, ' ').slice(0, 300)}` : ''}`, { cause: err });
    });
    try {
      await row.waitFor({ state: 'visible', timeout: 2_500 });
      await row.click();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`Command "${title}" never appeared in the command palette`, { cause: err });
    }
  }
}

/** `fullPage` takes the whole scrolled page (a panel's layout), not only what the window shows. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  const file = path.join(artifactsDir, 'screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? false });
  return file;
}

/** Opens a workspace file by name with Quick Open, as a person does (Ctrl+P, type, pick). */
export async function quickOpen(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill(name);
  await page.locator(`.quick-input-widget .monaco-list-row[aria-label*="${name}"]`).first().click();
}
