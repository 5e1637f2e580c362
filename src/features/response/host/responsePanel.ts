/**
 * The response panel: one panel, reused for each new response (like a preview tab), showing the
 * decoded summary. Copy and "open in editor" use the host's full copy of the exchange; a redirect
 * URL is opened only when it is http(s).
 */
import * as vscode from 'vscode';
import { isJsonText } from '../../../json';
import { fullBodyText, nextStepsOf, toExchangeView, type BodyKind } from './exchangeView';
import { responseHostMessageSchema, responseStateSchema, responseWebviewMessageSchema, type ExchangeView, type ResponseHostMessage, type ResponseWebviewMessage } from '../protocol';
import type { VerdictActionId } from '../../../decode/advice';
import type { Exchange } from '../../../send/exchange';
import type { NextStep } from '../../../orders/answers/nextStep';
import { panelHtml, panelOptions } from '../../shared/host/panelHtml';
import { PanelMessenger } from '../../shared/host/panelMessenger';
import { RESPONSE_VIEW_TYPE } from '../../../platform/webviewTypes';


interface ResponsePanelHost {
  extensionUri: vscode.Uri;
  log: vscode.LogOutputChannel;
  /** An exchange by id (history), for a panel restored after a reload. */
  lookup(id: string): Exchange | undefined;
  openInForm(e: Exchange): Promise<void>;
  /** Opens the form of a next step (orders/answers/nextSteps.ts) of `e`. */
  openNextStep(step: NextStep, e: Exchange): Promise<void>;
  jumpToField(operationId: string, path: string, e: Exchange): Promise<void>;
}

function responseTitle(e: Exchange): string {
  const code = e.decoded?.outcome?.gatewayCode?.code ?? (e.response ? String(e.response.status) : e.failure?.kind);
  return `${e.operationTitle}${code ? ` · ${code}` : ''}`;
}

/** The command behind each verdict action (the decoder names the action, the host knows the command). */
const ACTION_COMMANDS: Record<VerdictActionId, string> = { signIn: 'paymentWorkbench.signIn', setGatewayPassword: 'paymentWorkbench.setGatewayPassword' };

const LABELS: Record<BodyKind, string> = { request: vscode.l10n.t('Request JSON'), response: vscode.l10n.t('Response body'), curl: vscode.l10n.t('cURL (redacted)'), redirectHtml: vscode.l10n.t('Redirect page (HTML)'), payerStep: vscode.l10n.t('Flow payer step') };

class OpenResponsePanel implements vscode.Disposable {
  private readonly messenger: PanelMessenger<ResponseWebviewMessage, ResponseHostMessage>;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Built once per exchange: a page rebuilt after hiding gets the same view without pretty-printing the body again. */
  private view: ExchangeView | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly host: ResponsePanelHost,
    private exchange: Exchange | undefined,
    onDispose: () => void,
  ) {
    this.view = exchange ? toExchangeView(exchange) : undefined;
    panel.webview.options = panelOptions(host.extensionUri);
    this.messenger = new PanelMessenger(panel, 'Response panel', {
      schema: responseWebviewMessageSchema,
      outgoing: responseHostMessageSchema,
      log: host.log,
      onReady: () => {
        if (this.view) this.messenger.post({ type: 'show', exchange: this.view });
        else this.messenger.post({ type: 'notice', text: vscode.l10n.t('This response is no longer available (history was cleared). Send the request again.') });
      },
      onMessage: (m) => this.handle(m),
      notice: (text) => ({ type: 'notice', text }),
    });
    panel.webview.html = panelHtml(panel.webview, host.extensionUri, 'response', panel.title);
    this.subscriptions.push(
      this.messenger,
      panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
    );
  }

  /** For the integration tests: a message as if the page had posted it; returns the host's answers. */
  receiveAsFromPage(data: unknown): Promise<ResponseHostMessage[]> {
    return this.messenger.receiveAsFromPage(data);
  }

  show(e: Exchange): void {
    this.exchange = e;
    this.view = toExchangeView(e);
    this.panel.title = responseTitle(e);
    this.messenger.post({ type: 'show', exchange: this.view });
  }

  private async handle(m: ResponseWebviewMessage): Promise<void> {
    const e = this.exchange;
    if (!e) return;
    switch (m.type) {
      case 'openRedirect':
        // Only a page this response offers (a hostile page could ask for any URL): the decoded answer says which.
        if (!pagesOffered(this.view).has(m.url)) throw new Error(vscode.l10n.t('This response offers no such page to open.'));
        await openRedirect(m.url);
        return;
      case 'copy': {
        const text = fullBodyText(e, m.what);
        if (text === undefined) throw new Error(vscode.l10n.t('There is no {0} to copy.', LABELS[m.what].toLowerCase()));
        await vscode.env.clipboard.writeText(text);
        this.messenger.post({ type: 'notice', text: vscode.l10n.t('{0} copied.', LABELS[m.what]) });
        return;
      }
      case 'openInEditor': {
        const text = fullBodyText(e, m.what);
        if (text === undefined) throw new Error(vscode.l10n.t('There is no {0} to open.', LABELS[m.what].toLowerCase()));
        const doc = await vscode.workspace.openTextDocument({ language: m.what === 'curl' ? 'shellscript' : m.what === 'redirectHtml' ? 'html' : isJsonText(text) ? 'json' : 'plaintext', content: text });
        await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Active });
        return;
      }
      case 'jumpToField':
        // The field is in this exchange's form, whatever operation the page names.
        await this.host.jumpToField(e.operationId, m.path, e);
        return;
      case 'openInForm':
        await this.host.openInForm(e);
        return;
      case 'nextStep': {
        const step = nextStepsOf(e)[m.index];
        if (!step) throw new Error(vscode.l10n.t('That next step is no longer offered for this response.'));
        await this.host.openNextStep(step, e);
        return;
      }
      case 'runAction':
        await vscode.commands.executeCommand(ACTION_COMMANDS[m.action], { environmentId: e.environment.id });
        return;
      case 'ready':
      case 'cspViolation':
        return;
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The pages the panel shows an Open button for: the browser-payment redirect, the 3-D Secure challenge, the payment page, the financing session. */
function pagesOffered(view: ExchangeView | undefined): ReadonlySet<string> {
  const d = view?.decoded;
  return new Set([d?.browserPayment?.redirectUrl, d?.authentication?.challengeUrl, d?.session?.paymentPageUrl, d?.financing?.sessionUrl].filter((u): u is string => u !== undefined));
}

async function openRedirect(url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(vscode.l10n.t('The redirect URL is not a URL: {0}', url.slice(0, 200)));
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(vscode.l10n.t('Only http(s) redirect URLs are opened, not {0}', parsed.protocol));
  await vscode.env.openExternal(vscode.Uri.parse(parsed.toString(), true));
}

export class ResponsePanel implements vscode.Disposable {
  private current: OpenResponsePanel | undefined;

  constructor(private readonly host: ResponsePanelHost) {}

  /** The panel VS Code restores after a reload (the serializer is registered at activation, see extension.ts). */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    if (this.current) {
      panel.dispose();
      return;
    }
    const parsed = responseStateSchema.safeParse(state);
    this.adopt(panel, parsed.success ? this.host.lookup(parsed.data.exchangeId) : undefined);
  }

  /** Shows `e` in the panel, opening it beside the active editor (without taking focus) if needed. */
  show(e: Exchange, opts: { preserveFocus?: boolean } = {}): void {
    if (!this.current) {
      const panel = vscode.window.createWebviewPanel(RESPONSE_VIEW_TYPE, responseTitle(e), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: opts.preserveFocus ?? true }, panelOptions(this.host.extensionUri));
      this.adopt(panel, e);
      return;
    }
    this.current.show(e);
    if (!this.current.panel.visible) this.current.panel.reveal(undefined, opts.preserveFocus ?? true);
  }

  /** For the integration tests: a message to the open panel as if its page had posted it. */
  receiveAsFromPage(data: unknown): Promise<ResponseHostMessage[]> {
    if (!this.current) throw new Error(vscode.l10n.t('No response panel is open.'));
    return this.current.receiveAsFromPage(data);
  }

  private adopt(panel: vscode.WebviewPanel, e: Exchange | undefined): void {
    if (e) panel.title = responseTitle(e);
    const open = new OpenResponsePanel(panel, this.host, e, () => {
      if (this.current === open) this.current = undefined;
    });
    this.current = open;
  }

  dispose(): void {
    this.current?.dispose();
    this.current = undefined;
  }
}
