/**
 * An Exchange as the response webview receives it: bodies pretty-printed (number literals kept
 * exactly) and capped, so a multi-megabyte answer never crosses into the page whole; copy and
 * "open in editor" ask the host, which uses fullBodyText on its own complete copy. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import { decodeResponse, failureVerdict } from '../../../decode';
import type { DecodedResponse } from '../../../decode/types';
import { formatBytes } from '../../../format/formatBytes';
import { MAX_REQUEST_PROBLEMS, REQUEST_PROBLEM_MESSAGE_MAX, VIEW_BODY_CAP, type ExchangeView, type ShownBody } from '../protocol';
import type { Exchange } from '../../../send/exchange';
import { nextStepsFor, type NextStep } from '../../../orders/answers/nextSteps';
import { isJsonText, prettyJson } from '../../../json';
import { utf8Length } from '../../../json/fileText';

export type BodyKind = 'request' | 'response' | 'curl' | 'redirectHtml' | 'payerStep';

/** The limits of exchangeViewSchema: what the view sends must always pass the schema the page parses with. */
const HEADER_NAME_MAX = 1000;
const HEADER_VALUE_MAX = 16_384;
const FAILURE_MESSAGE_MAX = 4000;
const SHORT_TEXT_MAX = 500;

export function toExchangeView(e: Exchange, cap = VIEW_BODY_CAP): ExchangeView {
  const decoded = decodedOf(e);
  const requestBody = requestBodyText(e);
  const steps = nextStepsOf(e);
  return {
    id: clip(e.id, SHORT_TEXT_MAX),
    startedAt: clip(e.startedAt, SHORT_TEXT_MAX),
    environment: { id: clip(e.environment.id, SHORT_TEXT_MAX), name: clip(e.environment.name, SHORT_TEXT_MAX), live: e.environment.live },
    operationId: clip(e.operationId, SHORT_TEXT_MAX),
    operationTitle: clip(e.operationTitle, SHORT_TEXT_MAX),
    ...(e.version !== undefined && Number.isInteger(e.version) ? { version: e.version } : {}),
    request: {
      method: clip(e.request.method, SHORT_TEXT_MAX),
      url: clip(e.request.url, VIEW_BODY_CAP),
      headers: viewHeaders(e.request.headers),
      ...(requestBody !== undefined ? { body: shownBody(requestBody, utf8Length(compactRequestBody(e) ?? requestBody.text), false, cap) } : {}),
      curl: capCurl(e.request.curl, cap),
    },
    ...(e.response
      ? {
          response: {
            status: e.response.status,
            headers: viewHeaders(e.response.headers),
            body: shownBody(prettyBody(e.response.bodyText), e.response.sizeBytes, e.response.truncated, cap),
            truncated: e.response.truncated,
            timing: { totalMs: e.response.timing.totalMs, ttfbMs: e.response.timing.ttfbMs },
          },
        }
      : {}),
    ...(e.failure ? { failure: { kind: clip(e.failure.kind, SHORT_TEXT_MAX), message: clip(e.failure.message, FAILURE_MESSAGE_MAX), verdict: failureVerdict(e.operationId, { kind: e.failure.kind, message: clip(e.failure.message, FAILURE_MESSAGE_MAX) }) } } : {}),
    ...(decoded ? { decoded } : {}),
    ...(e.seenBy === 'tap' ? { seenBy: 'tap' as const } : {}),
    ...(e.requestProblems?.length ? { requestProblems: e.requestProblems.slice(0, MAX_REQUEST_PROBLEMS).map((p) => ({ path: clip(p.path, SHORT_TEXT_MAX), severity: p.severity === 'warning' ? ('warning' as const) : ('error' as const), message: clip(p.message, REQUEST_PROBLEM_MESSAGE_MAX) })) } : {}),
    ...(steps.length > 0 ? { nextSteps: steps.map((s) => ({ operationId: s.operationId, label: clip(s.label, SHORT_TEXT_MAX) })) } : {}),
  };
}

/**
 * The whole text behind a Copy or "Open in editor" button: pretty JSON when the body is JSON (the
 * same text the panel shows, uncapped), the text as received otherwise. Undefined when there is none.
 */
export function fullBodyText(e: Exchange, what: BodyKind): string | undefined {
  switch (what) {
    case 'request':
      return requestBodyText(e)?.text;
    case 'response':
      return e.response && e.response.bodyText !== '' ? prettyBody(e.response.bodyText).text : undefined;
    case 'curl':
      return e.request.curl === '' ? undefined : e.request.curl;
    case 'redirectHtml':
      return decodedOf(e)?.browserPayment?.redirectHtml;
    case 'payerStep':
      return decodedOf(e)?.authentication?.payerStep;
  }
}

/**
 * Older history entries (or a send that skipped decoding) have no decoded result: decode now, the
 * decoder never throws. The same fallback as the Markdown view's.
 */
/** The next steps the panel offers for `e`, the same list its buttons were made from. */
export function nextStepsOf(e: Exchange): NextStep[] {
  const decoded = decodedOf(e);
  return nextStepsFor(decoded ? { ...e, decoded } : e);
}

function decodedOf(e: Exchange): DecodedResponse | undefined {
  if (e.decoded) return e.decoded;
  if (!e.response) return undefined;
  let body: unknown;
  try {
    body = e.response.bodyText === '' ? undefined : (JSON.parse(e.response.bodyText) as unknown);
  } catch {
    body = undefined;
  }
  return decodeResponse({ operationId: e.operationId, httpStatus: e.response.status, body, rawText: e.response.bodyText, requestUrl: e.request.url });
}

interface BodyText {
  text: string;
  json: boolean;
}

function prettyBody(text: string): BodyText {
  const pretty = prettyJson(text);
  // prettyJson hands back non-JSON unchanged; only then is a second look needed (already-pretty JSON).
  return { text: pretty, json: pretty !== text || isJsonText(text) };
}

/** The request body was parsed before it was kept (and masked): print it back as JSON, or as the text it was. */
function requestBodyText(e: Exchange): BodyText | undefined {
  const body = e.request.body;
  if (body === undefined) return undefined;
  if (typeof body === 'string') return prettyBody(body);
  return { text: JSON.stringify(body, null, 2), json: true };
}

function compactRequestBody(e: Exchange): string | undefined {
  const body = e.request.body;
  if (body === undefined || typeof body === 'string') return undefined;
  return JSON.stringify(body);
}

function shownBody(body: BodyText, sizeBytes: number, incomplete: boolean, cap: number): ShownBody {
  const over = body.text.length > cap;
  return {
    text: over ? body.text.slice(0, cap) : body.text,
    json: body.json,
    capped: over || incomplete,
    sizeBytes: Math.max(0, Math.floor(sizeBytes)),
  };
}

/** cURL has no "capped" flag in the view: a cut one says so in a shell comment; Copy cURL copies it whole. */
function capCurl(curl: string, cap: number): string {
  if (curl.length <= cap) return curl;
  return l10n.t('{0}\n# … cut at {1} of {2} characters: Copy cURL copies all of it', curl.slice(0, cap), formatBytes(cap), curl.length);
}

function viewHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [clip(name, HEADER_NAME_MAX), clip(String(value), HEADER_VALUE_MAX)]));
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
