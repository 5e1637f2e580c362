import * as vscode from 'vscode';
import { registerEnvironmentsView } from './environments/registerEnvironmentsView';

/** Wiring only: every feature registers itself and hands its disposables to the context. */
export function activate(context: vscode.ExtensionContext): void {
  registerEnvironmentsView(context);
}

export function deactivate(): void {
  // Disposables in context.subscriptions are released by VS Code.
}
