/**
 * A flow (or a request file, run as a one-step flow) and its environment into plain requests with
 * `{{variables}}`: the base URL and merchant id from the environment, one variable per order (set by
 * the step that starts it, read by the steps that refer to it), a fresh transaction id per request,
 * and the password as a secret variable with no value.
 *
 * Names and values come from files someone else may have written (a committed environments file, a
 * flow from a repository): none of them may become a template of the target. The only `{{…}}` in the
 * requests are the export's own variables: a base URL is written as the URL parser reads it (no
 * braces, spaces or line breaks), path values are percent-encoded, and a body's literal braces are
 * escaped where they could read as a template (jsonPieces.ts).
 */
import { getOperation, type OperationDef } from '../../catalogue/operations';
import { authAt } from '../../catalogue/versions';
import { createsTransaction } from '../../catalogue/orderRole';
import type { Flow, FlowStep } from '../../flows/flow';
import { encodePathSegment } from '../../http/pathTemplate';
import type { Environment } from '../../environments/environment';
import { ImportError, type PlainRequest, type RequestAuth, type Variable } from '../model';
import { jsonPieces, templateText, type Piece, type Resolve } from './jsonPieces';

export const PASSWORD_VARIABLE = 'apiPassword';
export const ACCESS_TOKEN_VARIABLE = 'accessToken';
/** Postman's and REST Client's own fresh-id variable (the name between the braces). */
export const GUID_VARIABLE = '$guid';
export const FRESH_GUID = `{{${GUID_VARIABLE}}}`;

/** A request of the plan, with its URL and body also as pieces for a program (which reads no template). */
export interface ExportRequest extends PlainRequest {
  program: { url: Piece[]; body?: Piece[] };
}

export interface ExportPlan {
  name: string;
  requests: ExportRequest[];
  /** baseUrl, merchantId, the orders' ids; the secrets with an empty value and `secret: true`. */
  variables: Variable[];
  /** The variable a step's fresh order id is kept in (the step starting the order sets it on each run). */
  orderVariableOfStep: Map<string, string>;
  notes: string[];
}

const STEP_PARAM = /^\{\{\s*([A-Za-z][A-Za-z0-9_-]*)\.params\.(orderId|transactionId|sessionId)\s*\}\}$/;
/** The environment's rule for a merchant id (environment.ts): it is written into URLs, bodies and the Basic user. */
const MERCHANT_ID = /^[A-Za-z0-9_-]{1,40}$/;

export function planExport(flow: Flow, env: Environment, where: string, freshOrderId: () => string): ExportPlan {
  const plan: ExportPlan = { name: flow.name, requests: [], variables: [], orderVariableOfStep: new Map(), notes: [] };
  const variable = (name: string, value: string, secret = false): Piece => {
    if (!plan.variables.some((v) => v.name === name)) plan.variables.push({ name, value, secret });
    return { variable: name };
  };
  for (const step of flow.steps) {
    const op = getOperation(step.operation);
    if (!op) throw new ImportError(`${where}: step ${step.id}: unknown operation ${step.operation}`);
    const baseUrl = op.api === 'gateway' ? variable('baseUrl', baseUrlOf(env.gatewayUrl, env, 'gateway URL')) : variable('financingBaseUrl', baseUrlOf(env.financingBaseUrl, env, 'financing base URL'));
    const context: PathContext = { plan, variable, env, freshOrderId, where };
    const path = pathPieces(op.pathTemplate, (name) => pathValue(name, step, op, context));
    const query = op.query ? [`?${new URLSearchParams(op.query).toString()}`] : [];
    const url = [baseUrl, ...path, ...query];
    const request: ExportRequest = {
      name: step.id, method: op.method, url: templateText(url), source: `${where}${flow.steps.length > 1 ? `, step ${step.id}` : ''}`,
      headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'Accept', value: 'application/json' }],
      program: { url },
    };
    const auth = authOf(op, step.version ?? op.defaultVersion, env, where, variable);
    if (auth) request.auth = auth;
    if (op.hasBody && step.body !== undefined) {
      const resolve = bodyReferences(step, context);
      request.body = templateText(jsonPieces(step.body, resolve, true));
      request.program.body = jsonPieces(step.body, resolve, false);
    }
    plan.requests.push(request);
  }
  if (flow.steps.some((s) => s.expect)) plan.notes.push(`${where}: the steps' "expect" checks are not exported; a collection runs the requests, the workbench judges them`);
  return plan;
}

/**
 * The environment's URL as the URL parser reads it (what the workbench sends to), without the trailing
 * slash the path follows: no spaces, line breaks or braces are left in it, which could start a
 * line or a template. A query or a fragment cannot be followed by a path, so they are refused.
 */
function baseUrlOf(given: string | undefined, env: Environment, what: string): string {
  if (given === undefined || given === '') return '';
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new ImportError(`environment ${env.id}: the ${what} ${JSON.stringify(given)} is not a URL; edit the environment`);
  }
  if (url.search || url.hash || /[{}\s]/.test(url.href)) throw new ImportError(`environment ${env.id}: the ${what} ${JSON.stringify(given)} has a query, a fragment or braces in its host; give the address the API's paths follow (https://host[/prefix])`);
  return url.href.replace(/\/+$/, '');
}

/** The path template's literal text and its `{name}` parameters' values, in order. */
function pathPieces(template: string, valueOf: (name: string) => Piece): Piece[] {
  const pieces: Piece[] = [];
  let from = 0;
  for (const m of template.matchAll(/\{([A-Za-z]+)\}/g)) {
    pieces.push(template.slice(from, m.index), valueOf(m[1] as string));
    from = (m.index ?? 0) + m[0].length;
  }
  pieces.push(template.slice(from));
  return pieces.filter((p) => p !== '');
}

interface PathContext {
  plan: ExportPlan;
  variable: (name: string, value: string, secret?: boolean) => Piece;
  env: Environment;
  freshOrderId: () => string;
  where: string;
}

function pathValue(name: string, step: FlowStep, op: OperationDef, c: PathContext): Piece {
  if (name === 'version') return encodePathSegment(String(step.version ?? op.defaultVersion ?? ''));
  if (name === 'merchantId') return c.variable('merchantId', merchantIdOf(c.env, c.where));
  const given = step.params?.[name];
  if (typeof given === 'string') {
    const ref = STEP_PARAM.exec(given);
    if (ref && name === 'orderId') return { variable: c.plan.orderVariableOfStep.get(ref[1] as string) ?? 'orderId' };
    if (ref) return { variable: GUID_VARIABLE };
    if (name === 'orderId' && /^\{\{\s*fresh\.orderId(\.[A-Za-z0-9_-]+)?\s*\}\}$/.test(given)) return orderVariable(step, c);
    if (given.includes('{{')) {
      c.plan.notes.push(`${c.where}: step ${step.id}: ${name} ${JSON.stringify(given)} has no equivalent outside a flow run; a fresh id is used`);
      return name === 'orderId' ? orderVariable(step, c) : { variable: GUID_VARIABLE };
    }
    return encodePathSegment(given);
  }
  if (name === 'orderId') return orderVariable(step, c);
  if (name === 'transactionId' && createsTransaction(op.id)) return { variable: GUID_VARIABLE };
  return c.variable(name, '');
}

function merchantIdOf(env: Environment, where: string): string {
  const id = env.merchantId ?? '';
  if (id !== '' && !MERCHANT_ID.test(id)) throw new ImportError(`${where}: environment ${env.id}: the merchant id ${JSON.stringify(id)} is not 1 to 40 letters, digits, - and _; edit the environment`);
  return id;
}

function orderVariable(step: FlowStep, c: PathContext): Piece {
  const name = c.plan.orderVariableOfStep.size === 0 ? 'orderId' : `orderId_${step.id}`;
  c.plan.orderVariableOfStep.set(step.id, name);
  return c.variable(name, drawnId(c.freshOrderId(), c.where));
}

/**
 * An id drawn from the user's pattern (a workspace setting, which a repository can carry) goes into
 * paths, bodies and `@name = value` lines as it is: only URL-safe characters are taken.
 */
export function drawnId(id: string, where: string): string {
  if (!/^[A-Za-z0-9._~-]{1,40}$/.test(id)) throw new ImportError(`${where}: the id pattern gave ${JSON.stringify(id)}; an exported id is 1 to 40 letters, digits, ., _, ~ and -: change the setting paymentWorkbench.ids.orderPattern or transactionPattern`);
  return id;
}

function authOf(op: OperationDef, version: number | undefined, env: Environment, where: string, variable: PathContext['variable']): RequestAuth | undefined {
  const password = () => templateText([variable(PASSWORD_VARIABLE, '', true)]);
  switch (authAt(op, version)) {
    case 'basicEmptyUser':
      return { kind: 'basic', user: '', password: password() };
    case 'basicMerchant':
      return { kind: 'basic', user: templateText(['merchant.', variable('merchantId', merchantIdOf(env, where))]), password: password() };
    case 'bearer':
      return { kind: 'bearer', token: templateText([variable(ACCESS_TOKEN_VARIABLE, '', true)]) };
    default:
      return undefined;
  }
}

/** The flow references of a body with an equivalent become variables; the others are noted and kept as text. */
function bodyReferences(step: FlowStep, c: PathContext): Resolve {
  const noted = new Set<string>();
  return (inner) => {
    if (inner === 'env.merchantId') return c.variable('merchantId', merchantIdOf(c.env, c.where));
    if (inner === 'env.gatewayUrl') return c.variable('baseUrl', baseUrlOf(c.env.gatewayUrl, c.env, 'gateway URL'));
    const ref = STEP_PARAM.exec(`{{${inner}}}`);
    if (ref?.[2] === 'orderId') return { variable: c.plan.orderVariableOfStep.get(ref[1] as string) ?? 'orderId' };
    if (!noted.has(inner)) c.plan.notes.push(`${c.where}: step ${step.id}: the reference ${JSON.stringify(`{{${inner}}}`)} has no equivalent outside a flow run; it is sent as the text it is`);
    noted.add(inner);
    return undefined;
  };
}
