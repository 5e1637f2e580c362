/** Which documents are request files: the editor features and the Send command's body picker ask the same. */
import * as vscode from 'vscode';

export const REQUEST_FILE_LANGUAGE = 'payreq';

/**
 * The `payreq` language, and a *.payreq.json file that is JSON all the same (a `files.associations`
 * setting of the user's, or a host that ignores the contributed filename pattern): still a request file.
 */
export const REQUEST_FILE_SELECTOR: vscode.DocumentFilter[] = [{ language: REQUEST_FILE_LANGUAGE }, { language: 'json', pattern: '**/*.payreq.json' }];

export function isRequestFile(document: vscode.TextDocument): boolean {
  return vscode.languages.match(REQUEST_FILE_SELECTOR, document) > 0;
}

export const FLOW_FILE_LANGUAGE = 'payflow';

export function isFlowFile(document: vscode.TextDocument): boolean {
  return document.languageId === FLOW_FILE_LANGUAGE || document.uri.path.endsWith('.payflow.json');
}

const isOwnFile = (document: vscode.TextDocument) => isRequestFile(document) || isFlowFile(document);

/** Calls `onFirst` once, as soon as a request or flow file is open (now, or later in the session). */
export function whenOwnFileOpens(onFirst: () => void): vscode.Disposable {
  if (vscode.workspace.textDocuments.some(isOwnFile)) {
    onFirst();
    return { dispose: () => undefined };
  }
  const subscription = vscode.workspace.onDidOpenTextDocument((document) => {
    if (!isOwnFile(document)) return;
    subscription.dispose();
    onFirst();
  });
  return subscription;
}
