/**
 * The host side of one operation form: answers the page's requests (preview, send, fresh ids, last
 * body, save, copy) and pushes environment changes. The page holds the form's content; the host
 * keeps the last copy it was sent so a page rebuilt after hiding starts from it.
 */
import * as vscode from 'vscode';
import { getOperation, isError, validateBody, type OperationDef } from '../catalogue';
import type { SendArgs } from '../commands/sendCommands';
import type { Services } from '../commands/services';
import { suggestedIds } from '../commands/idSuggestions';
import { isLive } from '../environments/environment';
import type { PathParamName } from '../http';
import { formWebviewMessageSchema, type FormHostMessage, type FormState, type FormWebviewMessage } from '../protocol';
import type { Exchange } from '../send/exchange';
import { previewRequest } from '../send/requestPreview';
import { formBodyOf, withStoredCredentials } from './credentialFields';
import { panelHtml, panelOptions } from './panelHtml';
import { PanelMessenger } from './panelMessenger';
import { saveRequestFile } from './saveRequestFile';

export const FORM_VIEW_TYPE = 'paymentWorkbench.form';

export interface FormPanelHost {
  services: Services;
  extensionUri: vscode.Uri;
  send(args: SendArgs): Promise<Exchange | undefined>;
}

export function formTitle(op: OperationDef, version: number | undefined): string {
  return `${op.title}${version !== undefined && op.versions.length > 1 ? ` v${version}` : ''} · Form`;
}

export class FormPanel implements vscode.Disposable {
  private readonly messenger: PanelMessenger<FormWebviewMessage, FormHostMessage>;
  private readonly subscriptions: vscode.Disposable[] = [];
  private disposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly host: FormPanelHost,
    private state: FormState,
    onDispose: () => void,
  ) {
    const op = this.operation();
    panel.title = formTitle(op, state.version);
    // A panel restored after a reload comes with the options it was saved with; set the current ones.
    panel.webview.options = panelOptions(host.extensionUri);
    this.messenger = new PanelMessenger(panel, `Form ${op.title}`, {
      schema: formWebviewMessageSchema,
      log: host.services.log,
      onReady: () => this.messenger.post({ type: 'init', state: this.state, environments: this.environments() }),
      onMessage: (m) => this.handle(m),
      notice: (text) => ({ type: 'notice', text }),
    });
    panel.webview.html = panelHtml(panel.webview, host.extensionUri, 'form', panel.title);
    this.subscriptions.push(
      this.messenger,
      host.services.environments.onDidChange(() => this.messenger.post({ type: 'environments', environments: this.environments() })),
      panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
    );
  }

  get operationId(): string {
    return this.state.operationId;
  }

  /** Replace the form's body (a request file, a history entry, "open in form"), already made a form body by formBodyOf. */
  setBody(body: FormState['body'], params: Record<string, string> | undefined, source: string): void {
    this.state = { ...this.state, body, ...(params ? { params } : {}) };
    this.messenger.post({ type: 'setBody', body, ...(params ? { params } : {}), source });
  }

  /** Show a field: the response panel's error envelope names one. */
  focusField(path: string): void {
    this.panel.reveal(undefined, false);
    this.messenger.post({ type: 'focusField', path });
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  private operation(): OperationDef {
    const op = getOperation(this.state.operationId);
    if (!op) throw new Error(`Unknown operation "${this.state.operationId}".`);
    return op;
  }

  private environments() {
    return this.host.services.environments.list().map((e) => ({ id: e.id, name: e.name, live: isLive(e) }));
  }

  private environment() {
    const envs = this.host.services.environments;
    return (this.state.environmentId ? envs.get(this.state.environmentId) : undefined) ?? envs.active();
  }

  private async handle(m: FormWebviewMessage): Promise<void> {
    switch (m.type) {
      case 'preview':
        this.adopt(m.state);
        this.postPreview();
        return;
      case 'send':
        this.adopt(m.state);
        await this.send(m.sendAnyway);
        return;
      case 'freshIds':
        this.messenger.post({ type: 'ids', params: suggestedIds(this.operation(), this.environment()?.id, this.host.services) });
        return;
      case 'loadLastBody': {
        const last = this.host.services.lastBody.get(this.state.operationId);
        const body = formBodyOf(last);
        if (body) this.setBody(body, undefined, 'last body');
        else this.messenger.post({ type: 'notice', text: `Nothing sent for ${this.operation().title} in this window yet: there is no last body.` });
        return;
      }
      case 'save':
        this.adopt(m.state);
        await saveRequestFile(this.operation(), this.state);
        return;
      case 'copy':
        await vscode.env.clipboard.writeText(m.text);
        this.messenger.post({ type: 'notice', text: 'Copied to the clipboard.' });
        return;
      case 'ready':
      case 'cspViolation':
        return; // the messenger handles both
    }
  }

  /** The page's state is trusted for content only: an operation switch would need a new panel. */
  private adopt(state: FormState): void {
    if (state.operationId !== this.state.operationId) throw new Error(`The form of ${this.state.operationId} sent a state for ${state.operationId}; ignored.`);
    const versionChanged = state.version !== this.state.version;
    this.state = state;
    if (versionChanged) this.panel.title = formTitle(this.operation(), state.version);
  }

  private postPreview(): void {
    const env = this.environment();
    if (!env) {
      this.messenger.post({ type: 'preview', curl: '', url: '', error: 'No environment: add one in the Environments view.' });
      return;
    }
    const p = previewRequest(env, this.state.operationId, this.state.version, this.state.params as Partial<Record<PathParamName, string>>, this.state.body);
    this.messenger.post({ type: 'preview', curl: p.curl, url: p.url, ...(p.error ? { error: p.error } : {}) });
  }

  private async send(sendAnyway: boolean): Promise<void> {
    const op = this.operation();
    const env = this.environment();
    if (!env) throw new Error('No environment: add one in the Environments view.');
    // The page validated already; the host checks again because the page is not trusted.
    if (op.hasBody && !sendAnyway) {
      // Warnings (what the real gateway accepts) never block a send.
      const issues = validateBody(op.id, this.state.version, this.state.body).filter(isError);
      if (issues.length > 0) {
        this.messenger.post({ type: 'hostIssues', issues: issues.map((i) => ({ path: i.path, rule: i.rule, message: i.message })) });
        return;
      }
    }
    const params = Object.fromEntries(Object.entries(this.state.params).filter(([k, v]) => v !== '' && k !== 'merchantId')) as Partial<Record<PathParamName, string>>;
    this.messenger.post({ type: 'sending', busy: true });
    try {
      const exchange = await this.host.send({
        environmentId: env.id,
        operationId: op.id,
        ...(this.state.version !== undefined ? { version: this.state.version } : {}),
        params,
        ...(op.hasBody ? { body: await withStoredCredentials(op, env, this.state.body, this.host.services) } : {}),
        // The form showed the problems and the person chose Send Anyway, or there were none.
        sendAnyway: true,
      });
      if (!exchange) this.messenger.post({ type: 'notice', text: 'Not sent.' });
      else if (exchange.failure) this.messenger.post({ type: 'sent', tone: 'error', title: `${exchange.failure.kind}: ${exchange.failure.message}` });
      else this.messenger.post({ type: 'sent', tone: exchange.decoded?.verdict.tone ?? 'info', title: exchange.decoded?.verdict.title ?? `HTTP ${exchange.response?.status ?? ''}` });
    } finally {
      this.messenger.post({ type: 'sending', busy: false });
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const s of this.subscriptions) s.dispose();
  }
}
