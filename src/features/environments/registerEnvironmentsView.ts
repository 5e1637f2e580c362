import * as vscode from 'vscode';
import type { SessionState } from '../../auth/tokenSet';
import type { Environment } from '../../environments/environment';
import type { EnvironmentStore } from './environmentStore';
import { EnvironmentsTree } from './environmentsTree';
import { registerStatusBar } from './statusBar';
import { importDropController } from '../../platform/importDrop';

/**
 * What the view follows, named here rather than imported from commands/ (which sits above this
 * folder): the extension's services satisfy it as they are.
 */
interface EnvironmentsViewSources {
  readonly environments: EnvironmentStore;
  readonly secrets: { readonly onDidChange: vscode.Event<unknown> };
  readonly simulator: { readonly onDidChange: vscode.Event<unknown> };
  /** The financing sign-in shown under an environment: read from the stored tokens, no HTTP client needed. */
  sessionState(env: Environment): Promise<SessionState>;
}

/** The Environments tree and the status bar badge; both follow the store, secrets and the simulator. */
export function registerEnvironmentsView(context: vscode.ExtensionContext, services: EnvironmentsViewSources): EnvironmentsTree {
  const tree = new EnvironmentsTree(services.environments, async (env) => {
    const signedOut = { signedIn: false, expiresAt: undefined };
    if (!env.financingBaseUrl) return signedOut;
    return services.sessionState(env).catch(() => signedOut);
  }, () => !vscode.workspace.isTrusted);
  const view = vscode.window.createTreeView('paymentWorkbench.environments', { treeDataProvider: tree, showCollapseAll: true, dragAndDropController: importDropController() });
  const refresh = () => tree.refresh();
  // Token expiry is shown in minutes; keep the figure honest while the view is visible.
  const timer = setInterval(() => view.visible && refresh(), 60_000);
  context.subscriptions.push(
    view,
    { dispose: () => clearInterval(timer) },
    services.environments.onDidChange(refresh),
    vscode.workspace.onDidGrantWorkspaceTrust(refresh),
    services.secrets.onDidChange(refresh),
    services.simulator.onDidChange(refresh),
    vscode.commands.registerCommand('paymentWorkbench.refreshEnvironments', refresh),
  );
  registerStatusBar(context, services.environments);
  return tree;
}
