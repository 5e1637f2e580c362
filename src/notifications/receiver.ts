/**
 * The local inbox: an HTTP server on loopback that takes gateway webhooks (POST /gateway) and
 * financing callbacks (POST /financing, or POST / told apart by shape), answers as a real receiver
 * should (200 when taken, 401 on a wrong secret, 400/405/413/404 for what is not a notification) and
 * keeps what came, bounded and redacted. A post without the right secret costs a bounded line: at
 * most REFUSED_READ_BYTES of it are read into memory, its body is never kept, and it never displaces
 * or stands in for a taken event. Financing callbacks are never checked: the partner signs nothing.
 * No vscode: the extension, the CLI and flows share it.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromBrowserPage } from '../http/loopbackRequests';
import { parseJsonBounded } from '../json';
import { EventLog } from './eventLog';
import { classify, orderIdOf, redactedParts, summarize, transactionIdOf, type NotificationEvent, type NotificationSource } from './notificationEvent';
import { checkSecret } from './secret';

export interface ReceiverOptions {
  /** 0 (default) = any free port. */
  port?: number;
  /** Default 127.0.0.1: the inbox is for this machine; a tunnel of the user's choice puts it online. */
  host?: string;
  /** The notification secret to check, read on every request (it may be set while running). */
  secret?: () => string | undefined;
  /** Taken events kept, newest first. Default 500 (refused posts keep up to 100 lines apart from them). */
  maxEvents?: number;
  /** Larger bodies get 413 and are not read. Default 1 MiB. */
  maxBodyBytes?: number;
  now?: () => Date;
}

type Listener = (event: NotificationEvent, duplicate: boolean) => void;

export interface NotificationReceiver {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  /** Where each kind should be sent: `${url}/gateway`, `${url}/financing`. */
  urlFor(source: NotificationSource): string;
  /** Taken events and refused posts' lines (verified false, no body), newest first. */
  events(): NotificationEvent[];
  onEvent(listener: Listener): { dispose(): void };
  /** The first taken event (already here, or arriving within `timeoutMs`) that `matches`; undefined on timeout. A refused post never matches. */
  waitFor(matches: (e: NotificationEvent) => boolean, timeoutMs: number): Promise<NotificationEvent | undefined>;
  clear(): void;
  close(): Promise<void>;
}

export const DEFAULT_MAX_EVENTS = 500;
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Of a post without the right secret only this much is read into memory, and parsed only to name its order (a webhook is a few KB). */
export const REFUSED_READ_BYTES = 64 * 1024;
const NOT_JSON = Symbol('not JSON');
/** Headers a refused post's line keeps: enough to match it with the sender's log. */
const REFUSED_LINE_HEADERS = ['x-notification-id', 'x-notification-attempt', 'content-type', 'user-agent'];

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function answer(res: ServerResponse, status: number, body: Record<string, string>): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

/** What came of a body: its first `keep` bytes (all of it when it fits) and its size. */
interface ReadBody {
  kept: Buffer;
  size: number;
}

/**
 * The body, or 'too-large' as soon as it passes `limit` (the rest is not read). Past `keep` bytes it
 * is only counted, so a post that will not be parsed costs no memory.
 */
function readBody(req: IncomingMessage, limit: number, keep = limit): Promise<ReadBody | 'too-large'> {
  const declared = Number(header(req, 'content-length'));
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve('too-large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      if (size < keep) chunks.push(c.subarray(0, keep - size));
      size += c.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.pause();
        resolve('too-large');
      }
    });
    req.on('end', () => resolve({ kept: Buffer.concat(chunks), size }));
    req.on('error', reject);
  });
}

export async function startReceiver(options: ReceiverOptions = {}): Promise<NotificationReceiver> {
  const log = new EventLog(options.maxEvents ?? DEFAULT_MAX_EVENTS);
  const listeners = new Set<Listener>();
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const now = options.now ?? (() => new Date());

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://inbox').pathname;
    if (!['/', '/gateway', '/financing'].includes(path)) return answer(res, 404, { error: `Not a notification path: ${path.slice(0, 100)} (use /gateway or /financing)` });
    if (req.method !== 'POST') return answer(res, 405, { error: `${req.method ?? '?'} is not accepted: notifications are POSTed` });
    // A web page's post, whatever its site: a sender of webhooks never is one, and without this a page could plant
    // financing callbacks (unsigned) that a flow waiting for one would take for real. Host is not checked: a tunnel names it.
    if (fromBrowserPage(req.headers)) return answer(res, 403, { error: 'A web page may not post to the inbox: notifications come from servers, which send no Origin' });
    // The financing partner signs nothing, so its path is never checked; at `/` the shape decides, below.
    const verified = path === '/financing' ? null : checkSecret(options.secret?.(), header(req, 'x-notification-secret'));
    const raw = await readBody(req, maxBody, verified === false ? REFUSED_READ_BYTES : maxBody);
    if (raw === 'too-large') {
      res.setHeader('connection', 'close');
      return answer(res, 413, { error: `The body is larger than ${maxBody} bytes` });
    }
    const text = raw.kept.toString('utf8');
    const body = verified === false ? parseRefused(raw) : parseTaken(text, res);
    if (body === NOT_JSON) return;
    const source = classify(path, body);
    if (verified === false && source !== 'financing') return refuse(req, res, source ?? 'gateway', body, text, raw.size);
    if (!source) return answer(res, 400, { error: 'Neither a gateway webhook (order and transaction) nor a financing callback (order_id and status): POST it to /gateway or /financing' });
    const { event, duplicate } = log.add(eventOf(req, source, body, text, source === 'financing' ? null : verified, now()), text.length);
    for (const l of listeners) l(event, duplicate);
    answer(res, 200, { status: duplicate ? 'duplicate accepted' : 'accepted' });
  }

  /** The JSON of a post to take, or NOT_JSON once the 400 is answered. */
  function parseTaken(text: string, res: ServerResponse): unknown {
    try {
      return parseJsonBounded(text);
    } catch (err) {
      // The gateway sends webhooks in the API format the merchant profile names: NVP is form-encoded dotted keys.
      const nvp = /^[A-Za-z][\w.[\]]{0,100}=[^&]*(&|$)/.test(text.trimStart());
      const why = nvp
        ? 'The body is an NVP (form-encoded) notification; the inbox reads REST-JSON ones: set the notification API format to REST-JSON in Merchant Administration'
        : `The body is not JSON: ${err instanceof Error ? err.message.slice(0, 200) : 'unreadable'}`;
      answer(res, 400, { error: why });
      return NOT_JSON;
    }
  }

  /** A refused post keeps a line (who, which order, what it claimed), never its body: 401. */
  function refuse(req: IncomingMessage, res: ServerResponse, source: NotificationSource, body: unknown, text: string, size: number): void {
    const { event, duplicate } = log.add(refusedLine(req, source, body, text, size, now()));
    for (const l of listeners) l(event, duplicate);
    answer(res, 401, { error: 'X-Notification-Secret is missing or wrong' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => answer(res, 500, { error: err instanceof Error ? err.message : String(err) }));
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  let closed: Promise<void> | undefined;

  return {
    url,
    port,
    urlFor: (source) => `${url}/${source}`,
    events: () => log.newestFirst(),
    onEvent(listener) {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    waitFor(matches, timeoutMs) {
      const already = log.takenNewestFirst().reverse().find(matches);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => {
        const done = (e: NotificationEvent | undefined): void => {
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(e);
        };
        const listener: Listener = (e) => { if (e.verified !== false && matches(e)) done(e); };
        const timer = setTimeout(() => done(undefined), timeoutMs);
        listeners.add(listener);
      });
    },
    clear: () => log.clear(),
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/** The JSON of a refused post when it was read whole and parses; else undefined (it is not judged further). */
function parseRefused(raw: ReadBody): unknown {
  if (raw.size > raw.kept.length) return undefined;
  try {
    return parseJsonBounded(raw.kept.toString('utf8'));
  } catch {
    return undefined;
  }
}

function notificationId(req: IncomingMessage): string {
  return header(req, 'x-notification-id')?.slice(0, 200) ?? randomUUID();
}

/** What every event says of where it came from: its id, the order and transaction it names, when it arrived (ids cut at 200 characters). */
function eventOrigin(req: IncomingMessage, source: NotificationSource, body: unknown, at: Date): Pick<NotificationEvent, 'id' | 'source' | 'orderId' | 'transactionId' | 'receivedAt' | 'attempts'> {
  const orderId = orderIdOf(source, body)?.slice(0, 200);
  const transactionId = transactionIdOf(source, body)?.slice(0, 200);
  return {
    id: notificationId(req),
    source,
    ...(orderId !== undefined ? { orderId } : {}),
    ...(transactionId !== undefined ? { transactionId } : {}),
    receivedAt: at.toISOString(),
    attempts: gatewayAttempt(req) ?? 1,
  };
}

/** X-Notification-Attempt: the gateway's own count, which says a delivery is a retry even when the inbox saw none before (restarted, or the tunnel was down). */
function gatewayAttempt(req: IncomingMessage): number | undefined {
  const given = header(req, 'x-notification-attempt')?.trim();
  if (given === undefined || !/^[1-9]\d{0,3}$/.test(given)) return undefined;
  return Number(given);
}

function refusedLine(req: IncomingMessage, source: NotificationSource, body: unknown, text: string, size: number, at: Date): NotificationEvent {
  const headers = Object.fromEntries(REFUSED_LINE_HEADERS.flatMap((name) => {
    const value = header(req, name);
    return value === undefined ? [] : [[name, value.slice(0, 200)]];
  }));
  return {
    ...eventOrigin(req, source, body, at),
    verified: false,
    headers,
    body: undefined,
    summary: body === undefined
      ? { title: `Refused post of ${size} bytes, not read (over ${REFUSED_READ_BYTES} bytes or not JSON)` }
      : summarize(source, body, text),
  };
}

function eventOf(req: IncomingMessage, source: NotificationSource, body: unknown, text: string, verified: boolean | null, at: Date): NotificationEvent {
  const parts = redactedParts(req.headers, body);
  return { ...eventOrigin(req, source, body, at), verified, headers: parts.headers, body: parts.body, summary: summarize(source, body, text) };
}
