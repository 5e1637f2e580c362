import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import * as vscode from 'vscode';
import type { FlowResult } from '../../src/flows';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { exampleBody } from '../../src/catalogue';
import { extensionApi, send, waitFor } from './support';

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

interface FlowsInspect {
  inspect: {
    flowItems(): Record<string, string[]>;
    flowErrors(): Record<string, string>;
    runFlows(fileUris: readonly string[]): Promise<void>;
    flowShown(): Promise<Record<string, { output: string[]; messages: { text: string; line?: number }[] }>>;
  };
}

/** A flow file in the workspace, run through VS Code's Testing API (the Test Explorer's Run), against the simulator. */
describe('Flows in the Test Explorer', function () {
  this.timeout(90_000);
  let sim: SimulatorHandle;
  let file: vscode.Uri;
  const envId = 'it-flows';

  before(async () => {
    await extensionApi();
    sim = await startSimulator({ port: 0 });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: envId, name: 'Flows simulator', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true });
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    file = vscode.Uri.joinPath(folder, `it-${Date.now()}.payflow.json`);
    const flow = {
      name: 'Authorize, then refund too much',
      environment: envId,
      steps: [
        { id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '20.00', currency: 'EUR' }, sourceOfFunds: card }, expect: { 'response.gatewayCode': 'APPROVED' } },
        { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '20.01', currency: 'EUR' } }, expect: { result: 'SUCCESS' } },
        { id: 'never', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'EUR' } } },
      ],
    };
    await vscode.workspace.fs.writeFile(file, Buffer.from(JSON.stringify(flow, null, 2), 'utf8'));
  });

  after(async () => {
    await vscode.workspace.fs.delete(file);
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await sim.close();
  });

  it('runs the flow from the Testing view: the first step passes, the failing one names path, expected and actual, the rest is skipped', async () => {
    const api = (await extensionApi()) as unknown as { inspect: { flowItems(): Record<string, string[]>; flowResults(): Promise<Record<string, FlowResult>> } };
    await vscode.commands.executeCommand('workbench.view.testing.focus');
    await vscode.commands.executeCommand('testing.refreshTests');
    const steps = await waitFor('the flow in the Test Explorer', () => api.inspect.flowItems()[file.toString()], 30_000);
    assert.deepEqual(steps, ['auth', 'refund', 'never'], 'one test per flow, one child per step');
    await vscode.commands.executeCommand('testing.runAll');
    const results = await waitFor('the flow’s result', async () => {
      const all = await api.inspect.flowResults();
      return all[file.toString()];
    }, 60_000);
    assert.equal(results.environment, 'Flows simulator');
    assert.deepEqual(results.steps.map((s) => [s.id, s.status]), [['auth', 'passed'], ['refund', 'failed'], ['never', 'skipped']]);
    assert.deepEqual(results.steps[1]?.failures, [{ path: 'result', expected: '"SUCCESS"', actual: '"ERROR"' }]);
    assert.ok(sim.requestLog.entries.some((e) => e.url.includes('/order/') && e.status === 400), 'the refund reached the simulator');
  });

  it('a financing flow that logs out keeps its own tokens: the interactive session stays signed in', async () => {
    const api = (await extensionApi()) as unknown as { inspect: { runFlows(uris: readonly string[]): Promise<void>; flowResults(): Promise<Record<string, FlowResult>> } };
    await vscode.commands.executeCommand('paymentWorkbench.signIn', { environmentId: envId, email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword });
    const financing = vscode.Uri.joinPath(file, '..', `it-financing-${Date.now()}.payflow.json`);
    const flow = {
      name: 'Offers, then log out',
      environment: envId,
      steps: [
        { id: 'offers', operation: 'financing.offers', body: exampleBody('financing.offers'), expect: { status: 200 } },
        { id: 'logout', operation: 'financing.logout', expect: { status: 200 } },
      ],
    };
    await vscode.workspace.fs.writeFile(financing, Buffer.from(JSON.stringify(flow, null, 2), 'utf8'));
    try {
      await vscode.commands.executeCommand('testing.refreshTests');
      await waitFor('the financing flow in the Test Explorer', async () => ((await extensionApi()) as unknown as { inspect: { flowItems(): Record<string, string[]> } }).inspect.flowItems()[financing.toString()], 30_000);
      await api.inspect.runFlows([financing.toString()]);
      const result = (await api.inspect.flowResults())[financing.toString()];
      assert.deepEqual(result?.steps.map((s) => [s.id, s.status]), [['offers', 'passed'], ['logout', 'passed']]);
      const after = await send({ environmentId: envId, operationId: 'financing.offers', body: exampleBody('financing.offers') });
      assert.equal(after?.response?.status, 200, `the interactive session is still signed in: ${after?.failure?.message ?? ''}`);
    } finally {
      await vscode.workspace.fs.delete(financing);
    }
  });

  it('marks a failed expectation on its line inside "expect", not on the step', async () => {
    const api = (await extensionApi()) as unknown as FlowsInspect;
    await waitFor('the flow in the Test Explorer', () => api.inspect.flowItems()[file.toString()], 30_000);
    await api.inspect.runFlows([file.toString()]);
    const shown = (await api.inspect.flowShown())[`${file.toString()}#refund`];
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file)).split('\n');
    const expectLine = text.findIndex((l) => l.includes('"result": "SUCCESS"'));
    assert.ok(expectLine > 0);
    assert.deepEqual(shown?.messages.map((m) => m.line), [expectLine], JSON.stringify(shown));
  });

  it('keeps the output of two flows apart in Test Results: each flow’s name once above its steps, each line on its own step, no line repeating the name', async () => {
    const api = (await extensionApi()) as unknown as FlowsInspect;
    const other = vscode.Uri.joinPath(file, '..', `it-other-${Date.now()}.payflow.json`);
    await vscode.workspace.fs.writeFile(other, Buffer.from(JSON.stringify({ name: 'Verify alone', environment: envId, steps: [{ id: 'check', operation: 'gateway.verify', body: { apiOperation: 'VERIFY', order: { currency: 'EUR' }, sourceOfFunds: card } }] }, null, 2), 'utf8'));
    try {
      await waitFor('both flows in the Test Explorer', () => api.inspect.flowItems()[other.toString()] && api.inspect.flowItems()[file.toString()], 30_000);
      await api.inspect.runFlows([file.toString(), other.toString()]);
      const shown = await api.inspect.flowShown();
      const lines = (id: string) => shown[id]?.output ?? [];
      assert.deepEqual(lines(other.toString()), ['Verify alone · Flows simulator\r\n'], 'the flow’s heading, once');
      assert.deepEqual(lines(file.toString()), ['Authorize, then refund too much · Flows simulator\r\n']);
      assert.ok(lines(`${other.toString()}#check`).length > 0, JSON.stringify(shown));
      for (const line of lines(`${other.toString()}#check`)) assert.match(line, /^ {2}check: /);
      for (const step of ['auth', 'refund']) {
        assert.ok(lines(`${file.toString()}#${step}`).length > 0, JSON.stringify(shown));
        for (const line of lines(`${file.toString()}#${step}`)) {
          assert.match(line, new RegExp(`^ {2}${step}: `));
          assert.doesNotMatch(line, /Authorize, then refund too much/, 'the flow name is not repeated on its lines');
        }
      }
    } finally {
      await vscode.workspace.fs.delete(other);
    }
  });

  it('a flow that cannot start its run (the inbox port is taken) errors with the reason; the other flows of the run still run', async () => {
    const api = (await extensionApi()) as unknown as FlowsInspect & { inspect: { flowResults(): Promise<Record<string, FlowResult>> } };
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    const settings = vscode.workspace.getConfiguration('paymentWorkbench');
    await vscode.commands.executeCommand('paymentWorkbench.inbox.stop');
    await settings.update('inbox.port', port, vscode.ConfigurationTarget.Global);
    const webhook = vscode.Uri.joinPath(file, '..', `it-webhook-${Date.now()}.payflow.json`);
    const plain = vscode.Uri.joinPath(file, '..', `it-plain-${Date.now()}.payflow.json`);
    const authorize = { id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '3.00', currency: 'EUR', notificationUrl: '{{inbox.gateway}}' }, sourceOfFunds: card }, expect: { notification: { 'transaction.type': 'PAYMENT' } } };
    await vscode.workspace.fs.writeFile(webhook, Buffer.from(JSON.stringify({ name: 'Waits for its webhook', environment: envId, steps: [authorize] }, null, 2), 'utf8'));
    await vscode.workspace.fs.writeFile(plain, Buffer.from(JSON.stringify({ name: 'Verify on its own', environment: envId, steps: [{ id: 'check', operation: 'gateway.verify', body: { apiOperation: 'VERIFY', order: { currency: 'EUR' }, sourceOfFunds: card } }] }, null, 2), 'utf8'));
    try {
      await vscode.commands.executeCommand('workbench.view.testing.focus');
      await vscode.commands.executeCommand('testing.refreshTests');
      await waitFor('both flows in the Test Explorer', () => api.inspect.flowItems()[webhook.toString()] && api.inspect.flowItems()[plain.toString()], 30_000);
      await api.inspect.runFlows([webhook.toString(), plain.toString()]);
      const shown = (await api.inspect.flowShown())[webhook.toString()];
      assert.deepEqual(shown?.messages.map((m) => m.text), [`The local inbox could not start on port ${port}: the port is taken. Change "paymentWorkbench.inbox.port" (0 = any free port).`]);
      const results = await api.inspect.flowResults();
      assert.equal(results[webhook.toString()], undefined, 'nothing of the flow ran');
      assert.deepEqual(results[plain.toString()]?.steps.map((s) => s.status), ['passed'], 'the next flow of the run ran');
    } finally {
      await settings.update('inbox.port', undefined, vscode.ConfigurationTarget.Global);
      busy.close();
      await vscode.workspace.fs.delete(webhook);
      await vscode.workspace.fs.delete(plain);
    }
  });

  it('tells a JSON syntax error as file:line:column: in the Test Explorer and where the editor underlines it', async () => {
    const api = (await extensionApi()) as unknown as FlowsInspect;
    const broken = vscode.Uri.joinPath(file, '..', `it-syntax-${Date.now()}.payflow.json`);
    const line3 = '  "steps": [ { "id": "a", } ]';
    await vscode.workspace.fs.writeFile(broken, Buffer.from(`{\n  "name": "x",\n${line3}\n}\n`, 'utf8'));
    try {
      const error = await waitFor('the file’s error in the Test Explorer', () => api.inspect.flowErrors()[broken.toString()], 30_000);
      assert.match(error, new RegExp(`it-syntax-\\d+\\.payflow\\.json:3:${line3.indexOf('}') + 1}: \\(file\\): is not valid JSON`));
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(broken));
      const diagnostic = await waitFor('the syntax error diagnostic', () => vscode.languages.getDiagnostics(broken).find((x) => x.source === 'Payment Workbench'));
      assert.deepEqual([diagnostic.range.start.line, diagnostic.range.start.character], [2, line3.indexOf('}')]);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(broken);
    }
  });

  it('shows the problems of an invalid flow file where they are', async () => {
    const bad = vscode.Uri.joinPath(file, '..', `it-bad-${Date.now()}.payflow.json`);
    // Step b's orderId is a number: the JSON schema says so (and the flow checks do not), which shows the schema has been applied.
    await vscode.workspace.fs.writeFile(bad, Buffer.from('{\n  "name": "bad",\n  "steps": [\n    { "id": "a", "operation": "gateway.refnd" },\n    { "id": "b", "operation": "gateway.verify", "params": { "orderId": 5 } }\n  ]\n}\n', 'utf8'));
    try {
      const doc = await vscode.workspace.openTextDocument(bad);
      await vscode.window.showTextDocument(doc);
      assert.equal(doc.languageId, 'payflow');
      const diagnostics = await waitFor('the flow diagnostics', () => {
        const d = vscode.languages.getDiagnostics(bad).filter((x) => x.source === 'Payment Workbench');
        return d.length ? d : undefined;
      });
      assert.match(diagnostics[0]?.message ?? '', /step 1 \(a\): operation: unknown operation "gateway\.refnd" \(did you mean gateway\.refund\?\)/);
      assert.equal(diagnostics[0]?.range.start.line, 3, 'underlined on the step’s line');
      await waitFor('the JSON schema’s diagnostics', () => (vscode.languages.getDiagnostics(bad).some((d) => d.range.start.line === 4) ? true : undefined), 30_000);
      const onStep = vscode.languages.getDiagnostics(bad).filter((d) => d.range.start.line === 3);
      assert.equal(onStep.length, 1, `the unknown operation is reported once:\n${onStep.map((d) => `${d.source ?? ''}: ${d.message}`).join('\n')}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(bad);
    }
  });
});
