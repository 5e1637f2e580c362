/**
 * The Deliveries view's rows, its commands and Trigger Scenario…: the simulator's delivery log read
 * over its control API (the same client as the CLI), followed by long polls while the view is shown.
 * Opening a notification shows its text (notificationDetail) in a read-only document: an endpoint's
 * answer is never rendered.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { requireTrust, showFailure } from '../../platform/workspaceTrust';
import { DeliveriesClient, describeReconciliation, gatewayOrderOf, notificationDetail, readScenarios, reconcile, runTrigger, shortId, takesOrder, type NotificationRecord, type Scenario } from '../../deliveries';
import { describeRefusal } from '../../decode';
import { isLoopbackUrl, LOCAL_SIMULATOR_ID, type Environment } from '../../environments/environment';
import { runFlow } from '../../flows';
import type { SendingServices } from '../../host/services';
import { redactUrlText } from '../../redaction';
import { memoryTokenConnections } from '../../send/connections';
import { transportFor } from '../environments/transport';
import { attemptRow, notificationRow, type RowText } from './deliveryRows';
import { DELIVERIES_VIEW_ID, type DeliveryNode, type DeliveryRows } from './registerDeliveriesView';
import { REPORT_LANGUAGE, wrappedAs } from '../../platform/wrappedDocuments';

const DOC_SCHEME = 'payment-workbench-delivery';
const NOTIFICATION_CONTEXT = 'paymentWorkbench.notification';
const LONG_POLL_MS = 25_000;
const RETRY_MS = 3000;
const OUTPUT_NAME = vscode.l10n.t('Payment Workbench Deliveries');

export class DeliveriesController implements DeliveryRows, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly records = new Map<string, NotificationRecord>();
  private readonly documents = new Map<string, string>();
  private readonly docChanged = new vscode.EventEmitter<vscode.Uri>();
  private following: AbortController | undefined;
  private output: vscode.OutputChannel | undefined;
  private seq: number | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: SendingServices,
  ) {}

  register(): void {
    const node = (arg: unknown): NotificationRecord | undefined => {
      const id = typeof arg === 'string' ? arg : typeof arg === 'object' && arg !== null && 'id' in arg ? String((arg as { id: unknown }).id) : undefined;
      return id === undefined ? undefined : this.records.get(id);
    };
    const withNotification = (run: (n: NotificationRecord) => Promise<void>) => async (arg: unknown) => {
      const n = node(arg);
      if (!n) {
        void vscode.window.showWarningMessage(vscode.l10n.t('That notification is no longer in the simulator\'s delivery log (it keeps the newest 1,000).'));
        return;
      }
      await run(n).catch(showFailure);
    };
    /** Resending, reconciling and triggering make the simulator (or the gateway) send: not in Restricted Mode. */
    const sending = (run: (n: NotificationRecord) => Promise<void>) => (n: NotificationRecord) => {
      requireTrust(vscode.l10n.t('sending notifications'));
      return run(n);
    };
    this.context.subscriptions.push(
      this,
      vscode.workspace.registerTextDocumentContentProvider(DOC_SCHEME, { onDidChange: this.docChanged.event, provideTextDocumentContent: (uri) => this.documents.get(uri.toString()) ?? '' }),
      vscode.commands.registerCommand('paymentWorkbench.triggerScenario', () => Promise.resolve().then(() => requireTrust(vscode.l10n.t('triggering a scenario'))).then(() => this.triggerScenario()).catch(showFailure)),
      vscode.commands.registerCommand('paymentWorkbench.deliveries.refresh', () => this.refresh()),
      vscode.commands.registerCommand('paymentWorkbench.deliveries.clear', async () => {
        await this.client().clear().catch(() => undefined);
        this.records.clear();
        this.emitter.fire();
      }),
      vscode.commands.registerCommand('paymentWorkbench.deliveries.open', withNotification((n) => this.open(n))),
      vscode.commands.registerCommand('paymentWorkbench.deliveries.resend', withNotification(sending((n) => this.resend(n, {})))),
      vscode.commands.registerCommand('paymentWorkbench.deliveries.resendAsNew', withNotification(sending((n) => this.resend(n, { asNew: true })))),
      vscode.commands.registerCommand('paymentWorkbench.deliveries.resendTo', withNotification(sending(async (n) => {
        const to = await askUrl(vscode.l10n.t('Resend to which URL?'), n.url.includes('•') ? '' : n.url);
        if (to !== undefined) await this.resend(n, { to });
      }))),
      vscode.commands.registerCommand('paymentWorkbench.deliveries.reconcile', withNotification(sending((n) => this.reconcileOrder(n)))),
    );
  }

  // --- rows

  children(element?: DeliveryNode): DeliveryNode[] {
    if (!element) return [...this.records.values()].sort((a, b) => b.seq - a.seq).map((n) => ({ kind: 'notification', id: n.id }));
    if (element.kind !== 'notification') return [];
    return (this.records.get(element.id)?.attempts ?? []).map((a, index) => ({ kind: 'attempt', id: element.id, n: a.n, index }));
  }

  item(node: DeliveryNode): vscode.TreeItem {
    const n = this.records.get(node.id);
    if (!n) return new vscode.TreeItem(vscode.l10n.t('(no longer kept)'));
    if (node.kind === 'notification') {
      const item = treeItem(notificationRow(n), n.attempts.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.id = `delivery:${n.id}`;
      item.contextValue = NOTIFICATION_CONTEXT;
      item.command = { command: 'paymentWorkbench.deliveries.open', title: vscode.l10n.t('Open Notification'), arguments: [n.id] };
      return item;
    }
    const attempt = n.attempts[node.index];
    const item = attempt ? treeItem(attemptRow(attempt), vscode.TreeItemCollapsibleState.None) : new vscode.TreeItem('(attempt)');
    item.id = `delivery:${n.id}:${node.index}`;
    return item;
  }

  setVisible(visible: boolean): void {
    if (visible && !this.following) void this.follow();
    if (!visible) this.stopFollowing();
  }

  dispose(): void {
    this.stopFollowing();
    this.emitter.dispose();
    this.docChanged.dispose();
    this.output?.dispose();
  }

  // --- following the simulator's log

  private simulatorUrl(): string {
    return this.services.simulator.baseUrl ?? `http://127.0.0.1:${this.services.simulator.port}`;
  }

  private client(signal?: AbortSignal): DeliveriesClient {
    return new DeliveriesClient(this.simulatorUrl(), signal);
  }

  private stopFollowing(): void {
    this.following?.abort();
    this.following = undefined;
  }

  private async follow(): Promise<void> {
    const stop = new AbortController();
    this.following = stop;
    while (!stop.signal.aborted) {
      try {
        const client = this.client(stop.signal);
        const page = this.seq === undefined ? await client.list() : await client.list({ since: this.seq, waitMs: LONG_POLL_MS });
        if (this.seq === undefined || page.seq < this.seq) this.records.clear();
        this.seq = page.seq;
        this.take(page.notifications);
        if (page.notifications.length) this.emitter.fire();
      } catch {
        if (stop.signal.aborted) break;
        // No simulator answers (yet): look again a little later.
        this.seq = undefined;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  private take(notifications: readonly NotificationRecord[]): void {
    for (const n of notifications) this.records.set(n.id, n);
    // As bounded as the simulator's own log.
    const extra = this.records.size - 1000;
    if (extra > 0) for (const id of [...this.records.values()].sort((a, b) => a.seq - b.seq).slice(0, extra).map((n) => n.id)) this.records.delete(id);
  }

  private async refresh(): Promise<void> {
    this.seq = undefined;
    try {
      const page = await this.client().list();
      this.records.clear();
      this.take(page.notifications);
      this.seq = page.seq;
    } catch (err) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Deliveries: {0}', err instanceof Error ? err.message : String(err)));
    }
    this.emitter.fire();
  }

  // --- commands

  private async open(n: NotificationRecord): Promise<void> {
    const fresh = await this.client().get(n.id).catch(() => n);
    this.records.set(fresh.id, fresh);
    const uri = vscode.Uri.from({ scheme: DOC_SCHEME, path: `/notification-${shortId(fresh.id)}.txt`, query: fresh.id });
    this.documents.set(uri.toString(), notificationDetail(fresh));
    this.docChanged.fire(uri);
    await vscode.window.showTextDocument(await wrappedAs(await vscode.workspace.openTextDocument(uri), REPORT_LANGUAGE), { preview: true });
  }

  private async resend(n: NotificationRecord, how: { asNew?: boolean; to?: string }): Promise<void> {
    const sent = await this.client().resend(n.id, how);
    this.take([sent]);
    this.emitter.fire();
    void vscode.window.setStatusBarMessage(how.asNew ? vscode.l10n.t('Resent as new notification {0}', shortId(sent.id)) : vscode.l10n.t('Resending notification {0}', shortId(n.id)), 4000);
  }

  private async reconcileOrder(n: NotificationRecord): Promise<void> {
    if (!n.orderId) throw new Error(vscode.l10n.t('This notification names no order.'));
    const env = this.simulatorEnvironments().find((e) => e.merchantId === n.merchantId) ?? this.simulatorEnvironment(undefined);
    const connections = memoryTokenConnections({ credentials: this.services.credentials, transport: transportFor });
    const retrieved = await runFlow({ name: 'reconcile', steps: [{ id: 'order', operation: 'gateway.retrieveOrder', params: { orderId: n.orderId } }] }, {
      env, deps: connections.runnerDeps(), port: this.services.questions.port, signIn: (e) => connections.signIn(e),
    }).finally(() => connections.close());
    const text = retrieved.steps[0]?.exchange?.response?.bodyText;
    let body: unknown;
    try {
      body = text === undefined ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    const order = gatewayOrderOf(body);
    const step = retrieved.steps[0];
    const status = step?.exchange?.response?.status;
    if (!order) throw new Error(`Retrieve Order ${n.orderId} did not answer an order (${status !== undefined ? describeRefusal(status, step?.exchange?.decoded) : (step?.message ?? 'no answer')}).`);
    const result = reconcile(order, (await this.client().list({ orderId: n.orderId })).notifications);
    const uri = vscode.Uri.from({ scheme: DOC_SCHEME, path: `/reconcile-${n.orderId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)}.txt`, query: String(Date.now()) });
    this.documents.set(uri.toString(), describeReconciliation(result).join('\n'));
    await vscode.window.showTextDocument(await wrappedAs(await vscode.workspace.openTextDocument(uri), REPORT_LANGUAGE), { preview: true });
  }

  /** The built-in simulator environments and any of the user's on this simulator. */
  private simulatorEnvironments(): Environment[] {
    return this.services.environments.list().filter((e) => e.simulator === true || (e.gatewayUrl !== undefined && isLoopbackUrl(e.gatewayUrl) && new URL(e.gatewayUrl).port === String(this.services.simulator.port)));
  }

  private simulatorEnvironment(wanted: string | undefined): Environment {
    const all = this.simulatorEnvironments();
    const active = this.services.environments.active();
    const chosen = wanted !== undefined ? all.find((e) => e.id === wanted || e.name === wanted) : all.find((e) => e.id === active?.id) ?? all.find((e) => e.id === LOCAL_SIMULATOR_ID);
    if (!chosen) throw new Error(vscode.l10n.t('No simulator environment {0}.', wanted ?? LOCAL_SIMULATOR_ID));
    return chosen;
  }

  private scenarioFolders(): { bundled: string; workspace?: string } {
    const folder = vscode.workspace.getConfiguration('paymentWorkbench').get<string>('scenariosFolder', 'payment-scenarios');
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    return { bundled: vscode.Uri.joinPath(this.context.extensionUri, 'scenarios').fsPath, ...(root ? { workspace: path.resolve(root, folder) } : {}) };
  }

  private async triggerScenario(): Promise<void> {
    const folders = this.scenarioFolders();
    const picked = await vscode.window.showQuickPick(readScenarios(folders).map((s) => ({ label: s.name, description: s.source === 'workspace' ? vscode.l10n.t('yours') : '', detail: 'flow' in s ? s.flow.name : vscode.l10n.t('Cannot be read (pick it for why)'), scenario: s })), { title: vscode.l10n.t('Trigger Scenario'), placeHolder: vscode.l10n.t('The scenario to run on the simulator'), matchOnDetail: true });
    if (!picked) return;
    if ('problem' in picked.scenario) throw new Error(picked.scenario.problem);
    const scenario: Scenario = picked.scenario;
    const inputs: Record<string, string> = {};
    if (takesOrder(scenario.flow)) {
      const orders = [...new Set([...this.records.values()].sort((a, b) => b.seq - a.seq).flatMap((n) => (n.orderId ? [n.orderId] : [])))].slice(0, 20);
      const order = await vscode.window.showQuickPick([{ label: vscode.l10n.t('$(add) New order'), orderId: undefined as string | undefined }, ...orders.map((o) => ({ label: o, orderId: o as string | undefined }))], { title: vscode.l10n.t('Trigger {0}: on which order?', scenario.name), placeHolder: vscode.l10n.t('A new order, or one made before (its notifications are in the Deliveries view)') });
      if (!order) return;
      if (order.orderId) inputs['orderId'] = order.orderId;
    }
    await this.ensureSimulator();
    const env = this.simulatorEnvironment(scenario.flow.environment);
    const to = env.webhookUrl ?? (await this.client().webhook(env.merchantId ?? '')).url ?? (await askUrl(vscode.l10n.t('Where should {0}\'s webhooks go? (your endpoint)', scenario.name), this.services.inbox.urlFor('gateway') ?? 'http://127.0.0.1:3000/webhooks/gateway'));
    if (to === undefined) return;
    const output = (this.output ??= vscode.window.createOutputChannel(OUTPUT_NAME));
    // The Deliveries view shares the panel with the Output: it shows, the log is one button away.
    await vscode.commands.executeCommand(`${DELIVERIES_VIEW_ID}.focus`);
    const connections = memoryTokenConnections({ credentials: this.services.credentials, transport: transportFor });
    const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Trigger {0}', scenario.name), cancellable: true }, (_progress, token) => {
      const cancel = new AbortController();
      token.onCancellationRequested(() => cancel.abort());
      return runTrigger({
        scenario, env, inputs, to,
        deps: connections.runnerDeps(), port: this.services.questions.port, signIn: (e) => connections.signIn(e), signal: cancel.signal,
        onStart: ({ trigger, target }) => output.appendLine(`Trigger ${trigger}: ${scenario.name} on ${env.name}, webhooks to ${redactUrlText(target)}`),
        onStep: (step, made) => {
          output.appendLine(`  ${step.status === 'passed' ? '✓' : step.status === 'skipped' ? '-' : '✗'} ${step.id}  ${step.title}${step.verdict ? `  ${step.verdict.title}` : ''}${step.message ? `  ${step.message}` : ''}`);
          for (const n of made) output.appendLine(`      → notification ${n.id}  ${n.summary}`);
          this.take(made);
          this.emitter.fire();
        },
        onAttempt: (n, a) => output.appendLine(`  ${shortId(n.id)}  attempt ${a.n}${a.cause ? ` [${a.cause}]` : ''} → ${a.status === 0 ? 'no answer' : a.status}`),
        onSettled: (n) => output.appendLine(`  ${shortId(n.id)}  ${n.state}${n.note ? `: ${n.note}` : ''}`),
      }).finally(() => connections.close());
    });
    this.take(result.notifications);
    this.emitter.fire();
    const states = result.notifications.map((n) => n.state).join(', ') || vscode.l10n.t('none');
    const count = result.notifications.length;
    const notifications = count === 1 ? vscode.l10n.t('1 notification ({0})', states) : vscode.l10n.t('{0} notifications ({1})', count, states);
    const summary = result.flow.passed ? vscode.l10n.t('{0}: passed, {1}', scenario.name, notifications) : vscode.l10n.t('{0}: FAILED, {1}', scenario.name, notifications);
    output.appendLine(summary);
    const SHOW_LOG = vscode.l10n.t('Show Log');
    const told = result.flow.passed ? vscode.window.showInformationMessage(vscode.l10n.t('Trigger {0}', summary), SHOW_LOG) : vscode.window.showWarningMessage(vscode.l10n.t('Trigger {0}', summary), SHOW_LOG);
    void told.then((choice) => {
      if (choice === SHOW_LOG) output.show(true);
    });
  }

  private async ensureSimulator(): Promise<void> {
    if (this.services.simulator.running) return;
    if (await this.client().info().then(() => true, () => false)) return;
    await this.services.simulator.start();
  }
}

function treeItem(row: RowText, state: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const item = new vscode.TreeItem(row.label, state);
  item.description = row.description;
  item.tooltip = row.tooltip;
  item.iconPath = new vscode.ThemeIcon(row.icon.id, row.icon.color ? new vscode.ThemeColor(row.icon.color) : undefined);
  item.accessibilityInformation = { label: `${row.label}, ${row.description}` };
  return item;
}

async function askUrl(prompt: string, value: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    prompt,
    value,
    ignoreFocusOut: true,
    validateInput: (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? undefined : vscode.l10n.t('An http:// or https:// URL, e.g. http://127.0.0.1:3000/webhooks/gateway')),
  }).then((v) => v?.trim());
}
