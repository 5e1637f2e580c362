import * as assert from 'node:assert/strict';
import { quickOpen, runCommandFromPalette, screenshot } from '../harness/browser';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

describe('a flow run from the Test Explorer, in VS Code with the .vsix installed', function () {
  let s: WorkbenchSession;
  let sim: SimulatorHandle;

  before(async () => {
    sim = await startSimulator({ port: 0 });
    const environments = { environments: [{ id: 'e2e-flows', name: 'E2E flows simulator', gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true }] };
    const flow = {
      name: 'Authorize then refund (e2e)',
      environment: 'e2e-flows',
      steps: [
        { id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '15.00', currency: 'EUR' }, sourceOfFunds: card }, expect: { 'response.gatewayCode': 'APPROVED' } },
        { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '15.00', currency: 'EUR' } }, expect: { result: 'SUCCESS', 'order.totalRefundedAmount': '15.00' } },
      ],
    };
    s = await openWorkbench({ label: 'e2e-flows', files: { '.vscode/payment-workbench.environments.json': JSON.stringify(environments), 'card.payflow.json': JSON.stringify(flow, null, 2) } });
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
    const flowRow = tree.locator('.monaco-list-row', { hasText: 'Authorize then refund (e2e)' }).first();
    await flowRow.waitFor({ state: 'visible', timeout: 60_000 });
    await flowRow.hover();
    await flowRow.locator('.action-label[aria-label^="Run"]').first().click();
    // A row's text starts with its label: "refund" is not the flow row "Authorize then refund (e2e)".
    const passed = (label: string) => tree.locator('.monaco-list-row', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).locator('.codicon-testing-passed-icon');
    try {
      await passed('Authorize then refund (e2e)').first().waitFor({ state: 'visible', timeout: 60_000 });
      // The steps are children of the flow: open it and see each one passed.
      if ((await flowRow.getAttribute('aria-expanded')) === 'false') await flowRow.locator('.monaco-tl-twistie').click();
      for (const step of ['auth', 'refund']) await passed(step).first().waitFor({ state: 'visible', timeout: 10_000 });
    } finally {
      await screenshot(page, 'e2e-flows-test-explorer');
    }
    assert.equal(sim.requestLog.entries.filter((e) => e.url.includes('/transaction/') && e.status === 200).length, 2, 'both steps reached the simulator');
  });
});
