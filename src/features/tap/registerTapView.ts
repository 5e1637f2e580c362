/**
 * The "Tap" view: the calls the Gateway Tap saw, newest first, one row each. Registered at activation
 * (so its welcome content and Start link show) but holding nothing of the tap itself: the tap lives in
 * the feature bundle and pushes its calls here while it runs (see tapController.ts).
 */
import * as vscode from 'vscode';
import { sayRestrictedOn } from '../../platform/workspaceTrust';
import type { Exchange } from '../../send/exchange';
import { toneOf } from '../../history/describeExchange';
import { TONE_ICON } from '../history/toneIcons';
import type { TapCall } from '../../tap/types';
import { tapRowText } from './tapRows';

export const TAP_VIEW_ID = 'paymentWorkbench.tap';
export const TAP_OPEN_COMMAND = 'paymentWorkbench.tap.open';
/** contextValue of a row; menus match it with `viewItem == paymentWorkbench.tapCall`. */
const TAP_ITEM_CONTEXT = 'paymentWorkbench.tapCall';
/** Rows are redrawn at most this often while calls stream in. */
const REFRESH_MS = 150;

const FAULT_ICON = new vscode.ThemeIcon('zap', new vscode.ThemeColor('list.warningForeground'));

/** What the feature bundle's tap controller tells the view. */
export interface TapView {
  /** A tap started: rows of an earlier run go, this run's calls (oldest first, the ring) come. */
  started(calls: () => readonly TapCall[], description: string): void;
  /** New calls arrived: the rows are redrawn soon (at most every REFRESH_MS). */
  changed(): void;
  /** The tap stopped: its rows stay (their context menus still work) until the next start. */
  stopped(description: string): void;
  /** The calls shown, newest first (a command run from the palette picks from them). */
  calls(): readonly TapCall[];
  /** The rows selected in the view (Save as Flow of a multi-selection). */
  selection(): readonly TapCall[];
  /** Label and description of each row as the view shows them (integration tests). */
  rows(): { label: string; description: string; icon: string }[];
}

class TapTree implements vscode.TreeDataProvider<TapCall> {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.emitter.event;
  source: () => readonly TapCall[] = () => [];
  /** Each run's rows get ids of their own: seq starts at 1 again. */
  run = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  refreshSoon(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.emitter.fire();
    }, REFRESH_MS);
  }

  refreshNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.emitter.fire();
  }

  getChildren(element?: TapCall): TapCall[] {
    return element ? [] : [...this.source()].reverse();
  }

  getTreeItem(call: TapCall): vscode.TreeItem {
    const row = tapRowText(call);
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = `tap:${this.run}:${call.seq}`;
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.iconPath = call.fault ? FAULT_ICON : TONE_ICON[toneOf(call.exchange)];
    item.contextValue = call.recognised ? TAP_ITEM_CONTEXT : `${TAP_ITEM_CONTEXT}.unrecognised`;
    item.accessibilityInformation = { label: `${row.label}, ${row.description}` };
    item.command = { command: TAP_OPEN_COMMAND, title: vscode.l10n.t('Open Response'), arguments: [call.seq] };
    return item;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.emitter.dispose();
  }
}

export function registerTapView(context: vscode.ExtensionContext, open: (e: Exchange) => Promise<void>): TapView {
  const tree = new TapTree();
  const view = vscode.window.createTreeView(TAP_VIEW_ID, { treeDataProvider: tree, canSelectMany: true, showCollapseAll: false });
  context.subscriptions.push(sayRestrictedOn(view, vscode.l10n.t('the Gateway Tap does not start')));
  context.subscriptions.push(
    tree,
    view,
    vscode.commands.registerCommand(TAP_OPEN_COMMAND, async (arg?: unknown) => {
      const seq = typeof arg === 'number' ? arg : typeof arg === 'object' && arg !== null ? (arg as Partial<TapCall>).seq : undefined;
      const call = tree.source().find((c) => c.seq === seq);
      if (call) await open(call.exchange);
      else void vscode.window.showWarningMessage(vscode.l10n.t('That call is no longer kept by the Gateway Tap (it keeps the newest calls only).'));
    }),
  );
  return {
    started(calls, description) {
      tree.run += 1;
      tree.source = calls;
      view.description = description;
      tree.refreshNow();
      // The view lives in the Payment Traffic panel, maybe closed: show where the calls will arrive.
      if (!view.visible) void vscode.commands.executeCommand(`${TAP_VIEW_ID}.focus`);
    },
    changed: () => tree.refreshSoon(),
    stopped(description) {
      view.description = description;
      tree.refreshNow();
    },
    calls: () => tree.getChildren(),
    selection: () => view.selection,
    rows: () => tree.getChildren().map((c) => {
      const item = tree.getTreeItem(c);
      return { label: String(item.label), description: String(item.description), icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : '' };
    }),
  };
}
