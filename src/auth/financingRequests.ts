import { getOperation, type OperationDef, type OperationId } from '../catalogue';
import { buildRequest, type OutgoingRequest } from '../http';

export interface FinancingRequestLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

/** Paths, methods and auth kinds come from the catalogue, the one declaration of every operation. */
function operation(id: OperationId): OperationDef {
  const op = getOperation(id);
  if (!op) throw new Error(`The catalogue has no operation ${id}`);
  return op;
}

export function loginRequest(baseUrl: string, email: string, password: string, limits: FinancingRequestLimits): OutgoingRequest {
  return buildRequest(operation('financing.login'), { baseUrl, params: {}, credentials: {}, body: JSON.stringify({ email, password }), ...limits });
}

export function refreshRequest(baseUrl: string, refreshToken: string, limits: FinancingRequestLimits): OutgoingRequest {
  return buildRequest(operation('financing.refreshToken'), { baseUrl, params: {}, credentials: { refreshToken }, ...limits });
}

export function logoutRequest(baseUrl: string, accessToken: string, limits: FinancingRequestLimits): OutgoingRequest {
  return buildRequest(operation('financing.logout'), { baseUrl, params: {}, credentials: { accessToken }, ...limits });
}

/** The server's own words, when its error body has a `message`; never echoes the request. */
export function serverMessage(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const message: unknown = Reflect.get(json, 'message');
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
