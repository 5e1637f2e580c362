/**
 * The request a form would send, as a redacted cURL line, without touching a secret: the
 * credential slots are filled with stand-ins that redaction replaces, so a preview can never leak.
 */
import { getOperation } from '../catalogue';
import { buildRequest, KnownSecrets, RequestBuildError, toCurl, type PathParamName } from '../http';
import type { Environment } from '../environments/environment';
import { redactUrlUserinfo } from '../redaction';
import { baseUrlFor, paramsFor, resolveVersion, SendSetupError } from './requestRunner';

interface RequestPreview {
  url: string;
  curl: string;
  /** Why no request can be built yet (no base URL, a URL parameter missing…). */
  error?: string;
}

const STAND_IN = 'credential-stand-in';

export function previewRequest(env: Environment, operationId: string, version: number | undefined, params: Partial<Record<PathParamName, string>>, body: unknown): RequestPreview {
  const op = getOperation(operationId);
  if (!op) return { url: '', curl: '', error: `Unknown operation "${operationId}".` };
  try {
    const baseUrl = baseUrlFor(op, env);
    const v = resolveVersion(op, env, version);
    const known = new KnownSecrets();
    known.add(STAND_IN);
    const credentials = env.gatewayAuth === 'certificate' && op.api === 'gateway' ? { clientCertificate: true } : { accessToken: STAND_IN, refreshToken: STAND_IN, apiPassword: STAND_IN };
    const request = buildRequest(op, {
      baseUrl, ...(v !== undefined ? { version: v } : {}), params: paramsFor(op, env, params), credentials, timeoutMs: env.timeoutMs,
      ...(op.hasBody ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    return { url: redactUrlUserinfo(request.url), curl: toCurl(request, { includeSecrets: false, known }) };
  } catch (err) {
    if (err instanceof RequestBuildError || err instanceof SendSetupError) return { url: '', curl: '', error: err.message };
    throw err;
  }
}
