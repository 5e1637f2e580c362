/** History's Re-send: the entry goes out again only when every value was kept; otherwise the form opens with the gaps noted. */
import * as vscode from 'vscode';
import { idPattern } from '../../commands/idSuggestions';
import type { Exchange } from '../../send/exchange';
import { generateId } from '../../send/ids';
import { CARD_NOT_KEPT_NOTE, replayOf } from '../../history/replay';

export async function resendFromHistory(e: Exchange, openInForm: (e: Exchange) => Promise<void>): Promise<void> {
  const replay = replayOf(e, () => generateId(idPattern('order')));
  if (!replay.complete) {
    // Masked or redacted values are never sent: the user completes them in the form.
    const card = Object.values(replay.fieldNotes).includes(CARD_NOT_KEPT_NOTE);
    void vscode.window.showInformationMessage(
      card
        ? vscode.l10n.t('{0}: card data is not kept in history. Enter it in the form or pick a test card, then send.', e.operationTitle)
        : vscode.l10n.t('{0}: some values were redacted in history. Fill them in the form, then send.', e.operationTitle),
    );
    await openInForm(e);
    return;
  }
  await vscode.commands.executeCommand('paymentWorkbench.sendRequest', {
    environmentId: replay.environmentId,
    operationId: replay.operationId,
    version: replay.version,
    params: replay.params,
    body: replay.body,
  });
}
