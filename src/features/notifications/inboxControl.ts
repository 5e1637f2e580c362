import * as vscode from 'vscode';
import { requireTrust } from '../../platform/workspaceTrust';
import type { NotificationEvent, NotificationReceiver, NotificationSource, ReceiverOptions } from '../../notifications';

/** The receiver's code is in the feature bundle: the inbox asks for it only when starting. */
export type LoadReceiver = () => Promise<(options: ReceiverOptions) => Promise<NotificationReceiver>>;

const DEFAULT_PORT = 4478;
/** SecretStorage key of the notification secret the inbox checks (never a setting). */
const SECRET_KEY = 'paymentWorkbench.inbox.notificationSecret';

/**
 * The local inbox, run in the extension host and stopped with it: start/stop, the secret it checks
 * (SecretStorage only), and its events for the Notifications view, the Orders view and flows.
 */
export class InboxControl implements vscode.Disposable {
  private receiver: NotificationReceiver | undefined;
  private starting: Promise<NotificationReceiver> | undefined;
  private secret: string | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: vscode.LogOutputChannel,
    private readonly loadReceiver: LoadReceiver,
  ) {}

  get running(): boolean {
    return this.receiver !== undefined;
  }

  get url(): string | undefined {
    return this.receiver?.url;
  }

  urlFor(source: NotificationSource): string | undefined {
    return this.receiver?.urlFor(source);
  }

  events(): NotificationEvent[] {
    return this.receiver?.events() ?? [];
  }

  get hasSecret(): boolean {
    return this.secret !== undefined;
  }

  /** The running receiver (started on the configured port when needed; callers at the same moment share one start). */
  start(): Promise<NotificationReceiver> {
    if (this.receiver) return Promise.resolve(this.receiver);
    // Every start (the command, a form or flow that waits for a webhook) waits for a trusted workspace.
    try {
      requireTrust(vscode.l10n.t('the notification inbox'));
    } catch (err) {
      return Promise.reject(err);
    }
    this.starting ??= this.startReceiver().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async startReceiver(): Promise<NotificationReceiver> {
    const port = vscode.workspace.getConfiguration('paymentWorkbench').get<number>('inbox.port', DEFAULT_PORT);
    this.secret = (await this.secrets.get(SECRET_KEY)) || undefined;
    const startReceiver = await this.loadReceiver();
    let receiver: NotificationReceiver;
    try {
      receiver = await startReceiver({ port, secret: () => this.secret });
    } catch (err) {
      const taken = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      throw new Error(vscode.l10n.t('The local inbox could not start on port {0}: {1}. Change "paymentWorkbench.inbox.port" (0 = any free port).', port, taken ? vscode.l10n.t('the port is taken') : (err as Error).message));
    }
    receiver.onEvent((e, duplicate) => {
      this.log.info(`[inbox] ${duplicate ? 'again' : 'new'} ${e.source} notification for ${e.orderId ?? '(no order)'}: ${e.summary.title}${e.verified === false ? ' (secret wrong or missing: answered 401)' : ''}`);
      this.changed.fire();
    });
    this.receiver = receiver;
    await vscode.commands.executeCommand('setContext', 'paymentWorkbench.inboxRunning', true);
    this.changed.fire();
    return receiver;
  }

  async stop(): Promise<boolean> {
    const r = this.receiver;
    if (!r) return false;
    this.receiver = undefined;
    await r.close();
    await vscode.commands.executeCommand('setContext', 'paymentWorkbench.inboxRunning', false);
    this.changed.fire();
    return true;
  }

  clear(): void {
    this.receiver?.clear();
    this.changed.fire();
  }

  /** Stores (or, with an empty value, removes) the secret; a running inbox checks the new one at once. */
  async setSecret(value: string): Promise<void> {
    if (value === '') await this.secrets.delete(SECRET_KEY);
    else await this.secrets.store(SECRET_KEY, value);
    this.secret = value === '' ? undefined : value;
    this.changed.fire();
  }

  dispose(): void {
    void this.stop();
    this.changed.dispose();
  }
}
