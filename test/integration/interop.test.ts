import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { extensionApi, send, waitFor } from './support';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const fixtures = path.join(repoRoot, 'test', 'fixtures', 'interop');

/** The real CLI, from the extension host's own Node. */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PAYMENT_WORKBENCH_')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'payment-workbench.js'), ...args], { cwd: repoRoot, env: { ...clean, ELECTRON_RUN_AS_NODE: '1', ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

describe('Import Requests in VS Code', function () {
  this.timeout(60_000);
  let sim: SimulatorHandle;
  let dir: string;

  before(async () => {
    await extensionApi();
    sim = await startSimulator({ port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-it-import-'));
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: 'simulator-from-postman', confirmed: true });
    fs.rmSync(dir, { recursive: true, force: true });
    await sim.close();
  });

  it('importing a Postman collection with its environment stores the secret in SecretStorage (an Authorize on the imported environment is approved), writes no secret, and opens the report', async () => {
    const files = ['card-order.postman_collection.json', 'simulator.postman_environment.json'].map((name) => {
      const target = path.join(dir, name);
      fs.writeFileSync(target, fs.readFileSync(path.join(fixtures, name), 'utf8').replaceAll('http://127.0.0.1:4477', sim.baseUrl));
      return target;
    });
    const outDir = path.join(dir, 'imported');
    await vscode.commands.executeCommand('paymentWorkbench.importRequests', { files, outDir });
    const report = await waitFor('the import report', () => {
      const doc = vscode.window.activeTextEditor?.document;
      return doc?.uri.scheme === 'payment-workbench-report' ? doc : undefined;
    });
    assert.match(report.getText(), /step partialRefund \(gateway\.refund v13\)/);
    assert.match(report.getText(), /The gateway API password of `simulator-from-postman`.*Stored in VS Code's secret storage\./);
    assert.doesNotMatch(report.getText(), new RegExp(SIMULATOR_DEFAULTS.apiPassword));
    for (const f of fs.readdirSync(outDir)) assert.doesNotMatch(fs.readFileSync(path.join(outDir, f), 'utf8'), new RegExp(SIMULATOR_DEFAULTS.apiPassword), f);
    // The imported environment is not a simulator one: only the stored password lets this Authorize through.
    const x = await send({ environmentId: 'simulator-from-postman', operationId: 'gateway.authorize', params: { orderId: `IMPORT-${Date.now()}` }, body: exampleBody('gateway.authorize') });
    assert.ok(x, 'the send was refused before reaching the simulator (no gateway API password stored?)');
    assert.equal(x.response?.status, 201, x.failure?.message ?? x.response?.bodyText);
    assert.equal(x.decoded?.outcome?.gatewayCode?.code, 'APPROVED');
  });

  it('writes the same files as the CLI, environments file included, so the CLI runs the imported flow; a rerun writes new names beside them', async () => {
    const files = ['card-order.postman_collection.json', 'simulator.postman_environment.json'].map((name) => path.join(dir, name));
    const fromVsCode = path.join(dir, 'imported');
    const fromCli = path.join(dir, 'imported-by-cli');
    const cli = await runCli(['import', ...files, '--out', fromCli], {});
    assert.equal(cli.status, 0, cli.output);
    const contents = (folder: string) => Object.fromEntries(fs.readdirSync(folder).sort().map((f) => [f, fs.readFileSync(path.join(folder, f), 'utf8')]));
    assert.deepEqual(contents(fromVsCode), contents(fromCli));
    assert.ok(fs.existsSync(path.join(fromVsCode, 'payment-workbench.environments.json')), 'the flow names an environment the CLI finds');
    const report = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(report, /From a terminal: `payment-workbench run .*imported --environments .*payment-workbench\.environments\.json --env simulator-from-postman`/);
    // The README's run, on the folder VS Code wrote: no environment only VS Code knows.
    const ran = await runCli(['run', fromVsCode, '--environments', path.join(fromVsCode, 'payment-workbench.environments.json')], { PAYMENT_WORKBENCH_SIMULATOR_FROM_POSTMAN_GATEWAY_API_PASSWORD: SIMULATOR_DEFAULTS.apiPassword });
    assert.equal(ran.status, 0, ran.output);
    assert.match(ran.output, /3 passed, 0 failed/);
    const before = contents(fromVsCode);
    await vscode.commands.executeCommand('paymentWorkbench.importRequests', { files, outDir: fromVsCode });
    const after = contents(fromVsCode);
    for (const [f, text] of Object.entries(before)) assert.equal(after[f], text, `${f} is as it was`);
    assert.ok('authorize-refund-part-read-the-order-2.payflow.json' in after, Object.keys(after).join(', '));
  });

  it('Copy as Code… on a request file puts a Node program on the clipboard that reads the password from the CLI\'s variable; Export as Postman Collection writes the collection and environment beside a flow', async () => {
    const request = path.join(dir, 'authorize.payreq.json');
    fs.copyFileSync(path.join(fixtures, 'authorize.payreq.json'), request);
    const code = await vscode.commands.executeCommand<string | undefined>('paymentWorkbench.copyAsCode', vscode.Uri.file(request), 'node');
    assert.ok(code, 'no code came back');
    assert.equal(await vscode.env.clipboard.readText(), code);
    assert.match(code, /process\.env\["PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD"\]/);
    assert.match(code, /apiOperation/);
    const flow = path.join(dir, 'imported', 'authorize-refund-part-read-the-order.payflow.json');
    const written = await vscode.commands.executeCommand<string[] | undefined>('paymentWorkbench.exportAsPostman', vscode.Uri.file(flow));
    assert.deepEqual(written?.map((f) => path.basename(f)), ['authorize-refund-part-read-the-order.postman_collection.json', 'authorize-refund-part-read-the-order.postman_environment.json']);
    const environment = JSON.parse(fs.readFileSync(written?.[1] ?? '', 'utf8')) as { values: { key: string; value: string; type: string }[] };
    assert.deepEqual(environment.values.find((v) => v.key === 'apiPassword'), { key: 'apiPassword', value: '', type: 'secret', enabled: true });
  });
});
