import { request as httpRequest, type Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';
import type { RequestLog } from './requestLog';
import { redactBody, redactHeaders } from './redact';

/**
 * Outgoing notifications (gateway webhooks, financing callbacks): fire-and-forget with a total
 * deadline, so a slow, dead or dripping receiver never holds up the operation that caused it nor the
 * simulator's shutdown; each attempt is logged.
 */

/** The whole attempt (connect, send, the complete answer): an idle timeout alone lets a receiver that drips bytes hold it for ever. */
export const OUTBOUND_DEADLINE_MS = 5000;
/** The receiver's answer is only shown (as text, never rendered): the delivery log keeps this much of it. */
export const KEPT_ANSWER_BYTES = 4096;

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

export function isLoopbackTarget(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Loopback targets may use plain http; the real services only call https. */
export function isAllowedTarget(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === 'https:') return true;
  return u.protocol === 'http:' && LOOPBACK_HOSTS.includes(u.hostname);
}

export interface OutboundResult {
  status: number;
  error?: string;
  /** The first KEPT_ANSWER_BYTES of the answer, as text. */
  answer?: string;
  /** The whole answer's size, when it was longer than what was kept. */
  answerBytes?: number;
  latencyMs: number;
}

export interface OutboundOptions {
  /** Aborted when the simulator stops; the attempt then ends at once. */
  stop?: AbortSignal;
  /** Keep-alive agents, so a burst of notifications to one endpoint reuses its connections. */
  agents?: { http: HttpAgent; https: HttpsAgent };
  /** The body as the log keeps it, when the caller redacted it already (the delivery log did): redacted once per notification, not per attempt. */
  loggedBody?: string;
}

export function postJson(log: RequestLog, kind: 'webhook' | 'callback', url: string, body: string, extraHeaders: Record<string, string> = {}, options: OutboundOptions = {}): Promise<OutboundResult> {
  const { stop, agents, loggedBody } = options;
  const started = Date.now();
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'payment-workbench-simulator', ...extraHeaders };
  return new Promise<OutboundResult>((resolve) => {
    let settled = false;
    let stoppedBecause: string | undefined;
    const onFinish: (() => void)[] = [];
    const finish = (given: Omit<OutboundResult, 'latencyMs'>, responseText = '', responseHeaders: Record<string, string> = {}): void => {
      if (settled) return;
      settled = true;
      for (const release of onFinish) release();
      let result: OutboundResult = { ...given, latencyMs: Date.now() - started };
      if (stoppedBecause !== undefined) result = { ...result, error: stoppedBecause };
      log.add({
        kind,
        time: new Date(started).toISOString(),
        method: 'POST',
        url,
        status: result.status,
        durationMs: Date.now() - started,
        requestHeaders: redactHeaders(headers),
        requestBody: loggedBody ?? redactBody(body),
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
    const secure = url.startsWith('https:');
    const agent = agents ? (secure ? agents.https : agents.http) : undefined;
    const send = secure ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', headers, ...(agent ? { agent } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < KEPT_ANSWER_BYTES) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => {
        const kept = Buffer.concat(chunks).subarray(0, KEPT_ANSWER_BYTES);
        const answer = kept.toString('utf8');
        finish({ status: res.statusCode ?? 0, ...(answer ? { answer } : {}), ...(size > kept.length ? { answerBytes: size } : {}) }, answer, res.headers as Record<string, string>);
      });
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
