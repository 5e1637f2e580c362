import * as vscode from 'vscode';
import { sentenceStart } from '../format/sentence';
import type { OriginAnswer, OriginQuestion } from '../credentials/credentials';

/**
 * A stored secret about to go to another host than the one it was stored for, asked as a modal that
 * names both hosts. Escape (and Cancel, the safe answer) sends nothing.
 */
export async function askSecretOrigin(q: OriginQuestion): Promise<OriginAnswer> {
  const once = `Send to ${q.sendingTo} in This Window`;
  const bind = `Store for ${q.sendingTo}`;
  const choice = await vscode.window.showWarningMessage(sentenceStart(q.message), { modal: true, detail: `${q.detail}\n\n"${once}" leaves it bound to ${q.storedFor ?? 'no host'}; "${bind}" binds it to ${q.sendingTo} from now on.` }, once, bind);
  return choice === once ? 'allow' : choice === bind ? 'bind' : 'decline';
}

/** Where the extension's origin questions go: the modal above (the integration tests put a recording one here). */
export const originQuestions: { ask(q: OriginQuestion): Promise<OriginAnswer> } = { ask: askSecretOrigin };
