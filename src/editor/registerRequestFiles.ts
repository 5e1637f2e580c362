/**
 * *.payreq.json in the editor: catalogue diagnostics while typing, and the Send and Open in Form lenses.
 * Request files have a language of their own (`payreq`, package.json) so that this extension wakes for
 * them and not for every JSON file; they stay on VS Code's JSON language service (`jsonLanguageParticipants`),
 * which gives completion and schema validation through the `jsonValidation` contribution
 * (schemas/payreq.schema.json). This file adds what a JSON Schema cannot say.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import * as vscode from 'vscode';
import { isRequestFile, REQUEST_FILE_SELECTOR } from '../platform/requestFiles';
import { diagnoseRequestText, summarizeRequestText } from './requestDiagnostics';

export const SEND_REQUEST_FILE_COMMAND = 'paymentWorkbench.sendRequestFile';
/** Registered by the form panels; named here to keep the editor free of webview code. */
const OPEN_IN_FORM_COMMAND = 'paymentWorkbench.openRequestFileInForm';
export const DIAGNOSTIC_COLLECTION = 'payment-workbench';
const DIAGNOSTIC_SOURCE = 'Payment Workbench';
/** Long enough to skip most keystrokes of a burst, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

/** Old revisions shown by source control are not the file being edited: no squiggles for them. */
const HISTORICAL_SCHEMES = new Set(['git', 'gitfs']);

class RequestFileLenses implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isRequestFile(document)) return [];
    const summary = summarizeRequestText(document.getText());
    const line = document.positionAt(summary.topOffset).line;
    const range = new vscode.Range(line, 0, line, 0);
    const what = summary.operation ? summary.operation.title : vscode.l10n.t('Request');
    return [
      new vscode.CodeLens(range, { title: vscode.l10n.t('$(play) Send {0}', what), command: SEND_REQUEST_FILE_COMMAND, arguments: [document.uri], tooltip: vscode.l10n.t('Send this {0} request to the active environment', what) }),
      new vscode.CodeLens(range, { title: vscode.l10n.t('$(edit) Open in Form'), command: OPEN_IN_FORM_COMMAND, arguments: [document.uri], tooltip: vscode.l10n.t('Edit this {0} request in a form with live validation', what) }),
    ];
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Validates request files as they open and change; one timer per document. */
class RequestFileDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection(DIAGNOSTIC_COLLECTION);
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  schedule(document: vscode.TextDocument, delayMs = DEBOUNCE_MS): void {
    if (!isRequestFile(document) || HISTORICAL_SCHEMES.has(document.uri.scheme)) return;
    const key = document.uri.toString();
    const previous = this.timers.get(key);
    if (previous) clearTimeout(previous);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        // The document may have been closed while the timer ran.
        if (!document.isClosed) this.validate(document);
      }, delayMs),
    );
  }

  validate(document: vscode.TextDocument): void {
    let diagnostics: vscode.Diagnostic[];
    try {
      diagnostics = diagnoseRequestText(document.getText()).map((p) => {
        const start = document.positionAt(p.span.offset);
        const end = document.positionAt(p.span.offset + Math.max(p.span.length, 0));
        const d = new vscode.Diagnostic(new vscode.Range(start, end), p.message, p.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error);
        d.source = DIAGNOSTIC_SOURCE;
        d.code = p.rule;
        return d;
      });
    } catch (e) {
      // A catalogue bug must not leave stale squiggles nor break typing: say so once, on the first line.
      const d = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 1), vscode.l10n.t('Payment Workbench could not validate this file: {0}', e instanceof Error ? e.message : String(e)), vscode.DiagnosticSeverity.Warning);
      d.source = DIAGNOSTIC_SOURCE;
      diagnostics = [d];
    }
    this.collection.set(document.uri, diagnostics);
  }

  forget(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    const timer = this.timers.get(key);
    if (timer) clearTimeout(timer);
    this.timers.delete(key);
    this.collection.delete(document.uri);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.collection.dispose();
  }
}

/**
 * After a send, the transaction id that actually went out, as an Information diagnostic on the file's
 * `params.transactionId` when the file's own id had been used already (the gateway refuses one twice).
 * It stays until the file changes.
 */
export class SentTransactionNotes implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection(`${DIAGNOSTIC_COLLECTION}-sent`);

  async noteSent(uri: vscode.Uri, ids: { transactionId: string; replaced?: string }): Promise<void> {
    if (!ids.replaced) {
      this.collection.delete(uri);
      return;
    }
    const document = await vscode.workspace.openTextDocument(uri);
    const node = findNodeAtLocation(parseTree(document.getText()) ?? { type: 'null', offset: 0, length: 0 }, ['params', 'transactionId']);
    const range = node ? new vscode.Range(document.positionAt(node.offset), document.positionAt(node.offset + node.length)) : new vscode.Range(0, 0, 0, 1);
    const d = new vscode.Diagnostic(range, vscode.l10n.t('Sent with transaction id {0} ({1} was already used on this order; a transaction id is never sent twice).', ids.transactionId, ids.replaced), vscode.DiagnosticSeverity.Information);
    d.source = DIAGNOSTIC_SOURCE;
    d.code = 'transactionIdReplaced';
    this.collection.set(uri, [d]);
  }

  forget(uri: vscode.Uri): void {
    this.collection.delete(uri);
  }

  dispose(): void {
    this.collection.dispose();
  }
}

/** Registers the CodeLens provider and the diagnostics; the send command itself belongs to the send flow. */
export function registerRequestFiles(context: vscode.ExtensionContext): SentTransactionNotes {
  const lenses = new RequestFileLenses();
  const diagnostics = new RequestFileDiagnostics();
  const sentNotes = new SentTransactionNotes();
  context.subscriptions.push(
    lenses,
    diagnostics,
    sentNotes,
    vscode.languages.registerCodeLensProvider(REQUEST_FILE_SELECTOR, lenses),
    vscode.workspace.onDidOpenTextDocument((d) => diagnostics.schedule(d, 0)),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length === 0) return;
      diagnostics.schedule(e.document);
      sentNotes.forget(e.document.uri);
    }),
    vscode.workspace.onDidCloseTextDocument((d) => {
      diagnostics.forget(d);
      sentNotes.forget(d.uri);
    }),
    // A request file renamed away from *.payreq.json must lose its squiggles.
    vscode.workspace.onDidRenameFiles((e) => e.files.forEach((f) => diagnostics.collection.delete(f.oldUri))),
    // A deleted file's document can stay open in memory for a while; its problems must not.
    vscode.workspace.onDidDeleteFiles((e) => e.files.forEach((uri) => diagnostics.collection.delete(uri))),
  );
  // Files already open when the extension activated; deferred so activation itself does no validation.
  for (const document of vscode.workspace.textDocuments) diagnostics.schedule(document);
  return sentNotes;
}

