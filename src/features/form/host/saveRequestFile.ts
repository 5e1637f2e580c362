/** "Save as request file…": the form's content as a *.payreq.json that Send Request File and the editor understand. */
import * as vscode from 'vscode';
import type { OperationDef, RequestFile } from '../../../catalogue';
import type { FormState } from '../protocol';
import { credentialFreeBody } from './credentialFields';

function requestFileOf(op: OperationDef, state: FormState): RequestFile {
  const params = Object.fromEntries(Object.entries(state.params).filter(([k, v]) => v !== '' && (k === 'orderId' || k === 'transactionId' || k === 'sessionId' || k === 'tokenId')));
  return {
    operation: op.id,
    ...(state.version !== undefined && op.documentedVersions.length > 0 ? { version: state.version } : {}),
    ...(Object.keys(params).length > 0 ? { params } : {}),
    ...(op.hasBody ? { body: credentialFreeBody(state.body) } : {}),
  };
}

export async function saveRequestFile(op: OperationDef, state: FormState): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `${op.id.split('.').pop() ?? 'request'}.payreq.json`;
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Save {0} as a request file', op.title),
    filters: { [vscode.l10n.t('Payment request')]: ['payreq.json'], JSON: ['json'] },
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
  });
  if (!target) return undefined;
  const text = JSON.stringify(requestFileOf(op, state), null, 2) + '\n';
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  const OPEN = vscode.l10n.t('Open');
  const open = await vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}.', vscode.workspace.asRelativePath(target)), OPEN);
  if (open === OPEN) await vscode.window.showTextDocument(target, { preview: false });
  return target;
}
