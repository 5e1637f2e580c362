import * as vscode from 'vscode';

/**
 * The getting-started walkthrough's steps complete on real events (package.json completionEvents
 * `onContext:paymentWorkbench.walkthrough.<step>`). What is done is also kept in globalState, so a
 * step already done is not set again on every send, and a test can read it back.
 */
export type WalkthroughStep = 'environmentAdded' | 'passwordStored' | 'requestSent' | 'flowRun' | 'notificationReceived';

export const WALKTHROUGH_STATE_KEY = 'paymentWorkbench.walkthrough.done';

export async function markWalkthroughStep(state: vscode.Memento, step: WalkthroughStep): Promise<void> {
  const done = state.get<readonly string[]>(WALKTHROUGH_STATE_KEY, []);
  // VS Code keeps a completed step completed: setting the key again on every send would add nothing.
  if (done.includes(step)) return;
  await vscode.commands.executeCommand('setContext', `paymentWorkbench.walkthrough.${step}`, true);
  await state.update(WALKTHROUGH_STATE_KEY, [...done, step]);
}
