import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FlowResult } from '../../src/flows';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { exampleBody } from '../../src/catalogue';
import { extensionApi, send, waitFor } from './support';

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

/** A flow file in the workspace, run through VS Code's Testing API (the Test Explorer's Run), against the simulator. */
describe('Flows in the Test Explorer', function () {
  this.timeout(90_000);
  let sim: SimulatorHandle;
  let file: vscode.Uri;
  const envId = 'it-flows';

  before(async () => {
    await extensionApi();
    sim = await startSimulator({ port: 0 });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: envId, name: 'Flows simulator', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true });
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    file = vscode.Uri.joinPath(folder, `it-${Date.now()}.payflow.json`);
    const flow = {
      name: 'Authorize, then refund too much',
      environment: envId,
      steps: [
        { id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '20.00', currency: 'EUR' }, sourceOfFunds: card }, expect: { 'response.gatewayCode': 'APPROVED' } },
        { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '20.01', currency: 'EUR' } }, expect: { result: 'SUCCESS' } },
        { id: 'never', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'EUR' } } },
      ],
    };
    await vscode.workspace.fs.writeFile(file, Buffer.from(JSON.stringify(flow, null, 2), 'utf8'));
  });

  after(async () => {
    await vscode.workspace.fs.delete(file);
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await sim.close();
  });

  it('runs the flow from the Testing view: the first step passes, the failing one names path, expected and actual, the rest is skipped', async () => {
    const api = (await extensionApi()) as unknown as { inspect: { flowItems(): Record<string, string[]>; flowResults(): Promise<Record<string, FlowResult>> } };
    await vscode.commands.executeCommand('workbench.view.testing.focus');
    await vscode.commands.executeCommand('testing.refreshTests');
    const steps = await waitFor('the flow in the Test Explorer', () => api.inspect.flowItems()[file.toString()], 30_000);
    assert.deepEqual(steps, ['auth', 'refund', 'never'], 'one test per flow, one child per step');
    await vscode.commands.executeCommand('testing.runAll');
    const results = await waitFor('the flow’s result', async () => {
      const all = await api.inspect.flowResults();
      return all[file.toString()];
    }, 60_000);
    assert.equal(results.environment, 'Flows simulator');
    assert.deepEqual(results.steps.map((s) => [s.id, s.status]), [['auth', 'passed'], ['refund', 'failed'], ['never', 'skipped']]);
    assert.deepEqual(results.steps[1]?.failures, [{ path: 'result', expected: '"SUCCESS"', actual: '"ERROR"' }]);
    assert.ok(sim.requestLog.entries.some((e) => e.url.includes('/order/') && e.status === 400), 'the refund reached the simulator');
  });

  it('a financing flow that logs out keeps its own tokens: the interactive session stays signed in', async () => {
    const api = (await extensionApi()) as unknown as { inspect: { runFlows(uris: readonly string[]): Promise<void>; flowResults(): Promise<Record<string, FlowResult>> } };
    await vscode.commands.executeCommand('paymentWorkbench.signIn', { environmentId: envId, email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword });
    const financing = vscode.Uri.joinPath(file, '..', `it-financing-${Date.now()}.payflow.json`);
    const flow = {
      name: 'Offers, then log out',
      environment: envId,
      steps: [
        { id: 'offers', operation: 'financing.offers', body: exampleBody('financing.offers'), expect: { status: 200 } },
        { id: 'logout', operation: 'financing.logout', expect: { status: 200 } },
      ],
    };
    await vscode.workspace.fs.writeFile(financing, Buffer.from(JSON.stringify(flow, null, 2), 'utf8'));
    try {
      await vscode.commands.executeCommand('testing.refreshTests');
      await waitFor('the financing flow in the Test Explorer', async () => ((await extensionApi()) as unknown as { inspect: { flowItems(): Record<string, string[]> } }).inspect.flowItems()[financing.toString()], 30_000);
      await api.inspect.runFlows([financing.toString()]);
      const result = (await api.inspect.flowResults())[financing.toString()];
      assert.deepEqual(result?.steps.map((s) => [s.id, s.status]), [['offers', 'passed'], ['logout', 'passed']]);
      const after = await send({ environmentId: envId, operationId: 'financing.offers', body: exampleBody('financing.offers') });
      assert.equal(after?.response?.status, 200, `the interactive session is still signed in: ${after?.failure?.message ?? ''}`);
    } finally {
      await vscode.workspace.fs.delete(financing);
    }
  });

  it('shows the problems of an invalid flow file where they are', async () => {
    const bad = vscode.Uri.joinPath(file, '..', `it-bad-${Date.now()}.payflow.json`);
    await vscode.workspace.fs.writeFile(bad, Buffer.from('{\n  "name": "bad",\n  "steps": [\n    { "id": "a", "operation": "gateway.refnd" }\n  ]\n}\n', 'utf8'));
    try {
      const doc = await vscode.workspace.openTextDocument(bad);
      await vscode.window.showTextDocument(doc);
      assert.equal(doc.languageId, 'payflow');
      const diagnostics = await waitFor('the flow diagnostics', () => {
        const d = vscode.languages.getDiagnostics(bad).filter((x) => x.source === 'Payment Workbench');
        return d.length ? d : undefined;
      });
      assert.match(diagnostics[0]?.message ?? '', /step 1 \(a\): operation: unknown operation "gateway\.refnd" \(did you mean gateway\.refund\?\)/);
      assert.equal(diagnostics[0]?.range.start.line, 3, 'underlined on the step’s line');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(bad);
    }
  });
});
