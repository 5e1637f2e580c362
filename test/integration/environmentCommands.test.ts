import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import type { Environment } from '../../src/environments/environment';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorRunner } from '../../src/simulator';
import { extensionApi, send, waitFor } from './support';

/** Environment and simulator commands as a person meets them: duplicates that still work, a Stop that explains itself. */
describe('Environment and simulator commands', function () {
  this.timeout(60_000);

  before(async () => {
    await extensionApi();
  });

  it('Duplicate of a simulator environment keeps the simulator’s test credentials: its Authorize is approved', async () => {
    const sim = await startSimulator({ port: 0 });
    const id = 'it-dup-simulator';
    let copy: Environment | undefined;
    try {
      // Marked as a simulator environment, with no password stored: the built-in "Local simulator" set-up.
      await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id, name: 'Simulator to copy', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true, timeoutMs: 5000 });
      copy = await vscode.commands.executeCommand<Environment | undefined>('paymentWorkbench.duplicateEnvironment', { environmentId: id });
      assert.ok(copy, 'the duplicate command returns the copy');
      assert.equal(copy.name, 'Simulator to copy (copy)');
      const x = await send({ environmentId: copy.id, operationId: 'gateway.authorize', params: { orderId: `DUP-${Date.now()}` }, body: exampleBody('gateway.authorize') });
      assert.ok(x, 'the send was refused before reaching the simulator (no gateway API password?)');
      assert.equal(x.response?.status, 201, x.failure?.message ?? x.response?.bodyText);
      assert.equal(x.decoded?.outcome?.gatewayCode?.code, 'APPROVED');
    } finally {
      for (const environmentId of [id, copy?.id]) if (environmentId) await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId, confirmed: true });
      await sim.close();
    }
  });

  it('the Environments view lists a card payment’s operations in the order of its life, sessions and saved cards apart', async () => {
    const api = (await extensionApi()) as unknown as { inspect: { environmentRows(id: string): Promise<{ label: string; children: { label: string; children: { label: string }[] }[] }[]> } };
    const id = 'it-tree-order';
    try {
      await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id, name: 'Tree order', gatewayUrl: 'http://127.0.0.1:9', merchantId: 'TESTTREE' });
      const rows = await api.inspect.environmentRows(id);
      assert.deepEqual(rows.map((r) => r.label), ['Card gateway']);
      const gateway = rows[0]?.children ?? [];
      assert.deepEqual(gateway.map((r) => r.label), [
        'Check Gateway', 'Payment Options Inquiry', 'Payment Options Inquiry (GET)', 'Initiate Checkout', 'Initiate Browser Payment',
        'Initiate Authentication', 'Authenticate Payer', 'Verify', 'Authorize', 'Pay',
        'Update Authorization', 'Capture', 'Refund', 'Void', 'Retrieve Order', 'Retrieve Transaction',
        'Sessions', 'Saved cards (tokens)',
      ]);
      assert.deepEqual(gateway.find((r) => r.label === 'Sessions')?.children.map((r) => r.label), ['Create Session', 'Update Session', 'Update Session (as the payer)', 'Retrieve Session']);
      assert.deepEqual(gateway.find((r) => r.label === 'Saved cards (tokens)')?.children.map((r) => r.label), ['Create Token', 'Create or Update Token', 'Retrieve Token', 'Delete Token']);
    } finally {
      await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: id, confirmed: true });
    }
  });

  it('adding an environment does not make it active', async () => {
    const api = await extensionApi();
    const activeId = (): unknown => (JSON.parse(api.inspect.globalStateDump()) as [string, unknown][]).find(([k]) => k === 'paymentWorkbench.activeEnvironment')?.[1];
    const before = activeId();
    const id = 'it-added-not-active';
    try {
      // A LIVE one (merchant not TEST…): a silent switch to it would be the costly case.
      await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id, name: 'Added, not active', gatewayUrl: 'https://gateway.example.com', merchantId: 'LIVEADDED01' });
      assert.equal(activeId(), before, 'adding switched the active environment');
    } finally {
      await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: id, confirmed: true });
    }
  });

  it('✎ on an operation row opens that operation’s form for that row’s environment, without asking', async () => {
    const id = 'it-pencil';
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    try {
      await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id, name: 'Pencil env', gatewayUrl: 'http://127.0.0.1:9', merchantId: 'TESTPENCIL' });
      // What VS Code passes to an inline action: the row's tree node.
      const env = { id, name: 'Pencil env', gatewayUrl: 'http://127.0.0.1:9', merchantId: 'TESTPENCIL', gatewayAuth: 'basic', timeoutMs: 30_000, source: 'user' };
      void vscode.commands.executeCommand('paymentWorkbench.tree.openOperationForm', { kind: 'operation', env, op: { id: 'gateway.refund' } });
      const tab = await waitFor('the Refund form tab', () =>
        vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('paymentWorkbench.form') && t.label.startsWith('Refund')),
      );
      assert.ok(tab.isActive);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: id, confirmed: true });
    }
  });

  describe('Stop Local Simulator when this window does not run it', () => {
    const config = () => vscode.workspace.getConfiguration('paymentWorkbench');
    let previousPort: number | undefined;

    before(() => {
      previousPort = config().inspect<number>('simulator.port')?.workspaceValue;
    });
    after(async () => {
      await config().update('simulator.port', previousPort, vscode.ConfigurationTarget.Workspace);
    });

    async function stopWith(runBy: SimulatorRunner): Promise<{ stopped: boolean; message: string }> {
      const sim = await startSimulator({ port: 0, runBy });
      try {
        await config().update('simulator.port', sim.port, vscode.ConfigurationTarget.Workspace);
        const answer = await vscode.commands.executeCommand<{ stopped: boolean; message: string }>('paymentWorkbench.stopSimulator');
        const stillUp = await fetch(`${sim.baseUrl}/_simulator`);
        assert.equal(stillUp.status, 200, 'the other simulator keeps running');
        return answer;
      } finally {
        await sim.close();
      }
    }

    it('names a terminal (npm run simulator) and says to press Ctrl+C there or keep using it', async () => {
      const answer = await stopWith('terminal');
      assert.equal(answer.stopped, false);
      assert.match(answer.message, /started in a terminal with `npm run simulator` \(process \d+\)/);
      assert.match(answer.message, /Ctrl\+C in that terminal/);
      assert.match(answer.message, /keep using it as it is/);
    });

    it('names another VS Code window and says to stop it there', async () => {
      const answer = await stopWith('vscode');
      assert.equal(answer.stopped, false);
      assert.match(answer.message, /run by another VS Code window \(process \d+\), not this one/);
      assert.match(answer.message, /Stop it there/);
    });

    it('says nothing runs when nothing answers on the port', async () => {
      const sim = await startSimulator({ port: 0 });
      const port = sim.port;
      await sim.close();
      await config().update('simulator.port', port, vscode.ConfigurationTarget.Workspace);
      const answer = await vscode.commands.executeCommand<{ stopped: boolean; message: string }>('paymentWorkbench.stopSimulator');
      assert.equal(answer.message, `The local simulator is not running: nothing answers on port ${port}.`);
    });
  });
});
