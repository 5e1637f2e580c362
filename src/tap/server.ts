/**
 * The tap's listeners: plain HTTP on loopback (and TLS beside it when asked), each call forwarded as
 * it came and answered with the upstream's bytes as they come. Recognising, checking and decoding
 * happen after the answer went back (setImmediate), so they never delay the forwarding.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Dispatcher } from '../http/undiciParts';
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
import { interceptAuthority } from './interceptAuthority';
import { interceptedTarget, onConnect, type ConnectTarget } from './proxy';
import { CallRing } from './ring';
import type { FaultRule, InterceptRoute, ProxyNotice, TapCall, TapHandle, TapOptions } from './types';

/** Where one call is forwarded and how: the upstream environment's dispatcher, or a plain one for a host as asked. */
interface Route {
  url: string;
  dispatcher: Dispatcher;
  viaProxy: string | undefined;
}

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
  const upstreamRoute: Route = { url: upstream.url, dispatcher, viaProxy };
  // Hosts as the client asked: reached directly, with this machine's trust, as the client would have.
  const direct = options.intercept ? createDispatcher({}, budget) : undefined;
  let seq = 0;

  let delivered = 0;
  /** Who waits for the calls seen so far to be checked (settled): each told once, when they are. */
  const settledWaiters = new Set<() => void>();
  // The checker needs where calls went, not how: the client key and the proxy's URL stay on this thread.
  const analyser = startAnalyser({ url: upstream.url, environment: upstream.environment }, options.analysisWorker, (call) => {
    ring.add(call);
    if (++delivered >= seq) for (const waiter of settledWaiters) waiter();
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
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, route: Route, requestTarget: string): Promise<void> => {
    const { dispatcher, viaProxy } = route;
    const started = performance.now();
    const seen: SeenCall = { seq: ++seq, startedAt: Date.now(), method: req.method ?? 'GET', url: '', requestHeaders: { ...req.headers }, requestBody: Buffer.alloc(0) };
    const target = upstreamTarget(route.url, requestTarget);
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
      const message = upstreamFailure(err, route.url, upstreamTimeoutMs, viaProxy);
      seen.failure = { kind: 'upstream', message };
      if (!res.headersSent) send(res, { ...gatewayError(502, 'SERVER_FAILED', `Gateway Tap: ${message}`), headers: { 'content-type': 'application/json;charset=UTF-8', 'x-gateway-tap': 'upstream-failed' } });
      else res.destroy();
    }
    publish(seen);
  };

  const routes = options.intercept?.routes;
  const authority = routes ? interceptAuthority([...routes.keys()]) : undefined;
  const routeTo = (target: ConnectTarget, scheme: 'http' | 'https', requestTarget: string): Route | { refused: string } => {
    const chosen: InterceptRoute = routes?.get(target.host) ?? { kind: 'asked' };
    if (chosen.kind === 'refused') return { refused: chosen.why };
    if (chosen.kind === 'mapped') return { ...upstreamRoute, url: chosen.financingUrl && requestTarget.startsWith('/api/online/') ? chosen.financingUrl : chosen.url };
    const defaultPort = scheme === 'https' ? 443 : 80;
    const name = target.host.includes(':') ? `[${target.host}]` : target.host;
    return { url: `${scheme}://${name}${target.port === defaultPort ? '' : `:${target.port}`}`, dispatcher: direct ?? dispatcher, viaProxy: undefined };
  };
  const handleRouted = (req: http.IncomingMessage, res: http.ServerResponse, route: Route | { refused: string }, requestTarget: string): Promise<void> => {
    const refused = 'refused' in route ? route.refused : route.dispatcher === direct ? options.intercept?.refuseAsked?.(new URL(requestTarget, route.url)) : undefined;
    if (refused !== undefined || 'refused' in route) {
      refuseAndClose(req, res, gatewayError(403, 'INVALID_REQUEST', `Gateway Tap: ${refused ?? 'refused'}`));
      return Promise.resolve();
    }
    return handle(req, res, route, requestTarget);
  };

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const absolute = routes ? absoluteTarget(req.url) : undefined;
    // As an HTTP proxy (absolute-form): intercepted hosts are checked; any other is passed on as it came, unrecorded.
    const work = absolute
      ? routes?.has(absolute.target.host)
        ? handleRouted(req, res, routeTo(absolute.target, absolute.scheme, absolute.path), absolute.path)
        : fromLoopback(req.socket)
          ? passOn(req, res, absolute.target, routeTo(absolute.target, absolute.scheme, absolute.path), absolute.path)
          : Promise.resolve(refuseAndClose(req, res, gatewayError(403, 'INVALID_REQUEST', `Gateway Tap: ${NOT_A_RELAY}`)))
      : !isOwnHost(req.headers, host)
        ? // Not forwarded, nor a call of the record: a Host not the tap's is a web page's name pointed at loopback (DNS rebinding).
          Promise.resolve(refuseAndClose(req, res, gatewayError(421, 'INVALID_REQUEST', `Gateway Tap: ${misdirectedExplanation(req.headers, host)}`)))
        : handle(req, res, upstreamRoute, req.url ?? '/');
    work.catch(() => res.destroy());
  };
  /** A plain-HTTP call to a host the tap does not intercept: forwarded as it came, noted by name and byte counts only. */
  const passOn = async (req: http.IncomingMessage, res: http.ServerResponse, target: ConnectTarget, route: Route | { refused: string }, path: string): Promise<void> => {
    const body = await readBody(req).catch(() => undefined);
    if (body === undefined || body === 'too-large' || 'refused' in route) return void res.destroy();
    let bytesDown = 0;
    try {
      const answer = await askUpstream(route.dispatcher, upstreamTarget(route.url, path), { method: req.method ?? 'GET', headers: endToEndHeaders(req.headers), body }, performance.now(), upstreamTimeoutMs);
      res.writeHead(answer.status, answer.headers);
      bytesDown = (await relay(answer.body, res, 0)).size;
      res.end();
      options.onProxyNotice?.({ kind: 'tunnel', host: target.host, port: target.port, bytesUp: body.length, bytesDown });
    } catch (err) {
      options.onProxyNotice?.({ kind: 'tunnel', host: target.host, port: target.port, bytesUp: body.length, bytesDown, error: (err as { code?: string }).code ?? String(err) });
      if (!res.headersSent) send(res, { ...gatewayError(502, 'SERVER_FAILED', `Gateway Tap: ${target.host} could not be reached`), headers: { 'content-type': 'application/json;charset=UTF-8', 'x-gateway-tap': 'upstream-failed' } });
      else res.destroy();
    }
  };
  const onDecrypted = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const target = interceptedTarget(req.socket);
    if (!target) return void res.destroy();
    handleRouted(req, res, routeTo(target, 'https', req.url ?? '/'), req.url ?? '/').catch(() => res.destroy());
  };
  /** Every socket open now, the proxy's own tunnels too: closing the tap ends them all. */
  const trackSocket = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const track = (server: http.Server | https.Server): void => {
    server.on('connection', trackSocket);
  };
  const plain = http.createServer({ keepAliveTimeout: 5000 }, onRequest);
  track(plain);
  const secure = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key, keepAliveTimeout: 5000 }, onRequest) : undefined;
  if (secure) track(secure);
  // Never listens: the CONNECT handler hands it each decrypted connection.
  const decrypted = authority ? http.createServer({ keepAliveTimeout: 5000 }, onDecrypted) : undefined;
  if (decrypted && authority && routes) {
    const handling = {
      intercepts: (name: string) => routes.has(name),
      tunnelsFor: fromLoopback,
      authority,
      decrypted,
      track: trackSocket,
      notice: (notice: ProxyNotice) => options.onProxyNotice?.(notice),
    };
    plain.on('connect', (req: http.IncomingMessage, socket: Socket, head: Buffer) => onConnect(handling, req, socket, head));
  }
  const closeAll = async (): Promise<void> => {
    closing.abort();
    for (const socket of sockets) socket.destroy();
    await Promise.all([plain, secure].map((s) => (s?.listening ? new Promise<void>((resolve) => s.close(() => resolve())) : undefined)));
    await dispatcher.destroy().catch(() => undefined);
    await direct?.destroy().catch(() => undefined);
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
    interceptCaPem: authority?.caPem,
    seen: () => seq,
    calls: () => ring.list(),
    onCall(listener) {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    settled: (boundMs) =>
      delivered >= seq
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              settledWaiters.delete(done);
              resolve();
            };
            const timer = setTimeout(done, boundMs);
            settledWaiters.add(done);
          }),
    setFaults: (rules) => plan.set(rules),
    faults: () => plan.current(),
    close: closeAll,
  };
}

/** What a client on another machine is told when it asks the tap (listening beyond loopback) for a host it does not intercept. */
const NOT_A_RELAY = 'the tap passes on hosts it does not intercept only for programs on this machine; it is no open proxy';

/** A client on this machine: only such a client may have the tap tunnel to a host it does not intercept (a --host beyond loopback makes no open relay). */
function fromLoopback(socket: Socket): boolean {
  const address = (socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return address === '::1' || isLoopbackHost(address);
}

/** An absolute-form request target (a client using the tap as its HTTP proxy): scheme, host and port, path. */
function absoluteTarget(url: string | undefined): { scheme: 'http' | 'https'; target: ConnectTarget; path: string } | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const scheme = parsed.protocol === 'https:' ? 'https' : 'http';
  const port = parsed.port ? Number(parsed.port) : scheme === 'https' ? 443 : 80;
  return { scheme, target: { host: parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port }, path: `${parsed.pathname}${parsed.search}` };
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
