/**
 * Flow files (`*.payflow.json`): a name and an ordered list of steps, each one operation as in a
 * request file plus an id and optional expectations. Parsed by hand so that every problem names the
 * step, the field and what was given. A request file runs as a one-step flow.
 */
import { closestPath } from '../catalogue/closestPath';
import { getOperation, operations } from '../catalogue/operations';
import { parseRequestFile } from '../catalogue/requestFile';
import { versionProblem } from '../catalogue/versions';
import { JsonSizeError, parseInputJson } from '../json/bounds';
import { JsonDepthError } from '../json/depth';
import { describeJsonSyntaxError, jsonSyntaxErrorPosition, oversizeTextProblem, withoutBom, type TextPosition } from '../json/fileText';
import { excerpt, hasControlCharacters, quote, quoteValueAt } from '../format/quote';
import { CAPABILITY_NAMES, isCapability, type Capability } from './capabilities';
import { isMatcher } from './expectations';
import { NOTIFICATION_KEY, notificationExpectationProblems } from './notificationExpectation';
import { parseDottedPath } from './paths';
import { payerKind, payerProblems, type PayerAction } from './payerPages';
import { referencesOf } from './references';
import { checkInputs, checkInputUses } from './flowInputs';
import { deliveryExpectationProblems, EXPECT_DELIVERY_KEY } from './deliveryExpectation';
import type { Flow, FlowStep } from './flowTypes';

export type { Flow, FlowStep } from './flowTypes';

export interface FlowProblem {
  /** "step 2 (refund)", or undefined for the flow itself. */
  where?: string;
  field: string;
  message: string;
  /** Where in the file: the JSON path of the value at fault (the editor underlines it). */
  path: (string | number)[];
  /** A syntax error's place in the text, which has no JSON path. */
  at?: TextPosition;
}

/** "file:3:27: step 2 (refund): params: …", the way compilers print a problem (terminals and editors link it). */
export function describeFlowProblem(p: FlowProblem, file?: string): string {
  const place = file === undefined ? '' : `${file}${p.at ? `:${p.at.line}:${p.at.column}` : ''}: `;
  return `${place}${p.where ? `${p.where}: ` : ''}${p.field}: ${p.message}`;
}

export type FlowParse = { ok: true; flow: Flow } | { ok: false; problems: FlowProblem[] };

export const MAX_STEPS = 200;
/** Problems listed of one file; past it, one more says how many are not (a file of 100,000 bad references must not print 100,000 lines). */
export const MAX_FLOW_PROBLEMS = 100;
const STEP_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const RESERVED_IDS = new Set(['fresh', 'env', 'inbox', 'input']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** What was given (at the field `at`), as a message quotes it: through the redaction policy (card numbers masked, secrets redacted), cut. */
const shown = (v: unknown, at = '') => quoteValueAt(at, v);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problems: FlowProblem[] } {
  const oversize = oversizeTextProblem(text, 'flow');
  if (oversize) return { ok: false, problems: [{ field: '(file)', message: oversize, path: [] }] };
  try {
    return { ok: true, value: parseInputJson(text, 'The flow file') };
  } catch (err) {
    if (err instanceof JsonSizeError) return { ok: false, problems: [{ field: '(file)', message: err.message, path: [], at: { offset: err.offset, line: err.line, column: err.column } }] };
    const message = err instanceof JsonDepthError ? err.message : describeJsonSyntaxError(text, err);
    return { ok: false, problems: [{ field: '(file)', message: `is not valid JSON: ${message}`, path: [], ...(err instanceof JsonDepthError ? {} : syntaxErrorAt(text)) }] };
  }
}

/** How parseRequestFile begins a syntax error's message (a nesting past the bound is told otherwise, and has no place). */
const REQUEST_SYNTAX_ERROR = 'not valid JSON:';

function syntaxErrorAt(text: string): { at?: TextPosition } {
  const at = jsonSyntaxErrorPosition(text);
  return at ? { at } : {};
}

/** A flow file's text (a leading byte order mark, as editors on Windows write, is skipped). */
export function parseFlowText(fileText: string): FlowParse {
  const text = withoutBom(fileText);
  const json = parseJson(text);
  if (!json.ok) return json;
  return checkFlow(json.value);
}

/** A request file (`*.payreq.json`) as a flow of one step named "request". */
export function parseRequestFileAsFlow(text: string, name: string): FlowParse {
  const parsed = parseRequestFile(text);
  if (!parsed.ok) return { ok: false, problems: [{ field: '(file)', message: parsed.message, path: [], ...(parsed.message.startsWith(REQUEST_SYNTAX_ERROR) ? syntaxErrorAt(withoutBom(text)) : {}) }] };
  const { operation, version, params, body } = parsed.file;
  const step: FlowStep = { id: 'request', operation, ...(version !== undefined ? { version } : {}), ...(params ? { params } : {}), ...(body ? { body } : {}) };
  return { ok: true, flow: { name, steps: [step] } };
}

function checkFlow(value: unknown): FlowParse {
  const problems: FlowProblem[] = [];
  if (!isObject(value)) return { ok: false, problems: [{ field: '(file)', message: `must be a JSON object with "name" and "steps", got ${shown(value)}`, path: [] }] };
  const nameProblem = labelProblem(value['name'], 'a non-empty text');
  if (nameProblem) problems.push({ field: 'name', message: nameProblem, path: ['name'] });
  const environmentProblem = value['environment'] === undefined ? undefined : labelProblem(value['environment'], 'an environment id or name', true);
  if (environmentProblem) problems.push({ field: 'environment', message: environmentProblem, path: ['environment'] });
  const needs = checkNeeds(value['needs'], problems);
  const inputs = checkInputs(value['inputs'], problems);
  const rawSteps = value['steps'];
  if (!Array.isArray(rawSteps) || rawSteps.length === 0 || rawSteps.length > MAX_STEPS) {
    problems.push({ field: 'steps', message: `must be a list of 1 to ${MAX_STEPS} steps, got ${Array.isArray(rawSteps) ? `${rawSteps.length} steps` : shown(rawSteps)}`, path: ['steps'] });
    return { ok: false, problems };
  }
  const seen = new Set<string>();
  const steps = rawSteps.map((raw, i) => checkStep(raw, i, seen, problems));
  checkInputUses(rawSteps, inputs, problems);
  if (problems.length) return { ok: false, problems: boundedProblems(problems) };
  const flow: Flow = { name: value['name'] as string, steps: steps as FlowStep[] };
  if (typeof value['environment'] === 'string') flow.environment = value['environment'];
  if (needs) flow.needs = needs;
  if (inputs) flow.inputs = inputs;
  return { ok: true, flow };
}

/** Names print on one line of every report (the Test Explorer, a CI log, a JUnit suite): bounded, no control characters. */
export const MAX_NAME_CHARS = 200;

function labelProblem(label: unknown, what: string, mayBeEmpty = false): string | undefined {
  if (typeof label !== 'string' || (!mayBeEmpty && label.trim() === '')) return `must be ${what}, got ${shown(label)}`;
  if (label.length > MAX_NAME_CHARS) return `must be at most ${MAX_NAME_CHARS} characters, got ${label.length}`;
  if (hasControlCharacters(label)) return `must be one line without control characters, got ${shown(label)}`;
  return undefined;
}

function boundedProblems(problems: FlowProblem[]): FlowProblem[] {
  if (problems.length <= MAX_FLOW_PROBLEMS) return problems;
  const more: FlowProblem = { field: '(file)', message: `and ${problems.length - MAX_FLOW_PROBLEMS} more problems are not listed (only the first ${MAX_FLOW_PROBLEMS} are)`, path: [] };
  return [...problems.slice(0, MAX_FLOW_PROBLEMS), more];
}

/** Adds a problem of a step: `field` as the message names it (cut), `at` the JSON path below the step of the value at fault. */
type StepProblem = (field: string, message: string, at?: (string | number)[]) => void;

function checkNeeds(needs: unknown, problems: FlowProblem[]): Capability[] | undefined {
  if (needs === undefined) return undefined;
  if (Array.isArray(needs) && needs.length <= CAPABILITY_NAMES.length && needs.every(isCapability)) return needs;
  problems.push({ field: 'needs', message: `must be a list of capabilities from ${CAPABILITY_NAMES.join(', ')}, got ${shown(needs)}`, path: ['needs'] });
  return undefined;
}

function checkStep(raw: unknown, index: number, earlier: Set<string>, problems: FlowProblem[]): FlowStep | undefined {
  const id = isObject(raw) && typeof raw['id'] === 'string' ? raw['id'] : undefined;
  // Only an id that is a valid name is quoted: anything else may be a value pasted in the wrong place.
  const where = `step ${index + 1}${id && STEP_ID.test(id) ? ` (${id})` : ''}`;
  const problem: StepProblem = (field, message, at = fieldPath(field)) => problems.push({ where, field: excerpt(field), message, path: ['steps', index, ...at] });
  if (!isObject(raw)) {
    problem('(step)', `must be an object with "id" and "operation", got ${shown(raw)}`);
    return undefined;
  }
  if (!id || !STEP_ID.test(id) || RESERVED_IDS.has(id)) problem('id', `must be a name of letters, digits, - and _ starting with a letter (not "fresh", "env", "inbox" or "input"), got ${shown(raw['id'])}`);
  else if (earlier.has(id)) problem('id', `${quote(id)} is already the id of an earlier step`);
  if (raw['payer'] !== undefined) return checkPayerStep(raw, id, earlier, problem);
  const op = typeof raw['operation'] === 'string' ? getOperation(raw['operation']) : undefined;
  if (!op) {
    const guess = typeof raw['operation'] === 'string' ? closestPath(raw['operation'], operations.map((o) => o.id)) : undefined;
    problem('operation', `unknown operation ${shown(raw['operation'])}${guess ? ` (did you mean ${guess}?)` : ''}; one of ${operations.map((o) => o.id).join(', ')}`);
  }
  const version = raw['version'];
  const versionWrong = version !== undefined && op ? versionProblem(op, version) : undefined;
  if (versionWrong) problem('version', `${versionWrong}, got ${shown(version)}`);
  if (raw['params'] !== undefined && !isObject(raw['params'])) problem('params', `must be an object of URL parameters, got ${shown(raw['params'])}`);
  if (raw['body'] !== undefined && op && !op.hasBody) problem('body', `${op.title} sends no body`);
  checkExpect(raw['expect'], problem);
  if (raw[EXPECT_DELIVERY_KEY] !== undefined) for (const { key, message } of deliveryExpectationProblems(raw[EXPECT_DELIVERY_KEY])) problem(`${EXPECT_DELIVERY_KEY}${key === undefined ? '' : `.${key}`}`, message, key === undefined ? [EXPECT_DELIVERY_KEY] : [EXPECT_DELIVERY_KEY, key]);
  checkReferences(raw, earlier, problem);
  if (id) earlier.add(id);
  // An expected value may refer to its own step, which has run by the time it is checked.
  checkExpectReferences(raw['expect'], earlier, problem);
  return raw as unknown as FlowStep;
}

/** A payer step: one page named in `payer`, no operation, params or body; expectations as for any step. */
function checkPayerStep(raw: Record<string, unknown>, id: string | undefined, earlier: Set<string>, problem: StepProblem): FlowStep {
  for (const message of payerProblems(raw['payer'])) problem('payer', message);
  for (const field of ['operation', 'params', 'body', 'version'] as const) if (raw[field] !== undefined) problem(field, 'a payer step has no operation, params, body or version; it acts on the page named in "payer"');
  checkExpect(raw['expect'], problem);
  checkReferencesIn(raw['payer'], 'payer', earlier, problem);
  if (id) earlier.add(id);
  checkExpectReferences(raw['expect'], earlier, problem);
  const payer = raw['payer'] as PayerAction;
  return { ...(raw as unknown as FlowStep), operation: `payer.${payerKind(payer)}`, payer };
}

/** The JSON path below a step of a problem's field. */
function fieldPath(field: string): string[] {
  return field === '(step)' ? [] : [field];
}

function checkExpect(expect: unknown, problem: StepProblem): void {
  if (expect === undefined) return;
  if (!isObject(expect)) {
    problem('expect', `must be an object of paths and expected values, got ${shown(expect)}`);
    return;
  }
  for (const [path, value] of Object.entries(expect)) {
    const at = ['expect', path];
    if (path === NOTIFICATION_KEY) {
      for (const { key, message } of notificationExpectationProblems(value)) problem(`expect.${NOTIFICATION_KEY}${key === undefined ? '' : `.${key}`}`, message, key === undefined ? at : [...at, key]);
    } else if (path === 'status') {
      if (!Number.isInteger(value)) problem('expect.status', `must be an HTTP status number, got ${shown(value)}`, at);
    } else if (!parseDottedPath(path)) {
      problem(`expect.${path}`, 'is not a dotted path into the response (like "response.gatewayCode" or "transaction[0].result")', at);
    } else if (isObject(value) && !isMatcher(value)) {
      problem(`expect.${path}`, `an object is a matcher: { "present": true|false } or { "oneOf": [values] }, got ${shown(value, path)}`, at);
    }
  }
}

/** References may point only at earlier steps, and must parse. */
function checkReferences(step: Record<string, unknown>, earlier: ReadonlySet<string>, problem: StepProblem): void {
  for (const field of ['params', 'body'] as const) checkReferencesIn(step[field], field, earlier, problem);
}

function checkExpectReferences(expect: unknown, known: ReadonlySet<string>, problem: StepProblem): void {
  if (isObject(expect)) checkReferencesIn(expect, 'expect', known, problem);
}

function checkReferencesIn(value: unknown, field: string, known: ReadonlySet<string>, problem: StepProblem): void {
  const { found, invalid } = referencesOf(value);
  for (const bad of invalid) problem(field, `${excerpt(bad.text)} ${bad.error}`);
  for (const ref of found) {
    if (ref.kind !== 'step' || known.has(ref.step)) continue;
    problem(field, `${excerpt(ref.text)} refers to step ${quote(ref.step)}, which does not run before this step`);
  }
}
