import * as vscode from 'vscode';
import { exampleBody, parseRequestFile, versionChoices, type OperationDef } from '../catalogue';
import { SendDeclined, type SendPort } from '../send/guardedSend';
import { SendSession, type SentExchange } from '../send/sendSession';
import type { StoredEnvironment } from '../features/environments/environmentStore';
import { toCurl, type PathParamName } from '../http';
import type { Exchange } from '../send/exchange';
import { SendSetupError } from '../send/requestRunner';
import { usesSimulatorCredentials } from '../environments/environment';
import { SequentialEvent } from '../send/sequentialEvent';
import { isRequestFile, openOwnFile } from '../platform/requestFiles';
import { createsTransaction } from '../catalogue/orderRole';
import { freshOrderId, freshTransactionId, suggestedOrder } from './idSuggestions';
import { orderIdOf, withFreshBodyIds, withSimulatorReturnPages } from './payerReturnPages';
import { isJsonObject, type JsonObject } from '../features/form/model/json';
import { operationOrThrow, pickEnvironment, pickOperation } from './pickers';
import { withPrompts, type Prompts } from './promptSequence';
import type { SendingServices } from '../host/services';
import { isSecretWithheld } from '../credentials/credentials';
import { requireTrust, isRestrictedMode, showFailure } from '../platform/workspaceTrust';

/** Arguments the tree, CodeLens, history and tests pass; anything missing is asked for. */
export interface SendArgs {
  environmentId?: string;
  operationId?: string;
  version?: number;
  params?: Partial<Record<PathParamName, string>>;
  body?: unknown;
  /** Don't open the response view (tests, bulk sends). No argument skips a question: those go to the send path's port. */
  quiet?: boolean;
}

export type { SentExchange } from '../send/sendSession';

/** A request with every question answered, ready for the send path. */
interface ResolvedSend {
  env: StoredEnvironment;
  op: OperationDef;
  version: number | undefined;
  params: Partial<Record<PathParamName, string>>;
  body: unknown;
  quiet: boolean;
}

/** After a request file was sent: which transaction id went out, and the file's own when that one was already used. */
export interface SentRequestFile {
  uri: vscode.Uri;
  ids: { transactionId: string; replaced?: string };
}

export class SendCommands {
  /** The window's send session: every door of the window sends through it (the form through `send`). */
  readonly session: SendSession;
  private readonly sentRequestFile: SequentialEvent<SentRequestFile>;
  private listeners = 0;
  readonly onDidSendRequestFile: SequentialEvent<SentRequestFile>['subscribe'];

  constructor(private readonly services: SendingServices) {
    const report = (err: unknown) => services.log.error(err instanceof Error ? err : String(err));
    this.session = windowSendSession(services);
    this.sentRequestFile = new SequentialEvent(report);
    this.onDidSendRequestFile = this.sentRequestFile.subscribe;
  }

  /** History and the response panel subscribe (the session's onExchange hook); a send resolves once every subscriber has finished. */
  readonly onDidSendExchange = (listener: (sent: SentExchange) => void | Promise<void>): { dispose(): void } =>
    this.session.hooks.onExchange.addHook(`listener ${++this.listeners}`, listener);

  register(context: vscode.ExtensionContext): void {
    context.subscriptions.push(
      vscode.commands.registerCommand('paymentWorkbench.sendRequest', (args?: SendArgs) => this.guard(() => this.send(args ?? {}))),
      vscode.commands.registerCommand('paymentWorkbench.sendRequestFile', (uri?: vscode.Uri) => this.guard(() => this.sendFile(uri))),
      vscode.commands.registerCommand('paymentWorkbench.copyLastRequestAsCurl', () => this.guard(() => this.copyCurl(false))),
      vscode.commands.registerCommand('paymentWorkbench.copyLastRequestAsCurlWithSecrets', () => this.guard(() => this.copyCurl(true))),
    );
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.services.log.warn(message);
      showFailure(err, message);
      if (!isRestrictedMode(err) && !(err instanceof SendSetupError) && !isSecretWithheld(err) && !(err instanceof vscode.CancellationError)) throw err;
      return undefined;
    }
  }

  /** `port` is where the questions go: the window's modals, or a door's own (the form reviews in its page). */
  async send(args: SendArgs, port: SendPort = this.services.questions.port): Promise<Exchange | undefined> {
    // Before any question: in Restricted Mode nothing is asked and nothing is sent (the form keeps what was typed).
    requireTrust(vscode.l10n.t('sending'), { keepsInput: true });
    // Every question in one widget, closed before the send path asks its own (LIVE, a missing password).
    const request = await withPrompts((prompts) => this.ask(args, prompts));
    return request ? this.sendResolved(request, port) : undefined;
  }

  /** What `args` leaves open, asked in order: environment, operation, version, body, the URL's ids. */
  private async ask(args: SendArgs, prompts: Prompts): Promise<ResolvedSend | undefined> {
    const env = args.environmentId ? this.services.environments.get(args.environmentId) : await pickEnvironment(this.services, vscode.l10n.t('Environment to send to'), prompts);
    if (!env) {
      if (args.environmentId) throw new SendSetupError(vscode.l10n.t('No environment with id "{0}".', args.environmentId));
      return undefined;
    }
    const op = args.operationId ? operationOrThrow(args.operationId) : await pickOperation(env, undefined, prompts);
    if (!op) return undefined;
    // Callers that name the operation (tree, history, tests) take the default version; the palette asks.
    const version = args.version ?? (args.operationId ? undefined : await this.pickVersion(op, env, prompts));
    let body = args.body;
    if (body === undefined && op.hasBody) {
      body = await this.pickBody(op, version, prompts);
      if (body === undefined) return undefined;
    }
    const params = await this.completeParams(op, env, args.params ?? {}, prompts);
    if (!params) return undefined;
    // On the simulator the payer comes back to its return page, where the example (or an earlier order's page) was.
    if (isJsonObject(body)) body = withSimulatorReturnPages(op, version, body, env, orderIdOf(op, version, params, body));
    return { env, op, version, params, body, quiet: args.quiet ?? false };
  }

  private async sendFile(uri?: vscode.Uri): Promise<Exchange | undefined> {
    requireTrust(vscode.l10n.t('sending'), { keepsInput: true });
    // Judged by its size before it is opened or parsed, as the CLI judges it: a file of 30 MB is refused at once.
    const doc = await openOwnFile(uri, 'request');
    if (!doc) throw new SendSetupError(vscode.l10n.t('Open a .payreq.json request file first.'));
    if ('problem' in doc) throw new SendSetupError(`${uri ? vscode.workspace.asRelativePath(uri) : vscode.l10n.t('The request file')}: (file): ${doc.problem}`);
    const parsed = parseRequestFile(doc.getText());
    if (!parsed.ok) throw new SendSetupError(`${vscode.workspace.asRelativePath(doc.uri)}: ${parsed.message}`);
    const env = this.services.environments.requireActive();
    const op = operationOrThrow(parsed.file.operation);
    const params = await withPrompts((prompts) => this.completeParams(op, env, (parsed.file.params ?? {}) as Partial<Record<PathParamName, string>>, prompts));
    if (!params) return undefined;
    const written = parsed.file.params?.transactionId;
    const exchange = await this.sendResolved({ env, op, version: parsed.file.version, params, body: parsed.file.body, quiet: false }, this.services.questions.port);
    const sent = exchange?.params.transactionId;
    if (sent && typeof written === 'string') await this.sentRequestFile.fire({ uri: doc.uri, ids: { transactionId: sent, ...(sent !== written ? { replaced: written } : {}) } });
    return exchange;
  }

  private async sendResolved(r: ResolvedSend, port: SendPort): Promise<Exchange | undefined> {
    const { env, op } = r;
    let exchange: Exchange;
    try {
      exchange = await this.session.send(port, {
        env,
        operationId: op.id,
        ...(r.version !== undefined ? { version: r.version } : {}),
        params: r.params,
        body: r.body,
        quiet: r.quiet,
        around: (transmit) =>
          vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${op.title} → ${env.name}`, cancellable: true }, async (_progress, token) => {
            const abort = new AbortController();
            const sub = token.onCancellationRequested(() => abort.abort());
            try {
              return await transmit(abort.signal);
            } finally {
              sub.dispose();
            }
          }),
      });
    } catch (err) {
      // "Don't Send" and "Review" were the person's answer: nothing to report. A missing password is.
      if (err instanceof SendDeclined && err.question.kind !== 'credentials') return undefined;
      throw err;
    }
    return exchange;
  }

  private async pickVersion(op: OperationDef, env: StoredEnvironment, prompts: Prompts): Promise<number | undefined> {
    const choices = versionChoices(op);
    if (choices.length <= 1) return undefined;
    const preferred = env.versions?.[op.id] ?? op.defaultVersion;
    const picked = await prompts.pick(
      choices.map((v) => ({ label: vscode.l10n.t('Version {0}', v), description: v === preferred ? vscode.l10n.t('default') : op.documentedVersions.includes(v) ? vscode.l10n.t('documented') : '', v })),
      { placeHolder: vscode.l10n.t('{0}: API version', op.title) },
    );
    if (!picked) throw new vscode.CancellationError();
    return picked.v;
  }

  private async pickBody(op: OperationDef, version: number | undefined, prompts: Prompts): Promise<unknown> {
    type Item = vscode.QuickPickItem & { body: () => unknown };
    const items: Item[] = [];
    for (const doc of vscode.workspace.textDocuments) {
      if (!isRequestFile(doc)) continue;
      const parsed = parseRequestFile(doc.getText());
      if (parsed.ok && parsed.file.operation === op.id) items.push({ label: `$(file) ${vscode.workspace.asRelativePath(doc.uri)}`, description: vscode.l10n.t('open request file'), body: () => parsed.file.body });
    }
    const last = this.services.lastSent.bodyOf(op.id);
    if (last !== undefined) items.push({ label: vscode.l10n.t('$(history) Last body'), description: vscode.l10n.t('the body last sent for this operation'), body: () => last });
    // Fresh ids where the body creates one (Initiate Checkout's order.id): a second checkout must not reuse a paid order.
    items.push({ label: vscode.l10n.t('$(symbol-snippet) Minimal example'), description: vscode.l10n.t('generated from the catalogue'), body: () => withFreshBodyIds(op, version, (exampleBody(op.id as never, version) ?? {}) as JsonObject, freshOrderId).body });
    const picked = items.length === 1 ? items[0] : await prompts.pick(items, { placeHolder: vscode.l10n.t('{0}: body', op.title) });
    return picked?.body();
  }

  private async completeParams(op: OperationDef, env: StoredEnvironment, given: Partial<Record<PathParamName, string>>, prompts: Prompts): Promise<Partial<Record<PathParamName, string>> | undefined> {
    const params = { ...given };
    for (const p of op.pathParams) {
      if (params[p.name] !== undefined && params[p.name] !== '') continue;
      if (p.name === 'merchantId') {
        if (env.merchantId) params.merchantId = env.merchantId;
        continue;
      }
      // The send session's id policy gives it: fresh, or the transaction an operation continues (Authenticate Payer).
      if (p.name === 'transactionId' && createsTransaction(op.id)) continue;
      const suggestion = p.name === 'orderId' ? suggestedOrder(op, env.id, this.services) : {};
      const value = await prompts.input({
        title: `${op.title}: ${p.name}`,
        prompt: suggestion.note ? `${suggestion.note}. ${p.help}` : p.help,
        ...(suggestion.orderId ? { value: suggestion.orderId } : {}),
        validateInput: (v) => (v.length < p.minLength || v.length > p.maxLength ? vscode.l10n.t('{0}: must be {1} to {2} characters, got {3}', p.name, p.minLength, p.maxLength, v.length) : undefined),
      });
      if (value === undefined) return undefined;
      params[p.name] = value;
    }
    return params;
  }

  private async copyCurl(withSecrets: boolean): Promise<void> {
    const last = this.services.lastSent.request();
    if (!last) throw new SendSetupError(vscode.l10n.t('Nothing sent yet in this window.'));
    if (withSecrets) {
      const COPY_WITH_SECRETS = vscode.l10n.t('Copy with Secrets');
      const ok = await vscode.window.showWarningMessage(
        vscode.l10n.t('Copy the last request with its password or token in clear text?'),
        { modal: true, detail: vscode.l10n.t('Anyone who sees the clipboard can then call the API as you. The redacted copy is usually enough.') },
        COPY_WITH_SECRETS,
      );
      if (ok !== COPY_WITH_SECRETS) return;
    }
    const env = last.env;
    const transport = env.gatewayAuth === 'certificate' && env.certificate ? { certPath: env.certificate.certPath, keyPath: env.certificate.keyPath, ...(env.certificate.caPath ? { caPath: env.certificate.caPath } : {}) } : undefined;
    await vscode.env.clipboard.writeText(toCurl(last.request, { includeSecrets: withSecrets, ...(transport ? { transport } : {}) }));
    void vscode.window.showInformationMessage(withSecrets ? vscode.l10n.t('Copied the cURL command with its secrets.') : vscode.l10n.t('Copied the cURL command (secrets redacted).'));
  }
}

/**
 * The window's session: the orders, transaction ids and last request this window sent, the simulator's
 * public partner account signed in for a financing call, ids replaced when already used.
 */
function windowSendSession(services: SendingServices): SendSession {
  const session = new SendSession({
    deps: () => services.connections.runnerDeps(),
    transactions: services.transactions,
    orders: services.orders,
    lastSent: services.lastSent,
    signIn: { when: usesSimulatorCredentials, run: (env) => services.connections.signIn(env) },
    ids: 'door',
    freshTransactionId,
    log: { info: (m) => services.log.info(m), error: (m) => services.log.error(m) },
  });
  session.hooks.onExchange.addHook('log', ({ exchange }) =>
    services.log.info(`${exchange.operationTitle} → ${exchange.environment.name}: ${exchange.failure ? `${exchange.failure.kind}: ${exchange.failure.message}` : `HTTP ${exchange.response?.status} ${exchange.decoded?.verdict.title ?? ''}`}`),
  );
  return session;
}
