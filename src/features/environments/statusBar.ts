import * as vscode from 'vscode';
import { isLive } from '../../environments/environment';
import type { EnvironmentStore } from './environmentStore';

/** Active environment with a TEST/LIVE badge that cannot be missed; click to switch. */
export function registerStatusBar(context: vscode.ExtensionContext, store: EnvironmentStore): void {
  const item = vscode.window.createStatusBarItem('paymentWorkbench.environment', vscode.StatusBarAlignment.Left, 50);
  item.name = vscode.l10n.t('Payment Workbench environment');
  item.command = 'paymentWorkbench.switchEnvironment';
  const update = () => {
    const env = store.active();
    // Restricted Mode first: nothing is sent to whatever environment is active.
    const restricted = !vscode.workspace.isTrusted;
    if (!env) {
      item.text = vscode.l10n.t('$(credit-card) No environment');
      item.backgroundColor = undefined;
    } else {
      const live = isLive(env);
      item.text = `$(credit-card) ${env.name} ${live ? '$(warning) LIVE' : '· TEST'}${restricted ? ` · $(shield) ${vscode.l10n.t('Restricted')}` : ''}`;
      item.tooltip = (live ? vscode.l10n.t('{0}: LIVE — real money can move. Click to switch.', env.name) : vscode.l10n.t('{0}: test environment. Click to switch.', env.name)) + (restricted ? ` ${vscode.l10n.t('Restricted Mode: nothing is sent until you trust this workspace.')}` : '');
      item.backgroundColor = live ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    }
    item.show();
  };
  update();
  context.subscriptions.push(item, store.onDidChange(update), vscode.workspace.onDidGrantWorkspaceTrust(update));
}
