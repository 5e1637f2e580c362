import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { extensionApi } from './support';

const REQUEST = `{
  "operation": "gateway.initiateAuthentication",
  "version": 100,
  "params": { "orderId": "ORD-3DS-1", "transactionId": "auth-1" },
  "body": {
    "apiOperation": "INITIATE_AUTHENTICATION",
    "order": { "currency": "EUR" },
    "sourceOfFunds": {
      "type": "CARD",
      "provided": { "card": { "number": "4111111111111111" } }
    }
  }
}
`;

describe('Insert Test Card in request files', function () {
  this.timeout(60_000);
  let dir: string;

  before(async () => {
    await extensionApi();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-it-testcard-'));
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function openRequest(name: string, text: string): Promise<vscode.TextDocument> {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    return document;
  }

  const cardOf = (document: vscode.TextDocument): unknown => (JSON.parse(document.getText()) as { body: { sourceOfFunds: { provided: { card: unknown } } } }).body.sourceOfFunds.provided.card;

  it('writes the chosen card (number, expiry, securityCode) into the open request file, keeping the rest of its text', async () => {
    const document = await openRequest('auth.payreq.json', REQUEST);
    const done = await vscode.commands.executeCommand<boolean>('paymentWorkbench.insertTestCard', document.uri, '5123450000000008');
    assert.equal(done, true);
    assert.deepEqual(cardOf(document), { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' });
    const text = document.getText();
    assert.ok(text.startsWith(REQUEST.slice(0, REQUEST.indexOf('"card": '))), text);
    assert.ok(text.includes('"params": { "orderId": "ORD-3DS-1", "transactionId": "auth-1" },'), 'untouched lines keep their layout');
    assert.ok(document.isDirty, 'an edit of the buffer, for the user to save or undo');
  });

  it('with no card given, offers the test-card table in a quick pick; accepting the first item writes it into the active request file', async () => {
    const document = await openRequest('noCard.payreq.json', '{\n  "operation": "gateway.pay",\n  "body": {\n    "apiOperation": "PAY"\n  }\n}\n');
    const running = vscode.commands.executeCommand<boolean>('paymentWorkbench.insertTestCard');
    let settled = false;
    void running.then(() => { settled = true; }, () => { settled = true; });
    // Accept the quick pick's first item as soon as it shows (accepting before it opens does nothing).
    while (!settled) {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(await running, true);
    assert.deepEqual(cardOf(document), { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' });
    assert.equal((JSON.parse(document.getText()) as { body: { apiOperation: string } }).body.apiOperation, 'PAY');
  });

  it('refuses a card number outside the table and a file that is not a request file, changing nothing', async () => {
    const document = await openRequest('other.payreq.json', REQUEST);
    assert.equal(await vscode.commands.executeCommand<boolean>('paymentWorkbench.insertTestCard', document.uri, '4000000000000002'), false);
    assert.equal(document.getText(), REQUEST);
    const plain = await openRequest('plain.json', REQUEST);
    assert.equal(await vscode.commands.executeCommand<boolean>('paymentWorkbench.insertTestCard', plain.uri, '5123450000000008'), false);
    assert.equal(plain.getText(), REQUEST);
  });
});
