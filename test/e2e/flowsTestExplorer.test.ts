import * as assert from 'node:assert/strict';
import { quickOpen, runCommandFromPalette, screenshot, TREE_ROW } from '../harness/browser';
import { docsImage } from '../harness/docsImages';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { LIVE_MERCHANT, TEST_AND_LIVE_MERCHANTS } from '../harness/sendPorts';

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

describe('a flow run from the Test Explorer, in VS Code with the .vsix installed', function () {
  let s: WorkbenchSession;
  let sim: SimulatorHandle;

  before(async () => {
    sim = await startSimulator({ port: 0, merchants: TEST_AND_LIVE_MERCHANTS });
    const environments = { environments: [
      { id: 'e2e-flows', name: 'E2E flows simulator', gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true },
      // LIVE by its merchant id (not TEST…), though it is the simulator on loopback.
      { id: 'e2e-flows-live', name: 'E2E LIVE shop', gatewayUrl: sim.baseUrl, merchantId: LIVE_MERCHANT.merchantId },
    ] };
    const liveFlow = { name: 'Pay on LIVE (e2e)', environment: 'e2e-flows-live', steps: [{ id: 'pay', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '15.00', currency: 'EUR' }, sourceOfFunds: card } }] };
    const flow = {
      name: 'Authorize then refund (e2e)',
      environment: 'e2e-flows',
      steps: [
        { id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '15.00', currency: 'EUR' }, sourceOfFunds: card }, expect: { 'response.gatewayCode': 'APPROVED' } },
        { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '15.00', currency: 'EUR' } }, expect: { result: 'SUCCESS', 'order.totalRefundedAmount': '15.00' } },
      ],
    };
    s = await openWorkbench({ label: 'e2e-flows', files: { '.vscode/payment-workbench.environments.json': JSON.stringify(environments), 'card.payflow.json': JSON.stringify(flow, null, 2), 'live.payflow.json': JSON.stringify(liveFlow, null, 2) } });
  });

  after(async () => {
    await s?.close();
    await sim?.close();
  });

  it('shows the flow and its steps, runs it with the run button, and marks every step passed', async () => {
    const page = s.page;
    await quickOpen(page, 'card.payflow.json');
    await runCommandFromPalette(page, 'Testing: Focus on Test Explorer View');
    const tree = page.locator('.test-explorer .monaco-list');
    const flowRow = tree.locator(TREE_ROW, { hasText: 'Authorize then refund (e2e)' }).first();
    await flowRow.waitFor({ state: 'visible', timeout: 60_000 });
    await flowRow.hover();
    await flowRow.locator('.action-label[aria-label^="Run"]').first().click();
    // A row's text starts with its label: "refund" is not the flow row "Authorize then refund (e2e)".
    const passed = (label: string) => tree.locator(TREE_ROW, { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).locator('.codicon-testing-passed-icon');
    try {
      await passed('Authorize then refund (e2e)').first().waitFor({ state: 'visible', timeout: 60_000 });
      // The steps are children of the flow: open it and see each one passed.
      if ((await flowRow.getAttribute('aria-expanded')) === 'false') await flowRow.locator('.monaco-tl-twistie').click();
      for (const step of ['auth', 'refund']) await passed(step).first().waitFor({ state: 'visible', timeout: 10_000 });
      // The README's picture of a flow run: the Test Explorer with every step passed, beside the flow file.
      await docsImage(page, 'flow-run', [page.locator('.part.sidebar'), page.locator('.part.editor')]);
    } finally {
      await screenshot(page, 'e2e-flows-test-explorer');
    }
    assert.equal(sim.requestLog.entries.filter((e) => e.url.includes('/transaction/') && e.status === 201).length, 2, 'both steps reached the simulator');
  });

  it('a run on a LIVE environment asks "Send to LIVE?" as every door does; Enter (Don\'t Send) sends nothing and fails the step', async () => {
    const page = s.page;
    const tree = page.locator('.test-explorer .monaco-list');
    const liveRow = tree.locator(TREE_ROW, { hasText: 'Pay on LIVE (e2e)' }).first();
    await liveRow.waitFor({ state: 'visible', timeout: 60_000 });
    const toLive = () => sim.requestLog.entries.filter((e) => e.url.includes(`/merchant/${LIVE_MERCHANT.merchantId}/`)).length;
    const dialog = page.locator('.monaco-dialog-box');
    try {
      await liveRow.hover();
      await liveRow.locator('.action-label[aria-label^="Run"]').first().click();
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      assert.match(await dialog.innerText(), /Send Authorize of 15\.00 EUR to the LIVE environment "E2E LIVE shop"\?/);
      assert.equal((await dialog.locator('.monaco-button:focus').innerText()).trim(), "Don't Send", 'the focused default button (the one Enter presses)');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
      await liveRow.locator('.codicon-testing-failed-icon').waitFor({ state: 'visible', timeout: 30_000 });
    } finally {
      await screenshot(page, 'e2e-flows-live-declined');
    }
    assert.equal(toLive(), 0, 'nothing reached the LIVE merchant');
  });
});
