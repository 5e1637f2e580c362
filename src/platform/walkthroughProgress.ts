import * as vscode from 'vscode';

/**
 * The getting-started walkthrough's steps complete on real events (package.json completionEvents
 * `onContext:paymentWorkbench.walkthrough.<step>`). What is done is also kept in globalState, so a
 * step already done is not set again on every send, and a test can read it back.
 */
export type WalkthroughStep = 'environmentAdded' | 'passwordStored' | 'requestSent' | 'flowRun' | 'notificationReceived';

export const WALKTHROUGH_STATE_KEY = 'paymentWorkbench.walkthrough.done';

/** The context key the step's completionEvents wait for (package.json). */
const tickStep = (step: string): Thenable<unknown> => vscode.commands.executeCommand('setContext', `paymentWorkbench.walkthrough.${step}`, true);

export async function markWalkthroughStep(state: vscode.Memento, step: WalkthroughStep): Promise<void> {
  const done = state.get<readonly string[]>(WALKTHROUGH_STATE_KEY, []);
  // VS Code keeps a completed step completed: setting the key again on every send would add nothing.
  if (done.includes(step)) return;
  await tickStep(step);
  await state.update(WALKTHROUGH_STATE_KEY, [...done, step]);
}

const WALKTHROUGH_OPENED_KEY = 'paymentWorkbench.walkthrough.opened';
/** Ours, and VS Code's own (which a remote extension host, as code-server's, may not be told). */
const OPEN_ON_FIRST_START = 'paymentWorkbench.walkthrough.openOnFirstStart';
const OPEN_ON_INSTALL = 'workbench.welcomePage.walkthroughs.openOnInstall';

/**
 * At each start, after activation: on the first start after install, opens the walkthrough once (unless
 * paymentWorkbench.walkthrough.openOnFirstStart or VS Code's openOnInstall is off);
 * then ticks what is done. VS Code may take this walkthrough's steps in only when it is first shown, and
 * a context key set before then ticks nothing; so the keys of the steps done before are set again at
 * every start, and "Add an environment" is done as soon as the simulator's environments are there.
 */
export async function walkthroughOnStart(context: vscode.ExtensionContext, environmentCount: () => number): Promise<void> {
  if (!context.globalState.get<boolean>(WALKTHROUGH_OPENED_KEY, false)) {
    await context.globalState.update(WALKTHROUGH_OPENED_KEY, true);
    const config = vscode.workspace.getConfiguration();
    if (config.get<unknown>(OPEN_ON_FIRST_START) !== false && config.get<unknown>(OPEN_ON_INSTALL) !== false) {
      await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#gettingStarted`, false);
    }
  }
  for (const step of context.globalState.get<readonly string[]>(WALKTHROUGH_STATE_KEY, [])) await tickStep(step);
  if (environmentCount() > 0) await markWalkthroughStep(context.globalState, 'environmentAdded');
}
