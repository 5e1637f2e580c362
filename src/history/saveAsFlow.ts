/**
 * "Save as Flow…" from History: the chosen exchanges, oldest first, as a flow file. An order id seen
 * again becomes a reference to the step that first sent it, a first order id a fresh one per run;
 * transaction ids are drawn fresh by every run; what came back becomes the step's expectation
 * (status, result, gatewayCode), so the flow checks that the integration still behaves the same.
 */
import { getOperation } from '../catalogue/operations';
import { orderRole } from '../catalogue/orderRole';
import type { Exchange } from '../send/exchange';
import { replayOf } from './replay';

export interface SavedFlow {
  name: string;
  steps: { id: string; operation: string; version?: number; params?: Record<string, string>; body?: unknown; expect: Record<string, unknown> }[];
  /** Steps whose body lost values history does not keep (card data, secrets): fill them in before running. */
  incomplete: string[];
}

export function flowFromExchanges(chosen: readonly Exchange[]): SavedFlow {
  const exchanges = [...chosen].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const usedIds = new Map<string, number>();
  const firstStepOfOrder = new Map<string, string>();
  const steps: SavedFlow['steps'] = [];
  const incomplete: string[] = [];
  for (const e of exchanges) {
    const id = stepId(e.operationId, usedIds);
    const replay = replayOf(e, () => '');
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(e.params)) {
      if (name === 'merchantId' || name === 'transactionId') continue;
      if (name === 'orderId') params.orderId = orderReference(value, id, firstStepOfOrder, orderRole(e.operationId) === 'initial');
      else params[name] = value;
    }
    if (!replay.complete) incomplete.push(id);
    steps.push({
      id,
      operation: e.operationId,
      ...(e.version !== undefined ? { version: e.version } : {}),
      ...(Object.keys(params).length ? { params } : {}),
      ...(replay.body !== undefined ? { body: replay.body } : {}),
      expect: expectationOf(e),
    });
  }
  const titles = exchanges.map((e) => getOperation(e.operationId)?.title ?? e.operationId);
  return { name: titles.join(' → '), steps, incomplete };
}

/** "authorize", "refund", "refund2"… from the operation id. */
function stepId(operationId: string, used: Map<string, number>): string {
  const base = (operationId.split('.').pop() ?? 'step').replace(/[^A-Za-z0-9_-]/g, '') || 'step';
  const n = (used.get(base) ?? 0) + 1;
  used.set(base, n);
  return n === 1 ? base : `${base}${n}`;
}

/** A later use refers to the step that first sent the order; an order a payment started is fresh per run; one only followed up keeps its id. */
function orderReference(orderId: string, stepId: string, firstStepOfOrder: Map<string, string>, startsOrder: boolean): string {
  const first = firstStepOfOrder.get(orderId);
  if (first) return `{{${first}.params.orderId}}`;
  firstStepOfOrder.set(orderId, stepId);
  if (!startsOrder) return orderId;
  return firstStepOfOrder.size === 1 ? '{{fresh.orderId}}' : `{{fresh.orderId.${stepId}}}`;
}

function expectationOf(e: Exchange): Record<string, unknown> {
  const expect: Record<string, unknown> = {};
  if (e.response) expect['status'] = e.response.status;
  const outcome = e.decoded?.outcome;
  if (outcome?.result) expect['result'] = outcome.result;
  if (outcome?.gatewayCode?.code) expect['response.gatewayCode'] = outcome.gatewayCode.code;
  return expect;
}
