/**
 * Save as Flow in a real extension host: a session sent through paymentWorkbench.sendRequest
 * (authorize, capture, refund, void of the refund, on an authorize-only merchant), saved with the
 * History command, replays green when the real CLI runs the saved file on its own environment.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SAVE_AS_FLOW_COMMAND } from '../../src/features/history/saveAsFlowCommand';
import type { Exchange } from '../../src/send/exchange';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { runCli, send } from './support';

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

describe('Save as Flow in a real extension host, replayed by the CLI', function () {
  this.timeout(120_000);
  const envId = 'it-save-as-flow';
  let sim: SimulatorHandle;
  let dir: string;

  before(async () => {
    sim = await startSimulator({ port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-save-as-flow-'));
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', {
      id: envId, name: 'Save as Flow simulator', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_AUTH_ONLY_MERCHANT_ID, timeoutMs: 5000,
    });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: envId, value: SIMULATOR_DEFAULTS.apiPassword });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await sim?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('authorize, capture, refund, void → Save as Flow → `payment-workbench run` on the saved file: green', async () => {
    const orderId = `IT-SAF-${Date.now()}`;
    const sendStep = async (operationId: string, body: object): Promise<Exchange> => {
      const sent = await send({ environmentId: envId, operationId, params: { orderId }, body });
      assert.equal(sent?.decoded?.outcome?.result, 'SUCCESS', `${operationId}: ${sent?.failure?.message ?? sent?.response?.bodyText ?? 'nothing sent'}`);
      return sent!;
    };
    const session = [
      await sendStep('gateway.authorize', { apiOperation: 'AUTHORIZE', order: { amount: '50.00', currency: 'EUR' }, sourceOfFunds: card }),
      await sendStep('gateway.capture', { apiOperation: 'CAPTURE', transaction: { amount: '50.00', currency: 'EUR' } }),
    ];
    session.push(await sendStep('gateway.refund', { apiOperation: 'REFUND', transaction: { amount: '20.00', currency: 'EUR' } }));
    session.push(await sendStep('gateway.void', { apiOperation: 'VOID', transaction: { targetTransactionId: session[2]!.params['transactionId'] } }));

    const saved = await vscode.commands.executeCommand<vscode.Uri | undefined>(SAVE_AS_FLOW_COMMAND, { exchangeIds: session.map((e) => e.id), target: vscode.Uri.file(path.join(dir, 'session.payflow.json.payflow.json')) });
    assert.equal(saved?.fsPath, path.join(dir, 'session.payflow.json'), 'named *.payflow.json once');
    const flow = JSON.parse(fs.readFileSync(saved.fsPath, 'utf8')) as { environment?: string; steps: { id: string; body?: unknown }[] };
    assert.equal(flow.environment, envId);
    assert.deepEqual(flow.steps.find((s) => s.id === 'void')?.body, { apiOperation: 'VOID', transaction: { targetTransactionId: '{{refund.params.transactionId}}' } });

    const environments = path.join(dir, 'environments.json');
    fs.writeFileSync(environments, JSON.stringify({ environments: [{ id: envId, name: 'Save as Flow simulator', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_AUTH_ONLY_MERCHANT_ID }] }));
    const run = await runCli(['run', saved.fsPath, '--environments', environments], { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: SIMULATOR_DEFAULTS.apiPassword });
    assert.equal(run.status, 0, run.output);
    assert.match(run.output, /^4 passed, 0 failed, 0 skipped$/m);
  });
});
