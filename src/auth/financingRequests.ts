import { getOperation, type OperationDef, type OperationId } from '../catalogue';
import { excerpt } from '../format/quote';
import { buildRequest, KnownSecrets, type OutgoingRequest } from '../http';

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

/**
 * Why the server refused, for a message the workbench writes: "(HTTP 401)", then the server's own words
 * as a part of their own after "; ". The financing API names the field first ("RefreshToken: unknown,
 * expired or already used"), and at the start of a part the redaction of messages (redactMessage) reads
 * that as a field's name and keeps the words after it; after a colon it would take the first word for a
 * value and mask it. So what this request sent (the password, the refresh token) is scrubbed here, by
 * value, since a server may echo it; the words are cut like any quoted input.
 */
export function refusalReason(response: { status: number; json?: unknown }, sent: readonly string[]): string {
  const message = serverMessage(response.json);
  const words = message === undefined ? '' : `; ${excerpt(new KnownSecrets().add(...sent).redact(message))}`;
  return `(HTTP ${response.status})${words}`;
}
