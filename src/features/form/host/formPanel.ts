/**
 * The host side of one operation form: answers the page's requests (preview, send, fresh ids, last
 * body, save, copy) and pushes environment changes. The page holds the form's content; the host
 * keeps the last copy it was sent so a page rebuilt after hiding starts from it.
 */
import * as vscode from 'vscode';
import { fieldsOf, getOperation, type OperationDef, type OperationId } from '../../../catalogue';
import type { SendArgs } from '../../../commands/sendCommands';
import type { SendingServices } from '../../../host/services';
import { freshOrderId, freshTransactionId, suggestedIds } from '../../../commands/idSuggestions';
import { isLive, usesSimulatorCredentials } from '../../../environments/environment';
import type { PathParamName } from '../../../http';
import { formHostMessageSchema, formWebviewMessageSchema, type FieldNotes, type FormHostMessage, type FormState, type FormWebviewMessage } from '../protocol';
import { createGatewaySession } from '../../../send/createSession';
import type { SendPort } from '../../../send/guardedSend';
import type { Exchange } from '../../../send/exchange';
import { idsToRenewAfterSend } from '../../../orders/answers/ledger';
import { wasRefused } from '../../../orders/refused';
import { decideIds } from '../../../send/idPolicy';
import { previewRequest } from '../../../send/requestPreview';
import { formBodyOf, storedCredential, withStoredCredentials } from './credentialFields';
import { panelHtml, panelOptions } from '../../shared/host/panelHtml';
import { PanelMessenger } from '../../shared/host/panelMessenger';
import { saveRequestFile } from './saveRequestFile';
import { setAt } from '../model/bodyPath';
import { orderIdOf, payerReturnPaths, simulatorReturnPage, withFreshBodyIds, withSimulatorReturnPages } from '../../../commands/payerReturnPages';


export interface FormPanelHost {
  services: SendingServices;
  extensionUri: vscode.Uri;
  /** The window's send path; `port` is the form's own (it reviews rule errors in its page). */
  send(args: SendArgs, port: SendPort): Promise<Exchange | undefined>;
}

/** The policy's note when an operation continues another's transaction (Authenticate Payer), kept as it is. */
const CONTINUATION_NOTE = / continues .+'s transaction /;

export function formTitle(op: OperationDef, version: number | undefined): string {
  return version !== undefined ? vscode.l10n.t('{0} v{1} · Form', op.title, version) : vscode.l10n.t('{0} · Form', op.title);
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
    /** Notes beside the URL parameters (which order a follow-up got, which id replaced a used one). */
    private paramNotes: Record<string, string> = {},
    /** Notes beside fields for the first render (a history entry whose card data was not kept). */
    private fieldNotes: FieldNotes = {},
  ) {
    const op = this.operation();
    panel.title = formTitle(op, state.version);
    // A panel restored after a reload comes with the options it was saved with; set the current ones.
    panel.webview.options = panelOptions(host.extensionUri);
    this.messenger = new PanelMessenger(panel, `Form ${op.title}`, {
      schema: formWebviewMessageSchema,
      outgoing: formHostMessageSchema,
      log: host.services.log,
      onReady: () => {
        this.messenger.post({ type: 'init', state: this.state, environments: this.environments(), paramNotes: this.paramNotes, ...(Object.keys(this.fieldNotes).length > 0 ? { fieldNotes: this.fieldNotes } : {}) });
        void this.postCredentials();
      },
      onMessage: (m) => this.handle(m),
      notice: (text) => ({ type: 'notice', text }),
    });
    panel.webview.html = panelHtml(panel.webview, host.extensionUri, 'form', panel.title);
    this.subscriptions.push(
      this.messenger,
      host.services.environments.onDidChange(() => this.messenger.post({ type: 'environments', environments: this.environments() })),
      host.services.secrets.onDidChange(() => void this.postCredentials()),
      panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
    );
  }

  get operationId(): string {
    return this.state.operationId;
  }

  /** The host's copy of the form's content (as the page last sent it, with the ids the host moved since). */
  get currentState(): FormState {
    return this.state;
  }

  /** For the integration tests: a message as if the page had posted it; returns the host's answers. */
  receiveAsFromPage(data: unknown): Promise<FormHostMessage[]> {
    return this.messenger.receiveAsFromPage(data);
  }

  /** The environment the form sends to: with the operation, what makes a form the same form. */
  get environmentId(): string | undefined {
    return this.environment()?.id;
  }

  /** What the form was given (integration tests read it through the extension's inspect API). */
  snapshot(): { state: FormState; fieldNotes: FieldNotes } {
    return { state: this.state, fieldNotes: this.fieldNotes };
  }

  /** Replace the form's body (a request file, a history entry, "open in form"), already made a form body by formBodyOf. */
  setBody(body: FormState['body'], params: Record<string, string> | undefined, source: string, fieldNotes: FieldNotes = {}): void {
    this.state = { ...this.state, body, ...(params ? { params } : {}) };
    this.fieldNotes = fieldNotes;
    this.messenger.post({ type: 'setBody', body, ...(params ? { params } : {}), source, ...(Object.keys(fieldNotes).length > 0 ? { fieldNotes } : {}) });
  }

  /** New URL parameters for an open form (reopened with ids, no body). */
  setParams(params: Record<string, string>): void {
    this.postIds(params, {});
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
    return this.host.services.environments.list().map((e) => ({ id: e.id, name: e.name, live: isLive(e), ...(usesSimulatorCredentials(e) ? { simulator: true } : {}) }));
  }

  private environment() {
    const envs = this.host.services.environments;
    return (this.state.environmentId ? envs.get(this.state.environmentId) : undefined) ?? envs.active();
  }

  private async handle(m: FormWebviewMessage): Promise<void> {
    switch (m.type) {
      case 'preview':
        this.adopt(m.state);
        this.renewUsedTransactionId();
        this.postPreview();
        return;
      case 'send':
        this.adopt(m.state);
        await this.send(m.sendAnyway);
        return;
      case 'freshIds': {
        const ids = suggestedIds(this.operation(), this.environment()?.id, this.host.services);
        this.postIds(ids.params, ids.notes);
        this.renewBodyIds(vscode.l10n.t('Fresh ids'));
        return;
      }
      case 'useReturnPage':
        this.useReturnPage(m.path);
        return;
      case 'setPassword': {
        const env = this.environment();
        if (!env) throw new Error(vscode.l10n.t('No environment: add one in the Environments view.'));
        await vscode.commands.executeCommand('paymentWorkbench.signIn', { environmentId: env.id });
        await this.postCredentials();
        return;
      }
      case 'createSession':
        await this.createSession();
        return;
      case 'useInbox':
        await this.useInbox(m.path);
        return;
      case 'loadLastBody': {
        const last = this.host.services.lastSent.bodyOf(this.state.operationId);
        const body = formBodyOf(last);
        if (body) this.setBody(body, undefined, vscode.l10n.t('last body'));
        else this.messenger.post({ type: 'notice', text: vscode.l10n.t('Nothing sent for {0} in this window yet: there is no last body.', this.operation().title) });
        return;
      }
      case 'save':
        this.adopt(m.state);
        await saveRequestFile(this.operation(), this.state);
        return;
      case 'copy':
        await vscode.env.clipboard.writeText(m.text);
        this.messenger.post({ type: 'notice', text: vscode.l10n.t('Copied to the clipboard.') });
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
    const environmentChanged = state.environmentId !== this.state.environmentId;
    this.state = state;
    if (versionChanged) this.panel.title = formTitle(this.operation(), state.version);
    if (environmentChanged) void this.postCredentials();
  }

  /** Moves the form's ids and says why beside them; the host's copy of the state follows. */
  private postIds(params: Record<string, string>, notes: Record<string, string>): void {
    this.state = { ...this.state, params: { ...this.state.params, ...params } };
    this.paramNotes = { ...this.paramNotes, ...notes };
    for (const name of Object.keys(params)) if (!(name in notes)) delete this.paramNotes[name];
    this.messenger.post({ type: 'ids', params, paramNotes: notes });
  }

  /**
   * The ids the send session's policy will send (send/idPolicy.ts), shown before the send: a transaction
   * id already sent on this order replaced, Authenticate Payer's taken from its Initiate Authentication,
   * a Pay after authentication given authentication.transactionId; each with a note that says why.
   */
  private renewUsedTransactionId(): void {
    const env = this.environment();
    if (!env) return;
    const { params, body, version, operationId } = this.state;
    const sent = this.host.services.transactions.on(env.id, params.orderId || undefined);
    const decided = decideIds({ operationId, version, params: params as Partial<Record<PathParamName, string>>, body }, sent, freshTransactionId, 'door');
    const transactionId = decided.params.transactionId;
    const used = params.transactionId !== undefined && params.transactionId !== '' && sent.some((t) => t.transactionId === params.transactionId);
    const note = used && !CONTINUATION_NOTE.test(decided.notes.transactionId ?? '') ? (params.orderId ? vscode.l10n.t('{0} was already sent on order {1}; this form will send {2}.', String(params.transactionId), params.orderId, String(transactionId)) : vscode.l10n.t('{0} was already sent; this form will send {1}.', String(params.transactionId), String(transactionId))) : decided.notes.transactionId;
    if (transactionId && transactionId !== params.transactionId && (params.transactionId || note)) this.postIds({ transactionId }, note ? { transactionId: note } : {});
    const authNote = decided.notes['authentication.transactionId'];
    if (decided.body !== body && authNote) this.setBody(decided.body as FormState['body'], undefined, vscode.l10n.t('the authentication of this order'), { ...this.fieldNotes, 'authentication.transactionId': authNote });
  }

  /** The Login form's password is never in the page: tell it whether one is stored, so it offers "Set password…" when not. */
  private async postCredentials(): Promise<void> {
    const env = this.environment();
    if (this.state.operationId !== 'financing.login' || !env) return;
    this.messenger.post({ type: 'credentials', passwordStored: await this.host.services.credentials.has(env, 'partnerPassword') });
  }

  /** Update Session needs a session id: on the simulator the form creates one with the real Create Session call. */
  private async createSession(): Promise<void> {
    const env = this.environment();
    if (!env) throw new Error(vscode.l10n.t('No environment: add one in the Environments view.'));
    if (!usesSimulatorCredentials(env)) throw new Error(vscode.l10n.t('"{0}" is not the local simulator: a session id comes from Create Session (POST …/merchant/{merchantId}/session) on your server, or from the gateway\'s Hosted Session script; paste it into sessionId.', env.name));
    const id = await createGatewaySession(this.host.services.connections.runnerDeps(), this.host.services.questions.port, env, this.state.version);
    this.postIds({ sessionId: id }, { sessionId: vscode.l10n.t('Created on {0} with Create Session just now.', env.name) });
  }

  /**
   * The ids the body creates (Initiate Checkout's order.id) made fresh, with a note beside each, and the
   * simulator's return pages moved to the new order. `why` starts the note ("Fresh ids", "Order X now holds…").
   */
  private renewBodyIds(why: string): void {
    const op = this.operation();
    const { body, renewed } = withFreshBodyIds(op, this.state.version, this.state.body, freshOrderId);
    if (renewed.length === 0) return;
    const notes = { ...this.fieldNotes };
    for (const path of renewed) notes[path] = vscode.l10n.t('{0}: a new checkout pays a new order.', why);
    this.setBody(this.withReturnPages(body), undefined, vscode.l10n.t('fresh ids'), notes);
  }

  /** On the simulator, the payer's return URLs the workbench filled in follow the order this form pays. */
  private withReturnPages(body: FormState['body']): FormState['body'] {
    const env = this.environment();
    if (!env) return body;
    const op = this.operation();
    return withSimulatorReturnPages(op, this.state.version, body, env, orderIdOf(op, this.state.version, this.state.params, body));
  }

  /** Fills a payer-return URL with the simulator's return page for this form's order. */
  private useReturnPage(path: string): void {
    const env = this.environment();
    if (!env) throw new Error(vscode.l10n.t('No environment: add one in the Environments view.'));
    const op = this.operation();
    if (!payerReturnPaths(op, this.state.version).some((m) => m.path === path)) throw new Error(vscode.l10n.t('{0} is not a URL the payer returns to.', path.slice(0, 100)));
    const orderId = orderIdOf(op, this.state.version, this.state.params, this.state.body);
    const page = simulatorReturnPage(env, orderId);
    if (!page) throw new Error(vscode.l10n.t('"{0}" is not the local simulator: give the address of your own page, where your server reads the outcome with Retrieve Transaction or Retrieve Order.', env.name));
    const note = orderId ? vscode.l10n.t('The simulator\'s return page for order {0}: the payer\'s browser lands there and it shows where the order stands.', orderId) : vscode.l10n.t('The simulator\'s return page: the payer\'s browser lands there and it shows where the order stands.');
    this.setBody(setAt(this.state.body, path, page), undefined, "the simulator's return page", { ...this.fieldNotes, [path]: note });
    this.messenger.post({ type: 'notice', text: `${path} is the simulator's return page.` });
  }

  /** Fills a notification URL with the local inbox's address, starting the inbox; the note says where events show. */
  private async useInbox(path: string): Promise<void> {
    // The page names the field; only a URL the service sends notifications to may take the inbox's address.
    const op = this.operation();
    if (!op.hasBody || !fieldsOf(op.id as OperationId, this.state.version).some((m) => m.receives !== undefined && m.path === path)) throw new Error(vscode.l10n.t('{0} is not a URL that receives notifications.', path.slice(0, 100)));
    const source = this.operation().api === 'financing' ? 'financing' : 'gateway';
    const url = (await this.host.services.inbox.start()).urlFor(source);
    const env = this.environment();
    const reach = env && usesSimulatorCredentials(env) ? '' : vscode.l10n.t(' Only this machine reaches it: for a real service put a tunnel of your choice (HTTPS) in front of the port and give its address instead.');
    const note = (source === 'gateway' ? vscode.l10n.t('The local inbox: webhooks sent here show in the Notifications view.') : vscode.l10n.t('The local inbox: callbacks sent here show in the Notifications view.')) + reach;
    this.setBody(setAt(this.state.body, path, url), undefined, vscode.l10n.t('the local inbox'), { ...this.fieldNotes, [path]: note });
    // setBody's own status ("Loaded the body from …") would say the whole body was replaced.
    this.messenger.post({ type: 'notice', text: `${path} is the local inbox's address ${url}; it is listening.` });
  }

  /**
   * A note beside an amount told what the order had left before this send (a next step's "100.00 left
   * to capture"); once the gateway answered, it says what is left now, or goes.
   */
  private renewAmountNotesAfter(exchange: Exchange): void {
    const stale = Object.keys(this.fieldNotes).filter((p) => /(^|\.)amount$/.test(p));
    // A refused request (4xx, the error envelope) changed nothing on the order: its note still holds.
    if (stale.length === 0 || !exchange.response || wasRefused(exchange)) return;
    const choice = this.host.services.orders.choiceFor(exchange.operationId, exchange.environment.id);
    const now = choice && choice.orderId === exchange.params.orderId ? vscode.l10n.t('After the last send: {0}.', choice.note) : undefined;
    const notes = { ...this.fieldNotes };
    for (const p of stale) {
      if (now) notes[p] = now;
      else delete notes[p];
    }
    this.setBody(this.state.body, undefined, vscode.l10n.t('the last send'), notes);
  }

  private postPreview(): void {
    const env = this.environment();
    if (!env) {
      this.messenger.post({ type: 'preview', curl: '', url: '', error: vscode.l10n.t('No environment: add one in the Environments view.') });
      return;
    }
    const p = previewRequest(env, this.state.operationId, this.state.version, this.state.params as Partial<Record<PathParamName, string>>, this.state.body);
    this.messenger.post({ type: 'preview', curl: p.curl, url: p.url, ...(p.error ? { error: p.error } : {}) });
  }

  private async send(sendAnyway: boolean): Promise<void> {
    const op = this.operation();
    const env = this.environment();
    if (!env) throw new Error(vscode.l10n.t('No environment: add one in the Environments view.'));
    this.renewUsedTransactionId();
    // A return page the workbench filled in names the order: it follows an order id changed since, and the form shows it.
    const repointed = this.withReturnPages(this.state.body);
    if (repointed !== this.state.body) this.setBody(repointed, undefined, "the simulator's return page", this.fieldNotes);
    // Stored credentials first, then the check: a stored password must not count as missing.
    const login = await withStoredCredentials(op, this.state.body, storedCredential(env, this.host.services.credentials));
    if (login.passwordMissing) {
      this.messenger.post({ type: 'credentials', passwordStored: false });
      this.messenger.post({ type: 'notice', text: vscode.l10n.t('No partner password is stored for "{0}": use "Set password…" beside the password field.', env.name) });
      return;
    }
    const params = Object.fromEntries(Object.entries(this.state.params).filter(([k, v]) => v !== '' && k !== 'merchantId')) as Partial<Record<PathParamName, string>>;
    this.messenger.post({ type: 'sending', busy: true });
    try {
      const exchange = await this.host.send({
        environmentId: env.id,
        operationId: op.id,
        ...(this.state.version !== undefined ? { version: this.state.version } : {}),
        params,
        ...(op.hasBody ? { body: login.body } : {}),
      }, this.sendPort(sendAnyway));
      if (!exchange) {
        this.messenger.post({ type: 'notice', text: vscode.l10n.t('Not sent.') });
        return;
      }
      this.renewAmountNotesAfter(exchange);
      const sentWith = exchange.params.transactionId ? vscode.l10n.t(' (transaction id {0})', exchange.params.transactionId) : '';
      if (exchange.failure) this.messenger.post({ type: 'sent', tone: 'error', title: `${exchange.failure.kind}: ${exchange.failure.message}`.slice(0, 450) + sentWith });
      else this.messenger.post({ type: 'sent', tone: exchange.decoded?.verdict.tone ?? 'info', title: (exchange.decoded?.verdict.title ?? `HTTP ${exchange.response?.status ?? ''}`).slice(0, 450) + sentWith });
      this.moveIdsAfter(exchange);
    } finally {
      this.messenger.post({ type: 'sending', busy: false });
    }
  }

  /**
   * The form's answers to the send path's questions. Plain Send with rule errors (the page's own, or a
   * send-time rule the page cannot know, such as a loopback notification URL on a real gateway): they
   * are shown in the page to review, nothing is sent. Send Anyway is only the page's wish: the host
   * still asks its modal, so no message from the page can skip a question.
   */
  private sendPort(pageSaidSendAnyway: boolean): SendPort {
    const windowPort = this.host.services.questions.port;
    return {
      ask: async (q) => {
        if (q.kind !== 'rules') return windowPort.ask(q);
        const go = pageSaidSendAnyway && (await windowPort.ask(q));
        if (!go) this.messenger.post({ type: 'hostIssues', issues: [...q.catalogue, ...q.sendTime].map((i) => ({ path: i.path, rule: i.rule, message: i.message })) });
        return go;
      },
      ...(windowPort.hint ? { hint: (q) => windowPort.hint?.(q) } : {}),
    };
  }

  /** After a send the form shows the ids of the next one: never the transaction id just used, a new order after an initial operation the gateway recorded. */
  private moveIdsAfter(exchange: Exchange): void {
    const op = this.operation();
    const renew = idsToRenewAfterSend(exchange);
    const has = (name: string) => op.pathParams.some((p) => p.name === name);
    const params: Record<string, string> = {};
    const notes: Record<string, string> = {};
    const sentOrder = exchange.params.orderId;
    if (renew.orderId && has('orderId')) {
      params.orderId = freshOrderId();
      notes.orderId = `Order ${sentOrder ?? ''} now holds this ${op.title}: a new payment needs a new order id.`;
    }
    if (renew.transactionId && has('transactionId')) {
      params.transactionId = freshTransactionId();
      notes.transactionId = vscode.l10n.t('{0} was sent; the next send uses {1}.', exchange.params.transactionId ?? vscode.l10n.t('The last id'), params.transactionId);
    }
    if (Object.keys(params).length > 0) this.postIds(params, notes);
    // A body that creates its order (Initiate Checkout) gets a new one once the gateway took the request.
    if (exchange.response && exchange.response.status < 400) {
      const sentOrder = orderIdOf(op, exchange.version, exchange.params, exchange.request.body);
      this.renewBodyIds(`Order ${sentOrder ?? ''} now holds this ${op.title}`);
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const s of this.subscriptions) s.dispose();
  }
}
