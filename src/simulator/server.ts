import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimContext } from './context';
import { CONTROL_PREFIX, handleControl, otherSitePageRefusal } from './control';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS } from './defaults';
import { FAULT_HEADER, FaultSchedule, malformedBody, parseFault, type FaultSpec } from './faults';
import { isOwnHost, misdirectedExplanation } from '../http/loopbackRequests';
import { drip, MAX_REQUEST_BYTES, readBody, refuseAndClose, send, sendHuge, statusFaultResponse } from './responseWriter';
import { FINANCING_PAGE_PREFIX, FINANCING_PREFIX, FinancingApi } from './financing/routes';
import { TokenStore } from './financing/tokens';
import type { MerchantProfile } from './gateway/auth';
import { BROWSER_PAGE_PREFIX } from './gateway/browserPayment';
import { CHALLENGE_PAGE_PREFIX } from './gateway/authentication';
import { CHECKOUT_PAGE_PREFIX } from './gateway/hostedCheckout';
import { gatewayError, notFound } from './gateway/errors';
import { GATEWAY_PREFIX, GatewayApi } from './gateway/routes';
import { jsonText } from './jsonText';
import { redirectTo } from './pages';
import type { SimulatorHandle, SimulatorOptions } from './options';
import { handleDeliveryControl } from './deliveries/control';
import { NotificationDelivery } from './deliveries/deliverer';
import { redactBody, redactHeaders, redactUrlText } from './redact';
import { RequestLog } from './requestLog';
import { headerValue, jsonResponse, type SimRequest, type SimResponse } from './types';

/** Where the simulator serves pages to a payer's browser (pages.ts writes every one of them). */
export const SIMULATOR_PAGE_PREFIXES = [FINANCING_PAGE_PREFIX, BROWSER_PAGE_PREFIX, CHALLENGE_PAGE_PREFIX, CHECKOUT_PAGE_PREFIX] as const;

function defaultMerchants(): MerchantProfile[] {
  return [SIMULATOR_DEFAULTS.merchantId, SIMULATOR_AUTH_ONLY_MERCHANT_ID].map((merchantId) => ({
    merchantId,
    apiPassword: SIMULATOR_DEFAULTS.apiPassword,
    autoCapture: merchantId === SIMULATOR_DEFAULTS.merchantId,
    notificationSecret: `${merchantId}-notification-secret`,
  }));
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const host = opts.host ?? '127.0.0.1';
  const now = opts.now ?? (() => new Date());
  const log = new RequestLog(opts.requestLogCapacity ?? 1000);
  const faults = new FaultSchedule();
  const delivery = new NotificationDelivery(log, {
    ...(opts.notificationRetryDelaysMs ? { retryDelaysMs: opts.notificationRetryDelaysMs } : {}),
    ...(opts.deliveryLogCapacity !== undefined ? { capacity: opts.deliveryLogCapacity } : {}),
    ...(opts.deliverySlotsPerEndpoint !== undefined ? { slotsPerEndpoint: opts.deliverySlotsPerEndpoint } : {}),
    ...(opts.webhookHosts ? { webhookHosts: opts.webhookHosts } : {}),
    webhookUrls: Object.fromEntries((opts.merchants ?? []).flatMap((m) => (m.webhookUrl ? [[m.merchantId, m.webhookUrl] as const] : []))),
  });
  const openSockets = new Set<Socket>();
  const laterTimers = new Set<NodeJS.Timeout>();
  let closing = false;
  let baseUrl = '';

  const ctx: SimContext = {
    get baseUrl() {
      return baseUrl;
    },
    now,
    log,
    notify(notification) {
      delivery.send(notification);
    },
    later(ms, run) {
      if (closing) return;
      const timer = setTimeout(() => {
        laterTimers.delete(timer);
        run();
      }, ms);
      timer.unref();
      laterTimers.add(timer);
    },
    testReferenceDelaysMs: opts.testReferenceDelaysMs ?? [1000, 2000],
  };

  const accounts = new Map((opts.partnerAccounts ?? [{ email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword }]).map((a) => [a.email.toLowerCase(), a.password] as const));
  const merchants = new Map(
    (opts.merchants
      ? opts.merchants.map((m) => ({ merchantId: m.merchantId, apiPassword: m.apiPassword, autoCapture: m.autoCapture ?? true, notificationSecret: `${m.merchantId}-notification-secret` }))
      : defaultMerchants()
    ).map((m) => [m.merchantId, m] as const),
  );
  const financing = new FinancingApi(ctx, accounts, new TokenStore(opts.tokenLifetimeSeconds ?? 3600, now));
  const gateway = new GatewayApi(ctx, merchants, opts.processingDelayMs ?? 5, opts.maxOrders);

  async function route(given: SimRequest): Promise<SimResponse> {
    const path = withoutTrailingSlashes(given.path);
    // A page links relatively, so it is served at its own address only: the slashed one is sent there (308 keeps a POST a POST).
    if (path !== given.path && SIMULATOR_PAGE_PREFIXES.some((p) => path.startsWith(p))) return canonicalPageRedirect(given.path, given.query);
    const req = path === given.path ? given : { ...given, path };
    if (req.path.startsWith(FINANCING_PREFIX)) return financing.handle(req);
    if (req.path.startsWith(GATEWAY_PREFIX)) return gateway.handle(req);
    if (req.path.startsWith(FINANCING_PAGE_PREFIX)) return financing.handlePage(req);
    if (req.path.startsWith(BROWSER_PAGE_PREFIX)) return gateway.handlePage(req);
    if (req.path.startsWith(CHALLENGE_PAGE_PREFIX)) return gateway.handleChallengePage(req);
    if (req.path.startsWith(CHECKOUT_PAGE_PREFIX)) return gateway.handleCheckoutPage(req);
    if (req.path === CONTROL_PREFIX || req.path.startsWith(CONTROL_PREFIX + '/')) {
      const refused = otherSitePageRefusal(req);
      if (refused) return refused;
      const deliveries = await handleDeliveryControl(req.path.slice(CONTROL_PREFIX.length), req, delivery, (id) => merchants.has(id));
      if (deliveries) return deliveries;
      const answer = handleControl(req, log, faults, () => ({
        financing: `${baseUrl}/api/online`,
        gateway: `${baseUrl}/api/rest/version/{version}/merchant/{merchantId}`,
        requests: `${baseUrl}${CONTROL_PREFIX}/requests`,
        faults: `${baseUrl}${CONTROL_PREFIX}/faults`,
        deliveries: `${baseUrl}${CONTROL_PREFIX}/deliveries`,
        runBy: opts.runBy ?? 'test',
        pid: String(process.pid),
      }));
      if (answer) return answer;
    }
    return notFound();
  }

  /** An answer given before the body is read (or past its limit): the connection ends with it; the log keeps a line. */
  function refuseUnread(req: IncomingMessage, res: ServerResponse, answer: SimResponse, started: number, target: string): void {
    refuseAndClose(req, res, answer);
    log.add({
      kind: 'request', time: new Date(started).toISOString(), method: req.method ?? 'GET', url: redactUrlText(target), status: answer.status,
      durationMs: Date.now() - started, requestHeaders: redactHeaders(req.headers), responseHeaders: redactHeaders(answer.headers), responseBody: loggedBodyOf(answer),
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const url = requestTarget(req.url ?? '/');
    const method = req.method ?? 'GET';
    // Before anything is read or routed: a Host not this server's is a web page's name pointed at loopback (DNS rebinding).
    if (!isOwnHost(req.headers, host)) return refuseUnread(req, res, gatewayError(421, 'INVALID_REQUEST', misdirectedExplanation(req.headers, host)), started, url.pathname + url.search);
    const raw = await readBody(req);
    // Before faults and routes: the client may still be sending, so this connection ends here.
    if (raw === 'too-large') return refuseUnread(req, res, gatewayError(413, 'INVALID_REQUEST', `Request body larger than ${MAX_REQUEST_BYTES} bytes`), started, url.pathname + url.search);
    const rawBody = raw;
    const bodyText = rawBody.toString('utf8');
    const isControl = url.pathname === CONTROL_PREFIX || url.pathname.startsWith(CONTROL_PREFIX + '/');
    const requestLogged = { requestHeaders: redactHeaders(req.headers), requestBody: redactBody(bodyText) };
    const record = (status: number, responseHeaders: Record<string, string>, responseBody: string | undefined, fault?: string, error?: string): void => {
      // The log reading itself is not logged: a view polling it would fill the ring with its own reads.
      if (isControl && url.pathname === `${CONTROL_PREFIX}/requests`) return;
      log.add({
        kind: 'request',
        time: new Date(started).toISOString(),
        method,
        url: redactUrlText(url.pathname + url.search),
        status,
        durationMs: Date.now() - started,
        ...requestLogged,
        responseHeaders: redactHeaders(responseHeaders),
        ...(responseBody !== undefined ? { responseBody } : {}),
        ...(fault ? { fault } : {}),
        ...(error ? { error } : {}),
      });
    };

    // Faults: the header wins over the scheduled plan; control endpoints are never faulted.
    let fault: { text: string; spec: FaultSpec } | undefined;
    if (!isControl) {
      const header = headerValue(req.headers, FAULT_HEADER);
      if (header !== undefined) {
        try {
          fault = { text: header, spec: parseFault(header) };
        } catch (e) {
          const answer = jsonResponse(400, jsonText({ result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: `${FAULT_HEADER}: ${(e as Error).message}` } }));
          send(res, answer);
          record(answer.status, answer.headers, redactBody(answer.body));
          return;
        }
      } else {
        fault = faults.take();
      }
    }
    const spec = fault?.spec ?? {};
    if (spec.latencyMs) await sleep(spec.latencyMs);
    if (spec.reset) {
      record(0, {}, undefined, fault?.text, 'connection reset by fault');
      req.socket.resetAndDestroy();
      return;
    }

    let answer: SimResponse;
    if (spec.status) answer = statusFaultResponse(url.pathname, spec.status);
    else {
      try {
        answer = await route({ method, path: url.pathname, query: url.searchParams, headers: req.headers, rawBody, clientCertAuthenticated: (req.socket as Partial<TLSSocket>).authorized === true });
      } catch (e) {
        answer = gatewayError(500, 'SERVER_FAILED', 'Internal simulator error');
        record(500, answer.headers, undefined, fault?.text, (e as Error).stack ?? String(e));
        send(res, answer);
        return;
      }
    }

    if (spec.hugeBytes) {
      const headers = await sendHuge(res, spec.hugeBytes);
      record(200, headers, `<${spec.hugeBytes} bytes of padding>`, fault?.text);
      return;
    }
    if (spec.malformed) answer = { status: answer.status, headers: answer.headers, body: malformedBody(answer.body) };
    if (spec.dripBytesPer100ms) {
      await drip(res, answer, spec.dripBytesPer100ms);
      record(answer.status, answer.headers, loggedBodyOf(answer), fault?.text);
      return;
    }
    send(res, answer);
    record(answer.status, answer.headers, loggedBodyOf(answer), fault?.text);
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, gatewayError(500, 'SERVER_FAILED', 'Internal simulator error'));
      else res.destroy();
      log.add({ kind: 'request', time: new Date().toISOString(), method: req.method ?? '', url: req.url ?? '', status: 500, durationMs: 0, requestHeaders: {}, responseHeaders: {}, error: String(e) });
    });
  };

  const timeouts = requestTimeouts(opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const server: Server = createServer(timeouts, onRequest);
  server.keepAliveTimeout = 5000;
  server.on('connection', (s: Socket) => {
    openSockets.add(s);
    s.on('close', () => openSockets.delete(s));
  });
  const port = await listen(server, opts.port ?? SIMULATOR_DEFAULTS.port, host);
  // A wildcard address is not one a browser can open: show loopback instead (pages and redirects use it).
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const shownHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  baseUrl = `http://${shownHost}:${port}`;

  let mtlsServer: HttpsServer | undefined;
  let mtlsUrl: string | undefined;
  if (opts.mtls) {
    // rejectUnauthorized: a client without a certificate signed by `ca` fails the TLS handshake,
    // as on a real certificate-authentication endpoint; it never reaches an HTTP answer.
    mtlsServer = createHttpsServer({ ...timeouts, key: opts.mtls.key, cert: opts.mtls.cert, ca: opts.mtls.ca, requestCert: true, rejectUnauthorized: true }, onRequest);
    mtlsServer.on('secureConnection', (s: Socket) => {
      openSockets.add(s);
      s.on('close', () => openSockets.delete(s));
    });
    const mport = await listen(mtlsServer, opts.mtls.port ?? 0, host);
    mtlsUrl = `https://${shownHost}:${mport}`;
  }

  let closed: Promise<void> | undefined;
  return {
    baseUrl,
    port,
    ...(mtlsUrl ? { mtlsUrl } : {}),
    controlUrl: `${baseUrl}${CONTROL_PREFIX}`,
    requestLog: log,
    deliveries: delivery,
    setFaults: (f) => faults.set(f),
    close: () => {
      closed ??= (async () => {
        const servers = [server, ...(mtlsServer ? [mtlsServer] : [])];
        const stopped = servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())));
        for (const s of openSockets) s.destroy();
        for (const s of servers) s.closeAllConnections();
        await Promise.all(stopped);
        // Retries not yet due are dropped; webhooks in flight get a short grace, then are stopped.
        closing = true;
        for (const t of laterTimers) clearTimeout(t);
        await delivery.close();
      })();
      return closed;
    },
  };
}

const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/**
 * Node's request and header timeouts (Node answers 408 and closes), checked often enough to matter:
 * Node looks at them only every connectionsCheckingInterval (30 s by default).
 */
function requestTimeouts(requestTimeout: number): { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number } {
  return { requestTimeout, headersTimeout: Math.ceil(requestTimeout / 3), connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.ceil(requestTimeout / 4))) };
}

/**
 * A plain target ("/api/.../session/ID?a=b": word characters, dashes and slashes, a simple query)
 * reads the same through a split as through `new URL`, which costs more per request; anything else
 * (dot segments, "//", escapes to normalise) goes through `new URL`.
 */
const PLAIN_TARGET = /^\/(?!\/)[\w\-/]*(?:\?[\w\-.~=&%+]*)?$/;

function requestTarget(raw: string): { pathname: string; search: string; searchParams: URLSearchParams } {
  if (!PLAIN_TARGET.test(raw)) return new URL(raw, 'http://simulator');
  const mark = raw.indexOf('?');
  if (mark < 0) return { pathname: raw, search: '', searchParams: new URLSearchParams() };
  const search = mark === raw.length - 1 ? '' : raw.slice(mark);
  return { pathname: raw.slice(0, mark), search, searchParams: new URLSearchParams(search) };
}

/**
 * A trailing slash names the same resource: "…/session/" is Create Session, "…/order/ID/" that order
 * (the gateway vendor's own Postman collections write them so). Decided here, once, for every route
 * of both APIs and the control endpoints; the root keeps its slash.
 */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end--;
  return end === path.length ? path : path.slice(0, end);
}

/** …/checkout/ID/ → ../ID (relative, for path-prefix proxies), one "../" per trailing slash. */
function canonicalPageRedirect(path: string, query: URLSearchParams): SimResponse {
  const trimmed = withoutTrailingSlashes(path);
  const last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return { ...redirectTo(`${'../'.repeat(path.length - trimmed.length)}${last}${search}`), status: 308 };
}

function loggedBodyOf(answer: SimResponse): string | undefined {
  return answer.loggedBody ?? redactBody(answer.body);
}

function listen(server: Server | HttpsServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

