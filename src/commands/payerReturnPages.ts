/**
 * Where the payer's browser comes back to, and the ids a request's body creates, for new requests: a
 * catalogue example points the payer at merchant.example.com (a DNS error after the challenge or the
 * payment page) and pays a fixed order.id (a second checkout would reuse a paid order). On the simulator
 * the payer returns to the simulator's own return page; every new request gets fresh body ids, as its
 * URL ids are. The form and Send Request… both use these; no vscode (the id pattern is the caller's).
 */
import { fieldsOf, type FieldMeta, type OperationDef, type OperationId } from '../catalogue';
import { getAt, setAt } from '../features/form/model/bodyPath';
import { isJsonObject, type JsonObject } from '../features/form/model/json';
import { usesSimulatorCredentials, type Environment } from '../environments/environment';
import { BROWSER_PAGE_PREFIX, RETURN_PAGE } from '../simulator/gateway/browserPayment';

const fieldsOfOperation = (op: OperationDef, version: number | undefined): FieldMeta[] => (op.hasBody ? fieldsOf(op.id as OperationId, version) : []);

/** The body paths of the URLs the payer's browser returns to (redirectResponseUrl, returnUrl, cancelUrl). */
export function payerReturnPaths(op: OperationDef, version: number | undefined): FieldMeta[] {
  return fieldsOfOperation(op, version).filter((m) => m.returnsPayer === true && !m.path.includes('[]') && !m.path.includes('{'));
}

/** The simulator's page a payer returns to (…/browser-payment/returned/MERCHANT/ORDER), or undefined off the simulator. */
export function simulatorReturnPage(env: Environment, orderId: string | undefined): string | undefined {
  if (!usesSimulatorCredentials(env) || !env.gatewayUrl || !env.merchantId) return undefined;
  const base = env.gatewayUrl.replace(/\/+$/, '');
  const order = orderId ? `/${encodeURIComponent(orderId)}` : '';
  return `${base}${BROWSER_PAGE_PREFIX}${RETURN_PAGE}/${encodeURIComponent(env.merchantId)}${order}`;
}

/** Whether `value` is a return page of this simulator (for any order): one the workbench filled in, safe to re-point. */
function isSimulatorReturnPage(env: Environment, value: unknown): boolean {
  const page = simulatorReturnPage(env, undefined);
  return page !== undefined && typeof value === 'string' && (value === page || value.startsWith(`${page}/`));
}

/** The order a request pays: its URL's, or the one its body creates (Initiate Checkout's order.id). */
export function orderIdOf(op: OperationDef, version: number | undefined, params: Readonly<Record<string, string | undefined>>, body: unknown): string | undefined {
  if (params['orderId']) return params['orderId'];
  for (const m of fieldsOfOperation(op, version)) {
    if (m.freshId !== 'order') continue;
    const value = isJsonObject(body) ? getAt(body, m.path) : undefined;
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * On the simulator, the payer-return URLs that are still the catalogue's example (or a return page of
 * this simulator for another order) become the simulator's return page for `orderId`. A URL the person
 * wrote stays. Off the simulator the body comes back as it is.
 */
export function withSimulatorReturnPages(op: OperationDef, version: number | undefined, body: JsonObject, env: Environment, orderId: string | undefined): JsonObject {
  const page = simulatorReturnPage(env, orderId);
  if (page === undefined) return body;
  let out = body;
  for (const m of payerReturnPaths(op, version)) {
    const value = getAt(out, m.path);
    if (value === undefined || value === page) continue;
    if (value === m.example || isSimulatorReturnPage(env, value)) out = setAt(out, m.path, page);
  }
  return out;
}

/** The ids the body creates, made fresh (Initiate Checkout's order.id); paths the body does not hold stay out. */
export function withFreshBodyIds(op: OperationDef, version: number | undefined, body: JsonObject, fresh: () => string): { body: JsonObject; renewed: string[] } {
  let out = body;
  const renewed: string[] = [];
  for (const m of fieldsOfOperation(op, version)) {
    if (m.freshId !== 'order' || getAt(out, m.path) === undefined) continue;
    out = setAt(out, m.path, fresh());
    renewed.push(m.path);
  }
  return { body: out, renewed };
}
