/** Problems of a flow file in the editor: the same checks as the CLI's exit status 2, underlined where they are. */
import * as vscode from 'vscode';
import { describeFlowProblem } from '../../flows';
import { parseFlowFile, problemRange } from './flowItems';

const SOURCE = 'Payment Workbench';
const DELAY_MS = 200;

export function registerFlowDiagnostics(context: vscode.ExtensionContext): void {
  const collection = vscode.languages.createDiagnosticCollection('payment-workbench-flows');
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const isFlow = (d: vscode.TextDocument) => d.languageId === 'payflow' || d.uri.path.endsWith('.payflow.json');
  const check = (document: vscode.TextDocument) => {
    const parsed = parseFlowFile(document.getText());
    collection.set(document.uri, parsed.problems.map((p) => {
      const range = problemRange(document, parsed, p) ?? new vscode.Range(0, 0, 0, 1);
      const d = new vscode.Diagnostic(range, describeFlowProblem(p), vscode.DiagnosticSeverity.Error);
      d.source = SOURCE;
      return d;
    }));
  };
  const schedule = (document: vscode.TextDocument, delay = DELAY_MS) => {
    if (!isFlow(document)) return;
    const key = document.uri.toString();
    clearTimeout(timers.get(key));
    timers.set(key, setTimeout(() => {
      timers.delete(key);
      check(document);
    }, delay));
  };
  context.subscriptions.push(
    collection,
    vscode.workspace.onDidOpenTextDocument((d) => schedule(d, 0)),
    vscode.workspace.onDidChangeTextDocument((e) => schedule(e.document)),
    vscode.workspace.onDidCloseTextDocument((d) => collection.delete(d.uri)),
    { dispose: () => timers.forEach((t) => clearTimeout(t)) },
  );
  for (const document of vscode.workspace.textDocuments) schedule(document, 0);
}
