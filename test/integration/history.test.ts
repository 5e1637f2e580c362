import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { makeExchange, withResponseText } from '../harness/exchanges';
import { EXTENSION_ID, waitFor } from './support';
import type { HistoryApi } from '../../src/history/registerHistoryView';
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
