import type { IncomingHttpHeaders } from 'node:http';
import { jsonText, type JsonOut } from './jsonText';
import { redactAnswerBody } from './redact';

/** What a route handler sees: the request already read, so handlers stay synchronous to test. */
export interface SimRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** True on the mTLS port once the client certificate was verified against the configured CA. */
  clientCertAuthenticated: boolean;
}

/** What a handler answers; the server writes it (and the fault layer may bend it). */
export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * The body as the request log keeps it, when it was redacted as the answer was built (jsonAnswer);
   * otherwise the server redacts the body text. Whoever changes the body drops this.
   */
  loggedBody?: string;
}

export function jsonResponse(status: number, body: string, extraHeaders: Record<string, string> = {}): SimResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...extraHeaders }, body };
}

/**
 * A JSON answer built from its value: serialised once, and redacted for the log from the same value
 * at the same moment (redact.ts), which is far cheaper than scanning the text again.
 */
export function jsonAnswer(status: number, value: JsonOut): SimResponse {
  const body = jsonText(value);
  const loggedBody = redactAnswerBody(body, value);
  const answer: SimResponse = { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
  if (loggedBody !== undefined) answer.loggedBody = loggedBody;
  return answer;
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
