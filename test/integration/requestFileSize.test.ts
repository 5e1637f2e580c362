import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { extensionApi, loggedText, waitFor } from './support';

const LIMIT = 'a request file holds at most 2000000 bytes (not read)';

/**
 * Send Request File and Open in Form judge a request file by its size before they read it, as the
 * CLI does: a 30 MB file is refused with its size and the limit, never opened, parsed nor sent.
 */
describe('Request files over the size bound', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  let folder: vscode.Uri;
  const envId = 'it-size';
  const created: vscode.Uri[] = [];
  /** A valid Authorize that would be sent as it is, padded with whitespace to `bytes`. */
  const paddedRequest = (bytes: number) => {
    const text = JSON.stringify({ operation: 'gateway.authorize', body: exampleBody('gateway.authorize', 11) });
    return `${text.slice(0, -1)}${' '.repeat(bytes - text.length)}}`;
  };
  const sent = () => sim.requestLog.entries.filter((e) => e.url.includes('/api/rest/')).length;

  before(async () => {
    await extensionApi();
    sim = await startSimulator({ port: 0 });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: envId, name: 'Size simulator', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true });
    await vscode.commands.executeCommand('paymentWorkbench.activateEnvironment', { environmentId: envId });
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(workspace);
    folder = workspace;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of created) await vscode.workspace.fs.delete(uri);
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await sim.close();
  });

  it('a 30 MB request file is refused by Send and by Open in Form with its size and the limit; nothing is opened, parsed or sent', async () => {
    const api = await extensionApi();
    const uri = vscode.Uri.joinPath(folder, `it-huge-${Date.now()}.payreq.json`);
    created.push(uri);
    const bytes = 30 * 1024 * 1024;
    await vscode.workspace.fs.writeFile(uri, Buffer.from(paddedRequest(bytes), 'utf8'));
    const before = sent();
    const forms = (await api.inspect.features()).panels.forms.snapshot().length;

    const exchange = await vscode.commands.executeCommand('paymentWorkbench.sendRequestFile', uri);
    assert.equal(exchange, undefined);
    const name = path.basename(uri.fsPath);
    await waitFor('the refusal in the log', () => (loggedText(api.inspect.logFolder).includes(`${name}: (file): is ${bytes} bytes; ${LIMIT}`) ? true : undefined));
    assert.equal(sent(), before, 'nothing reached the simulator');

    const form = await vscode.commands.executeCommand('paymentWorkbench.openRequestFileInForm', uri);
    assert.equal(form, undefined);
    assert.equal((await api.inspect.features()).panels.forms.snapshot().length, forms, 'no form opened');
    await waitFor('the form door\'s refusal in the log', () => (loggedText(api.inspect.logFolder).split(`${name}: (file): is ${bytes} bytes`).length > 2 ? true : undefined));
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()), 'the file was never opened as a document');
  });

  it('an open request file over the bound (the CodeLens\'s Send) is refused from its text too, and the editor says why instead of parsing it', async () => {
    const api = await extensionApi();
    const uri = vscode.Uri.joinPath(folder, `it-open-large-${Date.now()}.payreq.json`);
    created.push(uri);
    const bytes = 2_100_000;
    await vscode.workspace.fs.writeFile(uri, Buffer.from(paddedRequest(bytes), 'utf8'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const before = sent();
    assert.equal(await vscode.commands.executeCommand('paymentWorkbench.sendRequestFile', uri), undefined);
    await waitFor('the refusal in the log', () => (loggedText(api.inspect.logFolder).includes(`${path.basename(uri.fsPath)}: (file): is ${bytes} bytes; ${LIMIT}`) ? true : undefined));
    assert.equal(sent(), before, 'nothing reached the simulator');
    const d = await waitFor('the size diagnostic', () => vscode.languages.getDiagnostics(uri).find((x) => x.source === 'Payment Workbench'));
    assert.equal(d.message, `This request file is ${bytes} bytes; ${LIMIT}.`, 'the editor does not parse it either');
  });
});
