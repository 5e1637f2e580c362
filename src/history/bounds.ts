/**
 * Every part of a history entry has a bound, so one runaway response (a 9 MB acquirerMessage) cannot
 * make an entry, or the file read on first use of history, huge. No vscode import (unit-tested).
 *
 * Bounds (README, "History"): the response body text 256 K characters, anything in it nested past
 * 32 levels replaced by a note (in place); the request body 64 K once
 * serialised; the decoded report 32 K; the cURL line 64 K; the URL and messages 4 K; any other string
 * 1 K; at most 32 headers per side and 16 URL parameters. JSON escaping can still grow a string up to
 * six times, so an entry over MAX_ENTRY_CHARS after all that is cut to a skeleton that fits.
 */
import { capJsonDepth } from '../json/edit';
import { setOwnValue } from '../json/ownKey';
import type { Exchange } from '../send/exchange';
import { MAX_PROBLEMS } from '../catalogue/issues';

export const HISTORY_BOUNDS = {
  responseBodyChars: 256 * 1024,
  requestBodyChars: 64 * 1024,
  decodedChars: 32 * 1024,
  curlChars: 64 * 1024,
  urlChars: 4 * 1024,
  messageChars: 4 * 1024,
  stringChars: 1024,
  headers: 32,
  params: 16,
  /** Deeper parts of a body or report are replaced by a note. */
  depth: 32,
  /** Entries of one object or list beyond this are dropped (with a note). */
  entries: 500,
} as const;

/** What the bounds above add up to, with room for the JSON punctuation around them. */
export const MAX_ENTRY_CHARS = 1024 * 1024;

export type HistoryBounds = { -readonly [K in keyof typeof HISTORY_BOUNDS]: number };

/** The end of a string the bounds clipped: such a value is never sent again (replay.ts). */
export const CUT_FOR_HISTORY = '… [cut for history]';
const CUT = CUT_FOR_HISTORY;

function clip(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, Math.max(0, max - CUT.length)) + CUT;
}

/** What stands where a body or report nests past the bound: visible where the part was. */
function tooDeepNote(bounds: HistoryBounds): string {
  return `<nested deeper than ${bounds.depth} levels, not kept in history>`;
}

/**
 * A response body as history keeps it: its start, with anything nested past the bound replaced by
 * the note (in place, so every literal above keeps its bytes: `10.50` stays `10.50`).
 */
function boundBodyText(body: string, bounds: HistoryBounds): string {
  const start = body.length > bounds.responseBodyChars ? body.slice(0, bounds.responseBodyChars) : body;
  return capJsonDepth(start, bounds.depth, tooDeepNote(bounds));
}

/**
 * A bounded copy of a JSON-like value: strings clipped, depth and entry counts limited. Iterative
 * over depth via the depth limit, so a body nested 5,000 deep cannot overflow the stack.
 */
function boundValue(value: unknown, maxString: number, bounds: HistoryBounds, depth = 0): unknown {
  if (typeof value === 'string') return clip(value, maxString);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= bounds.depth) return tooDeepNote(bounds);
  if (Array.isArray(value)) {
    const kept = value.slice(0, bounds.entries).map((v) => boundValue(v, maxString, bounds, depth + 1));
    if (value.length > bounds.entries) kept.push(`<${value.length - bounds.entries} more entries not kept in history>`);
    return kept;
  }
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value);
  for (const [k, v] of entries.slice(0, bounds.entries)) setOwnValue(out, clip(k, bounds.stringChars), boundValue(v, maxString, bounds, depth + 1));
  if (entries.length > bounds.entries) out['…'] = `<${entries.length - bounds.entries} more keys not kept in history>`;
  return out;
}

function boundHeaders(headers: Record<string, string>, bounds: HistoryBounds): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, bounds.headers)) out[clip(name, bounds.stringChars)] = clip(String(value), bounds.stringChars);
  return out;
}

function serialisedLength(value: unknown): number {
  return (JSON.stringify(value) ?? '').length;
}

/** A copy of an (already scrubbed) exchange with every part inside its bound. */
export function boundExchange(e: Exchange, bounds: HistoryBounds = { ...HISTORY_BOUNDS }): Exchange {
  const s = (text: string) => clip(text, bounds.stringChars);
  const copy: Exchange = {
    id: s(e.id),
    startedAt: s(e.startedAt),
    environment: { id: s(e.environment.id), name: s(e.environment.name), live: e.environment.live },
    operationId: s(e.operationId),
    operationTitle: s(e.operationTitle),
    params: Object.fromEntries(Object.entries(e.params).slice(0, bounds.params).map(([k, v]) => [s(k), s(String(v))])),
    request: {
      method: s(e.request.method),
      url: clip(e.request.url, bounds.urlChars),
      headers: boundHeaders(e.request.headers, bounds),
      bodyWasMasked: e.request.bodyWasMasked,
      curl: clip(e.request.curl, bounds.curlChars),
    },
  };
  if (e.version !== undefined) copy.version = e.version;
  if (e.request.body !== undefined) {
    const body = boundValue(e.request.body, bounds.stringChars * 4, bounds);
    const size = serialisedLength(body);
    copy.request.body = size <= bounds.requestBodyChars ? body : `<request body of ${size} characters not kept in history>`;
    // A body cut for history cannot be re-sent as it was: flag it as a masked body is flagged.
    if (size > bounds.requestBodyChars || size !== serialisedLength(e.request.body)) copy.request.bodyWasMasked = true;
  }
  if (e.response) {
    const body = e.response.bodyText;
    copy.response = {
      status: e.response.status,
      headers: boundHeaders(e.response.headers, bounds),
      bodyText: boundBodyText(body, bounds),
      sizeBytes: e.response.sizeBytes,
      truncated: e.response.truncated || body.length > bounds.responseBodyChars,
      timing: { totalMs: e.response.timing.totalMs, ttfbMs: e.response.timing.ttfbMs },
    };
  }
  if (e.failure) copy.failure = { kind: s(e.failure.kind), message: clip(e.failure.message, bounds.messageChars) };
  if (e.seenBy === 'tap') copy.seenBy = 'tap';
  if (e.requestProblems) copy.requestProblems = e.requestProblems.slice(0, MAX_PROBLEMS).map((p) => ({ path: s(p.path), severity: p.severity === 'warning' ? 'warning' : 'error', message: clip(p.message, bounds.messageChars) }));
  if (e.decoded) {
    const decoded = boundValue(e.decoded, bounds.stringChars, bounds);
    // The report is derived from the body: one too big is dropped and decoded again when shown.
    if (serialisedLength(decoded) <= bounds.decodedChars) copy.decoded = decoded as Exchange['decoded'];
  }
  return entryChars(copy) <= MAX_ENTRY_CHARS ? copy : skeleton(copy);
}

/** What is left of an entry whose strings escape to too much: enough for the tree and a look at the start of the body. */
function skeleton(e: Exchange): Exchange {
  const small = (text: string) => clip(text, 4 * 1024);
  const { decoded: _dropped, ...rest } = e;
  return {
    ...rest,
    request: { ...e.request, headers: {}, curl: small(e.request.curl), body: '<request body not kept in history: too large>', bodyWasMasked: true },
    ...(e.response ? { response: { ...e.response, headers: {}, bodyText: clip(e.response.bodyText, 32 * 1024), truncated: true } } : {}),
    ...(e.failure ? { failure: { kind: e.failure.kind, message: small(e.failure.message) } } : {}),
  };
}

/** The size an entry takes in the history file. */
export function entryChars(e: Exchange): number {
  return serialisedLength(e);
}
