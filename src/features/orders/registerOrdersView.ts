/**
 * The "Orders" tree: the gateway orders sent to in the active environment, newest first, with status
 * and totals, and under each its requests in time order (orders/answers/timeline.ts, from History). A
 * click opens that response; an order offers Retrieve Order and "Show in History".
 */
import * as vscode from 'vscode';
import type { NotificationEvent } from '../../notifications/notificationEvent';
import { describeOrder, ordersOf, type OrderStep, type OrderSummary } from '../../orders/answers/timeline';
import type { HistoryStore } from '../../history/historyStore';
import { formatTime } from '../../format/time';

const ORDERS_VIEW_ID = 'paymentWorkbench.orders';
const ORDER_COMMANDS = {
  retrieve: 'paymentWorkbench.orders.retrieve',
  showInHistory: 'paymentWorkbench.orders.showInHistory',
} as const;
const ORDER_ITEM_CONTEXT = 'paymentWorkbench.order';

type OrderNode = { kind: 'order'; order: OrderSummary } | { kind: 'step'; step: OrderStep; orderId: string };

const STATUS_ICON: Readonly<Record<string, vscode.ThemeIcon>> = {
  AUTHORIZED: new vscode.ThemeIcon('unlock'),
  PARTIALLY_CAPTURED: new vscode.ThemeIcon('pie-chart'),
  CAPTURED: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  PARTIALLY_REFUNDED: new vscode.ThemeIcon('discard'),
  REFUNDED: new vscode.ThemeIcon('discard'),
  CANCELLED: new vscode.ThemeIcon('circle-slash'),
  FAILED: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
};

const TONE_ICON: Readonly<Record<string, vscode.ThemeIcon>> = {
  success: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  warning: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  error: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
};

interface OrdersViewDeps {
  store: HistoryStore;
  /** Webhooks of the local inbox join their order's timeline. */
  inbox: { events(): NotificationEvent[]; onDidChange: vscode.Event<void> };
  activeEnvironmentId(): string | undefined;
  onEnvironmentChange: vscode.Event<void>;
  /** History shows only this order's requests. */
  showInHistory(orderId: string): Promise<void>;
}

class OrdersTree implements vscode.TreeDataProvider<OrderNode> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly deps: OrdersViewDeps) {}

  refresh(): void {
    this.changed.fire();
  }

  orders(): OrderSummary[] {
    return ordersOf(this.deps.store.list(), this.deps.activeEnvironmentId(), this.deps.inbox.events());
  }

  getChildren(element?: OrderNode): OrderNode[] {
    if (!element) return this.orders().map((order) => ({ kind: 'order', order }));
    if (element.kind === 'order') return element.order.steps.map((step) => ({ kind: 'step', step, orderId: element.order.orderId }));
    return [];
  }

  getTreeItem(node: OrderNode): vscode.TreeItem {
    return node.kind === 'order' ? orderItem(node.order) : stepItem(node.step, node.orderId);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function orderItem(o: OrderSummary): vscode.TreeItem {
  const item = new vscode.TreeItem(o.orderId, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `order:${o.orderId}`;
  item.description = describeOrder(o);
  item.iconPath = (o.status !== undefined ? STATUS_ICON[o.status] : undefined) ?? new vscode.ThemeIcon('circle-outline');
  item.tooltip = `Order ${o.orderId}: ${item.description}\n${o.steps.length} request${o.steps.length === 1 ? '' : 's'}, the last at ${formatTime(o.lastAt)}`;
  item.contextValue = ORDER_ITEM_CONTEXT;
  return item;
}

function stepItem(step: OrderStep, orderId: string): vscode.TreeItem {
  const item = new vscode.TreeItem(step.operationTitle, vscode.TreeItemCollapsibleState.None);
  item.id = `order:${orderId}:${step.kind}:${step.id}`;
  const money = step.amount !== undefined ? `${step.amount}${step.currency ? ` ${step.currency}` : ''}` : undefined;
  item.description = [step.outcome, step.type, money, formatTime(step.at)].filter((p) => p !== undefined).join(' · ');
  item.iconPath = step.kind === 'notification' ? new vscode.ThemeIcon('mail') : TONE_ICON[step.tone] ?? new vscode.ThemeIcon('info');
  item.tooltip = `${step.operationTitle}${step.transactionId ? vscode.l10n.t(' (transaction {0})', step.transactionId) : ''}: ${item.description}`;
  item.command = step.kind === 'notification'
    ? { command: 'paymentWorkbench.inbox.open', title: vscode.l10n.t('Open Notification'), arguments: [step.id] }
    : { command: 'paymentWorkbench.history.open', title: vscode.l10n.t('Open Response'), arguments: [step.id] };
  return item;
}

/** The order id a command was given: a tree node, an id, or nothing (then the user picks). */
async function orderIdOf(tree: OrdersTree, arg: unknown): Promise<string | undefined> {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'object' && arg !== null && (arg as OrderNode).kind === 'order') return (arg as { order: OrderSummary }).order.orderId;
  const picked = await vscode.window.showQuickPick(tree.orders().map((o) => ({ label: o.orderId, description: describeOrder(o) })), { placeHolder: vscode.l10n.t('Which order?'), ignoreFocusOut: true });
  return picked?.label;
}

export function registerOrdersView(context: vscode.ExtensionContext, deps: OrdersViewDeps): { orders(): OrderSummary[] } {
  const tree = new OrdersTree(deps);
  context.subscriptions.push(
    tree,
    vscode.window.createTreeView(ORDERS_VIEW_ID, { treeDataProvider: tree }),
    deps.store.onChange(() => tree.refresh()),
    deps.onEnvironmentChange(() => tree.refresh()),
    deps.inbox.onDidChange(() => tree.refresh()),
    vscode.commands.registerCommand(ORDER_COMMANDS.retrieve, async (arg?: unknown) => {
      const orderId = await orderIdOf(tree, arg);
      if (!orderId) return;
      const environmentId = deps.activeEnvironmentId();
      await vscode.commands.executeCommand('paymentWorkbench.openForm', { operationId: 'gateway.retrieveOrder', params: { orderId }, ...(environmentId ? { environmentId } : {}) });
    }),
    vscode.commands.registerCommand(ORDER_COMMANDS.showInHistory, async (arg?: unknown) => {
      const orderId = await orderIdOf(tree, arg);
      if (orderId) await deps.showInHistory(orderId);
    }),
  );
  /** The orders the view shows, as it shows them (integration tests). */
  return { orders: () => tree.orders() };
}
