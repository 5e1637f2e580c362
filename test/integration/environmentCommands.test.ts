import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import type { Environment } from '../../src/environments/environment';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorRunner } from '../../src/simulator';
import { extensionApi, send } from './support';

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
      assert.equal(x.response?.status, 200, x.failure?.message ?? x.response?.bodyText);
      assert.equal(x.decoded?.outcome?.gatewayCode?.code, 'APPROVED');
    } finally {
      for (const environmentId of [id, copy?.id]) if (environmentId) await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId, confirmed: true });
      await sim.close();
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
