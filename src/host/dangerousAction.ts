import * as vscode from 'vscode';
import { sentenceStart } from '../format/sentence';

/**
 * A modal question before something that cannot be taken back (real money, a body that breaks the
 * gateway's rules, a switch to LIVE). VS Code makes the first non-close item the default button, the
 * one Enter presses, and adds its own Cancel; so the safe answer goes first and Enter never does the
 * dangerous thing. True only when the dangerous button itself was pressed.
 */
export async function confirmDangerousAction(question: {
  message: string;
  detail?: string;
  /** The dangerous button, e.g. "Send to LIVE". */
  action: string;
  /** The safe default, e.g. "Don't Send"; a word other than "Cancel" (VS Code adds that one). */
  safe: string;
}): Promise<boolean> {
  const safe: vscode.MessageItem = { title: question.safe };
  const action: vscode.MessageItem = { title: question.action };
  const choice = await vscode.window.showWarningMessage(sentenceStart(question.message), { modal: true, ...(question.detail ? { detail: question.detail } : {}) }, safe, action);
  return choice === action;
}
