import * as vscode from 'vscode';
import type { ExchangeTone } from '../../history/describeExchange';

/** The icon of an exchange's tone, the same in History and the Tap view. */
export const TONE_ICON: Record<ExchangeTone, vscode.ThemeIcon> = {
  success: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  warning: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  error: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  info: new vscode.ThemeIcon('info'),
  failure: new vscode.ThemeIcon('debug-disconnect', new vscode.ThemeColor('testing.iconFailed')),
};
