import type { Browser, Page } from 'playwright-core';
import { launchBrowser, waitForWorkbench } from './browser';
import { startCodeServer, type CodeServer } from './codeServer';
import { vsixPath } from './paths';
import { prepareWorkspace } from './workspace';

/** code-server with the packaged .vsix installed, opened in Chromium: what a person sees. */
export interface WorkbenchSession {
  server: CodeServer;
  browser: Browser;
  page: Page;
  workspace: string;
  close(): Promise<void>;
}

export async function openWorkbench(opts: { label: string; files?: Record<string, string>; settings?: Record<string, unknown>; viewport?: { width: number; height: number }; untrusted?: boolean }): Promise<WorkbenchSession> {
  const workspace = prepareWorkspace(opts.label, opts.files);
  const server = await startCodeServer({ folder: workspace, install: [vsixPath], ...(opts.settings ? { settings: opts.settings } : {}), ...(opts.untrusted ? { untrusted: true } : {}) });
  const browser = await launchBrowser().catch(async (err: unknown) => {
    await server.stop();
    throw err;
  });
  // The workbench's clipboard lives in the browser: tests that copy cURL need it granted.
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1400, height: 1100 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
  await waitForWorkbench(page);
  return {
    server,
    browser,
    page,
    workspace,
    close: async () => {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}
