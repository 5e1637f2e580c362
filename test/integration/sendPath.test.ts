import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import type { SendArgs } from '../../src/commands/sendCommands';
import type { FlowResult } from '../../src/flows';
import type { FormHostMessage } from '../../src/features/form/protocol';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { LIVE_MERCHANT, RecordingPort, TEST_AND_LIVE_MERCHANTS } from '../harness/sendPorts';
import { extensionApi, send, useSendPort, waitFor } from './support';

type Question = 'live' | 'rules' | 'sendTime' | 'credentials';

/**
 * One send path, asked through every door of the real extension: each question the engine decides
 * (LIVE, rules that fail, a send-time rule, a missing password) reaches the port whichever door was
 * pressed, and a "no" sends nothing. The port records instead of showing VS Code's modals.
 */
describe('One send path: every door asks the same questions', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  let restorePort: () => void = () => undefined;
  let folder: vscode.Uri;
  const created: vscode.Uri[] = [];
  const env: Record<Question, string> = { live: 'it-path-live', rules: 'it-path-test', sendTime: 'it-path-far', credentials: 'it-path-nopw' };
  let n = 0;
  const orderId = () => `IT-PATH-${Date.now().toString(36)}-${++n}`;

  const validAuthorize = () => exampleBody('gateway.authorize', 11) as Record<string, unknown> & { order: Record<string, unknown> };
  /** The body each question needs; the environment does the rest. */
  const bodyFor = (q: Question): Record<string, unknown> => {
    const body = validAuthorize();
    if (q === 'rules') body.order.amount = 'ten euros';
    if (q === 'sendTime') body.order.notificationUrl = 'http://127.0.0.1:9/gateway';
    return body;
  };
  const requestsSeen = () => sim.requestLog.entries.filter((e) => e.url.includes('/api/rest/')).length;

  /** Runs `door` with a recording port that says no: the question asked, and nothing sent. */
  async function declined(q: Question, door: () => Promise<unknown>): Promise<RecordingPort> {
    const port = new RecordingPort();
    restorePort = await useSendPort(port);
    const before = requestsSeen();
    try {
      await door();
    } finally {
      restorePort();
    }
    const kind = q === 'sendTime' ? 'rules' : q;
    assert.deepEqual(port.kinds(), [kind], `${q}: the questions asked`);
    const asked = port.asked[0];
    if (q === 'sendTime') assert.ok(asked?.kind === 'rules' && asked.sendTime.some((i) => i.path === 'order.notificationUrl'), 'the send-time rule is in the question');
    assert.equal(requestsSeen(), before, `${q}: a declined question sent nothing`);
    return port;
  }

  before(async () => {
    await extensionApi();
    sim = await startSimulator({ port: 0, merchants: TEST_AND_LIVE_MERCHANTS });
    const add = (id: string, fields: Record<string, unknown>) => vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id, name: id, timeoutMs: 5000, ...fields });
    // LIVE by its merchant id (not TEST…), though it is the simulator on loopback.
    await add(env.live, { gatewayUrl: sim.baseUrl, merchantId: LIVE_MERCHANT.merchantId });
    await add(env.rules, { gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId });
    // A test gateway elsewhere: it cannot reach this machine's inbox. Never reached: the question is declined.
    await add(env.sendTime, { gatewayUrl: 'https://test-gateway.mastercard.com', merchantId: 'TESTFAR01' });
    await add(env.credentials, { gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: env.live, value: LIVE_MERCHANT.apiPassword });
    for (const id of [env.rules, env.sendTime]) await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: id, value: SIMULATOR_DEFAULTS.apiPassword });
    folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/tmp');
  });

  after(async () => {
    restorePort();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of created) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    for (const id of Object.values(env)) await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: id, confirmed: true });
    await sim?.close();
  });

  const questions: Question[] = ['live', 'rules', 'sendTime', 'credentials'];

  for (const q of questions) {
    it(`the palette, tree, Orders view and next steps (the Send Request command) ask "${q}", whatever the arguments claim`, async () => {
      // Arguments that once skipped the questions: no caller can say "already confirmed" any more.
      const claims = { confirmed: true, sendAnyway: true } as unknown as SendArgs;
      const sent = await declined(q, async () => send({ ...claims, environmentId: env[q], operationId: 'gateway.authorize', params: { orderId: orderId() }, body: bodyFor(q) }));
      assert.equal(sent.asked.length, 1);
    });

    it(`the form's Send Anyway asks "${q}" in the host`, async () => {
      const form = await (await (await extensionApi()).inspect.features()).panels.forms.openForm({ operationId: 'gateway.authorize', environmentId: env[q], params: { orderId: orderId() } });
      assert.ok(form);
      let posted: FormHostMessage[] = [];
      await declined(q, async () => (posted = await form.receiveAsFromPage({ type: 'send', state: { ...form.currentState, body: bodyFor(q) }, sendAnyway: true })));
      assert.ok(posted.some((m) => m.type === 'notice' && m.text === 'Not sent.') || q === 'credentials', JSON.stringify(posted));
    });
  }

  for (const q of ['rules', 'sendTime', 'credentials'] as const) {
    it(`a request file's Send (CodeLens) asks "${q}"`, async () => {
      await vscode.commands.executeCommand('paymentWorkbench.activateEnvironment', { environmentId: env[q] });
      const uri = vscode.Uri.joinPath(folder, `it-path-${q}-${Date.now()}.payreq.json`);
      created.push(uri);
      await vscode.workspace.fs.writeFile(uri, Buffer.from(JSON.stringify({ operation: 'gateway.authorize', params: { orderId: orderId() }, body: bodyFor(q) }, null, 2), 'utf8'));
      await declined(q, async () => vscode.commands.executeCommand('paymentWorkbench.sendRequestFile', uri));
    });
  }

  it('the Test Explorer asks each question before a step is sent; "no" fails the step with the reason and sends nothing', async () => {
    const api = (await extensionApi()) as unknown as { inspect: { flowItems(): Record<string, string[]>; flowResults(): Promise<Record<string, FlowResult>>; runFlows(uris: readonly string[]): Promise<void> } };
    const files = new Map<Question, vscode.Uri>(questions.map((q) => [q, vscode.Uri.joinPath(folder, `it-path-${q}-${Date.now()}.payflow.json`)]));
    const port = new RecordingPort();
    const before = requestsSeen();
    try {
      for (const [q, file] of files) {
        created.push(file);
        const flow = { name: `Send path ${q}`, environment: env[q], steps: [{ id: 'auth', operation: 'gateway.authorize', body: bodyFor(q) }] };
        await vscode.workspace.fs.writeFile(file, Buffer.from(JSON.stringify(flow, null, 2), 'utf8'));
      }
      await vscode.commands.executeCommand('workbench.view.testing.focus');
      await vscode.commands.executeCommand('testing.refreshTests');
      for (const file of files.values()) await waitFor('the flow in the Test Explorer', () => api.inspect.flowItems()[file.toString()], 30_000);
      restorePort = await useSendPort(port);
      await api.inspect.runFlows([...files.values()].map((f) => f.toString()));
      for (const [q, file] of files) {
        const result = await waitFor(`the result of the "${q}" flow`, async () => (await api.inspect.flowResults())[file.toString()], 60_000);
        assert.equal(result.steps[0]?.status, 'failed', q);
        assert.match(result.steps[0]?.message ?? '', { live: /^Not sent \(LIVE not confirmed\)/, rules: /^Not sent \(rules fail\)/, sendTime: /^Not sent \(rules fail\).*order\.notificationUrl/s, credentials: /^Not sent \(no password\)/ }[q]);
      }
    } finally {
      restorePort();
      for (const file of files.values()) await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
    }
    assert.deepEqual(port.kinds().sort(), ['credentials', 'live', 'rules', 'rules']);
    assert.equal(requestsSeen(), before, 'a declined question sent nothing');
  });

  it('History\'s Re-send of a LIVE refund asks again (the answer given the first time does not carry over)', async () => {
    const order = orderId();
    const first = new RecordingPort({ live: true });
    restorePort = await useSendPort(first);
    const sent = await send({ environmentId: env.live, operationId: 'gateway.refund', params: { orderId: order }, body: { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'USD' } } });
    restorePort();
    assert.deepEqual(first.kinds(), ['live']);
    assert.ok(sent?.response, 'the first send went out after "Send to LIVE"');
    await declined('live', async () => vscode.commands.executeCommand('paymentWorkbench.history.resend', sent.id));
  });

  it('a plain Send in the form reviews a send-time rule in the page: no modal, the problem under its field, nothing sent', async () => {
    const form = await (await (await extensionApi()).inspect.features()).panels.forms.openForm({ operationId: 'gateway.authorize', environmentId: env.sendTime, params: { orderId: orderId() } });
    assert.ok(form);
    const port = new RecordingPort({ rules: true });
    restorePort = await useSendPort(port);
    const before = requestsSeen();
    let posted: FormHostMessage[];
    try {
      posted = await form.receiveAsFromPage({ type: 'send', state: { ...form.currentState, body: bodyFor('sendTime') }, sendAnyway: false });
    } finally {
      restorePort();
    }
    assert.deepEqual(port.kinds(), [], 'the page is where a plain Send reviews');
    const review = posted.find((m): m is Extract<FormHostMessage, { type: 'hostIssues' }> => m.type === 'hostIssues');
    assert.ok(review?.issues.some((i) => i.path === 'order.notificationUrl' && /cannot reach it/.test(i.message)), JSON.stringify(posted));
    assert.equal(requestsSeen(), before);
  });
});
