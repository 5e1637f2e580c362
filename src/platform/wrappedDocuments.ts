import * as vscode from 'vscode';

/**
 * The languages of the workbench's read-only reports (package.json contributes them with
 * `editor.wordWrap: on` in configurationDefaults): a reconciliation or a notification opens beside a
 * form in a narrow group, and its long lines (explanations, URLs) must be read whole, not cut.
 * A language is the one per-document way VS Code lets an extension set word wrap.
 */
export const REPORT_LANGUAGE = 'payment-workbench-report';
/** A notification's JSON: VS Code's JSON grammar, wrapped. */
export const NOTIFICATION_LANGUAGE = 'payment-workbench-json';

/** The document in its wrapped language (set once; a document already in it is returned as it is). */
export async function wrappedAs(doc: vscode.TextDocument, language: typeof REPORT_LANGUAGE | typeof NOTIFICATION_LANGUAGE): Promise<vscode.TextDocument> {
  return doc.languageId === language ? doc : vscode.languages.setTextDocumentLanguage(doc, language);
}
