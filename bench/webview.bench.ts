/**
 * Webview figures in a real Chromium (the browser-test harness, same page and CSP as in VS Code):
 * first render of the largest forms, keystroke-to-error latency, bundle sizes, and how long the
 * response panel takes to show a large body.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exampleBody, fieldsOf, getOperation, operations, type OperationId } from '../src/catalogue';
import { launchBrowser } from '../test/harness/browser';
import { chromiumPath, repoRoot } from '../test/harness/paths';
import { SIMULATOR_DEFAULTS } from '../src/simulator/defaults';
import { openWebview } from '../test/harness/webviewPage';
import { startBackgroundLoad, startServer } from './processes/run';
import { missingTools, percentiles, type Report } from './report';

const AREA = 'webview';
const RUNS = 5;

interface FirstRender {
  ms: number;
  /** Web components in the first frame: each renders a shadow tree of its own there (a load-independent figure on a busy machine). */
  components: number;
}

/** Time from the host's `init` to the form's fields and Send button on screen, measured inside the page. */
async function firstRender(operationId: OperationId, version: number | undefined, browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<FirstRender> {
  const w = await openWebview('form', { browser });
  try {
    await w.waitForPosted('ready');
    const init = { type: 'init', state: { operationId, ...(version !== undefined ? { version } : {}), params: {}, body: exampleBody(operationId, version) ?? {} }, environments: [{ id: 'sim', name: 'Simulator', live: false }] };
    return await w.page.evaluate(async (message) => {
      const g = globalThis as unknown as { document: { querySelector(s: string): unknown; querySelectorAll(s: string): ArrayLike<{ tagName: string }> }; postMessage(m: unknown, o: string): void; requestAnimationFrame(cb: () => void): void; performance: { now(): number } };
      const t0 = g.performance.now();
      g.postMessage(message, '*');
      await new Promise<void>((resolve) => {
        const check = () => (g.document.querySelector('#send') && g.document.querySelectorAll('.field').length > 0 ? resolve() : g.requestAnimationFrame(check));
        check();
      });
      const components = Array.from(g.document.querySelectorAll('*')).filter((e) => e.tagName.includes('-')).length;
      // One more frame: the browser has laid out and painted what was built.
      await new Promise<void>((resolve) => g.requestAnimationFrame(() => resolve()));
      return { ms: g.performance.now() - t0, components };
    }, init);
  } finally {
    await w.close();
  }
}

/** From keydown to the error text changing (appearing on the 41st character, going on Backspace). */
async function keystrokeToErrorMs(browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<number[]> {
  const w = await openWebview('form', { browser });
  try {
    await w.waitForPosted('ready');
    await w.send({ type: 'init', state: { operationId: 'gateway.authorize', version: 11, params: {}, body: { ...(exampleBody('gateway.authorize', 11) as object), order: { amount: '1.00', currency: 'USD', reference: 'R'.repeat(40) } } }, environments: [] });
    const field = w.page.locator('.field[data-path="order.reference"]');
    const input = field.locator('[data-field-input] input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    // In-page timing (no DOM types in this tsconfig, hence a script string): keydown → error text change.
    await w.page.evaluate(`(() => {
      window.__pwLatencies = [];
      window.__pwKey = 0;
      document.addEventListener('keydown', () => { window.__pwKey = performance.now(); }, true);
      const target = document.querySelector('.field[data-path="order.reference"]');
      const errorText = () => target.querySelector('.field-error')?.textContent ?? '';
      let last = errorText();
      new MutationObserver(() => {
        const now = errorText();
        if (now !== last && window.__pwKey) {
          window.__pwLatencies.push(performance.now() - window.__pwKey);
          window.__pwKey = 0;
        }
        last = now;
      }).observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
    })()`);
    await input.click();
    await input.press('End');
    for (let i = 0; i < 20; i++) {
      await input.press('R');
      await w.page.waitForTimeout(60);
      await input.press('Backspace');
      await w.page.waitForTimeout(60);
    }
    return await w.page.evaluate(() => (globalThis as unknown as { __pwLatencies: number[] }).__pwLatencies);
  } finally {
    await w.close();
  }
}

export async function run(report: Report): Promise<void> {
  for (const f of ['form.js', 'response.js']) {
    const file = path.join(repoRoot, 'dist', 'webview', f);
    if (fs.existsSync(file)) report(AREA, `bundle dist/webview/${f}`, Math.round(fs.statSync(file).size / 1024), 'KiB');
  }
  const sizes = operations.flatMap((op) => (op.documentedVersions.length ? op.documentedVersions : [undefined]).map((v) => ({ id: op.id as OperationId, v, n: fieldsOf(op.id as OperationId, v).length })));
  const largest = sizes.sort((a, b) => b.n - a.n).slice(0, 2);
  const skipped = missingTools([{ name: 'Chromium', path: chromiumPath }], fs.existsSync);
  if (skipped) {
    report(AREA, 'first render, keystroke to error (in Chromium)', skipped);
    return;
  }
  const browser = await launchBrowser();
  try {
    for (const { id, v, n } of largest) {
      const samples: FirstRender[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await firstRender(id, v, browser));
      const p = percentiles(samples.map((r) => r.ms));
      const title = `${getOperation(id)?.title ?? id}${v ? ` v${v}` : ''}`;
      report(AREA, `first render ${title} (${n} fields), median of ${RUNS}`, p.p50, 'ms');
      report(AREA, `web components in the first frame, ${title}`, samples[0]?.components ?? 0, 'elements');
    }
    const latencies = await keystrokeToErrorMs(browser);
    const p = percentiles(latencies);
    report(AREA, `keystroke to error shown/cleared, p50 (${latencies.length} keys)`, p.p50, 'ms');
    report(AREA, 'keystroke to error shown/cleared, p99', p.p99, 'ms');
    await keystrokesUnderSimulatorLoad(report, browser);
  } finally {
    await browser.close();
  }
}

const SIMULATOR_AUTHORIZE = JSON.stringify({
  apiOperation: 'AUTHORIZE',
  order: { amount: '10.00', currency: 'USD' },
  sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
});

/**
 * The same keystrokes while the simulator (a worker thread in its own process, as VS Code runs it in
 * the extension host's) answers Authorizes on 8 connections from a client process. The form
 * validates in its own page, so the load reaches it only through the machine's cores; the extension
 * host's part (none on a keystroke) is not in this figure, which needs no VS Code.
 */
async function keystrokesUnderSimulatorLoad(report: Report, browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<void> {
  const sim = await startServer('simulator', repoRoot);
  try {
    const auth = 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');
    const load = startBackgroundLoad({
      baseUrl: sim.baseUrl,
      path: `/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/{order}/transaction/1`,
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: SIMULATOR_AUTHORIZE,
      connections: 8,
      orderPrefix: 'KEYS-',
    });
    let latencies: number[];
    try {
      latencies = await keystrokeToErrorMs(browser);
    } finally {
      const during = await load.stop();
      report(AREA, 'simulator load meanwhile: Authorize, 8 connections', Math.round(during.rps), `req/s (${during.refused} refused)`);
    }
    const p = percentiles(latencies);
    report(AREA, `keystroke to error under simulator load, p50 (${latencies.length} keys)`, p.p50, 'ms');
    report(AREA, 'keystroke to error under simulator load, p99 (target ≤ 8)', p.p99, 'ms');
  } finally {
    await sim.stop();
  }
}
