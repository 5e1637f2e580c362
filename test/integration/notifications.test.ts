import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { extensionApi, send, waitFor } from './support';

interface Rows { inspect: { notificationRows(): { id: string; label: string; description: string }[] } }

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

/** The local inbox in VS Code: a send whose order.notificationUrl is the inbox shows the webhook in the Notifications view. */
describe('Notifications view and the local inbox', function () {
  this.timeout(60_000);
  let sim: SimulatorHandle;
  let api: Rows;
  const envId = 'it-inbox';

  before(async () => {
    api = (await extensionApi()) as unknown as Rows;
    sim = await startSimulator({ port: 0 });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: envId, name: 'Inbox simulator', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, simulator: true });
    await vscode.workspace.getConfiguration('paymentWorkbench').update('inbox.port', 0, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('paymentWorkbench.inbox.stop');
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await vscode.workspace.getConfiguration('paymentWorkbench').update('inbox.port', undefined, vscode.ConfigurationTarget.Global);
    await sim.close();
  });

  it('starts from the view, shows its address, and a webhook of a sent Authorize appears decoded, linked to its order', async () => {
    assert.deepEqual(api.inspect.notificationRows(), [], 'stopped: the view shows its welcome text only');
    await vscode.commands.executeCommand('paymentWorkbench.inbox.start');
    const address = api.inspect.notificationRows()[0]?.label ?? '';
    const url = /^Listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(address)?.[1];
    assert.ok(url, address);

    const orderId = `ORD-INBOX-${Date.now()}`;
    const exchange = await send({ environmentId: envId, operationId: 'gateway.authorize', params: { orderId, transactionId: 'T-1' }, body: { apiOperation: 'AUTHORIZE', order: { amount: '12.00', currency: 'EUR', notificationUrl: `${url}/gateway` }, sourceOfFunds: card } });
    assert.equal(exchange?.decoded?.outcome?.result, 'SUCCESS');
    const row = await waitFor('the webhook in the view', () => api.inspect.notificationRows().find((r) => r.description.includes(orderId)));
    // No notification secret is set: nothing checked who sent it, so the row must not read as a verified approval.
    assert.equal(row.label, 'Unverified: Approved');
    assert.match(row.description, new RegExp(`^gateway ${orderId} PAYMENT APPROVED 12\\.00 EUR unverified \\(no notification secret set\\) · `));
  });

  it('a notification opens read-only and word-wrapped: a virtual JSON document, not a dirty Untitled one', async () => {
    const row = api.inspect.notificationRows().find((r) => r.description.startsWith('gateway ORD-INBOX-'));
    assert.ok(row, 'the webhook of the test before');
    await vscode.commands.executeCommand('paymentWorkbench.inbox.open', row.id);
    const doc = await waitFor('the notification document', () => vscode.window.activeTextEditor?.document);
    try {
      assert.equal(doc.isUntitled, false, 'not an Untitled document');
      assert.equal(doc.isDirty, false, 'nothing to save');
      assert.equal(doc.uri.scheme, 'payment-workbench-notification');
      assert.equal(doc.languageId, 'payment-workbench-json', 'JSON, in the language that wraps it');
      assert.equal(vscode.workspace.getConfiguration('editor', doc).get('wordWrap'), 'on', 'long lines wrap in a narrow group, not cut');
      assert.match(doc.getText(), /"source": "gateway"/);
      assert.match(doc.getText(), /"verified": "unverified \(no notification secret set\)"/, 'not "verified": null');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('a crafted webhook (a huge order id with a bidi override and a line break) shows clipped and as text that reads as sent', async () => {
    const url = /^Listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(api.inspect.notificationRows()[0]?.label ?? '')?.[1];
    assert.ok(url, 'the inbox of the first test is running');
    const orderId = `EVIL-\u202eDEVORPPA\n${'x'.repeat(5000)}`;
    const body = { order: { id: orderId, status: 'CAPTURED' }, transaction: { id: 'T-EVIL', type: `PAYMENT\u202e${'y'.repeat(3000)}`, amount: 1, currency: 'EUR' }, result: 'SUCCESS', response: { gatewayCode: 'APPROVED' } };
    const posted = await fetch(`${url}/gateway`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-notification-id': 'N-EVIL' }, body: JSON.stringify(body) });
    assert.equal(posted.status, 200);
    const row = await waitFor('the crafted webhook in the view', () => api.inspect.notificationRows().find((r) => r.id === 'N-EVIL'));
    for (const text of [row.label, row.description]) {
      assert.ok(text.length <= 200, `clipped: ${text.length} characters`);
      assert.doesNotMatch(text, /[\u202e\n]/, 'no bidi override, no line break');
    }
    assert.match(row.description, /^gateway EVIL-\ufffdDEVORPPA\ufffdx+…$/);
  });

  it('Stop closes the inbox: the view shows its welcome text again', async () => {
    await vscode.commands.executeCommand('paymentWorkbench.inbox.stop');
    assert.deepEqual(api.inspect.notificationRows(), []);
  });
});
