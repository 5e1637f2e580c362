import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { StoredEnvironment } from '../../src/features/environments/environmentStore';
import { GRANT_TRUST_FILE } from './index';
import { extensionApi, send, waitFor } from './support';

interface RestrictedApi {
  inspect: {
    environment(id: string): StoredEnvironment | undefined;
    restricted(): { workspaceFileWaits: boolean; simulatorRunning: boolean; inboxRunning: boolean };
    runFlows(fileUris: readonly string[]): Promise<void>;
    flowItems(): Record<string, string[]>;
  };
}

/**
 * Workspace Trust in a real VS Code: `npm run test:integration:restricted` opens the folder in
 * Restricted Mode (test/runners/runIntegration.ts, PW_INTEGRATION_UNTRUSTED). Request files are read
 * and validated; nothing is sent to a listener on loopback by any door, no simulator or inbox starts,
 * the workspace's environments file is not read. Then trust is granted through the workbench's UI and
 * the same file and sends work without a reload. In the ordinary (trusted) run the suite is skipped.
 */
describe('Restricted Mode: an untrusted workspace sends nothing until trusted', function () {
  this.timeout(120_000);
  const userEnvId = 'it-restricted-own';
  const workspaceEnvId = 'it-restricted-cloned';
  const apiPassword = 'RestrictedSentinelPw-0c7a';
  let listener: http.Server;
  const arrived: string[] = [];
  let api: RestrictedApi;
  let folder: vscode.Uri;
  let listenerUrl: string;

  before(async function () {
    if (vscode.workspace.isTrusted) this.skip();
    api = (await extensionApi()) as unknown as RestrictedApi;
    listener = http.createServer((req, res) => {
      arrived.push(`${req.method ?? ''} ${req.url ?? ''} ${req.headers.authorization ?? ''}`);
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"result":"SUCCESS"}');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    const first = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(first, 'a folder is open');
    folder = first;
  });

  after(() => {
    listener?.close();
  });

  it('request files are read and validated: a wrong field is marked in the editor', async () => {
    const file = vscode.Uri.joinPath(folder, 'restricted.payreq.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify({ operation: 'gateway.pay', params: { orderId: 'R-1', transactionId: 'T-1' }, body: { apiOperation: 'PAY', order: { amount: 'ten', currency: 'EUR' } } }, null, 2)));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    const diagnostics = await waitFor('diagnostics on the request file', () => {
      const found = vscode.languages.getDiagnostics(file).filter((d) => /amount/i.test(d.message));
      return found.length > 0 ? found : undefined;
    }, 30_000);
    assert.ok(diagnostics.length > 0);
  });

  it('the workspace environments file is not read, user environments still are', async () => {
    const file = vscode.Uri.joinPath(folder, '.vscode', 'payment-workbench.environments.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify({ environments: [{ id: workspaceEnvId, name: 'From the cloned repository', gatewayUrl: listenerUrl, merchantId: 'TESTCLONED' }] })));
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: userEnvId, name: 'My own', gatewayUrl: listenerUrl, merchantId: 'TESTOWN' });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: userEnvId, value: apiPassword });
    // Read the file through the same file service the store would use: any read it started has answered by then.
    await vscode.workspace.fs.readFile(file);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(api.inspect.environment(userEnvId)?.source, 'user');
    assert.equal(api.inspect.environment(workspaceEnvId), undefined, 'the workspace file was not read');
    assert.equal(api.inspect.restricted().workspaceFileWaits, true);
  });

  it('the form opens and validates; its Send refuses in the page and keeps what was typed', async () => {
    const forms = (await (await extensionApi()).inspect.features()).panels.forms;
    const form = await forms.openForm({ operationId: 'gateway.retrieveOrder', environmentId: userEnvId, params: { orderId: 'TYPED-1' } });
    assert.ok(form, 'the form opened');
    const posted = await form.receiveAsFromPage({ type: 'send', state: form.currentState, sendAnyway: false });
    assert.ok(posted.some((m) => m.type === 'notice' && /^Restricted Mode: sending waits until you trust this workspace/.test(m.text)), JSON.stringify(posted));
    assert.equal(form.currentState.params.orderId, 'TYPED-1');
    assert.equal(arrived.length, 0);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('no door sends: palette, request file, flows, sign-in; no simulator, inbox or tap starts', async () => {
    assert.equal(await send({ environmentId: userEnvId, operationId: 'gateway.retrieveOrder', params: { orderId: 'R-1' } }), undefined);
    assert.equal(await vscode.commands.executeCommand('paymentWorkbench.sendRequestFile', vscode.Uri.joinPath(folder, 'restricted.payreq.json')), undefined);
    const flow = vscode.Uri.joinPath(folder, 'restricted.payflow.json');
    await vscode.workspace.fs.writeFile(flow, new TextEncoder().encode(JSON.stringify({ name: 'Restricted', environment: userEnvId, steps: [{ id: 'read', operation: 'gateway.retrieveOrder', params: { orderId: 'R-2' } }] })));
    await vscode.commands.executeCommand('testing.refreshTests');
    await waitFor('the flow in the Test Explorer', () => api.inspect.flowItems()[flow.toString()], 30_000);
    await api.inspect.runFlows([flow.toString()]);
    await vscode.commands.executeCommand('paymentWorkbench.signIn', { environmentId: 'local-simulator', email: 'a@b.test', password: 'x' });
    await vscode.commands.executeCommand('paymentWorkbench.startSimulator');
    await vscode.commands.executeCommand('paymentWorkbench.inbox.start');
    await vscode.commands.executeCommand('paymentWorkbench.tap.start', { environmentId: userEnvId });
    assert.deepEqual(api.inspect.restricted(), { workspaceFileWaits: true, simulatorRunning: false, inboxRunning: false });
    assert.equal(arrived.length, 0, `nothing reached the listener: ${arrived.join('; ')}`);
  });

  it('once trust is granted (Manage Workspace Trust, Trust), the workspace file is read and sends go, without a reload', async () => {
    const granted = new Promise<void>((resolve) => vscode.workspace.onDidGrantWorkspaceTrust(() => resolve()));
    fs.writeFileSync(GRANT_TRUST_FILE, 'grant');
    await granted;
    assert.equal(vscode.workspace.isTrusted, true);
    const cloned = await waitFor('the workspace environment', () => api.inspect.environment(workspaceEnvId), 30_000);
    assert.equal(cloned.source, 'workspace');
    assert.equal(api.inspect.restricted().workspaceFileWaits, false);
    const x = await send({ environmentId: userEnvId, operationId: 'gateway.retrieveOrder', params: { orderId: 'R-3' } });
    assert.equal(x?.response?.status, 200, JSON.stringify(x?.failure));
    const basic = Buffer.from(`merchant.TESTOWN:${apiPassword}`).toString('base64');
    assert.equal(arrived.length, 1, arrived.join('; '));
    assert.match(arrived[0] ?? '', /^GET \S*\/merchant\/TESTOWN\/order\/R-3 /);
    assert.ok(arrived[0]?.endsWith(`Basic ${basic}`), 'the password went with it: the listener sees what arrives');
  });
});
