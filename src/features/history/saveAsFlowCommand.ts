/** History's "Save as Flow…": pick exchanges, choose where, and the flow file opens in the editor. */
import * as vscode from 'vscode';
import type { Exchange } from '../../send/exchange';
import { describeExchange } from '../../history/describeExchange';
import type { HistoryStore } from '../../history/historyStore';
import { flowFileName, flowFromExchanges } from '../../history/saveAsFlow';

export const SAVE_AS_FLOW_COMMAND = 'paymentWorkbench.history.saveAsFlow';

/** `args.exchangeIds` and `args.target` let scripts and tests skip the pickers. */
interface SaveAsFlowArgs {
  exchangeIds?: string[];
  target?: vscode.Uri;
}

export function registerSaveAsFlow(context: vscode.ExtensionContext, store: HistoryStore): void {
  context.subscriptions.push(vscode.commands.registerCommand(SAVE_AS_FLOW_COMMAND, (args?: SaveAsFlowArgs) => saveAsFlow(store, args ?? {})));
}

async function saveAsFlow(store: HistoryStore, args: SaveAsFlowArgs): Promise<vscode.Uri | undefined> {
  const chosen = args.exchangeIds ? args.exchangeIds.flatMap((id) => store.get(id) ?? []) : await pickExchanges(store.list());
  if (!chosen?.length) return undefined;
  return saveExchangesAsFlow(chosen, args.target);
}

/**
 * Writes `chosen` as a flow file where the user says (or at `givenTarget`, without asking) and opens
 * it: History's "Save as Flow…" and the Gateway Tap's.
 */
export async function saveExchangesAsFlow(chosen: readonly Exchange[], givenTarget?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const chosenTarget = givenTarget ?? (await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Save as Flow'),
    filters: { [vscode.l10n.t('Payment flow')]: ['payflow.json'] },
    ...(vscode.workspace.workspaceFolders?.[0] ? { defaultUri: vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, 'saved.payflow.json') } : {}),
  }));
  if (!chosenTarget) return undefined;
  const target = chosenTarget.with({ path: flowFileName(chosenTarget.path) });
  const { incomplete, ...flow } = flowFromExchanges(chosen);
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(`${JSON.stringify(flow, null, 2)}\n`));
  if (!givenTarget) await vscode.window.showTextDocument(target);
  if (incomplete.length) void vscode.window.showInformationMessage(vscode.l10n.t('History keeps no card data or secrets: fill in the bodies of {0} before running the flow.', incomplete.join(', ')));
  return target;
}

async function pickExchanges(entries: readonly Exchange[]): Promise<Exchange[] | undefined> {
  if (entries.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('The Payment Workbench history is empty.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    entries.map((exchange) => ({ label: exchange.operationTitle, description: describeExchange(exchange), detail: `${exchange.request.method} ${exchange.request.url}`, exchange })),
    { canPickMany: true, placeHolder: vscode.l10n.t('The requests to put in the flow (they run oldest first)'), matchOnDescription: true, ignoreFocusOut: true },
  );
  return picked?.map((p) => p.exchange);
}
