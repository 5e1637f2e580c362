import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { WALKTHROUGH_STATE_KEY } from '../../src/platform/walkthroughProgress';
import { EXTENSION_ID, extensionApi, send, waitFor } from './support';

interface Contributes {
  walkthroughs?: { id: string; steps: { id: string; completionEvents?: string[]; media?: { markdown?: string } }[] }[];
  viewsWelcome?: { view: string; contents: string }[];
}

const STEPS = ['environmentAdded', 'passwordStored', 'requestSent', 'flowRun', 'notificationReceived'];

async function done(): Promise<string[]> {
  const dump = JSON.parse((await extensionApi()).inspect.globalStateDump()) as [string, unknown][];
  return (dump.find(([k]) => k === WALKTHROUGH_STATE_KEY)?.[1] as string[] | undefined) ?? [];
}

/** The getting-started walkthrough: its steps complete on real events, each setting its context key. */
describe('Getting-started walkthrough', function () {
  this.timeout(90_000);
  let sim: SimulatorHandle;
  const envId = 'it-walkthrough';

  before(async () => {
    await extensionApi();
    sim = await startSimulator({ port: 0 });
    await vscode.workspace.getConfiguration('paymentWorkbench').update('inbox.port', 0, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('paymentWorkbench.inbox.stop');
    await vscode.workspace.getConfiguration('paymentWorkbench').update('inbox.port', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await sim.close();
  });

  it('is contributed: five steps, each completing on its context key, with markdown media; the empty Environments view offers the same first actions', () => {
    const contributes = (vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: Contributes }).contributes;
    const walkthrough = contributes.walkthroughs?.find((w) => w.id === 'gettingStarted');
    assert.ok(walkthrough);
    assert.deepEqual(walkthrough.steps.map((s) => s.completionEvents), STEPS.map((k) => [`onContext:paymentWorkbench.walkthrough.${k}`]));
    assert.ok(walkthrough.steps.every((s) => s.media?.markdown?.startsWith('media/walkthrough/')));
    const welcome = contributes.viewsWelcome?.find((w) => w.view === 'paymentWorkbench.environments')?.contents ?? '';
    for (const command of ['addEnvironment', 'setGatewayPassword', 'openForm', 'inbox.start']) assert.ok(welcome.includes(`command:paymentWorkbench.${command}`), command);
  });

  it('each event sets its context key: an environment added, a password stored, a request sent, a flow run, a notification received', async () => {
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: envId, name: 'Walkthrough simulator', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: envId, value: SIMULATOR_DEFAULTS.apiPassword });
    await vscode.commands.executeCommand('paymentWorkbench.inbox.start');
    const rows = ((await extensionApi()) as unknown as { inspect: { notificationRows(): { label: string }[] } }).inspect.notificationRows();
    const inboxUrl = /^Listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(rows[0]?.label ?? '')?.[1];
    assert.ok(inboxUrl, JSON.stringify(rows));
    const orderId = `ORD-WALK-${Date.now()}`;
    const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
    const sent = await send({ environmentId: envId, operationId: 'gateway.authorize', params: { orderId, transactionId: 'T-1' }, body: { apiOperation: 'AUTHORIZE', order: { amount: '5.00', currency: 'EUR', notificationUrl: `${inboxUrl}/gateway` }, sourceOfFunds: card } });
    assert.equal(sent?.decoded?.outcome?.result, 'SUCCESS');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const flow = vscode.Uri.joinPath(folder, `it-walk-${Date.now()}.payflow.json`);
    await vscode.workspace.fs.writeFile(flow, Buffer.from(JSON.stringify({ name: 'Walkthrough', environment: envId, steps: [{ id: 'offers', operation: 'financing.offers', body: exampleBody('financing.offers') }] }), 'utf8'));
    try {
      const api = (await extensionApi()) as unknown as { inspect: { runFlows(uris: readonly string[]): Promise<void>; flowItems(): Record<string, string[]> } };
      await vscode.commands.executeCommand('testing.refreshTests');
      await waitFor('the flow in the Test Explorer', () => api.inspect.flowItems()[flow.toString()], 30_000);
      await api.inspect.runFlows([flow.toString()]);
    } finally {
      await vscode.workspace.fs.delete(flow);
    }
    const all = await waitFor('every step done', async () => {
      const d = await done();
      return STEPS.every((s) => d.includes(s)) ? d : undefined;
    }, 20_000).catch(async () => done());
    assert.deepEqual([...all].sort(), [...STEPS].sort());
  });
});
