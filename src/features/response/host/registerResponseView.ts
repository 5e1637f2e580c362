/**
 * The text-first response view: a read-only Markdown document per exchange, served by a content
 * provider under `payment-workbench-response:/<id>.md`, with the raw body one click away.
 */
import * as vscode from 'vscode';
import { codeOf } from '../../../history/describeExchange';
import type { Exchange } from '../../../send/exchange';
import { isJsonText, prettyJson } from '../../../json';
import { renderExchange } from './renderExchange';

const RESPONSE_SCHEME = 'payment-workbench-response';
const OPEN_RAW_COMMAND = 'paymentWorkbench.openRawResponse';
/** Documents kept addressable without asking anyone; older ones are looked up (history) or explained. */
const KEPT = 20;

interface ResponseViewOptions {
  /** Finds an exchange that fell out of the recent set (a tab restored after a reload): history. */
  lookup?: (id: string) => Exchange | undefined;
}

interface ResponseView {
  showExchange(e: Exchange): Promise<void>;
  uriOf(e: Exchange): vscode.Uri;
}

/**
 * The same response under a readable name, because the tab shows the file name:
 * `/<id>/Authorize 201 DECLINED.md` reads better than an opaque id.
 */
function displayUri(e: Exchange): vscode.Uri {
  const outcome = e.response ? `${e.response.status}${codeOf(e) ? ` ${codeOf(e)}` : ''}` : e.failure ? e.failure.kind : '';
  const name = `${e.operationTitle} ${outcome}`.trim().replace(/[\\/:*?"<>|#%\r\n]/g, '-').slice(0, 80);
  return vscode.Uri.from({ scheme: RESPONSE_SCHEME, path: `/${encodeURIComponent(e.id)}/${name}.md` });
}

/** Accepts both forms: `/<id>.md` and `/<id>/<name>.md`. */
function idOfResponseUri(uri: vscode.Uri): string | undefined {
  if (uri.scheme !== RESPONSE_SCHEME) return undefined;
  const m = /^\/([^/]+?)(?:\.md|\/[^/]*\.md)$/.exec(uri.path);
  if (m?.[1] === undefined) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

class ResponseDocuments implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Insertion order is recency: a re-shown exchange moves to the end. */
  private readonly recent = new Map<string, Exchange>();

  constructor(private readonly options: ResponseViewOptions) {}

  remember(e: Exchange): vscode.Uri {
    const known = this.recent.has(e.id);
    this.recent.delete(e.id);
    this.recent.set(e.id, e);
    while (this.recent.size > KEPT) {
      const oldest = this.recent.keys().next().value;
      if (oldest === undefined) break;
      this.recent.delete(oldest);
    }
    const uri = displayUri(e);
    // Open documents for the same id (re-sent with a reused id) must show the new content.
    if (known) {
      for (const doc of vscode.workspace.textDocuments) {
        if (idOfResponseUri(doc.uri) === e.id) this.changed.fire(doc.uri);
      }
    }
    return uri;
  }

  find(id: string): Exchange | undefined {
    return this.recent.get(id) ?? this.options.lookup?.(id);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const id = idOfResponseUri(uri);
    const e = id === undefined ? undefined : this.find(id);
    if (!e) {
      return vscode.l10n.t('# Response no longer available\n\nThis response is neither among the recent ones nor in the history (it may have been cleared).\n');
    }
    try {
      return renderExchange(e);
    } catch (err) {
      return vscode.l10n.t('# The response could not be rendered\n\n{0}\n', err instanceof Error ? err.message : String(err));
    }
  }

  dispose(): void {
    this.changed.dispose();
    this.recent.clear();
  }
}

/** Lenses at the top of a response document: the raw body and the rendered preview. */
class ResponseLenses implements vscode.CodeLensProvider {
  constructor(private readonly documents: ResponseDocuments) {}

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const id = idOfResponseUri(document.uri);
    const e = id === undefined ? undefined : this.documents.find(id);
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses = [new vscode.CodeLens(top, { title: vscode.l10n.t('$(open-preview) Open Preview'), command: 'markdown.showPreviewToSide', arguments: [document.uri] })];
    if (e?.response && e.response.bodyText !== '') {
      lenses.unshift(new vscode.CodeLens(top, { title: vscode.l10n.t('$(json) Open Raw JSON'), command: OPEN_RAW_COMMAND, arguments: [e.id] }));
    }
    return lenses;
  }
}

export function registerResponseView(context: vscode.ExtensionContext, options: ResponseViewOptions = {}): ResponseView {
  const documents = new ResponseDocuments(options);
  context.subscriptions.push(
    documents,
    vscode.workspace.registerTextDocumentContentProvider(RESPONSE_SCHEME, documents),
    vscode.languages.registerCodeLensProvider({ scheme: RESPONSE_SCHEME }, new ResponseLenses(documents)),
    vscode.commands.registerCommand(OPEN_RAW_COMMAND, (arg?: unknown) => openRaw(documents, arg)),
  );

  return {
    uriOf: (e) => displayUri(e),
    async showExchange(e: Exchange): Promise<void> {
      const uri = documents.remember(e);
      let doc = await vscode.workspace.openTextDocument(uri);
      if (doc.languageId !== 'markdown') doc = await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
      await vscode.window.showTextDocument(doc, { preview: true, viewColumn: columnForResponses() });
    },
  };
}

/** Reuse the column already showing a response; otherwise open beside the request being edited. */
function columnForResponses(): vscode.ViewColumn {
  const existing = vscode.window.visibleTextEditors.find((ed) => ed.document.uri.scheme === RESPONSE_SCHEME);
  if (existing?.viewColumn !== undefined) return existing.viewColumn;
  return vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
}

/** Accepts an exchange id, a response uri (editor title passes the uri), an Exchange, or nothing (active editor). */
async function openRaw(documents: ResponseDocuments, arg: unknown): Promise<void> {
  let id: string | undefined;
  if (typeof arg === 'string') id = arg;
  else if (arg instanceof vscode.Uri) id = idOfResponseUri(arg);
  else if (typeof arg === 'object' && arg !== null && typeof (arg as { id?: unknown }).id === 'string') id = (arg as { id: string }).id;
  else {
    const active = vscode.window.activeTextEditor?.document.uri;
    id = active ? idOfResponseUri(active) : undefined;
  }
  const e = id === undefined ? undefined : documents.find(id);
  if (!e) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a Payment Workbench response first: there is no response to show as raw JSON.'));
    return;
  }
  if (!e.response || e.response.bodyText === '') {
    void vscode.window.showInformationMessage(e.failure ? vscode.l10n.t('No response body: the request failed ({0}).', e.failure.kind) : vscode.l10n.t('The response had no body.'));
    return;
  }
  const text = e.response.bodyText;
  const json = isJsonText(text);
  const doc = await vscode.workspace.openTextDocument({ language: json ? 'json' : 'plaintext', content: json ? prettyJson(text) : text });
  await vscode.window.showTextDocument(doc, { preview: false });
}
