/**
 * The "Notifications" view: the local inbox's address (with Copy) and what arrived, newest first, each
 * decoded like a response (transaction type, gatewayCode, amount; financing status), marked when its
 * secret was wrong, linked to its order. Start/Stop, Set Notification Secret… and Clear in its title bar.
 */
import * as vscode from 'vscode';
import { isRestrictedMode, sayRestrictedOn } from '../../platform/workspaceTrust';
import { describeNotification, trustOf, UNVERIFIED } from '../../notifications/describeNotification';
import type { NotificationEvent } from '../../notifications/notificationEvent';
import { markWalkthroughStep } from '../../platform/walkthroughProgress';
import { NOTIFICATION_LANGUAGE, wrappedAs } from '../../platform/wrappedDocuments';
import type { InboxControl } from './inboxControl';
import { formatTime } from '../../format/time';
import { sentenceStart } from '../../format/sentence';

const VIEW_ID = 'paymentWorkbench.notifications';
export const INBOX_COMMANDS = {
  start: 'paymentWorkbench.inbox.start',
  stop: 'paymentWorkbench.inbox.stop',
  copyUrl: 'paymentWorkbench.inbox.copyUrl',
  setSecret: 'paymentWorkbench.inbox.setSecret',
  clear: 'paymentWorkbench.inbox.clear',
  open: 'paymentWorkbench.inbox.open',
  showOrder: 'paymentWorkbench.inbox.showOrder',
} as const;

type Node = { kind: 'address'; url: string } | { kind: 'event'; event: NotificationEvent };

const ICONS = {
  verified: new vscode.ThemeIcon('verified', new vscode.ThemeColor('testing.iconPassed')),
  refused: new vscode.ThemeIcon('shield', new vscode.ThemeColor('testing.iconFailed')),
  unverified: new vscode.ThemeIcon('unverified', new vscode.ThemeColor('list.warningForeground')),
  gateway: new vscode.ThemeIcon('credit-card'),
  financing: new vscode.ThemeIcon('law'),
};

class NotificationsTree implements vscode.TreeDataProvider<Node> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly inbox: InboxControl) {}

  refresh(): void {
    this.changed.fire();
  }

  getChildren(element?: Node): Node[] {
    if (element || !this.inbox.running || !this.inbox.url) return [];
    return [{ kind: 'address', url: this.inbox.url }, ...this.inbox.events().map((event): Node => ({ kind: 'event', event }))];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'address') {
      const item = new vscode.TreeItem(vscode.l10n.t('Listening at {0}', node.url), vscode.TreeItemCollapsibleState.None);
      item.id = 'inbox-address';
      item.description = this.inbox.hasSecret ? vscode.l10n.t('secret checked · webhooks /gateway, callbacks /financing') : vscode.l10n.t('webhooks /gateway, callbacks /financing');
      item.iconPath = new vscode.ThemeIcon('radio-tower');
      item.contextValue = 'paymentWorkbench.inboxAddress';
      item.tooltip = vscode.l10n.t('Gateway webhooks: {0}/gateway\nFinancing callbacks: {0}/financing\nOnly this machine reaches it; for a real gateway put a tunnel of your choice in front of the port.', node.url);
      return item;
    }
    return eventItem(node.event);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** A gateway webhook no secret was checked on: what it claims ("Approved") is not evidence that anything was paid. */
const isUnverifiedWebhook = (e: NotificationEvent): boolean => e.source === 'gateway' && e.verified === null;

/** Longest label or description a row shows: a sender chooses the order id and codes it carries. */
const ROW_TEXT_MAX = 200;

/**
 * A sender's text as a row shows it: line breaks, control characters and bidirectional overrides (which
 * could make "APPROVED" read backwards or hide the real order id) become visible marks, and it is clipped.
 */
export function rowText(text: string, max = ROW_TEXT_MAX): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what this removes
  const plain = text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\ufffd');
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

function eventItem(e: NotificationEvent): vscode.TreeItem {
  const label = e.verified === false ? vscode.l10n.t('Refused (401): {0}', e.summary.title) : isUnverifiedWebhook(e) ? vscode.l10n.t('Unverified: {0}', e.summary.title) : e.summary.title;
  const item = new vscode.TreeItem(rowText(label), vscode.TreeItemCollapsibleState.None);
  item.id = `inbox-event:${e.id}`;
  item.description = rowText(`${describeNotification(e)} · ${formatTime(e.receivedAt)}`);
  item.iconPath = e.verified === false ? ICONS.refused : e.verified === true ? ICONS.verified : isUnverifiedWebhook(e) ? ICONS.unverified : ICONS[e.source];
  const why = e.verified === false ? vscode.l10n.t('\nThe secret was missing or wrong: the inbox answered 401.')
    : isUnverifiedWebhook(e) ? vscode.l10n.t('\n{0}: anyone who reaches the inbox could have sent it. Set Notification Secret… makes the inbox check X-Notification-Secret.', sentenceStart(UNVERIFIED)) : '';
  item.tooltip = `${e.source === 'gateway' ? 'Gateway webhook' : 'Financing callback'} for ${rowText(e.orderId ?? 'no order')}\n${item.description}${why}`;
  item.contextValue = e.orderId ? 'paymentWorkbench.notification.order' : 'paymentWorkbench.notification';
  item.command = { command: INBOX_COMMANDS.open, title: vscode.l10n.t('Open Notification'), arguments: [e.id] };
  return item;
}

function findEvent(inbox: InboxControl, arg: unknown): NotificationEvent | undefined {
  const id = typeof arg === 'string' ? arg : (arg as { event?: NotificationEvent } | undefined)?.event?.id;
  return inbox.events().find((e) => e.id === id);
}

const NOTIFICATION_SCHEME = 'payment-workbench-notification';

/**
 * One notification as a read-only JSON document (when, from whom, verified or not, headers and body,
 * redacted): a virtual document, so it opens without an Untitled tab that asks to be saved.
 */
class NotificationDocuments implements vscode.TextDocumentContentProvider {
  constructor(private readonly inbox: InboxControl) {}

  static uriOf(e: NotificationEvent): vscode.Uri {
    // The order id names the tab: a word-safe part of it, short enough for a file name.
    const name = `${e.source}-notification${e.orderId ? `-${e.orderId.slice(0, 60).replace(/[^\w.-]/g, '_')}` : ''}.json`;
    return vscode.Uri.from({ scheme: NOTIFICATION_SCHEME, path: `/${encodeURIComponent(e.id)}/${name}` });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const id = decodeURIComponent(uri.path.split('/')[1] ?? '');
    const e = this.inbox.events().find((x) => x.id === id);
    if (!e) return JSON.stringify({ note: vscode.l10n.t('This notification is no longer in the local inbox (cleared, stopped, or beyond its bound).') }, null, 2);
    // `verified` as words where the data says null: a reader must not take a missing check for a passed one.
    const verified = e.verified === null ? trustOf(e) : e.verified;
    return JSON.stringify({ source: e.source, orderId: e.orderId, transactionId: e.transactionId, receivedAt: e.receivedAt, attempts: e.attempts, verified, summary: e.summary, headers: e.headers, body: e.body }, null, 2);
  }
}

async function openEvent(e: NotificationEvent): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(NotificationDocuments.uriOf(e));
  await vscode.window.showTextDocument(await wrappedAs(doc, NOTIFICATION_LANGUAGE), { preview: true });
}

/** The rows as the view shows them (label and description, and the event's id to open it): what the integration tests read. */
export interface NotificationsViewRows {
  rows(): { id: string; label: string; description: string }[];
}

export function registerNotificationsView(context: vscode.ExtensionContext, inbox: InboxControl, showOrder: (orderId: string) => Promise<void>): NotificationsViewRows {
  const tree = new NotificationsTree(inbox);
  const view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree });
  context.subscriptions.push(sayRestrictedOn(view, vscode.l10n.t('the local inbox does not start')));
  const refresh = (): void => {
    tree.refresh();
    const count = inbox.events().length;
    if (count > 0) void markWalkthroughStep(context.globalState, 'notificationReceived');
    view.badge = count > 0 ? { value: count, tooltip: `${count} notification${count === 1 ? '' : 's'} in the local inbox` } : undefined;
  };
  context.subscriptions.push(
    tree,
    view,
    inbox.onDidChange(refresh),
    vscode.workspace.registerTextDocumentContentProvider(NOTIFICATION_SCHEME, new NotificationDocuments(inbox)),
    vscode.commands.registerCommand(INBOX_COMMANDS.start, async () => {
      const receiver = await inbox.start().catch((err: unknown) => {
        if (isRestrictedMode(err)) return undefined; // told, with the way out
        throw err;
      });
      if (!receiver) return;
      // The view lives in the Payment Traffic panel, maybe closed: show where the notifications arrive.
      if (!view.visible) await vscode.commands.executeCommand(`${VIEW_ID}.focus`);
      void vscode.window.showInformationMessage(vscode.l10n.t('Local inbox listening at {0}: webhooks to /gateway, callbacks to /financing.', receiver.url));
    }),
    vscode.commands.registerCommand(INBOX_COMMANDS.stop, () => inbox.stop()),
    vscode.commands.registerCommand(INBOX_COMMANDS.copyUrl, async () => {
      const url = inbox.urlFor('gateway') ?? (await inbox.start()).urlFor('gateway');
      await vscode.env.clipboard.writeText(url);
      void vscode.window.showInformationMessage(vscode.l10n.t('Copied {0} (financing callbacks: …/financing).', url));
    }),
    vscode.commands.registerCommand(INBOX_COMMANDS.setSecret, async () => {
      const value = await vscode.window.showInputBox({
        title: vscode.l10n.t('Notification secret the local inbox checks'),
        prompt: vscode.l10n.t('Requests without this X-Notification-Secret get 401. The simulator sends <merchantId>-notification-secret. Empty: check nothing.'),
        password: true,
        ignoreFocusOut: true,
      });
      if (value !== undefined) await inbox.setSecret(value);
    }),
    vscode.commands.registerCommand(INBOX_COMMANDS.clear, () => inbox.clear()),
    vscode.commands.registerCommand(INBOX_COMMANDS.open, async (arg?: unknown) => {
      const e = findEvent(inbox, arg);
      if (e) await openEvent(e);
    }),
    vscode.commands.registerCommand(INBOX_COMMANDS.showOrder, async (arg?: unknown) => {
      const orderId = findEvent(inbox, arg)?.orderId;
      if (orderId) await showOrder(orderId);
    }),
  );
  return {
    rows: () => tree.getChildren().map((n) => {
      const item = tree.getTreeItem(n);
      return { id: n.kind === 'event' ? n.event.id : '', label: typeof item.label === 'string' ? item.label : item.label?.label ?? '', description: typeof item.description === 'string' ? item.description : '' };
    }),
  };
}
