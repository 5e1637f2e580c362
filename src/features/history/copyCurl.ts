/** "Copy as cURL (Redacted)" of an exchange: History's and the Gateway Tap's context menus. */
import * as vscode from 'vscode';
import type { Exchange } from '../../send/exchange';
import { paramIdRuns, scrubText } from '../../history/scrub';

export async function copyExchangeCurl(e: Exchange): Promise<void> {
  // Stored cURL is redacted already; scrubbing again costs nothing and protects older entries.
  await vscode.env.clipboard.writeText(scrubText(e.request.curl, undefined, paramIdRuns(e)));
  void vscode.window.showInformationMessage(
    e.request.bodyWasMasked ? vscode.l10n.t('Copied the cURL command (secrets redacted; masked body values must be filled in).') : vscode.l10n.t('Copied the cURL command (secrets redacted).'),
  );
}
