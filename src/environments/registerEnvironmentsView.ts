import * as vscode from 'vscode';

class EnvironmentsTree implements vscode.TreeDataProvider<vscode.TreeItem> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  refresh(): void {
    this.changed.fire();
  }

  getTreeItem(item: vscode.TreeItem): vscode.TreeItem {
    return item;
  }

  getChildren(): vscode.TreeItem[] {
    return [];
  }
}

export function registerEnvironmentsView(context: vscode.ExtensionContext): void {
  const tree = new EnvironmentsTree();
  context.subscriptions.push(
    vscode.window.registerTreeDataProvider('paymentWorkbench.environments', tree),
    vscode.commands.registerCommand('paymentWorkbench.refreshEnvironments', () => tree.refresh()),
  );
}
