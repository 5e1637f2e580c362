import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RequestLog } from './requestLog';
import { redactBody, redactHeaders } from './redact';

/**
 * Outgoing notifications (gateway webhooks, financing callbacks): fire-and-forget with a total
 * deadline, so a slow, dead or dripping receiver never holds up the operation that caused it nor the
 * simulator's shutdown; each attempt is logged.
 */

/** The whole attempt (connect, send, the complete answer): an idle timeout alone lets a receiver that drips bytes hold it for ever. */
export const OUTBOUND_DEADLINE_MS = 5000;
/** The receiver's answer is only shown in the log. */
const KEPT_ANSWER_BYTES = 64 * 1024;

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

/** `stop`: aborted when the simulator stops; the attempt then ends at once. */
export function postJson(log: RequestLog, kind: 'webhook' | 'callback', url: string, body: string, extraHeaders: Record<string, string> = {}, stop?: AbortSignal): Promise<OutboundResult> {
  const started = Date.now();
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'payment-workbench-simulator', ...extraHeaders };
  return new Promise<OutboundResult>((resolve) => {
    let settled = false;
    let stoppedBecause: string | undefined;
    const onFinish: (() => void)[] = [];
    const finish = (result: OutboundResult, responseText = '', responseHeaders: Record<string, string> = {}): void => {
      if (settled) return;
      settled = true;
      for (const release of onFinish) release();
      if (stoppedBecause !== undefined) result = { ...result, error: stoppedBecause };
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
    const req = send(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < KEPT_ANSWER_BYTES) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0 }, Buffer.concat(chunks).toString('utf8'), res.headers as Record<string, string>));
      res.on('error', (e) => finish({ status: res.statusCode ?? 0, error: e.message }));
      res.on('close', () => finish({ status: res.statusCode ?? 0, error: 'the connection closed before the answer ended' }));
    });
    const end = (reason: string): void => {
      stoppedBecause ??= reason;
      req.destroy(new Error(reason));
    };
    const deadline = setTimeout(() => end(`no complete answer within ${OUTBOUND_DEADLINE_MS} ms (the deadline of one attempt)`), OUTBOUND_DEADLINE_MS);
    const onStop = (): void => end('the simulator stopped before the receiver answered');
    onFinish.push(() => clearTimeout(deadline), () => stop?.removeEventListener('abort', onStop));
    if (stop?.aborted) onStop();
    else stop?.addEventListener('abort', onStop, { once: true });
    req.on('error', (e) => finish({ status: 0, error: e.message }));
    req.end(body);
  });
}
