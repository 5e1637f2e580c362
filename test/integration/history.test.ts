import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { makeExchange, withResponseText } from '../harness/exchanges';
import { exampleBody } from '../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { EXTENSION_ID, send, waitFor, type WorkbenchTestApi } from './support';
import type { HistoryApi } from '../../src/features/history/registerHistoryView';
import type { Exchange } from '../../src/send/exchange';

const SENTINEL_PASSWORD = 'SENTINEL-HISTORY-PASSWORD-41f7';


/** A declined Authorize, built by hand so the test does not depend on the simulator. */
function declinedExchange(id: string): Exchange {
  const e = withResponseText(makeExchange({ id }), JSON.stringify({ result: 'FAILURE', response: { gatewayCode: 'DECLINED' }, order: { id: `O-${id}`, amount: '10.50', currency: 'EUR' } }));
  // Planted: a sender bug that forgot to mask; history must scrub it anyway.
  return { ...e, request: { ...e.request, body: { ...(e.request.body as Record<string, unknown>), password: SENTINEL_PASSWORD } } };
}

describe('History in a real extension host', () => {
  let history: HistoryApi;

  before(async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    const api = (await ext.activate()) as { history?: HistoryApi } | undefined;
    assert.ok(api?.history, 'activate() returns { history: HistoryApi }');
    history = api.history;
    await vscode.commands.executeCommand('paymentWorkbench.history.clear', { confirmed: true });
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('shows the History view', async () => {
    await vscode.commands.executeCommand('paymentWorkbench.openHistory');
  });

  it('an added exchange is listed newest first, scrubbed', async () => {
    const first = declinedExchange(`it-${Date.now()}-a`);
    const second = declinedExchange(`it-${Date.now()}-b`);
    await history.add(first);
    await history.add(second);
    const ids = history.list().map((e) => e.id);
    assert.deepEqual(ids.slice(0, 2), [second.id, first.id]);
    assert.ok(!JSON.stringify(history.list()).includes(SENTINEL_PASSWORD), 'the planted password was scrubbed');
  });

  it('Open Response as Text shows a document with the gatewayCode, and raw JSON is one command away', async () => {
    const e = declinedExchange(`it-${Date.now()}-open`);
    await history.add(e);
    await vscode.commands.executeCommand('paymentWorkbench.history.openAsText', e.id);
    const doc = await waitFor('the response document', () => {
      const d = vscode.window.activeTextEditor?.document;
      return d?.uri.scheme === 'payment-workbench-response' && d.uri.path.includes(e.id) ? d : undefined;
    });
    const text = doc.getText();
    assert.match(text, /DECLINED/);
    assert.match(text, /HTTP status\*\* \| 201/);
    assert.ok(!text.includes(SENTINEL_PASSWORD));
    // The stable address works too (the tab itself uses a readable name under the id).
    const byId = await vscode.workspace.openTextDocument(vscode.Uri.parse(`payment-workbench-response:/${e.id}.md`));
    assert.match(byId.getText(), /DECLINED/);

    await vscode.commands.executeCommand('paymentWorkbench.openRawResponse', e.id);
    const raw = await waitFor('the raw JSON document', () => {
      const d = vscode.window.activeTextEditor?.document;
      return d?.isUntitled && d.languageId === 'json' ? d : undefined;
    });
    assert.match(raw.getText(), /"gatewayCode": "DECLINED"/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Clear History empties it', async () => {
    await history.add(declinedExchange(`it-${Date.now()}-clear`));
    assert.ok(history.list().length > 0);
    await vscode.commands.executeCommand('paymentWorkbench.history.clear', { confirmed: true });
    assert.equal(history.list().length, 0);
  });
});

type CardBody = { sourceOfFunds: { provided: { card: Record<string, unknown> } } };
interface FormSnapshot { state: { operationId: string; params: Record<string, string>; body: Record<string, unknown> }; fieldNotes: Record<string, string> }

function authorizeWithCard(number: string, securityCode: string): CardBody {
  const base = exampleBody('gateway.authorize') as CardBody;
  return { ...base, sourceOfFunds: { ...base.sourceOfFunds, provided: { card: { ...base.sourceOfFunds.provided.card, number, securityCode } } } };
}

/** Re-send from history against a simulator: masked card data is never sent, test cards are. */
describe('History Re-send in a real extension host', function () {
  this.timeout(60_000);
  let sim: SimulatorHandle;
  let history: HistoryApi;
  let openForms: () => FormSnapshot[];
  const envId = 'it-history-resend';

  before(async () => {
    const api = (await vscode.extensions.getExtension(EXTENSION_ID)?.activate()) as { history: HistoryApi } & WorkbenchTestApi;
    history = api.history;
    const { panels } = await api.inspect.features();
    openForms = () => panels.forms.snapshot();
    sim = await startSimulator({ port: 0 });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', {
      id: envId, name: 'Re-send simulator', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, timeoutMs: 5000,
    });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: envId, value: SIMULATOR_DEFAULTS.apiPassword });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await sim?.close();
  });

  it('Re-send of an entry whose card is not a public test card opens the form with the card fields empty and noted', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const sent = await send({ environmentId: envId, operationId: 'gateway.authorize', params: { orderId: `IT-RS-${Date.now()}` }, body: authorizeWithCard('5555555555554444', '123') });
    assert.ok(sent);
    const requestsBefore = sim.requestLog.entries.length;
    await vscode.commands.executeCommand('paymentWorkbench.history.resend', sent.id);
    const form = await waitFor('the Authorize form', () => openForms().find((f) => f.state.operationId === 'gateway.authorize'));
    const card = (form.state.body as CardBody).sourceOfFunds.provided.card;
    assert.equal(card.number, undefined, 'the masked number is not put back');
    assert.equal(card.securityCode, undefined);
    assert.equal(form.fieldNotes['sourceOfFunds.provided.card.number'], 'card data is not kept: enter it or pick a test card');
    assert.equal(sim.requestLog.entries.length, requestsBefore, 'nothing was sent');
  });

  it('Re-send of a test-card Authorize goes out with a fresh order id and succeeds', async () => {
    const orderId = `IT-RS-TEST-${Date.now()}`;
    const sent = await send({ environmentId: envId, operationId: 'gateway.authorize', params: { orderId }, body: authorizeWithCard('5123450000000008', '100') });
    assert.equal(sent?.decoded?.outcome?.gatewayCode?.code, 'APPROVED');
    const before = new Set(history.list().map((e) => e.id));
    await vscode.commands.executeCommand('paymentWorkbench.history.resend', sent?.id);
    const again = await waitFor('the re-sent exchange', () => history.list().find((e) => e.operationId === 'gateway.authorize' && !before.has(e.id)));
    assert.notEqual(again.params.orderId, orderId, 'a fresh order id');
    assert.equal(again.response?.status, 201, again.failure?.message ?? again.response?.bodyText);
    assert.equal(again.decoded?.outcome?.gatewayCode?.code, 'APPROVED');
  });
});
