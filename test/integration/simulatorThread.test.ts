import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import { SIMULATOR_DEFAULTS } from '../../src/simulator';
import { freePort } from '../harness/codeServer';
import { extensionApi, loggedText, waitFor } from './support';

function listenOnce(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * Start Local Simulator runs the simulator in a worker thread: the extension host's own thread may
 * be busy (here: blocked outright) and the simulator still answers; Stop frees its port.
 */
describe('Local simulator started from VS Code runs off the extension host thread', function () {
  this.timeout(90_000);
  const config = () => vscode.workspace.getConfiguration('paymentWorkbench');
  let previousPort: number | undefined;

  before(async () => {
    await extensionApi();
    previousPort = config().inspect<number>('simulator.port')?.workspaceValue;
  });
  after(async () => {
    await vscode.commands.executeCommand('paymentWorkbench.stopSimulator');
    await config().update('simulator.port', previousPort, vscode.ConfigurationTarget.Workspace);
  });

  it('answers an Authorize while the extension host thread is blocked, logs it, and frees its port on Stop', async () => {
    const port = await freePort();
    await config().update('simulator.port', port, vscode.ConfigurationTarget.Workspace);
    const started = await vscode.commands.executeCommand<{ baseUrl: string; alreadyRunning: boolean } | undefined>('paymentWorkbench.startSimulator');
    assert.deepEqual(started, { baseUrl: `http://127.0.0.1:${port}`, alreadyRunning: false });

    // spawnSync holds the extension host thread until the child process has the simulator's answer:
    // a simulator served from this thread could not answer (the child would time out).
    const orderId = `OFF-THREAD-${Date.now()}`;
    const url = `http://127.0.0.1:${port}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/${orderId}/transaction/1`;
    const authorization = 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');
    const body = JSON.stringify({ apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'USD' }, sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } } });
    const script = `fetch(${JSON.stringify(url)}, { method: 'PUT', headers: { authorization: ${JSON.stringify(authorization)}, 'content-type': 'application/json' }, body: ${JSON.stringify(body)} }).then(async (r) => process.stdout.write(JSON.stringify({ status: r.status, body: await r.json() })))`;
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
    assert.equal(child.error, undefined, `no answer while the extension host thread was blocked: ${String(child.error)} ${child.stderr}`);
    const answer = JSON.parse(child.stdout) as { status: number; body: { result?: string; order?: { id?: string } } };
    assert.equal(answer.status, 201, child.stdout);
    assert.equal(answer.body.result, 'SUCCESS');
    assert.equal(answer.body.order?.id, orderId);

    // The request log still reaches the output channel, across the thread boundary.
    const api = await extensionApi();
    await waitFor('the Authorize in the Payment Workbench log', () => (loggedText(api.inspect.logFolder).includes(`[simulator] PUT /api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/${orderId}/transaction/1 → 201`) ? true : undefined));

    const stopped = await vscode.commands.executeCommand<{ stopped: boolean; message: string }>('paymentWorkbench.stopSimulator');
    assert.deepEqual(stopped, { stopped: true, message: 'Local simulator stopped.' });
    await listenOnce(port);
    const again = await vscode.commands.executeCommand<{ baseUrl: string; alreadyRunning: boolean } | undefined>('paymentWorkbench.startSimulator');
    assert.deepEqual(again, { baseUrl: `http://127.0.0.1:${port}`, alreadyRunning: false }, 'the simulator starts again on the port Stop freed');
  });

  it('refuses to start with a maxOrders setting that is not a whole number in range, and leaves the port free', async () => {
    await vscode.commands.executeCommand('paymentWorkbench.stopSimulator');
    const port = await freePort();
    await config().update('simulator.port', port, vscode.ConfigurationTarget.Workspace);
    try {
      for (const bad of [2.5, 0, 5_000_000]) {
        await config().update('simulator.maxOrders', bad, vscode.ConfigurationTarget.Workspace);
        const started = await vscode.commands.executeCommand<{ baseUrl: string } | undefined>('paymentWorkbench.startSimulator');
        assert.equal(started, undefined, `maxOrders ${bad} started a simulator`);
        await listenOnce(port);
      }
    } finally {
      await config().update('simulator.maxOrders', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
