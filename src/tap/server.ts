/**
 * The tap's listeners: plain HTTP on loopback (and TLS beside it when asked), each call forwarded as
 * it came and answered with the upstream's bytes as they come. Recognising, checking and decoding
 * happen after the answer went back (setImmediate), so they never delay the forwarding.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { ConnectionBudget } from '../http/connectionBudget';
import { createDispatcher, proxyHostOf } from '../http/dispatcherFactory';
import { isLoopbackName, isOwnHost, misdirectedExplanation } from '../http/loopbackRequests';
import { MAX_REQUEST_BYTES, readBody, refuseAndClose, send, statusFaultResponse } from '../simulator/responseWriter';
import { gatewayError } from '../simulator/gateway/errors';
import { jsonOf, KEEP_ANSWER_BYTES, recognise, apiOperationOf, type SeenCall } from './analyse';
import { startAnalyser } from './analyser';
import { describeFaultRule, FaultPlan } from './faults';
import { askUpstream, endToEndHeaders, upstreamTarget, type UpstreamAnswer } from './forward';
import { CallRing } from './ring';
import type { FaultRule, TapCall, TapHandle, TapOptions } from './types';

export const DEFAULT_MAX_CALLS = 1000;
const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;
export const isLoopbackHost = (host: string): boolean => isLoopbackName(host.toLowerCase());

export async function startTap(options: TapOptions): Promise<TapHandle> {
  const upstream = options.upstream;
  new URL(upstream.url); // a bad upstream URL fails here, not at the first call

  const ring = new CallRing(options.maxCalls ?? DEFAULT_MAX_CALLS);
  const plan = new FaultPlan(options.faults ?? []);
  const listeners = new Set<(call: TapCall) => void>();
  const sockets = new Set<Socket>();
  const closing = new AbortController();
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  // The dispatcher every send to this environment uses: its CA, client certificate and proxy. Its budget
  // bounds connections closed before any answer (a proxy that accepts each tunnel and drops it) per call
  // in flight, as a send's does: each forwarded call is counted, so calls side by side each get their share.
  const budget = new ConnectionBudget();
  const dispatcher = createDispatcher(upstream.transport ?? {}, budget);
  const viaProxy = proxyHostOf(upstream.transport ?? {});
  let seq = 0;

  // The checker needs where calls went, not how: the client key and the proxy's URL stay on this thread.
  const analyser = startAnalyser({ url: upstream.url, environment: upstream.environment }, options.analysisWorker, (call) => {
    ring.add(call);
    for (const listener of listeners) {
      try {
        listener(call);
      } catch {
        // A listener's failure is its own: the tap and the other listeners go on.
      }
    }
  });
  const publish = (seen: SeenCall): void => analyser.analyse(seen);

  const host = options.host ?? '127.0.0.1';
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    // Not forwarded, nor a call of the record: a Host not the tap's is a web page's name pointed at loopback (DNS rebinding).
    if (!isOwnHost(req.headers, host)) return refuseAndClose(req, res, gatewayError(421, 'INVALID_REQUEST', `Gateway Tap: ${misdirectedExplanation(req.headers, host)}`));
    const started = performance.now();
    const seen: SeenCall = { seq: ++seq, startedAt: Date.now(), method: req.method ?? 'GET', url: '', requestHeaders: { ...req.headers }, requestBody: Buffer.alloc(0) };
    const target = upstreamTarget(upstream.url, req.url ?? '/');
    seen.url = `${target.origin}${target.path}`;
    const body = await readBody(req).catch(() => undefined);
    if (body === undefined) return; // the client went away mid-body: nothing was forwarded
    if (body === 'too-large') {
      refuseAndClose(req, res, gatewayError(413, 'INVALID_REQUEST', `Request body larger than ${MAX_REQUEST_BYTES} bytes (the Gateway Tap's limit, as the simulator's)`));
      seen.failure = { kind: 'too-large', message: `the request body was larger than ${MAX_REQUEST_BYTES} bytes: refused with 413, not forwarded` };
      publish(seen);
      return;
    }
    seen.requestBody = body;
    const rule = plan.isEmpty() ? undefined : plan.take(namesOf(seen));
    if (rule) seen.fault = describeFaultRule({ ...rule, count: undefined, share: undefined } as FaultRule);

    if (rule?.kind === 'status' || rule?.kind === 'busy') {
      const answer = statusFaultResponse(new URL(req.url ?? '/', 'http://tap').pathname, rule.kind === 'busy' ? 503 : rule.status ?? 500);
      send(res, answer);
      seen.fault += ': answered by the tap, not forwarded';
      seen.answer = { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body), sizeBytes: Buffer.byteLength(answer.body), truncated: false, totalMs: performance.now() - started, ttfbMs: 0 };
      publish(seen);
      return;
    }
    if (rule?.kind === 'delay') await delay(rule.delayMs ?? 0, closing.signal);

    // The upstream's deadline is undici's (headersTimeout, bodyTimeout); closing destroys the dispatcher,
    // which ends calls in flight: no timer, controller or listener per call.
    const forwardOnce = async (): Promise<UpstreamAnswer & { kept: Buffer; size: number }> => {
      budget.sendStarted();
      let answer: UpstreamAnswer;
      try {
        answer = await askUpstream(dispatcher, target, { method: seen.method, headers: endToEndHeaders(req.headers), body }, started, upstreamTimeoutMs);
        budget.answered();
      } finally {
        budget.sendEnded();
      }
      const silent = rule?.kind === 'timeout' || rule?.kind === 'reset' || (rule?.kind === 'twice' && !firstDone);
      if (!silent) res.writeHead(answer.status, answer.headers);
      const relayed = await relay(answer.body, silent ? undefined : res, KEEP_ANSWER_BYTES);
      return { ...answer, ...relayed };
    };
    let firstDone = false;
    try {
      if (rule?.kind === 'twice') {
        const first = await forwardOnce();
        firstDone = true;
        seen.fault += `: the first answered ${first.status}${verdictHint(first.kept)}; your server got the second`;
      }
      const answer = await forwardOnce();
      seen.answer = { status: answer.status, headers: answer.rawHeaders, body: answer.kept, sizeBytes: answer.size, truncated: answer.size > answer.kept.length, totalMs: performance.now() - started, ttfbMs: answer.ttfbMs };
      if (rule?.kind === 'reset') {
        seen.fault += ': forwarded, the gateway answered; the connection was reset';
        resetConnection(req.socket);
      } else if (rule?.kind === 'timeout') {
        seen.fault += ': forwarded, the gateway answered; your server was never answered';
        // The socket stays open until the merchant's client gives up or the tap stops.
      } else {
        res.end();
      }
    } catch (err) {
      const message = upstreamFailure(err, upstream.url, upstreamTimeoutMs, viaProxy);
      seen.failure = { kind: 'upstream', message };
      if (!res.headersSent) send(res, { ...gatewayError(502, 'SERVER_FAILED', `Gateway Tap: ${message}`), headers: { 'content-type': 'application/json;charset=UTF-8', 'x-gateway-tap': 'upstream-failed' } });
      else res.destroy();
    }
    publish(seen);
  };

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    handle(req, res).catch(() => res.destroy());
  };
  const track = (server: http.Server | https.Server): void => {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
  };
  const plain = http.createServer({ keepAliveTimeout: 5000 }, onRequest);
  track(plain);
  const secure = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key, keepAliveTimeout: 5000 }, onRequest) : undefined;
  if (secure) track(secure);
  const closeAll = async (): Promise<void> => {
    closing.abort();
    for (const socket of sockets) socket.destroy();
    await Promise.all([plain, secure].map((s) => (s?.listening ? new Promise<void>((resolve) => s.close(() => resolve())) : undefined)));
    await dispatcher.destroy().catch(() => undefined);
    await analyser.close();
  };
  try {
    await listen(plain, host, options.port ?? 0);
    if (secure && options.tls) await listen(secure, host, options.tls.port ?? 0);
  } catch (err) {
    await closeAll();
    throw err;
  }
  // The address, not localhost: a client that tries ::1 first and does not fall back (Node 18) would miss a 127.0.0.1 listener.
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${(plain.address() as AddressInfo).port}`,
    tlsUrl: secure ? `https://${urlHost}:${(secure.address() as AddressInfo).port}` : undefined,
    upstream,
    seen: () => seq,
    calls: () => ring.list(),
    onCall(listener) {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    setFaults: (rules) => plan.set(rules),
    faults: () => plan.current(),
    close: closeAll,
  };
}

function namesOf(seen: SeenCall): { operationId?: string; apiOperation?: string } {
  const json = jsonOf(seen.requestBody.toString('utf8'));
  const { detected } = recognise(seen.method, seen.url, json);
  const apiOperation = apiOperationOf(json);
  return { ...(detected ? { operationId: detected.op.id } : {}), ...(apiOperation !== undefined ? { apiOperation } : {}) };
}

function listen(server: http.Server | https.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** Writes each chunk to `res` as it comes (when there is one) and keeps the first `limit` bytes. */
function relay(body: Readable, res: http.ServerResponse | undefined, limit: number): Promise<{ kept: Buffer; size: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (kept < limit) {
        const part = chunk.length <= limit - kept ? chunk : chunk.subarray(0, limit - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (res && !res.write(chunk)) {
        body.pause();
        res.once('drain', () => body.resume());
      }
    });
    body.once('end', () => resolve({ kept: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), size }));
    body.once('error', reject);
  });
}

function verdictHint(body: Buffer): string {
  const json = jsonOf(body.toString('utf8'));
  const result = typeof json === 'object' && json !== null ? (json as { result?: unknown }).result : undefined;
  return typeof result === 'string' ? ` ${result}` : '';
}

function resetConnection(socket: Socket): void {
  // An RST, as a dropped connection looks to the client, where the runtime can send one.
  const withReset = socket as Socket & { resetAndDestroy?: () => Socket };
  if (typeof withReset.resetAndDestroy === 'function') withReset.resetAndDestroy();
  else socket.destroy();
}

/** Why the tap answered 502 itself; `proxy` (host:port) when the environment's calls go through one, so the hop at fault can be told. */
function upstreamFailure(err: unknown, url: string, timeoutMs: number, proxy: string | undefined): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const via = proxy ? ` through the proxy ${proxy}` : '';
  if (e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') return `the upstream ${new URL(url).origin} did not answer${via} within ${timeoutMs} ms`;
  const code = e.code ?? e.cause?.code;
  return `the upstream ${new URL(url).origin} could not be reached${via}${code ? ` (${code})` : ''}: ${e.message ?? String(err)}`;
}
