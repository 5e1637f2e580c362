import type { OperationDef, PathParam } from '../catalogue';
import { authAt } from '../catalogue/versions';
import { basicAuthHeader } from './gatewayCredentials';
import { RequestBuildError, fillPathTemplate } from './pathTemplate';
import type { OutgoingRequest } from './types';

export type PathParamName = PathParam['name'];

/** Only the credential the operation's auth kind needs has to be present. */
interface RequestCredentials {
  accessToken?: string;
  refreshToken?: string;
  apiPassword?: string;
  /**
   * The gateway environment authenticates with a client certificate (set on the HttpClient), which the
   * spec offers instead of Basic: no Authorization header is sent then.
   */
  clientCertificate?: boolean;
}

interface BuildRequestInput {
  baseUrl: string;
  /**
   * Path version for gateway operations; defaults to the operation's default (or first) version.
   * A version the operation does not list is sent as given: checking the gateway's 404 is a legitimate test.
   */
  version?: number;
  params: Partial<Record<PathParamName, string>>;
  body?: string;
  credentials: RequestCredentials;
  timeoutMs?: number;
  maxResponseBytes?: number;
  extraHeaders?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export function buildRequest(op: OperationDef, input: BuildRequestInput): OutgoingRequest {
  const version = input.version ?? op.defaultVersion;
  const path = fillPathTemplate(op.pathTemplate, {
    ...input.params,
    version: version === undefined ? undefined : String(version),
  });
  const query = op.query && Object.keys(op.query).length > 0 ? `?${new URLSearchParams(op.query).toString()}` : '';
  const request: OutgoingRequest = {
    method: op.method,
    url: `${input.baseUrl.replace(/\/+$/, '')}${path}${query}`,
    headers: {
      // The financing spec asks for it on every call, bodiless refresh/logout included.
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...input.extraHeaders,
      ...authHeaders(op, version, input),
    },
    timeoutMs: input.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxResponseBytes: input.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  if (op.hasBody && input.body !== undefined) request.body = input.body;
  return request;
}

function authHeaders(op: OperationDef, version: number | undefined, input: BuildRequestInput): Record<string, string> {
  const { credentials } = input;
  const auth = authAt(op, version);
  switch (auth) {
    case 'none':
      return {};
    case 'bearer':
      return { Authorization: `Bearer ${required(credentials.accessToken, 'access token (sign in first)')}` };
    case 'refreshToken':
      return { RefreshToken: required(credentials.refreshToken, 'refresh token (sign in first)') };
    case 'basicSession':
      // Session authentication: the session id is the password, so no API password is involved.
      return { Authorization: basicAuthHeader(required(input.params.merchantId, 'merchant id'), required(input.params.sessionId, 'session id'), { emptyUser: false }) };
    case 'basicMerchant':
    case 'basicEmptyUser': {
      if (credentials.clientCertificate) return {};
      const emptyUser = auth === 'basicEmptyUser';
      const merchantId = emptyUser ? (input.params.merchantId ?? '') : required(input.params.merchantId, 'merchant id');
      const password = required(credentials.apiPassword, 'gateway API password');
      return { Authorization: basicAuthHeader(merchantId, password, { emptyUser }) };
    }
  }
}

function required(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw RequestBuildError.missing(what);
  return value;
}
