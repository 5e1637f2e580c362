/** Which documents are request files: the editor features and the Send command's body picker ask the same. */
import * as vscode from 'vscode';
import { oversizeProblem, oversizeTextProblem } from '../json/fileText';

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

type OwnFileKind = 'flow' | 'request';

/**
 * A request or flow file as a door reads it: its open document (unsaved edits included), else the
 * file, judged by its size before anything is read (a stat; the text of an open one): a file over the
 * bound is refused with its size and the limit, never loaded into a document nor parsed. Without a
 * `uri`, the active editor's document. Undefined when there is nothing to read.
 */
export async function openOwnFile(uri: vscode.Uri | undefined, kind: OwnFileKind): Promise<vscode.TextDocument | { problem: string } | undefined> {
  const open = uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) : vscode.window.activeTextEditor?.document;
  if (open) {
    const problem = oversizeTextProblem(open.getText(), kind);
    return problem ? { problem } : open;
  }
  if (!uri) return undefined;
  const problem = oversizeProblem((await vscode.workspace.fs.stat(uri)).size, kind);
  return problem ? { problem } : vscode.workspace.openTextDocument(uri);
}

/** The text of a file as openOwnFile judges it, read without opening a document for it (the Test Explorer reads every flow file). */
export async function readOwnFileText(uri: vscode.Uri, kind: OwnFileKind): Promise<string | { problem: string }> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) {
    const text = open.getText();
    const problem = oversizeTextProblem(text, kind);
    return problem ? { problem } : text;
  }
  const problem = oversizeProblem((await vscode.workspace.fs.stat(uri)).size, kind);
  if (problem) return { problem };
  // TextDecoder drops a byte order mark; the parsers would skip one too.
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}
