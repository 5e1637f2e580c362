/**
 * Create Session (POST …/merchant/{merchantId}/session): the gateway call that hands out a session id
 * for Update Session. The catalogue has no form for it; the Update Session form's helper calls it
 * through the same client, URL rules and credentials as every send.
 */
import { getOperation, type OperationDef } from '../catalogue';
import { buildRequest, RequestBuildError } from '../http';
import type { Environment } from '../environments/environment';
import { ensureGatewayPassword, type SendPort } from './guardedSend';
import { baseUrlFor, paramsFor, resolveVersion, SendSetupError, type RunnerDeps } from './requestRunner';

function createSessionOperation(): OperationDef {
  const update = getOperation('gateway.updateSession');
  if (!update) throw new Error('The catalogue has no Update Session.');
  return { ...update, title: 'Create Session', method: 'POST', pathTemplate: update.pathTemplate.replace('/{sessionId}', ''), pathParams: update.pathParams.filter((p) => p.name !== 'sessionId') };
}

/** A new, empty session on the environment's merchant: its id, or a SendSetupError that says why not. */
export async function createGatewaySession(deps: Pick<RunnerDeps, 'client' | 'secret'>, port: SendPort, env: Environment, version?: number): Promise<string> {
  const op = createSessionOperation();
  const v = resolveVersion(op, env, version);
  await ensureGatewayPassword(deps, port, op, env);
  const apiPassword = env.gatewayAuth === 'certificate' ? undefined : await deps.secret(env, 'gatewayApiPassword');
  if (env.gatewayAuth !== 'certificate' && !apiPassword) throw new SendSetupError(`No gateway API password for "${env.name}".`);
  let request;
  try {
    request = buildRequest(op, {
      baseUrl: baseUrlFor(op, env), ...(v !== undefined ? { version: v } : {}), params: paramsFor(op, env), body: '{}', timeoutMs: env.timeoutMs,
      credentials: apiPassword ? { apiPassword } : { clientCertificate: true },
    });
  } catch (err) {
    if (err instanceof RequestBuildError) throw new SendSetupError(err.message);
    throw err;
  }
  const response = await (await deps.client(env)).send(request);
  const id = (response.json as { session?: { id?: unknown } } | undefined)?.session?.id;
  if (response.status >= 300 || typeof id !== 'string') {
    const explanation = (response.json as { error?: { explanation?: unknown } } | undefined)?.error?.explanation;
    throw new SendSetupError(`Create Session on "${env.name}" answered HTTP ${response.status}${typeof explanation === 'string' ? `: ${explanation.slice(0, 200)}` : ''}; no session id.`);
  }
  return id;
}
