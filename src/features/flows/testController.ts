/**
 * Flows in the Test Explorer. The controller is made at activation (it is cheap, and VS Code asks it
 * for tests when the Testing view opens); finding, parsing and running flows is the feature bundle's
 * work, loaded on the first such request.
 */
import * as vscode from 'vscode';

export const FLOW_CONTROLLER_ID = 'paymentWorkbench.flows';

export interface FlowTestsBackend {
  /** Finds every flow file and keeps the tree up to date as files change. */
  discover(controller: vscode.TestController): Promise<void>;
  /** Fills one file's steps. */
  resolve(controller: vscode.TestController, item: vscode.TestItem): Promise<void>;
  run(controller: vscode.TestController, request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void>;
}

export function registerFlowTests(context: vscode.ExtensionContext, backend: () => Promise<FlowTestsBackend>): vscode.TestController {
  const controller = vscode.tests.createTestController(FLOW_CONTROLLER_ID, vscode.l10n.t('Payment flows'));
  controller.resolveHandler = async (item) => {
    const b = await backend();
    await (item ? b.resolve(controller, item) : b.discover(controller));
  };
  controller.refreshHandler = async () => (await backend()).discover(controller);
  controller.createRunProfile(vscode.l10n.t('Run flow'), vscode.TestRunProfileKind.Run, async (request, token) => (await backend()).run(controller, request, token), true);
  context.subscriptions.push(controller);
  return controller;
}
