import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { extensionApi, send, waitFor } from './support';

const fixtures = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'interop');

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
    assert.equal(x.response?.status, 200, x.failure?.message ?? x.response?.bodyText);
    assert.equal(x.decoded?.outcome?.gatewayCode?.code, 'APPROVED');
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
