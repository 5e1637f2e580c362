import * as vscode from 'vscode';
import { isLive } from '../../environments/environment';
import type { EnvironmentStore } from './environmentStore';

/** Active environment with a TEST/LIVE badge that cannot be missed; click to switch. */
export function registerStatusBar(context: vscode.ExtensionContext, store: EnvironmentStore): void {
  const item = vscode.window.createStatusBarItem('paymentWorkbench.environment', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Payment Workbench environment';
  item.command = 'paymentWorkbench.switchEnvironment';
  const update = () => {
    const env = store.active();
    // Restricted Mode first: nothing is sent to whatever environment is active.
    const restricted = !vscode.workspace.isTrusted;
    if (!env) {
      item.text = '$(credit-card) No environment';
      item.backgroundColor = undefined;
    } else {
      const live = isLive(env);
      item.text = `$(credit-card) ${env.name} ${live ? '$(warning) LIVE' : '· TEST'}${restricted ? ' · $(shield) Restricted' : ''}`;
      item.tooltip = `${env.name}: ${live ? 'LIVE — real money can move' : 'test environment'}.${restricted ? ' Restricted Mode: nothing is sent until you trust this workspace.' : ''} Click to switch.`;
      item.backgroundColor = live ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    }
    item.show();
  };
  update();
  context.subscriptions.push(item, store.onDidChange(update), vscode.workspace.onDidGrantWorkspaceTrust(update));
}
