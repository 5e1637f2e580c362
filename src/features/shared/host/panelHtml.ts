/** The vscode side of webviewHtml(): resource URIs, CSP source and the options every panel shares. */
import * as vscode from 'vscode';
import { newNonce, webviewHtml, type WebviewKind } from './webviewHtml';

/**
 * Scripts on, only the extension's own build and media readable, and no retainContextWhenHidden:
 * the webviews keep their content with getState/setState, which costs no memory while hidden.
 */
export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableFindWidget: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'dist', 'codicons'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, view: WebviewKind, title: string): string {
  const uri = (...parts: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...parts)).toString();
  return webviewHtml({
    view,
    title,
    cspSource: webview.cspSource,
    nonce: newNonce(),
    scriptUri: uri('dist', 'webview', `${view}.js`),
    elementsUri: uri('dist', 'webview', 'elements.js'),
    styleUris: [uri('media', 'webview.css'), uri('media', `${view}.css`)],
    codiconUri: uri('dist', 'codicons', 'codicon.css'),
    language: vscode.env.language,
    ...(vscode.l10n.bundle ? { l10n: vscode.l10n.bundle } : {}),
  });
}
