/** A flow file as test items: the flow (named by its "name") and one child per step, each with its range for the gutter buttons. */
import * as vscode from 'vscode';
import { describeFlowProblem, oversizeTextProblem, parseFlowText, type Flow, type FlowProblem } from '../../flows';
import { locate, parseJsonWithOffsets, type JsonNode, type TextSpan } from '../../json';

export const FLOW_GLOB = '**/*.payflow.json';

export interface ParsedFlowFile {
  flow?: Flow;
  problems: FlowProblem[];
  /** The span of every problem's value, and of each step. */
  spanOf(path: readonly (string | number)[]): TextSpan | undefined;
}

export function parseFlowFile(text: string): ParsedFlowFile {
  const parsed = parseFlowText(text);
  // A text over the input bound is refused unread by parseFlowText; its tree is not built either.
  const tree = oversizeTextProblem(text, 'flow') ? undefined : parseJsonWithOffsets(text).root;
  const spanOf = (path: readonly (string | number)[]): TextSpan | undefined => {
    if (!tree) return undefined;
    const at = locate(tree, path);
    const node: JsonNode = at.node;
    return at.keySpan && !at.exact ? at.keySpan : { offset: node.offset, length: node.length };
  };
  return parsed.ok ? { flow: parsed.flow, problems: [], spanOf } : { problems: parsed.problems, spanOf };
}

/** Where a problem is: a syntax error at its character, any other at the value its JSON path names. */
export function problemRange(document: { positionAt(offset: number): vscode.Position }, parsed: ParsedFlowFile, problem: FlowProblem): vscode.Range | undefined {
  if (problem.at) return rangeOf(document, { offset: problem.at.offset, length: 1 });
  return rangeOf(document, parsed.spanOf(problem.path));
}

/** The line of a failed expectation: its key inside the step's "expect" (the step itself when the key is not found). */
export function expectationRange(text: string, parsed: ParsedFlowFile, stepIndex: number, key: string): vscode.Range | undefined {
  return rangeOf(new LineIndex(text), parsed.spanOf(['steps', stepIndex, 'expect', key]) ?? parsed.spanOf(['steps', stepIndex]));
}

export function rangeOf(document: { positionAt(offset: number): vscode.Position }, span: TextSpan | undefined): vscode.Range | undefined {
  return span ? new vscode.Range(document.positionAt(span.offset), document.positionAt(span.offset + span.length)) : undefined;
}

/** Brings the file's item and its step children in line with the text; an invalid file shows its first problem as the item's error. */
export function updateFileItem(controller: vscode.TestController, item: vscode.TestItem, text: string): ParsedFlowFile {
  const parsed = parseFlowFile(text);
  const lines = new LineIndex(text);
  if (!parsed.flow) {
    const first = parsed.problems[0];
    item.error = first ? describeFlowProblem(first, item.uri ? vscode.workspace.asRelativePath(item.uri) : undefined) : vscode.l10n.t('Not a flow file');
    item.children.replace([]);
    return parsed;
  }
  item.error = undefined;
  item.label = parsed.flow.name;
  item.range = rangeOf(lines, parsed.spanOf(['name']));
  item.children.replace(parsed.flow.steps.map((step, index) => {
    const child = controller.createTestItem(`${item.id}#${step.id}`, step.id, item.uri);
    child.description = step.operation;
    child.range = rangeOf(lines, parsed.spanOf(['steps', index]));
    return child;
  }));
  return parsed;
}

/** Offsets to positions without a TextDocument (files that are not open). */
class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  positionAt(offset: number): vscode.Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return new vscode.Position(lo, offset - (this.starts[lo] ?? 0));
  }
}
