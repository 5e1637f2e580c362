/**
 * "Save as Flow…" from History (and `payment-workbench tap flow`): the chosen exchanges, oldest first,
 * as a flow file that replays on the environment they were sent to. An id an earlier step sent (its
 * order, transaction or session id) or got back (the session id Create Session answers, a token)
 * becomes a reference to that step wherever it comes back, in the URL or in an id field of a body (a
 * Void's transaction.targetTransactionId, a session.id, Pay's authentication.transactionId): each run
 * draws new transaction ids, a fresh order id per payment and gets new sessions, so a recorded id
 * would name nothing on the next run. What came back becomes the step's expectation (status, result,
 * gatewayCode), so the flow checks that the integration still behaves the same.
 */
import { continuationOf } from '../catalogue';
import { getOperation, operations } from '../catalogue/operations';
import { orderRole } from '../catalogue/orderRole';
import { parseJsonBounded } from '../json/depth';
import { setOwnValue } from '../json/ownKey';
import type { Exchange } from '../send/exchange';
import { replayOf } from './replay';

export interface SavedFlow {
  name: string;
  /** The environment every chosen exchange was sent to (left out when they went to several). */
  environment?: string;
  steps: { id: string; operation: string; version?: number; params?: Record<string, string>; body?: unknown; expect: Record<string, unknown> }[];
  /** Steps whose body lost values history does not keep (card data, secrets): fill them in before running. */
  incomplete: string[];
}

/** A recorded id → the reference to the step that sent it first. */
type IdReferences = Map<string, string>;

/**
 * No flow syntax writes `{{` literally: a recorded value holding it (a merchant's unfilled template,
 * "Order {{number}}") would be read as a reference, resolved to something else or refused. It is
 * left out of the step, which is then one to fill in.
 */
export const NOT_LITERAL_NOTE = 'holds "{{", which a flow reads as a reference: enter this value in the step yourself';
const holdsBraces = (text: string) => text.includes('{{');

export function flowFromExchanges(chosen: readonly Exchange[]): SavedFlow {
  return flowFromExchangesWithNotes(chosen).flow;
}

/** The saved flow, and for each step to fill in: field path ("order.amount", "params.orderId") → why it is empty. */
export function flowFromExchangesWithNotes(chosen: readonly Exchange[]): { flow: SavedFlow; notes: Record<string, Record<string, string>> } {
  const notes: Record<string, Record<string, string>> = {};
  const exchanges = [...chosen].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const usedIds = new Map<string, number>();
  const references: IdReferences = new Map();
  const freshOrders = { count: 0 };
  const steps: SavedFlow['steps'] = [];
  const incomplete: string[] = [];
  for (const e of exchanges) {
    const id = stepId(e.operationId, usedIds);
    const replay = replayOf(e, () => '');
    const stepNotes: Record<string, string> = { ...replay.fieldNotes };
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(e.params)) {
      if (name === 'merchantId') continue;
      // A transaction id an earlier step sent is that step's again (Authenticate Payer continues Initiate
      // Authentication's, a retry repeats its own); any other is drawn anew by each run.
      const reference = references.get(value);
      if (reference !== undefined) params[name] = reference;
      else if (name === 'transactionId') continue;
      else if (name === 'orderId' && startsOrder(e.operationId)) params.orderId = freshOrderId(id, freshOrders);
      else if (holdsBraces(value)) stepNotes[`params.${name}`] = NOT_LITERAL_NOTE;
      else params[name] = value;
    }
    const body = replay.body === undefined ? undefined : typeof replay.body === 'string' && holdsBraces(replay.body) ? notLiteral(stepNotes, 'body') : withIdReferences(replay.body, references, '', stepNotes);
    // Remembered after the body: a step's body may refer only to earlier steps. What it sent first, then what came back.
    for (const [name, value] of Object.entries(e.params)) {
      if (name !== 'merchantId' && !references.has(value)) references.set(value, `{{${id}.params.${name}}}`);
    }
    for (const [value, path] of idsOfAnswer(e)) if (!references.has(value)) references.set(value, `{{${id}.response.${path}}}`);
    if (!replay.complete || Object.keys(stepNotes).length > 0) {
      incomplete.push(id);
      notes[id] = stepNotes;
    }
    steps.push({
      id,
      operation: e.operationId,
      ...(e.version !== undefined ? { version: e.version } : {}),
      ...(Object.keys(params).length ? { params } : {}),
      ...(body !== undefined ? { body } : {}),
      expect: expectationOf(e),
    });
  }
  const titles = exchanges.map((e) => getOperation(e.operationId)?.title ?? e.operationId);
  const environments = new Set(exchanges.map((e) => e.environment.id));
  const [environment] = environments;
  return { flow: { name: titles.join(' → '), ...(environments.size === 1 && environment ? { environment } : {}), steps, incomplete }, notes };
}

function notLiteral(notes: Record<string, string>, path: string): undefined {
  notes[path] = NOT_LITERAL_NOTE;
  return undefined;
}

/** "authorize", "refund", "refund2"… from the operation id. */
function stepId(operationId: string, used: Map<string, number>): string {
  const base = (operationId.split('.').pop() ?? 'step').replace(/[^A-Za-z0-9_-]/g, '') || 'step';
  const n = (used.get(base) ?? 0) + 1;
  used.set(base, n);
  return n === 1 ? base : `${base}${n}`;
}

/**
 * The operations that may be the first call on a new order: those that start one (Pay, Authorize…) and
 * those they continue, back along the chain the catalogue declares (Initiate Authentication →
 * Authenticate Payer → Pay), since a 3-D Secure checkout opens its order with the authentication.
 */
const ORDER_OPENERS: ReadonlySet<string> = (() => {
  const openers = new Set(getOperationIds().filter((op) => orderRole(op) === 'initial'));
  for (const op of openers) {
    const from = continuationOf(op)?.from;
    if (from !== undefined && orderRole(from) !== 'followUp' && orderRole(from) !== 'lookup') openers.add(from);
  }
  return openers;
})();

function getOperationIds(): string[] {
  return operations.map((op) => op.id);
}

const startsOrder = (operationId: string) => ORDER_OPENERS.has(operationId);

/** An order whose first chosen call opened it is fresh per run (one the chosen exchanges only followed up keeps its id). */
function freshOrderId(stepId: string, freshOrders: { count: number }): string {
  freshOrders.count += 1;
  return freshOrders.count === 1 ? '{{fresh.orderId}}' : `{{fresh.orderId.${stepId}}}`;
}

/**
 * Only a field named as an id ("id", "…Id", a saved card's "token") is matched: an id such as "1" also
 * spells a card's expiry month.
 */
const isIdKey = (key: string) => key === 'id' || key.endsWith('Id') || key === 'token';

/** A key `STEP.response.PATH` can spell as one dotted segment (no dot, bracket or brace in it). */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_ANSWER_IDS = 100;
/** Under the 500 characters a flow's dotted path may have (flows/paths.ts). */
const MAX_PATH_CHARS = 400;

/**
 * The ids the answer gave (Create Session's session.id, Create Token's token, …) with the dotted path
 * each sits at: a later step that sends one of them sends what this step got. Bounded: the first
 * MAX_ANSWER_IDS, at paths a reference can spell, from an answer history already bounds.
 */
function idsOfAnswer(e: Exchange): [string, string][] {
  const text = e.response?.bodyText;
  if (text === undefined || e.response?.truncated) return [];
  let answer: unknown;
  try {
    answer = parseJsonBounded(text);
  } catch {
    return [];
  }
  const found: [string, string][] = [];
  const pending: [unknown, string][] = [[answer, '']];
  while (pending.length > 0 && found.length < MAX_ANSWER_IDS) {
    const [value, path] = pending.pop() as [unknown, string];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    for (const [key, inner] of Object.entries(value)) {
      if (!PLAIN_SEGMENT.test(key)) continue;
      const at = path ? `${path}.${key}` : key;
      if (at.length > MAX_PATH_CHARS) continue;
      if (typeof inner === 'string' && inner !== '' && isIdKey(key)) found.push([inner, at]);
      else if (typeof inner === 'object') pending.push([inner, at]);
    }
  }
  return found;
}

/** A copy of `value` in which each id field holding an id an earlier step sent is a reference to that step. */
function withIdReferences(value: unknown, references: IdReferences, path: string, notes: Record<string, string>): unknown {
  // In a list a left-out value keeps its place, empty, so the items after it keep theirs.
  if (Array.isArray(value)) return value.map((v, i) => (typeof v === 'string' && holdsBraces(v) ? (notLiteral(notes, `${path}[${i}]`), '') : withIdReferences(v, references, `${path}[${i}]`, notes)));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const reference = typeof inner === 'string' && isIdKey(key) ? references.get(inner) : undefined;
    if (reference === undefined && typeof inner === 'string' && holdsBraces(inner)) notLiteral(notes, at);
    else setOwnValue(out, key, reference ?? withIdReferences(inner, references, at, notes));
  }
  return out;
}

const FLOW_SUFFIX = '.payflow.json';

/**
 * The path a flow is written to: ending in .payflow.json once. Save dialogs append the filter's
 * extension to a name that already ends in it ("checkout.payflow.json.payflow.json"), and a name
 * typed without it would not open as a flow.
 */
export function flowFileName(path: string): string {
  let base = path;
  while (base.toLowerCase().endsWith(FLOW_SUFFIX)) base = base.slice(0, -FLOW_SUFFIX.length);
  if (base.toLowerCase().endsWith('.json')) base = base.slice(0, -'.json'.length);
  return `${base}${FLOW_SUFFIX}`;
}

function expectationOf(e: Exchange): Record<string, unknown> {
  const expect: Record<string, unknown> = {};
  if (e.response) expect['status'] = e.response.status;
  const outcome = e.decoded?.outcome;
  // Expected values are resolved as references too: one holding {{ is not what came back, so it is not expected.
  if (outcome?.result && !holdsBraces(outcome.result)) expect['result'] = outcome.result;
  if (outcome?.gatewayCode?.code && !holdsBraces(outcome.gatewayCode.code)) expect['response.gatewayCode'] = outcome.gatewayCode.code;
  return expect;
}
