/**
 * Runs a flow: each step's references resolved against the run so far, sent through the same
 * request runner as the extension, judged by its expectations (or, without any, by the decoded
 * verdict). The first failing step fails the flow; the steps after it are skipped.
 */
import { getOperation } from '../catalogue/operations';
import { createsTransaction } from '../catalogue/orderRole';
import { parseJsonBounded } from '../json/depth';
import { excerpt, quote } from '../format/quote';
import { redactMessage, redactText, type SecretValues } from '../redaction';
import type { PathParamName } from '../http/buildRequest';
import { HttpFailure, isUnreachable } from '../http/httpFailure';
import type { Environment } from '../environments/environment';
import type { Exchange } from '../send/exchange';
import { DEFAULT_ORDER_PATTERN, DEFAULT_TRANSACTION_PATTERN, generateId } from '../send/ids';
import type { SendPort } from '../send/guardedSend';
import { SentTransactions } from '../send/idPolicy';
import { SendSession } from '../send/sendSession';
import type { RunnerDeps } from '../send/requestRunner';
import { missingCapability } from './capabilities';
import { checkExpectations, redactFailure, type ExpectationFailure } from './expectations';
import type { Flow, FlowStep } from './flow';
import { awaitDelivery, deliveryCursor } from './deliveryExpectation';
import { awaitNotification, NOTIFICATION_KEY, type FlowInbox, type NotificationTarget } from './notificationExpectation';
import { PAYER_PAGE_DRIVERS, payerKind, runPayerPage } from './payerPages';
import { RunSecrets } from './runSecrets';
import { ENV_FIELDS, ResolutionBudget, ResolutionLimitError, resolveReferences, UnresolvedReference, type ReferenceScope } from './references';

export type StepStatus = 'passed' | 'failed' | 'skipped';

export interface StepResult {
  id: string;
  operationId: string;
  title: string;
  status: StepStatus;
  durationMs: number;
  httpStatus?: number;
  /** The decoded verdict: "Approved", "Declined: insufficient funds"… */
  verdict?: { tone: string; title: string };
  failures: ExpectationFailure[];
  /** Why the step failed without an expectation to blame (no response, an unresolved reference…). */
  message?: string;
  /** Its references resolved past a bound (ResolutionBudget): the flow is at fault, not the server. */
  exceededLimit?: true;
  /** No answer came because the environment could not be reached (refused, DNS, TLS, proxy, timeout: http isUnreachable). */
  unreachable?: true;
  exchange?: Exchange;
}

export interface FlowResult {
  name: string;
  environment: string;
  steps: StepResult[];
  passed: boolean;
  durationMs: number;
}

export interface FlowRunOptions {
  env: Environment;
  deps: RunnerDeps;
  /** The door's answers to the send path's questions (LIVE, rules, a missing password): a modal in VS Code, flags in the CLI. */
  port: SendPort;
  /** Signs a financing step in when its session has no token (the environment's partner account). */
  signIn(env: Environment): Promise<void>;
  /**
   * The door's send session (the Test Explorer's feeds the window's order suggestions); without one the
   * run has its own (flowSendSession), from `deps` and `signIn`.
   */
  session?: SendSession;
  /** The local inbox, for `{{inbox.gateway}}` and `expect.notification` (needsInbox tells when a flow needs one). */
  inbox?: FlowInbox;
  /** The flow's inputs given for this run (trigger --order, --set); the rest take their defaults. */
  inputs?: Readonly<Record<string, string>>;
  /**
   * Secrets the door holds (the CLI's environment variables), scrubbed from what a step shows before anything
   * is cut. The values the run's answers hold at secret keys (tokens) are scrubbed too; when this is a
   * KnownSecrets they are added to it, so what the door writes from the results masks them as well.
   */
  known?: SecretValues;
  signal?: AbortSignal;
  onStepStart?(step: FlowStep, index: number): void;
  onStepEnd?(result: StepResult, index: number): void;
  now?: () => number;
}

/** The options as the steps see them: `known` is the run's (RunSecrets), which learns from each answer. */
type RunOptions = FlowRunOptions & { known: RunSecrets };

interface StepRecord {
  params: Record<string, unknown>;
  body: unknown;
  response: unknown;
}

/**
 * A flow's send session: ids as the flow file writes them (a missing transaction id is fresh, or the one
 * its operation continues), every financing step signed in first.
 */
export function flowSendSession(options: Pick<FlowRunOptions, 'deps' | 'signIn'> & { transactions?: SentTransactions; orders?: { record(e: Exchange): void } }): SendSession {
  return new SendSession({
    deps: () => options.deps,
    transactions: options.transactions ?? new SentTransactions(),
    ...(options.orders ? { orders: options.orders } : {}),
    signIn: { when: () => true, run: (env) => options.signIn(env) },
    ids: 'asWritten',
    freshTransactionId: () => generateId(DEFAULT_TRANSACTION_PATTERN),
  });
}

export async function runFlow(flow: Flow, optionsGiven: FlowRunOptions): Promise<FlowResult> {
  const options: RunOptions = { ...optionsGiven, session: optionsGiven.session ?? flowSendSession(optionsGiven), known: new RunSecrets(optionsGiven.known) };
  const now = options.now ?? (() => performance.now());
  const started = now();
  const records = new Map<string, StepRecord>();
  const freshIds = new Map<string, string>();
  const scope: ReferenceScope = {
    fresh: (name) => freshIds.get(name) ?? freshIds.set(name, generateId(DEFAULT_ORDER_PATTERN)).get(name) ?? '',
    inbox: (source) => options.inbox?.urlFor(source),
    env: (field) => ((ENV_FIELDS as readonly string[]).includes(field) ? (options.env as unknown as Record<string, string | undefined>)[field] : undefined),
    step: (id) => records.get(id),
  };
  const budget = new ResolutionBudget();
  let inputs: Map<string, string> | UnresolvedReference;
  try {
    inputs = inputValues(flow, options.inputs ?? {}, scope, budget);
  } catch (err) {
    if (!(err instanceof UnresolvedReference)) throw err;
    inputs = err;
  }
  const known = inputs instanceof Map ? inputs : new Map<string, string>();
  scope.input = (name) => known.get(name);
  const results: StepResult[] = [];
  // Sent, such a flow would fail on an expectation that does not say why: the environment is known to lack what it needs.
  const lacking = missingCapability(flow, options.env) ?? (inputs instanceof UnresolvedReference ? inputs.message : undefined);
  let failed = false;
  for (const [index, step] of flow.steps.entries()) {
    if (lacking !== undefined && index === 0) {
      const refused: StepResult = { ...skippedStep(step), status: 'failed', message: lacking };
      results.push(refused);
      options.onStepEnd?.(refused, index);
      failed = true;
      continue;
    }
    if (failed || options.signal?.aborted) {
      const skipped = skippedStep(step);
      results.push(skipped);
      options.onStepEnd?.(skipped, index);
      continue;
    }
    if (step.unlessGiven !== undefined && options.inputs?.[step.unlessGiven] !== undefined) {
      const given: StepResult = { ...skippedStep(step), message: `skipped: ${step.unlessGiven} was given` };
      results.push(given);
      options.onStepEnd?.(given, index);
      continue;
    }
    options.onStepStart?.(step, index);
    const stepStarted = now();
    const result = await guardedStep(step, scope, records, options, budget);
    result.durationMs = now() - stepStarted;
    result.failures = result.failures.map((f) => redactFailure(f, options.known));
    if (result.message !== undefined) result.message = redactMessage(result.message, options.known);
    if (result.verdict) result.verdict = { ...result.verdict, title: redactText(result.verdict.title, options.known) };
    results.push(result);
    options.onStepEnd?.(result, index);
    failed = result.status === 'failed';
  }
  return { name: flow.name, environment: options.env.name, steps: results, passed: !failed && !options.signal?.aborted, durationMs: now() - started };
}

/** Each declared input: the value given, else its default (references resolved once, before the first step). */
function inputValues(flow: Flow, given: Readonly<Record<string, string>>, scope: ReferenceScope, budget: ResolutionBudget): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, spec] of Object.entries(flow.inputs ?? {})) {
    const value = given[name] ?? (spec.default !== undefined ? resolveReferences(spec.default, scope, budget, `inputs.${name}`) : undefined);
    if (value !== undefined) values.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return values;
}

function titleOf(step: FlowStep): string {
  if (step.payer) return PAYER_PAGE_DRIVERS[payerKind(step.payer)]?.title ?? step.operation;
  return getOperation(step.operation)?.title ?? step.operation;
}

function skippedStep(step: FlowStep): StepResult {
  return { id: step.id, operationId: step.operation, title: titleOf(step), status: 'skipped', durationMs: 0, failures: [] };
}

/**
 * A step run so that whatever goes wrong in it (a bug, a shape of answer nobody foresaw) ends that
 * step as failed with a message: a door (the Test Explorer, the CLI) never meets an exception.
 */
async function guardedStep(step: FlowStep, scope: ReferenceScope, records: Map<string, StepRecord>, options: RunOptions, budget: ResolutionBudget): Promise<StepResult> {
  try {
    return await runStep(step, scope, records, options, budget);
  } catch (err) {
    const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return { ...skippedStep(step), status: 'failed', message: `the step stopped on an unexpected error: ${excerpt(why)}` };
  }
}

/** A step that cannot run or be judged because a reference has no value or resolves past a bound. */
function unresolved(base: StepResult, err: UnresolvedReference): StepResult {
  return { ...base, status: 'failed', message: err.message, ...(err instanceof ResolutionLimitError ? { exceededLimit: true as const } : {}) };
}

/** A part of a step (its expectations, its payer) with references resolved, or the step's result naming the one that could not be. */
function resolvePart(part: unknown, name: string, scope: ReferenceScope, budget: ResolutionBudget, result: StepResult): { value: Record<string, unknown> } | { failed: StepResult } {
  try {
    return { value: resolveReferences(part, scope, budget, name) as Record<string, unknown> };
  } catch (err) {
    if (err instanceof UnresolvedReference) return { failed: unresolved(result, err) };
    throw err;
  }
}

async function runStep(step: FlowStep, scope: ReferenceScope, records: Map<string, StepRecord>, options: RunOptions, budget: ResolutionBudget): Promise<StepResult> {
  const base: StepResult = { id: step.id, operationId: step.operation, title: titleOf(step), status: 'failed', durationMs: 0, failures: [] };
  if (step.payer) return runPayerStep(step, base, scope, records, options, budget);
  const op = getOperation(step.operation);
  if (!op) return { ...base, message: `unknown operation ${quote(step.operation)}` };
  let params: Record<string, unknown>;
  let body: unknown;
  try {
    params = withFreshIds(op.pathParams.map((p) => p.name), resolveReferences(step.params ?? {}, scope, budget, 'params') as Record<string, unknown>, scope);
    body = step.body === undefined ? undefined : resolveReferences(step.body, scope, budget, 'body');
  } catch (err) {
    if (err instanceof UnresolvedReference) return unresolved(base, err);
    throw err;
  }
  const deliveriesFrom = step.expectDelivery && options.env.gatewayUrl ? await deliveryCursor(options.env.gatewayUrl, options.signal).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))) : undefined;
  if (deliveriesFrom instanceof Error) return { ...base, message: `expectDelivery reads the simulator's delivery log: ${deliveriesFrom.message}` };
  const textParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) as Partial<Record<PathParamName, string>>;
  let exchange: Exchange;
  let received: string | undefined;
  try {
    exchange = await (options.session ?? flowSendSession(options)).send(options.port, {
      env: options.env,
      expectsRefusal: expectsRefusal(step),
      operationId: op.id,
      ...(step.version !== undefined ? { version: step.version } : {}),
      params: textParams,
      body,
      ...(options.signal ? { signal: options.signal } : {}),
      onReceived: (text) => (received = text),
    });
  } catch (err) {
    // A sign-in that could not reach the financing API throws the send path's HttpFailure.
    return { ...base, message: err instanceof Error ? err.message : String(err), ...unreachableMark(err) };
  }
  // References and expectations read the answer as received; what is shown of it is redacted (exchange, failures).
  const bodyText = received ?? '';
  const response = parseResponse(bodyText);
  // The transaction id the session gave a step without one: `{{step.params.transactionId}}` reads it.
  const sentParams: Partial<Record<PathParamName, string>> = exchange.params.transactionId ? { ...textParams, transactionId: exchange.params.transactionId } : textParams;
  records.set(step.id, { params: sentParams, body, response });
  // Before anything quotes it: a reference may carry a token of this answer into any later text (runSecrets.ts).
  options.known.learnFrom(response);
  const result: StepResult = { ...base, exchange, ...(exchange.response ? { httpStatus: exchange.response.status } : {}) };
  if (exchange.decoded) result.verdict = { tone: exchange.decoded.verdict.tone, title: exchange.decoded.verdict.title };
  if (exchange.failure) return { ...result, message: `${exchange.failure.kind}: ${exchange.failure.message}`, ...(isUnreachable(exchange.failure.kind) ? { unreachable: true as const } : {}) };
  if (step.expect) {
    // Expected values may refer to this step too ({{refund.params.orderId}}): resolved once it has run.
    const resolved = resolvePart(step.expect, 'expect', scope, budget, result);
    if ('failed' in resolved) return resolved.failed;
    const expect = resolved.value;
    result.failures = checkExpectations(expect, { status: exchange.response?.status, body: response, bodyText }, options.known);
    const notification = expect[NOTIFICATION_KEY];
    if (result.failures.length === 0 && notification !== undefined) {
      if (!options.inbox) return { ...result, message: 'expect.notification needs the local inbox, and this run has none' };
      result.failures = await awaitNotification(options.inbox, notification as Record<string, unknown>, notificationTarget(op.api, op.id, sentParams, body), options.known);
    }
  }
  const error = !step.expect && exchange.decoded?.verdict.tone === 'error';
  // The verdict's title may carry the server's words: redacted as raw text where it is put into the message.
  if (error) return { ...result, status: 'failed', message: `the decoded verdict is an error: ${excerpt(redactText(exchange.decoded?.verdict.title ?? '', options.known))} (add "expect" to make this outcome a pass)` };
  if (step.expectDelivery && result.failures.length === 0 && options.env.gatewayUrl && deliveriesFrom !== undefined) {
    result.failures = await awaitDelivery(options.env.gatewayUrl, step.expectDelivery, sentParams.orderId ?? '', deliveriesFrom, options.signal);
  }
  return { ...result, status: result.failures.length ? 'failed' : 'passed' };
}

/** A payer step: the page driven over HTTP with the environment's client; its result is judged like a response. */
async function runPayerStep(step: FlowStep, base: StepResult, scope: ReferenceScope, records: Map<string, StepRecord>, options: RunOptions, budget: ResolutionBudget): Promise<StepResult> {
  const resolvedPayer = resolvePart(step.payer, 'payer', scope, budget, base);
  if ('failed' in resolvedPayer) return resolvedPayer.failed;
  const payer = resolvedPayer.value;
  let page: Awaited<ReturnType<typeof runPayerPage>>;
  try {
    const client = await options.deps.client(options.env);
    page = await runPayerPage(payer, { client, ...(options.signal ? { signal: options.signal } : {}) });
  } catch (err) {
    return { ...base, message: `${base.title}: ${err instanceof Error ? err.message : String(err)}`, ...unreachableMark(err) };
  }
  records.set(step.id, { params: {}, body: payer, response: page.response });
  options.known.learnFrom(page.response);
  const result: StepResult = { ...base, httpStatus: page.status };
  if (!step.expect) return { ...result, status: 'passed' };
  const resolved = resolvePart(step.expect, 'expect', scope, budget, result);
  if ('failed' in resolved) return resolved.failed;
  result.failures = checkExpectations(resolved.value, { status: page.status, body: page.response, bodyText: JSON.stringify(page.response) }, options.known);
  return { ...result, status: result.failures.length ? 'failed' : 'passed' };
}

/** `unreachable` for a thrown network failure that means the environment could not be reached. */
function unreachableMark(err: unknown): { unreachable?: true } {
  return err instanceof HttpFailure && isUnreachable(err.kind) ? { unreachable: true } : {};
}

/** A step that expects a 4xx sends what breaks the rules on purpose (a negative test). */
function expectsRefusal(step: FlowStep): boolean {
  const status = step.expect?.['status'];
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The notification a step causes: the webhook about its order and transaction, or the callback about its external_id. */
function notificationTarget(api: string, operationId: string, params: Partial<Record<PathParamName, string>>, body: unknown): NotificationTarget {
  if (api !== 'gateway') {
    const external = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['external_id'] : undefined;
    return { source: 'financing', orderId: external === undefined ? '' : String(external) };
  }
  return { source: 'gateway', orderId: params.orderId ?? '', ...(params.transactionId && createsTransaction(operationId) ? { transactionId: params.transactionId } : {}) };
}

/** A step without an order id takes the run's fresh one; a missing transaction id is the send session's (send/idPolicy.ts). */
function withFreshIds(needed: readonly string[], params: Record<string, unknown>, scope: ReferenceScope): Record<string, unknown> {
  const out = { ...params };
  if (needed.includes('orderId') && out['orderId'] === undefined) out['orderId'] = scope.fresh('orderId');
  return out;
}

function parseResponse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return parseJsonBounded(text);
  } catch {
    return text;
  }
}
