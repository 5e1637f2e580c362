/**
 * The README's pictures of the form and the response panel (test/harness/docsImages.ts), in the
 * dark theme VS Code starts with: an Authorize being filled in, one problem shown, and the panel
 * with the simulator's approval of it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { exampleBody } from '../../src/catalogue';
import { toExchangeView } from '../../src/features/response/host/exchangeView';
import { startSimulator, type SimulatorHandle } from '../../src/simulator';
import { launchBrowser } from '../harness/browser';
import { docsImage, DOCS_IMAGE_LIMITS, pngSize } from '../harness/docsImages';
import { SimulatorSender } from '../harness/simulatorSender';
import { openWebview } from '../harness/webviewPage';

const ENVIRONMENTS = [{ id: 'local-simulator', name: 'Local simulator', live: false, simulator: true }];
const VIEWPORT = { width: 1100, height: 760 };

function assertSmall(file: string): void {
  const bytes = fs.readFileSync(file);
  assert.ok(bytes.length <= DOCS_IMAGE_LIMITS.maxBytes, `${file}: ${bytes.length} bytes`);
  assert.ok(pngSize(bytes).width <= DOCS_IMAGE_LIMITS.maxWidth);
}

describe("the README's pictures of the form and the response panel (Chromium)", function () {
  this.timeout(120_000);
  let browser: Browser;
  let sim: SimulatorHandle;
  let sender: SimulatorSender;

  before(async () => {
    browser = await launchBrowser();
    sim = await startSimulator({ port: 0 });
    sender = new SimulatorSender(sim);
  });
  after(async () => {
    await browser?.close();
    await sender?.close();
    await sim?.close();
  });

  it('the Authorize form with its example values and one problem beside its field', async () => {
    const w = await openWebview('form', { browser, viewport: VIEWPORT });
    try {
      await w.waitForPosted('ready');
      const body = structuredClone(exampleBody('gateway.authorize', 11) ?? {}) as Record<string, Record<string, unknown>>;
      body['order'] = { ...body['order'], reference: 'A reference longer than the forty characters allowed' };
      await w.send({ type: 'init', state: { operationId: 'gateway.authorize', version: 11, params: { orderId: 'ORDER-1001', transactionId: 'TXN-1' }, body, environmentId: 'local-simulator' }, environments: ENVIRONMENTS });
      await w.waitForPosted('preview');
      await w.send({ type: 'preview', url: `${sim.baseUrl}/api/rest/version/11/merchant/TESTSIMULATOR01/order/ORDER-1001/transaction/TXN-1`, curl: `curl -X PUT '${sim.baseUrl}/api/rest/version/11/merchant/TESTSIMULATOR01/order/ORDER-1001/transaction/TXN-1' \\\n  -u 'merchant.TESTSIMULATOR01:<from secure storage>' \\\n  -H 'Content-Type: application/json' \\\n  --data @body.json` });
      await w.page.locator('.field[data-path="order.reference"] .field-error:not(:empty)').waitFor();
      assert.equal(await w.page.locator('#send').textContent(), 'Send · 1 problem');
      assertSmall(await docsImage(w.page, 'form'));
    } finally {
      await w.close();
    }
  });

  it('the response panel with the approval: verdict, next steps, outcome, risk and card checks', async () => {
    const approved = await sender.send({
      operationId: 'gateway.authorize',
      params: { orderId: `ORDER-${Date.now()}`, transactionId: 'TXN-1' },
      body: { apiOperation: 'AUTHORIZE', order: { amount: '49.90', currency: 'EUR' }, sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } } },
    });
    const w = await openWebview('response', { browser, viewport: VIEWPORT });
    try {
      await w.waitForPosted('ready');
      await w.send({ type: 'show', exchange: toExchangeView(approved) });
      await w.page.locator('#verdict[data-tone="success"]').waitFor();
      assertSmall(await docsImage(w.page, 'response'));
    } finally {
      await w.close();
    }
  });
});
