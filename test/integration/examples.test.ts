import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FlowResult } from '../../src/flows';
import type { Exchange } from '../../src/send/exchange';
import { extensionApi, waitFor } from './support';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

interface ExamplesInspect {
  inspect: { flowItems(): Record<string, string[]>; flowResults(): Promise<Record<string, FlowResult>>; runFlows(uris: readonly string[]): Promise<void> };
}

/**
 * The shipped examples as a newcomer meets them in VS Code: every flow run from the Test Explorer and
 * every request file sent from the editor, green on each built-in simulator environment (the flows adapt
 * to the merchant, or name the environment they need).
 */
describe('Shipped examples in VS Code: green in the Test Explorer and from the editor, on both simulator merchants', function () {
  this.timeout(240_000);
  let folder: vscode.Uri;
  const flowFiles: vscode.Uri[] = [];
  const requestFiles: vscode.Uri[] = [];
  const config = () => vscode.workspace.getConfiguration('paymentWorkbench');

  before(async () => {
    await extensionApi();
    // The extension's own simulator on its configured port (the built-in environments point there), as
    // "Start Local Simulator" runs it; a simulator already answering there (npm run simulator) is used as it is.
    await config().update('inbox.port', 0, vscode.ConfigurationTarget.Workspace);
    const started = await vscode.commands.executeCommand<{ baseUrl: string } | undefined>('paymentWorkbench.startSimulator');
    assert.ok(started, 'the local simulator runs (its port is free or holds a simulator)');
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(workspace);
    folder = vscode.Uri.joinPath(workspace, `it-examples-${Date.now()}`);
    const copy = async (from: string, list: vscode.Uri[], ending: string, edit: (text: string) => string = (t) => t) => {
      for (const name of fs.readdirSync(from).filter((f) => f.endsWith(ending))) {
        const uri = vscode.Uri.joinPath(folder, name);
        await vscode.workspace.fs.writeFile(uri, Buffer.from(edit(fs.readFileSync(path.join(from, name), 'utf8')), 'utf8'));
        list.push(uri);
      }
    };
    await copy(path.join(repoRoot, 'examples', 'flows'), flowFiles, '.payflow.json');
    await copy(path.join(repoRoot, 'examples'), requestFiles, '.payreq.json');
    assert.ok(flowFiles.length >= 8 && requestFiles.length >= 5, `${flowFiles.length} flows, ${requestFiles.length} request files`);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('paymentWorkbench.stopSimulator');
    await vscode.commands.executeCommand('paymentWorkbench.activateEnvironment', { environmentId: 'local-simulator' });
    await config().update('inbox.port', undefined, vscode.ConfigurationTarget.Workspace);
  });

  for (const environmentId of ['local-simulator', 'local-simulator-authorize-only']) {
    it(`every example flow passes in the Test Explorer and every request file's Send succeeds, with ${environmentId} active`, async () => {
      await vscode.commands.executeCommand('paymentWorkbench.activateEnvironment', { environmentId });
      const api = (await extensionApi()) as unknown as ExamplesInspect;
      await vscode.commands.executeCommand('workbench.view.testing.focus');
      await vscode.commands.executeCommand('testing.refreshTests');
      for (const file of flowFiles) await waitFor(`${path.basename(file.fsPath)} in the Test Explorer`, () => api.inspect.flowItems()[file.toString()], 30_000);
      await api.inspect.runFlows(flowFiles.map((f) => f.toString()));
      const results = await api.inspect.flowResults();
      const failed = flowFiles
        .map((f) => ({ name: path.basename(f.fsPath), result: results[f.toString()] }))
        .filter(({ result }) => !result?.passed)
        .map(({ name, result }) => `${name}: ${JSON.stringify(result?.steps.filter((s) => s.status === 'failed').map((s) => [s.id, s.message, s.failures]) ?? 'no result')}`);
      assert.deepEqual(failed, [], 'every example flow passes');

      for (const file of requestFiles) {
        // A request file without an order id asks for one (suggesting a fresh id, which Enter takes): give it here.
        const request = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file))) as { operation: string; params?: Record<string, string> };
        if (request.operation.startsWith('gateway.')) {
          request.params = { ...request.params, orderId: `IT-EX-${Date.now().toString(36)}-${requestFiles.indexOf(file)}` };
          await vscode.workspace.fs.writeFile(file, Buffer.from(JSON.stringify(request, null, 2), 'utf8'));
        }
        const exchange = await vscode.commands.executeCommand<Exchange | undefined>('paymentWorkbench.sendRequestFile', file);
        const name = path.basename(file.fsPath);
        assert.ok(exchange?.response, `${name}: ${exchange?.failure?.message ?? 'not sent'}`);
        assert.ok(exchange.response.status < 400, `${name}: HTTP ${exchange.response.status} ${exchange.decoded?.verdict.title ?? ''}`);
        assert.notEqual(exchange.decoded?.verdict.tone, 'error', `${name}: ${exchange.decoded?.verdict.title ?? ''}`);
      }
    });
  }
});
