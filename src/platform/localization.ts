/**
 * Text of modules that do not import `vscode` (host helpers kept testable without an editor, and the engine)
 * goes through `l10n.t` of @vscode/l10n; this module hands that runtime the bundle VS Code loaded for the
 * display language (undefined in English: the source text is the English text). dist/extension.js and
 * dist/features.js each carry their own copy of @vscode/l10n, so each entry imports this module first: its
 * statement then runs before any other module of the bundle, and tables of labels built at load time are
 * already in the display language.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

export function configureRuntimeText(): void {
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
}

configureRuntimeText();
