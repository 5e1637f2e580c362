import * as vscode from 'vscode';
import { sentenceStart } from '../format/sentence';
import type { OriginAnswer, OriginQuestion } from '../credentials/credentials';

/**
 * A stored secret about to go to another host than the one it was stored for, asked as a modal that
 * names both hosts. Escape (and Cancel, the safe answer) sends nothing.
 */
export async function askSecretOrigin(q: OriginQuestion): Promise<OriginAnswer> {
  const once = vscode.l10n.t('Send to {0} in This Window', q.sendingTo);
  const bind = vscode.l10n.t('Store for {0}', q.sendingTo);
  const choice = await vscode.window.showWarningMessage(sentenceStart(q.message), { modal: true, detail: `${q.detail}\n\n${vscode.l10n.t('"{0}" leaves it bound to {1}; "{2}" binds it to {3} from now on.', once, q.storedFor ?? vscode.l10n.t('no host'), bind, q.sendingTo)}` }, once, bind);
  return choice === once ? 'allow' : choice === bind ? 'bind' : 'decline';
}

/** Where the extension's origin questions go: the modal above (the integration tests put a recording one here). */
export const originQuestions: { ask(q: OriginQuestion): Promise<OriginAnswer> } = { ask: askSecretOrigin };
