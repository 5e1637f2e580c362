/**
 * The "History" tree and its commands. The store does the keeping; this file only shows it and
 * routes clicks to the actions the extension passes in (open the response view, re-send).
 */
import * as vscode from 'vscode';
import type { Exchange } from '../../send/exchange';
import { describeExchange, toneOf, tooltipText } from '../../history/describeExchange';
import { TONE_ICON } from './toneIcons';
import type { HistoryStore } from '../../history/historyStore';
import { orderThreads } from '../../orders/answers/timeline';
import { copyExchangeCurl } from './copyCurl';
import { importDropController } from '../../platform/importDrop';

const HISTORY_VIEW_ID = 'paymentWorkbench.history';
const HISTORY_COMMANDS = {
  open: 'paymentWorkbench.history.open',
  openAsText: 'paymentWorkbench.history.openAsText',
  openInForm: 'paymentWorkbench.history.openInForm',
  resend: 'paymentWorkbench.history.resend',
  copyCurl: 'paymentWorkbench.history.copyCurl',
  clear: 'paymentWorkbench.history.clear',
  filterByOrder: 'paymentWorkbench.history.filterByOrder',
  clearFilter: 'paymentWorkbench.history.clearFilter',
  focus: 'paymentWorkbench.openHistory',
} as const;
/** contextValue of an entry; menus match it with `viewItem == paymentWorkbench.historyEntry`. */
const HISTORY_ITEM_CONTEXT = 'paymentWorkbench.historyEntry';

interface HistoryActions {
  resend(e: Exchange): Promise<void>;
  /** The response panel. */
  open(e: Exchange): Promise<void>;
  /** The Markdown text view (searchable, diffable, copyable as a whole). */
  openAsText(e: Exchange): Promise<void>;
  openInForm(e: Exchange): Promise<void>;
}

/** What activate() returns as `history` in the extension API (integration tests use it). */
export interface HistoryApi {
  add(e: Exchange): Promise<void>;
  list(): Exchange[];
  /** Shows only the requests of this order (undefined: all). */
  filterByOrder(orderId: string | undefined): Promise<void>;
}

/** `paymentWorkbench.historyFiltered` shows the "Show All History" button while History shows one order. */
const FILTERED_CONTEXT = 'paymentWorkbench.historyFiltered';



class HistoryTree implements vscode.TreeDataProvider<Exchange> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  /** An order id: only its requests are shown. */
  orderFilter: string | undefined;

  constructor(private readonly store: HistoryStore) {}

  refresh(): void {
    this.changed.fire();
  }

  getChildren(element?: Exchange): Exchange[] {
    if (element) return [];
    const all = this.store.list();
    if (this.orderFilter === undefined) return all;
    // The order's session calls too (Create and Update Session name no order in their URL).
    const orderOf = orderThreads(all);
    return all.filter((e) => orderOf(e) === this.orderFilter);
  }

  getTreeItem(e: Exchange): vscode.TreeItem {
    const item = new vscode.TreeItem(e.operationTitle, vscode.TreeItemCollapsibleState.None);
    item.id = e.id;
    item.description = describeExchange(e);
    item.iconPath = TONE_ICON[toneOf(e)];
    item.tooltip = tooltipText(e);
    item.contextValue = HISTORY_ITEM_CONTEXT;
    item.accessibilityInformation = { label: `${e.operationTitle}, ${item.description}` };
    item.command = { command: HISTORY_COMMANDS.open, title: vscode.l10n.t('Open Response'), arguments: [e.id] };
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function registerHistoryView(context: vscode.ExtensionContext, store: HistoryStore, actions: HistoryActions): HistoryApi {
  const tree = new HistoryTree(store);
  const view = vscode.window.createTreeView(HISTORY_VIEW_ID, { treeDataProvider: tree, showCollapseAll: false, dragAndDropController: importDropController() });
  const filterByOrder = async (orderId: string | undefined): Promise<void> => {
    tree.orderFilter = orderId;
    view.description = orderId === undefined ? undefined : vscode.l10n.t('order {0}', orderId);
    tree.refresh();
    await vscode.commands.executeCommand('setContext', FILTERED_CONTEXT, orderId !== undefined);
    if (orderId !== undefined) await vscode.commands.executeCommand(`${HISTORY_VIEW_ID}.focus`);
  };

  context.subscriptions.push(
    tree,
    view,
    // The file is read when the view first asks for children, not here: activation stays fast.
    store.onChange(() => tree.refresh()),
    // One unreadable entry no longer costs the whole file: the user is told how many were left out.
    store.onEntriesLeftOut((count) => {
      void vscode.window.showWarningMessage(
        count === 1 ? vscode.l10n.t('History: 1 entry of the history file could not be read and was left out; the others are kept. The Payment Workbench output says which.') : vscode.l10n.t('History: {0} entries of the history file could not be read and were left out; the others are kept. The Payment Workbench output says which.', count),
      );
    }),
    ...([
      [HISTORY_COMMANDS.open, vscode.l10n.t('Open which response?'), actions.open],
      [HISTORY_COMMANDS.openAsText, vscode.l10n.t('Open which response as text?'), actions.openAsText],
      [HISTORY_COMMANDS.openInForm, vscode.l10n.t('Open which request in a form?'), actions.openInForm],
      [HISTORY_COMMANDS.resend, vscode.l10n.t('Re-send which request?'), actions.resend],
    ] as const).map(([command, placeHolder, act]) =>
      vscode.commands.registerCommand(command, async (arg?: unknown) => {
        const e = await resolveExchange(store, arg, placeHolder);
        if (e) await act(e);
      }),
    ),
    vscode.commands.registerCommand(HISTORY_COMMANDS.copyCurl, async (arg?: unknown) => {
      const e = await resolveExchange(store, arg, vscode.l10n.t('Copy which request as cURL?'));
      if (!e) return;
      await copyExchangeCurl(e);
    }),
    vscode.commands.registerCommand(HISTORY_COMMANDS.clear, async (options?: unknown) => {
      const count = store.list().length;
      if (count === 0) return;
      // Programmatic callers (tests, a future "reset" flow) may skip the dialog; the title-bar button never passes options.
      const skip = typeof options === 'object' && options !== null && (options as { confirmed?: unknown }).confirmed === true;
      if (!skip) {
        const CLEAR_HISTORY = vscode.l10n.t('Clear History');
        const answer = await vscode.window.showWarningMessage(
          vscode.l10n.t('Clear all {0} requests from the Payment Workbench history?', count),
          { modal: true, detail: vscode.l10n.t('Stored requests and responses are deleted; this cannot be undone.') },
          CLEAR_HISTORY,
        );
        if (answer !== CLEAR_HISTORY) return;
      }
      await store.clear();
    }),
    vscode.commands.registerCommand(HISTORY_COMMANDS.focus, () => vscode.commands.executeCommand(`${HISTORY_VIEW_ID}.focus`)),
    vscode.commands.registerCommand(HISTORY_COMMANDS.filterByOrder, async (arg?: unknown) => {
      const orderId = typeof arg === 'string' ? arg : await askOrderId(store);
      if (orderId !== undefined) await filterByOrder(orderId);
    }),
    vscode.commands.registerCommand(HISTORY_COMMANDS.clearFilter, () => filterByOrder(undefined)),
  );
  return { add: (e) => store.add(e), list: () => store.list(), filterByOrder };
}

/** The order ids History holds, newest first, to pick from; or one typed in. */
async function askOrderId(store: HistoryStore): Promise<string | undefined> {
  const ids = [...new Set(store.list().map((e) => e.params.orderId).filter((id): id is string => id !== undefined && id !== ''))];
  if (ids.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No request in the history names an order yet.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(ids.map((id) => ({ label: id })), { placeHolder: vscode.l10n.t('Show the requests of which order?'), matchOnDescription: true, ignoreFocusOut: true });
  return picked?.label;
}

/**
 * Commands get an Exchange from the tree, an id from the item's click and from tests, and nothing
 * from the palette; then the user picks from the list.
 */
async function resolveExchange(store: HistoryStore, arg: unknown, placeHolder: string): Promise<Exchange | undefined> {
  if (typeof arg === 'string') return found(store.get(arg));
  if (typeof arg === 'object' && arg !== null && typeof (arg as { id?: unknown }).id === 'string') {
    return found(store.get((arg as { id: string }).id));
  }
  const entries = store.list();
  if (entries.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('The Payment Workbench history is empty.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    entries.map((e) => ({ label: e.operationTitle, description: describeExchange(e), detail: `${e.request.method} ${e.request.url}`, exchange: e })),
    // Started from a focused form or response panel, the pick must not close when the webview takes the focus back (commands/promptSequence.ts).
    { placeHolder, matchOnDescription: true, matchOnDetail: true, ignoreFocusOut: true },
  );
  return picked?.exchange;
}

function found(e: Exchange | undefined): Exchange | undefined {
  if (!e) void vscode.window.showWarningMessage(vscode.l10n.t('That history entry no longer exists (the history may have been cleared).'));
  return e;
}
