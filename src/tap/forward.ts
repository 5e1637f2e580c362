/**
 * Passing a call on as an HTTP proxy must: the same method, path, query, headers and body to the
 * upstream; the same status, headers and bytes back. Hop-by-hop headers (RFC 9110 §7.6.1) belong to
 * one connection and are dropped both ways, as are those the Connection header names.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from '../http/undiciParts';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect', 'host', 'content-length']);

type HeaderBag = Record<string, string | string[] | undefined>;

/** The end-to-end headers of `headers`: without hop-by-hop ones and without those its Connection header lists. */
export function endToEndHeaders(headers: HeaderBag | IncomingHttpHeaders): Record<string, string | string[]> {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || named.has(lower)) continue;
    out[lower] = value;
  }
  return out;
}

/** `http://gw:8080/prefix` + `/api/rest/…?x=1` → origin and the path the upstream is asked for. */
export function upstreamTarget(upstreamUrl: string, requestTarget: string): { origin: string; path: string } {
  const base = new URL(upstreamUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const path = requestTarget.startsWith('/') ? requestTarget : `/${requestTarget}`;
  return { origin: base.origin, path: `${prefix}${path}` };
}

export interface UpstreamAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  /** Headers as they came (for the record): values joined as one line each. */
  rawHeaders: Record<string, string>;
  body: Readable;
  ttfbMs: number;
}

export async function askUpstream(
  dispatcher: Dispatcher,
  target: { origin: string; path: string },
  call: { method: string; headers: Record<string, string | string[]>; body: Buffer },
  started: number,
  timeoutMs: number,
): Promise<UpstreamAnswer> {
  const answer = await dispatcher.request({
    origin: target.origin,
    path: target.path,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    method: call.method as Parameters<Dispatcher['request']>[0]['method'],
    headers: call.headers,
    ...(call.body.length > 0 || !['GET', 'HEAD'].includes(call.method) ? { body: call.body } : {}),
  });
  const headers = endToEndHeaders(answer.headers as HeaderBag);
  const rawHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
  // content-length is end-to-end and the bytes are passed as they came: keep it, so the merchant's client reads no chunking it did not get.
  const length = answer.headers['content-length'];
  if (typeof length === 'string') headers['content-length'] = length;
  return { status: answer.statusCode, headers, rawHeaders, body: answer.body, ttfbMs: performance.now() - started };
}
