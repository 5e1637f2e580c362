/**
 * A Postman v2.1 collection and environment from an export plan. The order ids are collection
 * variables that the step starting each order sets afresh (a one-line pre-request script); the
 * environment holds the base URL and merchant id, and each secret as an empty secret variable.
 * Names are JSON values here, and the plan's URLs and bodies hold no `{{…}}` but its own variables
 * (fromWorkbench.ts), so no name or value becomes a Postman variable or script.
 */
import type { PlainRequest } from '../model';
import type { ExportPlan } from './fromWorkbench';

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

export interface PostmanFiles {
  collection: string;
  environment: string;
}

export function writePostman(plan: ExportPlan, environmentName: string): PostmanFiles {
  const environmentKeys = new Set(['baseUrl', 'financingBaseUrl', 'merchantId']);
  const collection = {
    info: { name: plan.name, schema: SCHEMA, description: 'Exported by Payment Workbench. Set the secret variables in the environment before sending.' },
    item: plan.requests.map((r) => item(r, plan.orderVariableOfStep.get(r.name))),
    variable: plan.variables.filter((v) => !v.secret && !environmentKeys.has(v.name)).map((v) => ({ key: v.name, value: v.value, type: 'string' })),
  };
  const environment = {
    name: environmentName,
    values: plan.variables
      .filter((v) => v.secret || environmentKeys.has(v.name))
      .map((v) => ({ key: v.name, value: v.secret ? '' : v.value, type: v.secret ? 'secret' : 'default', enabled: true })),
    _postman_variable_scope: 'environment',
  };
  return { collection: `${JSON.stringify(collection, null, 2)}\n`, environment: `${JSON.stringify(environment, null, 2)}\n` };
}

/** The script line that draws a new order id on each run; the variable's name is a JavaScript string, whatever it holds. */
function setFreshOrderId(variable: string): string {
  return `pm.collectionVariables.set(${JSON.stringify(variable).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}, 'ORD-' + Date.now().toString(36).toUpperCase());`;
}

function item(r: PlainRequest, setsOrderVariable: string | undefined) {
  const auth = r.auth?.kind === 'basic'
    ? { type: 'basic', basic: [{ key: 'username', value: r.auth.user, type: 'string' }, { key: 'password', value: r.auth.password, type: 'string' }] }
    : r.auth?.kind === 'bearer'
      ? { type: 'bearer', bearer: [{ key: 'token', value: r.auth.token, type: 'string' }] }
      : { type: 'noauth' };
  return {
    name: r.name,
    ...(setsOrderVariable ? { event: [{ listen: 'prerequest', script: { type: 'text/javascript', exec: [setFreshOrderId(setsOrderVariable)] } }] } : {}),
    request: {
      method: r.method,
      auth,
      header: r.headers.map((h) => ({ key: h.name, value: h.value })),
      url: { raw: r.url },
      ...(r.body !== undefined ? { body: { mode: 'raw', raw: r.body, options: { raw: { language: 'json' } } } } : {}),
    },
  };
}
