/**
 * "Save as Flow…" from History: the chosen exchanges, oldest first, as a flow file that replays on
 * the environment they were sent to. An id an earlier step sent (its order, transaction or session
 * id) becomes a reference to that step wherever it comes back, in the URL or in an id field of a
 * body (a Void's transaction.targetTransactionId, a session.id): each run draws new transaction ids
 * and a fresh order id per payment, so a recorded id would name nothing on the next run. What came
 * back becomes the step's expectation (status, result, gatewayCode), so the flow checks that the
 * integration still behaves the same.
 */
import { getOperation } from '../catalogue/operations';
import { orderRole } from '../catalogue/orderRole';
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

export function flowFromExchanges(chosen: readonly Exchange[]): SavedFlow {
  const exchanges = [...chosen].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const usedIds = new Map<string, number>();
  const references: IdReferences = new Map();
  const freshOrders = { count: 0 };
  const steps: SavedFlow['steps'] = [];
  const incomplete: string[] = [];
  for (const e of exchanges) {
    const id = stepId(e.operationId, usedIds);
    const replay = replayOf(e, () => '');
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(e.params)) {
      if (name === 'merchantId' || name === 'transactionId') continue;
      if (name === 'orderId') params.orderId = references.get(value) ?? firstOrderId(value, id, orderRole(e.operationId) === 'initial', freshOrders);
      else params[name] = references.get(value) ?? value;
    }
    const body = replay.body === undefined ? undefined : withIdReferences(replay.body, references);
    // Remembered after the body: a step's body may refer only to earlier steps.
    for (const [name, value] of Object.entries(e.params)) {
      if (name !== 'merchantId' && !references.has(value)) references.set(value, `{{${id}.params.${name}}}`);
    }
    if (!replay.complete) incomplete.push(id);
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
  return { name: titles.join(' → '), ...(environments.size === 1 && environment ? { environment } : {}), steps, incomplete };
}

/** "authorize", "refund", "refund2"… from the operation id. */
function stepId(operationId: string, used: Map<string, number>): string {
  const base = (operationId.split('.').pop() ?? 'step').replace(/[^A-Za-z0-9_-]/g, '') || 'step';
  const n = (used.get(base) ?? 0) + 1;
  used.set(base, n);
  return n === 1 ? base : `${base}${n}`;
}

/** An order a payment started is fresh per run; one the chosen exchanges only followed up keeps its id. */
function firstOrderId(orderId: string, stepId: string, startsOrder: boolean, freshOrders: { count: number }): string {
  if (!startsOrder) return orderId;
  freshOrders.count += 1;
  return freshOrders.count === 1 ? '{{fresh.orderId}}' : `{{fresh.orderId.${stepId}}}`;
}

/** Only a field named as an id ("id", "…Id") is matched: an id such as "1" also spells a card's expiry month. */
const isIdKey = (key: string) => key === 'id' || key.endsWith('Id');

/** A copy of `value` in which each id field holding an id an earlier step sent is a reference to that step. */
function withIdReferences(value: unknown, references: IdReferences): unknown {
  if (Array.isArray(value)) return value.map((v) => withIdReferences(v, references));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const reference = typeof inner === 'string' && isIdKey(key) ? references.get(inner) : undefined;
    setOwnValue(out, key, reference ?? withIdReferences(inner, references));
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
  if (outcome?.result) expect['result'] = outcome.result;
  if (outcome?.gatewayCode?.code) expect['response.gatewayCode'] = outcome.gatewayCode.code;
  return expect;
}
