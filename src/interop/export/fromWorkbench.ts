/**
 * A flow (or a request file, run as a one-step flow) and its environment into plain requests with
 * `{{variables}}`: the base URL and merchant id from the environment, one variable per order (set by
 * the step that starts it, read by the steps that refer to it), a fresh transaction id per request,
 * and the password as a secret variable with no value.
 */
import { getOperation, type OperationDef } from '../../catalogue/operations';
import { authAt } from '../../catalogue/versions';
import { createsTransaction } from '../../catalogue/orderRole';
import type { Flow, FlowStep } from '../../flows/flow';
import { encodePathSegment } from '../../http/pathTemplate';
import type { Environment } from '../../send/environment';
import { expandTemplates, type PlainRequest, type RequestAuth, type Variable } from '../model';

export const PASSWORD_VARIABLE = 'apiPassword';
export const ACCESS_TOKEN_VARIABLE = 'accessToken';
/** Postman's and REST Client's own fresh-id variable. */
export const FRESH_GUID = '{{$guid}}';

export interface ExportPlan {
  name: string;
  requests: PlainRequest[];
  /** baseUrl, merchantId, the orders' ids; the secrets with an empty value and `secret: true`. */
  variables: Variable[];
  /** The variable a step's fresh order id is kept in (the step starting the order sets it on each run). */
  orderVariableOfStep: Map<string, string>;
  notes: string[];
}

const STEP_PARAM = /^\{\{\s*([A-Za-z][A-Za-z0-9_-]*)\.params\.(orderId|transactionId|sessionId)\s*\}\}$/;

export function planExport(flow: Flow, env: Environment, where: string, freshOrderId: () => string): ExportPlan {
  const plan: ExportPlan = { name: flow.name, requests: [], variables: [], orderVariableOfStep: new Map(), notes: [] };
  const variable = (name: string, value: string, secret = false) => {
    if (!plan.variables.some((v) => v.name === name)) plan.variables.push({ name, value, secret });
    return `{{${name}}}`;
  };
  for (const step of flow.steps) {
    const op = getOperation(step.operation);
    if (!op) throw new Error(`${where}: step ${step.id}: unknown operation ${step.operation}`);
    const baseUrl = op.api === 'gateway' ? variable('baseUrl', env.gatewayUrl ?? '') : variable('financingBaseUrl', env.financingBaseUrl ?? '');
    const path = op.pathTemplate.replace(/\{([A-Za-z]+)\}/g, (_whole, name: string) => pathValue(name, step, op, { plan, variable, env, freshOrderId, where }));
    const query = op.query ? `?${new URLSearchParams(op.query).toString()}` : '';
    const request: PlainRequest = {
      name: step.id, method: op.method, url: `${baseUrl}${path}${query}`, source: `${where}${flow.steps.length > 1 ? `, step ${step.id}` : ''}`,
      headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'Accept', value: 'application/json' }],
    };
    const auth = authOf(op, step.version ?? op.defaultVersion, variable);
    if (auth) request.auth = auth;
    if (op.hasBody && step.body !== undefined) request.body = bodyText(step, plan, where);
    plan.requests.push(request);
  }
  if (flow.steps.some((s) => s.expect)) plan.notes.push(`${where}: the steps' "expect" checks are not exported; a collection runs the requests, the workbench judges them`);
  return plan;
}

interface PathContext {
  plan: ExportPlan;
  variable: (name: string, value: string, secret?: boolean) => string;
  env: Environment;
  freshOrderId: () => string;
  where: string;
}

function pathValue(name: string, step: FlowStep, op: OperationDef, c: PathContext): string {
  if (name === 'version') return String(step.version ?? op.defaultVersion ?? '');
  if (name === 'merchantId') return c.variable('merchantId', c.env.merchantId ?? '');
  const given = step.params?.[name];
  if (typeof given === 'string') {
    const ref = STEP_PARAM.exec(given);
    if (ref && name === 'orderId') return `{{${c.plan.orderVariableOfStep.get(ref[1] as string) ?? 'orderId'}}}`;
    if (ref) return FRESH_GUID;
    if (name === 'orderId' && /^\{\{\s*fresh\.orderId(\.[A-Za-z0-9_-]+)?\s*\}\}$/.test(given)) return orderVariable(step, c);
    if (given.includes('{{')) {
      c.plan.notes.push(`${c.where}: step ${step.id}: ${name} ${given} has no equivalent outside a flow run; a fresh id is used`);
      return name === 'orderId' ? orderVariable(step, c) : FRESH_GUID;
    }
    return encodePathSegment(given);
  }
  if (name === 'orderId') return orderVariable(step, c);
  if (name === 'transactionId' && createsTransaction(op.id)) return FRESH_GUID;
  return c.variable(name, '');
}

function orderVariable(step: FlowStep, c: PathContext): string {
  const name = c.plan.orderVariableOfStep.size === 0 ? 'orderId' : `orderId_${step.id}`;
  c.plan.orderVariableOfStep.set(step.id, name);
  return c.variable(name, c.freshOrderId());
}

function authOf(op: OperationDef, version: number | undefined, variable: PathContext['variable']): RequestAuth | undefined {
  switch (authAt(op, version)) {
    case 'basicEmptyUser':
      return { kind: 'basic', user: '', password: variable(PASSWORD_VARIABLE, '', true) };
    case 'basicMerchant':
      return { kind: 'basic', user: `merchant.${variable('merchantId', '')}`, password: variable(PASSWORD_VARIABLE, '', true) };
    case 'bearer':
      return { kind: 'bearer', token: variable(ACCESS_TOKEN_VARIABLE, '', true) };
    default:
      return undefined;
  }
}

/** The body as JSON text; the flow references with an equivalent become variables, the others are noted. */
function bodyText(step: FlowStep, plan: ExportPlan, where: string): string {
  return expandTemplates(JSON.stringify(step.body, null, 2), (inner) => {
    if (inner === 'env.merchantId') return '{{merchantId}}';
    if (inner === 'env.gatewayUrl') return '{{baseUrl}}';
    const ref = STEP_PARAM.exec(`{{${inner}}}`);
    if (ref?.[2] === 'orderId') return `{{${plan.orderVariableOfStep.get(ref[1] as string) ?? 'orderId'}}}`;
    plan.notes.push(`${where}: step ${step.id}: the reference {{${inner}}} has no equivalent outside a flow run; it is left as written`);
    return undefined;
  });
}
