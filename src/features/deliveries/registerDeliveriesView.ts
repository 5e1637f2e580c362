/**
 * The "Deliveries" view: every notification the simulator made, with its attempts. Registered at
 * activation so its welcome text shows, holding nothing of the delivery log itself: the rows come from
 * the feature bundle (deliveriesController.ts), loaded when the view first asks for them.
 */
import * as vscode from 'vscode';
import { sayRestrictedOn } from '../../platform/workspaceTrust';

export const DELIVERIES_VIEW_ID = 'paymentWorkbench.deliveries';

/** A row: a notification, or one attempt of it. */
export type DeliveryNode = { kind: 'notification'; id: string } | { kind: 'attempt'; id: string; n: number; index: number };

/** What the feature bundle provides the view. */
export interface DeliveryRows {
  readonly onDidChange: vscode.Event<void>;
  children(element?: DeliveryNode): DeliveryNode[];
  item(node: DeliveryNode): vscode.TreeItem;
  /** The view is shown or hidden: the rows follow the simulator's log only while it is shown. */
  setVisible(visible: boolean): void;
}

class DeliveriesTree implements vscode.TreeDataProvider<DeliveryNode> {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.emitter.event;
  private rows: DeliveryRows | undefined;

  constructor(
    private readonly load: () => Promise<DeliveryRows>,
    private readonly worthLoading: () => boolean,
  ) {}

  /** Asks VS Code for the rows again: once worth loading, they come from the feature bundle. */
  recheck(): void {
    this.emitter.fire();
  }

  async loaded(): Promise<DeliveryRows> {
    if (!this.rows) {
      this.rows = await this.load();
      this.rows.onDidChange(() => this.emitter.fire());
    }
    return this.rows;
  }

  async getChildren(element?: DeliveryNode): Promise<DeliveryNode[]> {
    if (!this.rows && !this.worthLoading()) return [];
    return (await this.loaded()).children(element);
  }

  async getTreeItem(node: DeliveryNode): Promise<vscode.TreeItem> {
    return (await this.loaded()).item(node);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

/** When the rows are worth loading, and the events after which that may have become true. */
export interface DeliveriesWorth {
  worthLoading(): boolean;
  readonly onDidChange: readonly vscode.Event<unknown>[];
}

export function registerDeliveriesView(context: vscode.ExtensionContext, load: () => Promise<DeliveryRows>, worth: DeliveriesWorth): vscode.TreeView<DeliveryNode> {
  const tree = new DeliveriesTree(load, () => worth.worthLoading());
  const view = vscode.window.createTreeView(DELIVERIES_VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  context.subscriptions.push(sayRestrictedOn(view, vscode.l10n.t('no scenario is triggered and no notification resent')));
  const follow = (visible: boolean) => {
    if (worth.worthLoading()) void tree.loaded().then((rows) => rows.setVisible(visible));
  };
  const recheck = () => {
    tree.recheck();
    if (view.visible) follow(true);
  };
  if (view.visible) follow(true);
  context.subscriptions.push(tree, view, view.onDidChangeVisibility((e) => follow(e.visible)), ...worth.onDidChange.map((event) => event(recheck)));
  return view;
}
