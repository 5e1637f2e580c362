/**
 * Webviews inside the real workbench: each is an iframe in an iframe. The page tells which of ours it
 * is by `<body data-view>`, so tests find "the form" or "the response panel" the way a person would,
 * without depending on VS Code's internal ids.
 */
import type { Frame, Locator, Page } from 'playwright-core';

export async function webviewFrame(page: Page, view: 'form' | 'response', timeoutMs = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (frame.isDetached()) continue;
      const kind = await frame.evaluate(() => (globalThis as unknown as { document?: { body?: { dataset?: Record<string, string> } } }).document?.body?.dataset?.['view']).catch(() => undefined);
      if (kind === view) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no ${view} webview appeared within ${timeoutMs} ms`);
    await page.waitForTimeout(200);
  }
}

/** The form webview of one operation, told apart from other open forms by its title ("Capture v100"). */
export async function formFrameTitled(page: Page, title: string, timeoutMs = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (frame.isDetached()) continue;
      const heading = await frame.evaluate(() => {
        const doc = (globalThis as unknown as { document?: { body?: { dataset?: Record<string, string> }; querySelector(s: string): { textContent: string | null } | null } }).document;
        return doc?.body?.dataset?.['view'] === 'form' ? doc.querySelector('h1.op-title')?.textContent ?? undefined : undefined;
      }).catch(() => undefined);
      if (heading?.startsWith(title)) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no form titled ${title} appeared within ${timeoutMs} ms`);
    await page.waitForTimeout(200);
  }
}

/** Picks the entry of a <select> whose text matches, as choosing it from the list does. */
export async function pickOption(select: Locator, option: string | RegExp): Promise<void> {
  const value = await select.locator('option', { hasText: option }).first().getAttribute('value');
  if (value === null) throw new Error(`no option matching ${String(option)}`);
  await select.selectOption(value);
}
