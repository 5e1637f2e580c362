/**
 * "Next Step…" on an order of the Orders view: the steps the newest answer about the order allows
 * (the same list as the response panel's buttons), picked from a list, opened in their form.
 * Registered by the feature bundle: the decision needs the catalogue's codes.
 */
import * as vscode from 'vscode';
import type { Exchange } from '../../send/exchange';
import { nextStepsFor, type NextStep } from '../../orders/answers/nextSteps';
import { orderOfAnswer } from '../../orders/answers/orderOfAnswer';
import type { HistoryStore } from '../../history/historyStore';

export const ORDER_NEXT_STEP_COMMAND = 'paymentWorkbench.orders.nextStep';

/** The order id a command got: the Orders view's node or an id. */
function orderIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const node = arg as { kind?: unknown; order?: { orderId?: unknown } } | undefined;
  return node?.kind === 'order' && typeof node.order?.orderId === 'string' ? node.order.orderId : undefined;
}

/** The newest exchange of the order (in `environmentId`) whose answer tells the order's state, as the order model reads it. */
export function newestOrderAnswer(exchanges: readonly Exchange[], orderId: string, environmentId: string | undefined): Exchange | undefined {
  return exchanges
    .filter((e) => e.params.orderId === orderId && (environmentId === undefined || e.environment.id === environmentId) && orderOfAnswer(e) !== undefined)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
}

export function registerOrderNextStep(context: vscode.ExtensionContext, history: HistoryStore, activeEnvironmentId: () => string | undefined, open: (step: NextStep, e: Exchange) => Promise<void>): void {
  context.subscriptions.push(vscode.commands.registerCommand(ORDER_NEXT_STEP_COMMAND, async (arg?: unknown) => {
    const orderId = orderIdOf(arg);
    const answer = orderId === undefined ? undefined : newestOrderAnswer(history.list(), orderId, activeEnvironmentId());
    const steps = answer ? nextStepsFor(answer) : [];
    if (!answer || steps.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No answer about order {0} tells what can follow: send Retrieve Order first.', orderId ?? vscode.l10n.t('(none)')));
      return;
    }
    const picked = await vscode.window.showQuickPick(steps.map((step) => ({ label: step.label, description: step.operationId, step })), { placeHolder: `Next on order ${orderId ?? ''}, from the ${answer.operationTitle} answer`, ignoreFocusOut: true });
    if (picked) await open(picked.step, answer);
  }));
}
