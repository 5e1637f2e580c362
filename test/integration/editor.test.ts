import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, waitFor } from './support';

const SOURCE = 'Payment Workbench';


function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
}

const LONG_REFERENCE = 'R'.repeat(41);

function requestFileText(reference: string): string {
  return JSON.stringify(
    {
      operation: 'gateway.authorize',
      body: {
        apiOperation: 'AUTHORIZE',
        order: { amount: '10.00', currency: 'USD', reference },
        sourceOfFunds: { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
      },
    },
    null,
    2,
  );
}

describe('request files (*.payreq.json) in the editor', () => {
  let folder: vscode.Uri;
  const created: vscode.Uri[] = [];

  before(async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    await ext.activate();
    const first = vscode.workspace.workspaceFolders?.[0];
    assert.ok(first, 'the integration workspace has a folder');
    folder = first.uri;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of created) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  async function openRequestFile(name: string, text: string): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.joinPath(folder, name);
    created.push(uri);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
    const doc = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(doc);
  }

  it('flags a 41-character order.reference on its value, and clears the diagnostic once fixed', async () => {
    const editor = await openRequestFile(`authorize-${Date.now()}.payreq.json`, requestFileText(LONG_REFERENCE));
    const doc = editor.document;
    const diagnostic = await waitFor('the order.reference diagnostic', () => ours(doc.uri).find((d) => d.message.includes('order.reference')));
    assert.equal(doc.getText(diagnostic.range), JSON.stringify(LONG_REFERENCE));
    assert.match(diagnostic.message, /40/);
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(diagnostic.code, 'maxLength');

    const ok = await editor.edit((b) => b.replace(diagnostic.range, JSON.stringify('ORDER-REF-1')));
    assert.ok(ok);
    await waitFor('the diagnostic to disappear', () => (ours(doc.uri).some((d) => d.message.includes('order.reference')) ? undefined : true));
  });

  it('a version-57 request file with a field introduced later shows the gateway\'s "Unexpected parameter" error; the same body at 100 is clean', async () => {
    const file = (version: number) => JSON.stringify({
      operation: 'gateway.updateSession', version, params: { sessionId: 'SESSION0002VERSIONS057ABCDEFGHI' },
      body: { accountFunding: { senderIsRecipient: true } },
    }, null, 2);
    const editor = await openRequestFile(`session-v57-${Date.now()}.payreq.json`, file(57));
    const doc = editor.document;
    const diagnostic = await waitFor('the accountFunding diagnostic', () => ours(doc.uri).find((d) => d.message.includes('accountFunding')));
    assert.equal(diagnostic.message, "accountFunding: Unexpected parameter 'accountFunding': introduced in version 80; this request uses version 57");
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    const version = doc.getText().indexOf('"version": 57') + '"version": '.length;
    const ok = await editor.edit((b) => b.replace(new vscode.Range(doc.positionAt(version), doc.positionAt(version + 2)), '100'));
    assert.ok(ok);
    await waitFor('no diagnostic at version 100', () => (ours(doc.uri).length === 0 ? true : undefined));
  });

  it('a misspelt field of a Refund at v100 (whose whole field list the reference gives) is the gateway\'s "Unexpected parameter" error on its name; at v13 a warning', async () => {
    const file = (version: number) => JSON.stringify({
      operation: 'gateway.refund', version, params: { orderId: 'ORDER-1', transactionId: 'refund-1' },
      body: { apiOperation: 'REFUND', order: { refrence: 'R-1' }, transaction: { amount: '1.00', currency: 'USD' } },
    }, null, 2);
    const editor = await openRequestFile(`refund-v100-${Date.now()}.payreq.json`, file(100));
    const doc = editor.document;
    const error = await waitFor('the order.refrence diagnostic', () => ours(doc.uri).find((d) => d.message.includes('refrence')));
    assert.equal(doc.getText(error.range), '"refrence"');
    assert.equal(error.severity, vscode.DiagnosticSeverity.Error);
    assert.match(error.message, /Unexpected parameter 'order\.refrence'; did you mean order\.reference\?/);
    const version = doc.getText().indexOf('"version": 100') + '"version": '.length;
    assert.ok(await editor.edit((b) => b.replace(new vscode.Range(doc.positionAt(version), doc.positionAt(version + 3)), '13')));
    await waitFor('a warning at version 13', () => ours(doc.uri).find((d) => d.message.includes('refrence') && d.severity === vscode.DiagnosticSeverity.Warning));
  });

  it('reports each mistake once, in the catalogue\'s words (the JSON Schema holds no value rules)', async () => {
    // "note" twice: the JSON service always flags a duplicate key, so its verdict on this text is known to be in.
    const text = requestFileText(LONG_REFERENCE).replace('"USD"', '"usd"').replace('{\n', '{\n  "note": 1,\n  "note": 2,\n');
    const editor = await openRequestFile(`once-${Date.now()}.payreq.json`, text);
    const uri = editor.document.uri;
    const mine = await waitFor('both catalogue diagnostics', () => {
      const found = ours(uri);
      return found.some((d) => d.message.includes('order.reference')) && found.some((d) => d.message.includes('order.currency')) ? found : undefined;
    });
    assert.equal(mine.length, 2, mine.map((d) => d.message).join(' | '));
    const theirs = await waitFor('the JSON service\'s own verdict', () => {
      const other = vscode.languages.getDiagnostics(uri).filter((d) => d.source !== SOURCE);
      return other.some((d) => /duplicate/i.test(d.message)) ? other : undefined;
    });
    assert.deepEqual(theirs.filter((d) => !/duplicate/i.test(d.message)).map((d) => d.message), [], 'no second report of the same mistake');
  });

  it('shows an amount sent as a JSON number as a warning, not an error', async () => {
    const editor = await openRequestFile(`warning-${Date.now()}.payreq.json`, requestFileText('ORDER-REF-1').replace('"10.00"', '10.5'));
    const d = await waitFor('the amount warning', () => ours(editor.document.uri).find((x) => x.message.includes('order.amount')));
    assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(editor.document.getText(d.range), '10.5');
  });

  it('shows a syntax error at its position', async () => {
    const editor = await openRequestFile(`broken-${Date.now()}.payreq.json`, '{\n  "operation": "gateway.refund"\n  "body": {}\n}');
    const d = await waitFor('a syntax diagnostic', () => ours(editor.document.uri)[0]);
    assert.equal(d.code, 'json');
    assert.equal(d.range.start.line, 2);
  });

  it('answers a request file nested 5,000 deep with the clear nesting diagnostic, not a crash', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const editor = await openRequestFile(`deep-${Date.now()}.payreq.json`, `{\n  "operation": "gateway.authorize",\n  "body": ${deep}\n}`);
    const d = await waitFor('the nesting diagnostic', () => ours(editor.document.uri)[0]);
    assert.match(d.message, /nested deeper than 64 levels \(at body\.a\.a/);
    assert.equal(d.range.start.line, 2);
    assert.equal(editor.document.getText(d.range), '{');
  });

  it('flags an unknown operation and lists the valid ones', async () => {
    const editor = await openRequestFile(`unknown-${Date.now()}.payreq.json`, '{\n  "operation": "gateway.authorise",\n  "body": {}\n}');
    const d = await waitFor('the operation diagnostic', () => ours(editor.document.uri)[0]);
    assert.equal(editor.document.getText(d.range), '"gateway.authorise"');
    assert.match(d.message, /gateway\.authorize/);
  });

  it('offers the Send lens', async () => {
    const editor = await openRequestFile(`lenses-${Date.now()}.payreq.json`, requestFileText('ORDER-REF-1'));
    const lenses = await waitFor('code lenses', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
      return found && found.length >= 1 ? found : undefined;
    });
    const send = lenses.find((l) => l.command?.command === 'paymentWorkbench.sendRequestFile');
    assert.ok(send, 'a Send lens');
    assert.match(send.command?.title ?? '', /Send Authorize/);
    assert.equal((send.command?.arguments?.[0] as vscode.Uri).toString(), editor.document.uri.toString());
    assert.equal(send.range.start.line, 0);
  });

  async function completionLabels(uri: vscode.Uri, position: vscode.Position): Promise<string[]> {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, position);
    return (list?.items ?? []).map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
  }

  it('gives *.payreq.json the Payment Request language, kept on the JSON language service', async () => {
    const editor = await openRequestFile(`language-${Date.now()}.payreq.json`, requestFileText('ORDER-REF-1'));
    assert.equal(editor.document.languageId, 'payreq');
    // The JSON service's own verdict on a request file shows it still serves the language.
    await editor.edit((b) => b.insert(new vscode.Position(1, 0), '  "note": 1,\n  "note": 2,\n'));
    await waitFor('the JSON service\'s duplicate-key diagnostic', () => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.source !== SOURCE && /duplicate/i.test(d.message)));
  });

  it('the JSON Schema completes the operation and the apiOperation enum', async () => {
    const text = '{\n  "operation": "",\n  "body": {\n    "apiOperation": ""\n  }\n}';
    const editor = await openRequestFile(`complete-${Date.now()}.payreq.json`, text);
    const at = (line: number) => new vscode.Position(line, editor.document.lineAt(line).text.indexOf('""') + 1);
    // The JSON language server starts lazily and fetches the schema: give it a moment.
    const operations = await waitFor('gateway.authorize among the operation completions', async () => {
      const found = await completionLabels(editor.document.uri, at(1));
      return found.some((l) => l.includes('gateway.authorize')) ? found : undefined;
    }, 30_000);
    assert.ok(operations.some((l) => l.includes('financing.login')), operations.join(', '));
    await editor.edit((b) => b.replace(new vscode.Range(at(1), at(1)), 'gateway.authorize'));
    await waitFor('AUTHORIZE among the apiOperation completions', async () => {
      const found = await completionLabels(editor.document.uri, at(3));
      return found.some((l) => l.includes('AUTHORIZE')) ? found : undefined;
    }, 30_000);
  });

  it('offers the payreq snippets in request files and not in other JSON files', async () => {
    const snippetLabels = async (editor: vscode.TextEditor) =>
      (await completionLabels(editor.document.uri, new vscode.Position(0, 'payreq'.length))).filter((l) => l.startsWith('payreq '));
    const request = await openRequestFile(`starter-${Date.now()}.payreq.json`, 'payreq');
    const offered = await waitFor('the payreq snippets', async () => {
      const found = await snippetLabels(request);
      return found.length > 0 ? found : undefined;
    });
    assert.ok(offered.some((l) => l.startsWith('payreq gateway.authorize')), offered.join(', '));
    const plain = await openRequestFile(`plain-${Date.now()}.json`, 'payreq');
    assert.equal(plain.document.languageId, 'json');
    assert.deepEqual(await snippetLabels(plain), []);
  });
});
