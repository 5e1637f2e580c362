/**
 * What is wrong with a *.payreq.json text, and where: catalogue issues mapped to text spans.
 * No vscode import (the adapter in registerRequestFiles.ts turns spans into ranges), so the mapping
 * is tested with plain mocha. The catalogue stays the only judge of what is valid.
 */
import * as l10n from '@vscode/l10n';
import { bodyMayBeAbsent, getOperation, operations, validateBody, validatePathParam, versionProblem, type OperationDef } from '../catalogue';
import { jsonBoundsProblem, locate, parseJsonWithOffsets, spanToUnderline, type JsonNode, type JsonProperty, type TextSpan } from '../json';
import { oversizeTextProblem } from '../json/fileText';

interface RequestProblem {
  span: TextSpan;
  message: string;
  /** The catalogue's rule ('maxLength', 'required', …), or 'json' / 'operation' for envelope problems. */
  rule: string;
  /** Dotted path in the file ('body.order.reference'); '' for the whole file. */
  path: string;
  /** 'warning': departs from the spec, but the real gateway accepts it (shown as a VS Code warning). */
  severity: 'error' | 'warning';
}

interface RequestFileSummary {
  /** Where the top-level object starts (CodeLenses sit on its line). */
  topOffset: number;
  operation?: OperationDef;
}

const PARAM_NAMES = ['orderId', 'transactionId', 'sessionId', 'tokenId'] as const;

/** Never throws: a request file being typed is usually invalid, and diagnostics must keep up. */
export function diagnoseRequestText(text: string, now: Date = new Date()): RequestProblem[] {
  // Over the bound every door refuses, the text is not parsed at all (30 MB took the host 40 s, per keystroke).
  const oversize = oversizeTextProblem(text, 'request');
  if (oversize) return [{ span: { offset: 0, length: 0 }, message: l10n.t('This request file {0}.', oversize), rule: 'size', path: '', severity: 'error' }];
  const parsed = parseJsonWithOffsets(text, { where: 'This request file' });
  if (parsed.error?.bound) return [{ span: parsed.error, message: parsed.error.message, rule: 'size', path: '', severity: 'error' }];
  if (parsed.error) {
    return [{ span: parsed.error, message: l10n.t('Not valid JSON: {0}', parsed.error.message), rule: 'json', path: '', severity: 'error' }];
  }
  const root = parsed.root;
  if (!root || root.type !== 'object') {
    return [{ span: root ? { offset: root.offset, length: root.length } : { offset: 0, length: 0 }, message: l10n.t('A request file is a JSON object: { "operation": "…", "body": { … } }.'), rule: 'type', path: '', severity: 'error' }];
  }
  const problems: RequestProblem[] = [];
  const at = (path: string, rule: string, message: string) => {
    problems.push({ span: spanToUnderline(locate(root, path)), message, rule, path, severity: 'error' });
  };

  const operationProp = property(root, 'operation');
  const validIds = operations.map((o) => o.id).join(', ');
  if (!operationProp) {
    problems.push({ span: { offset: root.offset, length: 1 }, message: l10n.t('operation: required. Valid operations: {0}.', validIds), rule: 'required', path: 'operation', severity: 'error' });
    return problems;
  }
  const opValue = operationProp.value;
  const op = opValue.type === 'string' ? getOperation(opValue.value) : undefined;
  if (!op) {
    const got = opValue.type === 'string' ? `'${opValue.value}'` : `a ${opValue.type}`;
    at('operation', 'enum', l10n.t('operation: unknown operation {0}. Valid operations: {1}.', got, validIds));
    return problems;
  }

  const version = versionOf(root, op, at);
  paramProblems(root, at);
  bodyProblems(root, bodyOf(parsed.value), op, version, now, operationProp, problems);
  return problems;
}

/** The version to validate with: the file's own when valid, else the operation's default (after reporting). */
function versionOf(root: ObjectJson, op: OperationDef, at: Reporter): number | undefined {
  const v = property(root, 'version')?.value;
  if (!v) return undefined;
  if (v.type !== 'number' || !Number.isInteger(v.value)) {
    at('version', 'type', l10n.t('version: must be a whole number (the API version in the path).'));
    return undefined;
  }
  if (op.documentedVersions.length === 0) {
    at('version', 'unexpected', l10n.t('version: {0} ({1}) has no version; remove it.', op.title, op.id));
    return undefined;
  }
  const problem = versionProblem(op, v.value);
  if (problem) {
    at('version', 'enum', `version: ${problem}.`);
    return undefined;
  }
  return v.value;
}

function paramProblems(root: ObjectJson, at: Reporter): void {
  const params = property(root, 'params')?.value;
  if (!params) return;
  if (params.type !== 'object') {
    at('params', 'type', l10n.t('params: must be a JSON object such as { "orderId": "…" }.'));
    return;
  }
  for (const name of PARAM_NAMES) {
    const value = property(params, name)?.value;
    if (!value) continue;
    if (value.type !== 'string') {
      at(`params.${name}`, 'type', l10n.t('params.{0}: must be text.', name));
      continue;
    }
    for (const i of validatePathParam(name, value.value)) at(`params.${name}`, i.rule, `params.${i.message}`);
  }
}

function bodyProblems(root: ObjectJson, body: unknown, op: OperationDef, version: number | undefined, now: Date, operationProp: JsonProperty, problems: RequestProblem[]): void {
  const bodyProp = property(root, 'body');
  if (!bodyProp) {
    // A body whose fields are all optional may be left out, as the gateway reads no body as an empty one.
    if (op.hasBody && !bodyMayBeAbsent(op.id, version)) {
      problems.push({ span: operationProp.keySpan, message: l10n.t('body: missing. {0} needs a JSON body.', op.title), rule: 'required', path: 'body', severity: 'error' });
    }
    return;
  }
  if (!op.hasBody) {
    const empty = bodyProp.value.type === 'object' && bodyProp.value.properties.length === 0;
    if (!empty) problems.push({ span: bodyProp.keySpan, message: l10n.t('body: {0} takes no body; remove it.', op.title), rule: 'unexpected', path: 'body', severity: 'error' });
    return;
  }
  for (const i of validateBody(op.id, version, body, now)) {
    const path = i.path ? `body.${i.path}` : 'body';
    const location = locate(root, path);
    // For a name the operation does not have, the name is the mistake: underline it, not its value.
    const span = NAME_RULES.has(i.rule) && location.exact && location.keySpan ? location.keySpan : spanToUnderline(location);
    problems.push({ span, message: i.message, rule: i.rule, path, severity: i.severity });
  }
}

const NAME_RULES: ReadonlySet<string> = new Set(['unknownField', 'unknownParameter', 'notInVersion']);

/** The operation and where the file's object starts, for CodeLenses; tolerant of half-typed files. */
export function summarizeRequestText(text: string): RequestFileSummary {
  if (oversizeTextProblem(text, 'request')) return { topOffset: 0 };
  // Past the JSON bounds nothing is parsed (the lenses are asked for on every edit); the diagnostics say why.
  if (jsonBoundsProblem(text)) return { topOffset: firstBrace(text) };
  const whole = validSummary(text);
  if (whole) return whole;
  const parsed = parseJsonWithOffsets(text);
  const root = parsed.root;
  if (!root) return { topOffset: firstBrace(text) };
  const summary: RequestFileSummary = { topOffset: root.offset };
  if (root.type === 'object') {
    const v = property(root, 'operation')?.value;
    const op = v?.type === 'string' ? getOperation(v.value) : undefined;
    if (op) summary.operation = op;
  }
  return summary;
}

/** The summary of a valid file from JSON.parse, far cheaper than the offset tree; undefined for a file that is not valid JSON. */
function validSummary(text: string): RequestFileSummary | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const start = text.search(/\S/);
  const summary: RequestFileSummary = { topOffset: Math.max(start, 0) };
  const operation = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)['operation'] : undefined;
  const op = typeof operation === 'string' ? getOperation(operation) : undefined;
  if (op) summary.operation = op;
  return summary;
}

type ObjectJson = Extract<JsonNode, { type: 'object' }>;
type Reporter = (path: string, rule: string, message: string) => void;

function property(node: ObjectJson, key: string): JsonProperty | undefined {
  for (let i = node.properties.length - 1; i >= 0; i--) {
    const p = node.properties[i] as JsonProperty;
    if (p.key === key) return p;
  }
  return undefined;
}

/** The file's body as JSON.parse gave it (parseJsonWithOffsets parses the whole text once, natively). */
function bodyOf(file: unknown): unknown {
  return typeof file === 'object' && file !== null && !Array.isArray(file) && Object.hasOwn(file, 'body') ? (file as Record<string, unknown>)['body'] : undefined;
}

function firstBrace(text: string): number {
  const i = text.indexOf('{');
  return i < 0 ? 0 : i;
}
