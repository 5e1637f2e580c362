import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RequestLog } from './requestLog';
import { redactBody, redactHeaders } from './redact';

/**
 * Outgoing notifications (gateway webhooks, financing callbacks): fire-and-forget with a timeout, so a
 * slow or dead receiver never holds up the operation that caused it; each attempt is logged.
 */

const OUTBOUND_TIMEOUT_MS = 5000;

/** Loopback targets may use plain http; the real services only call https. */
export function isAllowedTarget(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === 'https:') return true;
  return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
}

interface OutboundResult {
  status: number;
  error?: string;
}

export function postJson(log: RequestLog, kind: 'webhook' | 'callback', url: string, body: string, extraHeaders: Record<string, string> = {}): Promise<OutboundResult> {
  const started = Date.now();
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'payment-workbench-simulator', ...extraHeaders };
  return new Promise<OutboundResult>((resolve) => {
    let settled = false;
    const finish = (result: OutboundResult, responseText = '', responseHeaders: Record<string, string> = {}): void => {
      if (settled) return;
      settled = true;
      log.add({
        kind,
        time: new Date(started).toISOString(),
        method: 'POST',
        url,
        status: result.status,
        durationMs: Date.now() - started,
        requestHeaders: redactHeaders(headers),
        requestBody: redactBody(body),
        responseHeaders: redactHeaders(responseHeaders),
        responseBody: redactBody(responseText),
        ...(result.error ? { error: result.error } : {}),
      });
      resolve(result);
    };
    if (!isAllowedTarget(url)) {
      finish({ status: 0, error: 'target must be https, or http on loopback' });
      return;
    }
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', headers, timeout: OUTBOUND_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        // Keep at most 64 KB of the receiver's answer: it is only shown in the log.
        if (size < 64 * 1024) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0 }, Buffer.concat(chunks).toString('utf8'), res.headers as Record<string, string>));
      res.on('error', (e) => finish({ status: res.statusCode ?? 0, error: e.message }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${OUTBOUND_TIMEOUT_MS} ms`)));
    req.on('error', (e) => finish({ status: 0, error: e.message }));
    req.end(body);
  });
}
