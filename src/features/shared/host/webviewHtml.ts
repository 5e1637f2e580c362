/**
 * The HTML every Payment Workbench webview starts from. No vscode import: the browser tests serve
 * the very same page (same CSP) with a stand-in for acquireVsCodeApi.
 */
import { randomBytes } from 'node:crypto';

export type WebviewKind = 'form' | 'response';

interface WebviewPage {
  view: WebviewKind;
  title: string;
  /** `webview.cspSource`: the only origin styles, fonts and images may come from. */
  cspSource: string;
  nonce: string;
  scriptUri: string;
  /** dist/webview/elements.js: the web components both views share, run before the view's bundle. */
  elementsUri: string;
  styleUris: string[];
  /** The codicon stylesheet; vscode-elements looks it up by the id `vscode-codicon-stylesheet`. */
  codiconUri: string;
  /** Scripts run before the bundle, with the same nonce (the browser tests' acquireVsCodeApi stand-in). */
  preludeUris?: string[];
  /** VS Code's display language (`vscode.env.language`), for <html lang>; English when absent. */
  language?: string;
  /** The extension's l10n bundle for that language (`vscode.l10n.bundle`); absent in English. Read by shared/app/webviewText.ts. */
  l10n?: Record<string, string>;
}

/** 128 random bits from the OS: a nonce must not be guessable, so never Math.random or the time. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * default-src 'none'; scripts only by nonce; styles and fonts only from the extension's own files
 * (no 'unsafe-inline': the web components style themselves with constructed stylesheets, which CSP
 * does not govern, and our code sets no inline style).
 */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function webviewHtml(p: WebviewPage): string {
  const scripts = [...(p.preludeUris ?? []), p.elementsUri, p.scriptUri].map((src) => `<script nonce="${attr(p.nonce)}" src="${attr(src)}"></script>`).join('\n    ');
  const styles = p.styleUris.map((href) => `<link rel="stylesheet" href="${attr(href)}">`).join('\n    ');
  return `<!DOCTYPE html>
<html lang="${attr(p.language ?? 'en')}">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(p.cspSource, p.nonce))}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <link rel="stylesheet" id="vscode-codicon-stylesheet" href="${attr(p.codiconUri)}">
    ${styles}
    <title>${attr(p.title)}</title>
  </head>
  <body data-view="${p.view}"${p.l10n ? ` data-l10n="${attr(JSON.stringify(p.l10n))}"` : ''}>
    <main id="app" aria-busy="true"></main>
    ${scripts}
  </body>
</html>
`;
}
