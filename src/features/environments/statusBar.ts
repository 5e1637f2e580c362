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
    if (!env) {
      item.text = '$(credit-card) No environment';
      item.backgroundColor = undefined;
    } else {
      const live = isLive(env);
      item.text = `$(credit-card) ${env.name} ${live ? '$(warning) LIVE' : '· TEST'}`;
      item.tooltip = `${env.name}: ${live ? 'LIVE — real money can move' : 'test environment'}. Click to switch.`;
      item.backgroundColor = live ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    }
    item.show();
  };
  update();
  context.subscriptions.push(item, store.onDidChange(update));
}
