/** Which documents are request files: the editor features and the Send command's body picker ask the same. */
import * as vscode from 'vscode';
import { largerThanLimit, NOT_A_REGULAR_FILE, readBytesBounded, UnreadableFile } from '../files/boundedFile';
import { MAX_INPUT_FILE_BYTES, oversizeProblem, oversizeTextProblem } from '../json/fileText';

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
  const problem = await fileProblem(uri, kind);
  return problem ? { problem } : vscode.workspace.openTextDocument(uri);
}

/** Why a file is not read: not a regular file (a link to a device or a pipe in a repository), or over the bound. */
async function fileProblem(uri: vscode.Uri, kind: OwnFileKind): Promise<string | undefined> {
  const stat = await vscode.workspace.fs.stat(uri);
  if ((stat.type & vscode.FileType.File) === 0) return NOT_A_REGULAR_FILE;
  return oversizeProblem(stat.size, kind);
}

/**
 * A file a workspace names, at most `limit` bytes: on disk through the one bounded reader (the bound
 * holds while reading, whatever stat said); elsewhere (a remote or virtual folder) regular files only,
 * judged by their size. Throws UnreadableFile.
 */
export async function readWorkspaceFile(uri: vscode.Uri, limit: number): Promise<Uint8Array> {
  if (uri.scheme === 'file') return readBytesBounded(uri.fsPath, limit, { regularOnly: true });
  const stat = await vscode.workspace.fs.stat(uri);
  if ((stat.type & vscode.FileType.File) === 0) throw new UnreadableFile(NOT_A_REGULAR_FILE);
  if (stat.size > limit) throw new UnreadableFile(largerThanLimit(stat.size, limit));
  return vscode.workspace.fs.readFile(uri);
}

/** The text of a file as openOwnFile judges it, read without opening a document for it (the Test Explorer reads every flow file). */
export async function readOwnFileText(uri: vscode.Uri, kind: OwnFileKind): Promise<string | { problem: string }> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) {
    const text = open.getText();
    const problem = oversizeTextProblem(text, kind);
    return problem ? { problem } : text;
  }
  const problem = await fileProblem(uri, kind);
  if (problem) return { problem };
  try {
    // TextDecoder drops a byte order mark; the parsers would skip one too.
    return new TextDecoder().decode(await readWorkspaceFile(uri, MAX_INPUT_FILE_BYTES));
  } catch (err) {
    if (err instanceof UnreadableFile) return { problem: err.message };
    throw err;
  }
}
