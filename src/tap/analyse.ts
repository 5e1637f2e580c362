/**
 * What a call that passed the tap was: the operation (method, path and apiOperation at the version in
 * the URL), the catalogue's errors and warnings for its body at that version (the form's words), the
 * decoded answer, all masked by the one redaction policy. Runs after the answer went back.
 */
import { randomUUID } from 'node:crypto';
import { checkBody } from '../catalogue/validate';
import { isError } from '../catalogue/issues';
import { namedSession, SESSION_MAY_HOLD } from '../catalogue/sessionSupply';
import type { OperationId } from '../catalogue/operations';
import { decodeResponse } from '../decode';
import { boundExchange } from '../history/bounds';
import { KnownSecrets, redactBodyText, toCurl, type OutgoingRequest } from '../http';
import { detectOperation, type DetectedOperation } from '../interop/import/detect';
import { jsonBoundsProblem } from '../json/bounds';
import { parseJsonBounded } from '../json/depth';
import { redactHeaders, redactUrlText } from '../redaction';
import type { Exchange, RequestProblem } from '../send/exchange';
import { keptRequestBody } from '../send/keptBody';
import { SessionsSeen } from './sessionsSeen';
import type { TapCall, TapUpstream } from './types';

export const NOT_IN_CATALOGUE = '(not in the catalogue)';
/** The answer kept per call, as the send path keeps one: what the tap reads beside the relay and shows. */
export const KEEP_ANSWER_BYTES = 1024 * 1024;
const CURL_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/** One call as the tap saw it: the bytes both ways (the answer up to what is kept), the times. */
export interface SeenCall {
  seq: number;
  startedAt: number;
  method: string;
  /** The upstream URL the call went to (path and query as the merchant's server sent them). */
  url: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestBody: Buffer;
  answer?: { status: number; headers: Record<string, string>; body: Buffer; sizeBytes: number; truncated: boolean; totalMs: number; ttfbMs: number };
  failure?: { kind: string; message: string };
  fault?: string;
}

/** Parsed JSON of a body, or undefined: never throws, never parses past the JSON bounds. */
export function jsonOf(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  if (jsonBoundsProblem(text)) return undefined;
  try {
    return parseJsonBounded(text);
  } catch {
    return undefined;
  }
}

/** apiOperation of a JSON body, read before forwarding only when a fault rule needs the call's name. */
export function apiOperationOf(json: unknown): string | undefined {
  const value = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>).apiOperation : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function recognise(method: string, url: string, json: unknown): { detected?: DetectedOperation; why?: string } {
  const detection = detectOperation(method, url, apiOperationOf(json));
  return detection.ok ? { detected: detection.detected } : { why: detection.why };
}

/** The merchant's own Basic credentials: masked wherever they could show (a header, an echo in a body). */
function secretsOf(headers: SeenCall['requestHeaders']): KnownSecrets {
  const known = new KnownSecrets();
  const auth = headers.authorization;
  const basic = typeof auth === 'string' ? /^Basic\s+([A-Za-z0-9+/=]{1,4096})$/i.exec(auth)?.[1] : undefined;
  if (basic) {
    const pair = Buffer.from(basic, 'base64').toString('utf8');
    const colon = pair.indexOf(':');
    if (colon >= 0) known.addBasicCredentials(pair.slice(0, colon), pair.slice(colon + 1));
  }
  if (typeof auth === 'string') known.add(auth.replace(/^\S+\s+/, ''));
  return known;
}

function problemsOf(detected: DetectedOperation, json: unknown, text: string, sessions: SessionsSeen): RequestProblem[] {
  if (detected.op.method === 'GET' && text === '') return [];
  // No body (or only whitespace) is the empty body the gateway reads it as: the catalogue judges it so.
  if (json === undefined && text.trim() !== '') return [{ path: '', severity: 'error', message: 'the body is not JSON: the gateway reads JSON request bodies (this call is shown as text)' }];
  const session = namedSession(json);
  // "Needed in the request or in the session" is answered where the Tap saw the session hold the field.
  const answered = (rule: string, path: string) => rule === SESSION_MAY_HOLD && session !== undefined && sessions.holds(session, path);
  return checkBody(detected.op.id as OperationId, detected.version, json).issues
    .filter((i) => !answered(i.rule, i.path))
    .map((i) => ({ path: i.path, severity: isError(i) ? 'error' : 'warning', message: i.message }));
}

function singleValued(headers: SeenCall['requestHeaders']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** `sessions`: what earlier calls of this tap showed of their sessions; this call's show is added to it. */
export function analyseCall(seen: SeenCall, upstream: TapUpstream, sessions: SessionsSeen = new SessionsSeen()): TapCall {
  const known = secretsOf(seen.requestHeaders);
  const text = seen.requestBody.toString('utf8');
  const json = jsonOf(text);
  const { detected, why } = recognise(seen.method, seen.url, json);
  const headers = singleValued(seen.requestHeaders);
  const live = upstream.environment.live;
  const exchange: Exchange = {
    id: randomUUID(),
    startedAt: new Date(seen.startedAt).toISOString(),
    environment: upstream.environment,
    operationId: detected?.op.id ?? NOT_IN_CATALOGUE,
    operationTitle: detected?.op.title ?? `${seen.method} ${redactUrlText(new URL(seen.url).pathname, known)}`,
    ...(detected?.version !== undefined ? { version: detected.version } : {}),
    params: detected ? Object.fromEntries(Object.entries(detected.params).filter((e): e is [string, string] => typeof e[1] === 'string')) : {},
    request: { method: seen.method, url: redactUrlText(seen.url, known), headers: redactHeaders(headers, known), bodyWasMasked: false, curl: '' },
    seenBy: 'tap',
  };
  if (text !== '') Object.assign(exchange.request, keptRequestBody(text, redactBodyText(text, known), known, !live));
  if (CURL_METHODS.has(seen.method)) {
    const request: OutgoingRequest = { method: seen.method as OutgoingRequest['method'], url: seen.url, headers, ...(text !== '' ? { body: text } : {}), timeoutMs: 0, maxResponseBytes: 0 };
    exchange.request.curl = toCurl(request, { includeSecrets: false, known });
  }
  let answerJson: unknown;
  if (seen.answer) {
    const answerText = seen.answer.body.toString('utf8');
    const shown = redactBodyText(answerText, known);
    exchange.response = {
      status: seen.answer.status,
      headers: redactHeaders(seen.answer.headers, known),
      bodyText: shown.length > KEEP_ANSWER_BYTES ? shown.slice(0, KEEP_ANSWER_BYTES) : shown,
      sizeBytes: seen.answer.sizeBytes,
      truncated: seen.answer.truncated || shown.length > KEEP_ANSWER_BYTES,
      timing: { totalMs: Math.round(seen.answer.totalMs * 10) / 10, ttfbMs: Math.round(seen.answer.ttfbMs * 10) / 10 },
    };
    answerJson = seen.answer.truncated ? undefined : jsonOf(answerText);
    exchange.decoded = decodeResponse({
      operationId: exchange.operationId,
      httpStatus: seen.answer.status,
      body: answerJson,
      rawText: answerJson === undefined ? exchange.response.bodyText : answerText,
      requestUrl: exchange.request.url,
      known,
    });
  }
  if (seen.failure) exchange.failure = { kind: seen.failure.kind, message: redactBodyText(seen.failure.message, known) };
  const problems = detected ? problemsOf(detected, json, text, sessions) : [];
  if (problems.length) exchange.requestProblems = problems;
  const bounded = boundExchange(exchange);
  const orderId = bounded.params.orderId ?? orderIdOfAnswer(bounded);
  const sessionId = sessionIdOf(bounded, json);
  sessions.record(bounded.operationId, sessionId, seen.answer?.status, json, answerJson);
  const conversation = sessions.financing.conversationOf(bounded.operationId, headers, seen.answer?.status, answerJson);
  return {
    seq: seen.seq,
    exchange: bounded,
    recognised: detected !== undefined,
    ...(why !== undefined ? { unrecognisedWhy: why } : {}),
    problems: bounded.requestProblems ?? [],
    ...(seen.fault !== undefined ? { fault: seen.fault } : {}),
    ...(orderId !== undefined ? { orderId } : {}),
    ...(bounded.params.transactionId !== undefined ? { transactionId: bounded.params.transactionId } : {}),
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(conversation !== undefined ? { conversation } : {}),
  };
}

/** The payment session a call creates, updates or pays with: how a checkout's session calls thread into its order. */
function sessionIdOf(e: Exchange, json: unknown): string | undefined {
  if (e.params.sessionId !== undefined) return e.params.sessionId;
  const session = typeof json === 'object' && json !== null ? (json as { session?: { id?: unknown } }).session : undefined;
  if (typeof session?.id === 'string') return session.id;
  const answer = e.operationId === 'gateway.createSession' && e.response ? jsonOf(e.response.bodyText) : undefined;
  const created = typeof answer === 'object' && answer !== null ? (answer as { session?: { id?: unknown } }).session : undefined;
  return typeof created?.id === 'string' ? created.id : undefined;
}

/** A call the checker was too far behind to check: what it was and what came back, masked, unchecked. */
export function uncheckedCall(seen: SeenCall, upstream: TapUpstream, behind: number): TapCall {
  const known = secretsOf(seen.requestHeaders);
  const exchange: Exchange = {
    id: randomUUID(),
    startedAt: new Date(seen.startedAt).toISOString(),
    environment: upstream.environment,
    operationId: NOT_IN_CATALOGUE,
    operationTitle: `${seen.method} ${redactUrlText(new URL(seen.url).pathname, known)}`,
    params: {},
    request: { method: seen.method, url: redactUrlText(seen.url, known), headers: redactHeaders(singleValued(seen.requestHeaders), known), bodyWasMasked: true, curl: '' },
    ...(seen.answer ? { response: { status: seen.answer.status, headers: redactHeaders(seen.answer.headers, known), bodyText: '', sizeBytes: seen.answer.sizeBytes, truncated: true, timing: { totalMs: seen.answer.totalMs, ttfbMs: seen.answer.ttfbMs } } } : {}),
    seenBy: 'tap',
  };
  return { seq: seen.seq, exchange, recognised: false, unrecognisedWhy: `not checked: the checker was ${behind} calls behind (forwarded all the same)`, problems: [], ...(seen.fault !== undefined ? { fault: seen.fault } : {}) };
}

/** A Create Session or Retrieve call names its order only in the answer. */
function orderIdOfAnswer(e: Exchange): string | undefined {
  const json = e.response ? jsonOf(e.response.bodyText) : undefined;
  const order = typeof json === 'object' && json !== null ? (json as { order?: { id?: unknown } }).order : undefined;
  return typeof order?.id === 'string' ? order.id : undefined;
}
