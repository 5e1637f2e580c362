/**
 * Files dropped on the Environments or History view are imported (cURL, Postman, .http): the view
 * hands them to "Import Requests…", whose code loads with the feature bundle on first use.
 */
import * as vscode from 'vscode';
import { filePathsOfUriList } from '../interop/uriList';

const URI_LIST = 'text/uri-list';

export function importDropController(): vscode.TreeDragAndDropController<unknown> {
  return {
    dropMimeTypes: [URI_LIST],
    dragMimeTypes: [],
    async handleDrop(_target, data) {
      const files = filePathsOfUriList((await data.get(URI_LIST)?.asString()) ?? '');
      if (files.length) await vscode.commands.executeCommand('paymentWorkbench.importRequests', { files });
    },
  };
}
