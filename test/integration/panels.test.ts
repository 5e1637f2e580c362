import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import { startSimulator, SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../src/simulator';
import type { Exchange } from '../../src/send/exchange';
import { extensionApi, waitFor } from './support';

/** Webview tabs by view type (VS Code prefixes the type in the tab input). */
function webviewTabs(viewType: string): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(viewType));
}

async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** The form and response panels as VS Code sees them: where they open, what their tabs say, one per operation. */
describe('Operation form and response panels', function () {
  this.timeout(60_000);
  let sim: SimulatorHandle;
  const envId = 'it-panels';

  before(async () => {
    await extensionApi();
    sim = await startSimulator({ port: 0 });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', {
      id: envId, name: 'Panels simulator', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, timeoutMs: 2000,
    });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: envId, value: SIMULATOR_DEFAULTS.apiPassword });
  });

  after(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await sim?.close();
  });

  it('opens one form per operation, titled with the operation and version', async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('paymentWorkbench.openForm', { operationId: 'gateway.initiateBrowserPayment', version: 100, environmentId: envId });
    const tab = await waitFor('the form tab', () => webviewTabs('paymentWorkbench.form')[0]);
    assert.equal(tab.label, 'Initiate Browser Payment v100 · Form');
    // Opening it again reveals the same panel rather than a second one.
    await vscode.commands.executeCommand('paymentWorkbench.openForm', { operationId: 'gateway.initiateBrowserPayment', environmentId: envId });
    assert.equal(webviewTabs('paymentWorkbench.form').length, 1);
  });

  it('a request file opens in the form through its lens', async () => {
    await closeAllEditors();
    const doc = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify({ operation: 'gateway.refund', version: 13, body: exampleBody('gateway.refund', 13) }) });
    const saved = vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/tmp'), `form-${Date.now()}.payreq.json`);
    await vscode.workspace.fs.writeFile(saved, new TextEncoder().encode(doc.getText()));
    await vscode.window.showTextDocument(saved);
    const lenses = await waitFor('the Open in Form lens', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', saved);
      return found?.find((l) => l.command?.command === 'paymentWorkbench.openRequestFileInForm');
    });
    await vscode.commands.executeCommand(lenses.command?.command ?? '', ...(lenses.command?.arguments ?? []));
    const tab = await waitFor('the Refund form tab', () => webviewTabs('paymentWorkbench.form').find((t) => t.label.startsWith('Refund')));
    assert.ok(tab.isActive, 'the form is the active tab');
    await vscode.workspace.fs.delete(saved);
  });

  it('a send shows the response panel beside, titled with the gatewayCode; history reopens it', async () => {
    await closeAllEditors();
    const x = await vscode.commands.executeCommand<Exchange | undefined>('paymentWorkbench.sendRequest', {
      environmentId: envId, operationId: 'gateway.authorize', params: { orderId: `IT-PANEL-${Date.now()}` }, body: exampleBody('gateway.authorize', 11),
    });
    assert.equal(x?.decoded?.outcome?.gatewayCode?.code, 'APPROVED', x?.failure?.message);
    const tab = await waitFor('the response tab', () => webviewTabs('paymentWorkbench.response')[0]);
    assert.equal(tab.label, 'Authorize · APPROVED');
    await closeAllEditors();
    await vscode.commands.executeCommand('paymentWorkbench.history.open', x?.id);
    const again = await waitFor('the response tab again', () => webviewTabs('paymentWorkbench.response')[0]);
    assert.equal(again.label, 'Authorize · APPROVED');
  });

  it('the response panel opens only a page its response offers: a page asking for any other URL gets a notice', async () => {
    await closeAllEditors();
    const x = await vscode.commands.executeCommand<Exchange | undefined>('paymentWorkbench.sendRequest', {
      environmentId: envId, operationId: 'gateway.authorize', params: { orderId: `IT-PANEL-OPEN-${Date.now()}` }, body: exampleBody('gateway.authorize', 11),
    });
    assert.ok(x?.response, x?.failure?.message);
    await waitFor('the response tab', () => webviewTabs('paymentWorkbench.response')[0]);
    const { panels } = await (await extensionApi()).inspect.features();
    // An Authorize answer has no redirect, challenge or payment page: nothing may be opened from it.
    const answered = await panels.responses.receiveAsFromPage({ type: 'openRedirect', url: 'https://attacker.example/phish' });
    assert.deepEqual(answered, [{ type: 'notice', text: 'This response offers no such page to open.' }]);
  });
});
