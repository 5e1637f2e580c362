/**
 * A webview in a real Chromium, without VS Code: the page comes from the extension's own
 * webviewHtml() (same CSP, same nonce rule), the bundle from dist/webview/, and a small prelude
 * stands in for acquireVsCodeApi, recording what the webview posts and keeping its state.
 * Tests post host messages the way VS Code delivers them: as window 'message' events.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newNonce, webviewHtml, type WebviewKind } from '../../src/features/shared/host/webviewHtml';
import { launchBrowser } from './browser';
import { repoRoot } from './paths';

export type Theme = 'dark' | 'light';

export interface WebviewPageOptions {
  theme?: Theme;
  /** What getState() returns at start (a panel restored after a reload). */
  state?: unknown;
  viewport?: { width: number; height: number };
  /** Reuse a browser across tests; otherwise one is launched and closed with the page. */
  browser?: Browser;
  /** VS Code's display language and the extension's bundle for it, as panelHtml() writes them (English when absent). */
  l10n?: { language: string; bundle: Record<string, string> };
}

export interface OpenWebview {
  page: Page;
  /** Everything the webview posted so far, oldest first. */
  posted(): Promise<{ type: string; [k: string]: unknown }[]>;
  /** Waits for the next posted message of `type` after the `since`-th message (default: any so far). */
  waitForPosted(type: string, opts?: { since?: number; timeoutMs?: number }): Promise<{ type: string; [k: string]: unknown }>;
  /** Delivers a host message. */
  send(message: unknown): Promise<void>;
  state(): Promise<unknown>;
  /** CSP violations the page reported (must stay empty). */
  cspViolations(): Promise<unknown[]>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.map': 'application/json' };

function prelude(state: unknown): string {
  return `(() => {
  const rec = { posted: [], state: ${JSON.stringify(state ?? null)} };
  window.__pwHost = rec;
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('acquireVsCodeApi called twice');
    acquired = true;
    return {
      postMessage: (m) => rec.posted.push(JSON.parse(JSON.stringify(m))),
      getState: () => rec.state,
      setState: (s) => { rec.state = JSON.parse(JSON.stringify(s)); },
    };
  };
})();`;
}

/**
 * A shared browser keeps one page that each webview in turn navigates to: a new context costs about
 * 0.6 s of renderer start on a 2-core machine, a navigation about 0.1 s. A webview opened while that
 * page is taken gets a context of its own.
 */
const idlePages = new WeakMap<Browser, Page>();

async function leasePage(browser: Browser, viewport: { width: number; height: number }, theme: Theme): Promise<Page> {
  const page = idlePages.get(browser);
  if (!page || page.isClosed()) return (await browser.newContext({ viewport, colorScheme: theme })).newPage();
  idlePages.delete(browser);
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: theme });
  return page;
}

/** Leaves nothing of the last webview behind: its listeners (the test's too) and its document. */
async function giveBack(browser: Browser, page: Page): Promise<void> {
  for (const event of ['console', 'pageerror', 'request', 'dialog'] as const) page.removeAllListeners(event);
  await page.goto('about:blank');
  if (idlePages.has(browser)) await page.context().close();
  else idlePages.set(browser, page);
}

export async function openWebview(view: WebviewKind, opts: WebviewPageOptions = {}): Promise<OpenWebview> {
  const theme = opts.theme ?? 'dark';
  const nonce = newNonce();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      const origin = `http://${req.headers.host ?? ''}`;
      const html = webviewHtml({
        view, title: view, cspSource: origin, nonce,
        scriptUri: `/dist/webview/${view}.js`,
        elementsUri: '/dist/webview/elements.js',
        styleUris: [`/test-theme/${theme}.css`, '/media/webview.css', `/media/${view}.css`],
        codiconUri: '/dist/codicons/codicon.css',
        preludeUris: ['/prelude.js'],
        ...(opts.l10n ? { language: opts.l10n.language, l10n: opts.l10n.bundle } : {}),
      });
      // VS Code marks the body with the theme kind; the harness does the same after load.
      res.writeHead(200, { 'content-type': 'text/html' }).end(html.replace('<body ', `<body class="vscode-${theme}" data-vscode-theme-kind="vscode-${theme}" `));
      return;
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/prelude.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(prelude(opts.state));
      return;
    }
    const file = url.pathname.startsWith('/test-theme/')
      ? path.join(repoRoot, 'test', 'harness', 'webviewTheme', path.basename(url.pathname))
      : path.join(repoRoot, path.normalize(url.pathname).replace(/^[/\\]+/, ''));
    if (!file.startsWith(repoRoot) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const browser = opts.browser ?? (await launchBrowser());
  const viewport = opts.viewport ?? { width: 1100, height: 900 };
  // A browser of its own gets a context of its own; a shared one lends its page.
  const context = opts.browser ? undefined : await browser.newContext({ viewport, colorScheme: theme });
  const page = context ? await context.newPage() : await leasePage(browser, viewport, theme);
  const consoleErrors: string[] = [];
  page.on('pageerror', (err) => consoleErrors.push(err.message));
  await page.goto(`http://127.0.0.1:${port}/`);

  const posted = () => page.evaluate(() => (globalThis as unknown as { __pwHost: { posted: { type: string }[] } }).__pwHost.posted) as Promise<{ type: string; [k: string]: unknown }[]>;
  return {
    page,
    posted,
    async waitForPosted(type, o = {}) {
      const since = o.since ?? 0;
      const handle = await page.waitForFunction(
        ([t, s]) => (globalThis as unknown as { __pwHost: { posted: { type: string }[] } }).__pwHost.posted.slice(s).find((m) => m.type === t),
        [type, since] as const,
        { timeout: o.timeoutMs ?? 10_000 },
      );
      return (await handle.jsonValue()) as { type: string };
    },
    send: async (message) => {
      await page.evaluate((m) => (globalThis as unknown as { postMessage(m: unknown, origin: string): void }).postMessage(m, '*'), message);
    },
    state: () => page.evaluate(() => (globalThis as unknown as { __pwHost: { state: unknown } }).__pwHost.state),
    cspViolations: async () => [...(await posted()).filter((m) => m.type === 'cspViolation'), ...consoleErrors.map((e) => ({ pageerror: e }))],
    async close() {
      if (context) await context.close();
      else await giveBack(browser, page);
      if (!opts.browser) await browser.close();
      // The shared page's browser may keep a socket open here (a preconnect that never sends a request):
      // close() alone would wait for the server's 60 s header timeout.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
