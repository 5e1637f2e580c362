import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { hugeBodyChunks } from './faults';
import { FINANCING_PREFIX } from './financing/routes';
import { gatewayError } from './gateway/errors';
import { jsonText } from './jsonText';
import { jsonResponse, type SimResponse } from './types';

/** Reading requests and writing answers, including the bent answers of the fault modes. */

/** Bodies above this are refused (413): no API here takes more than a few kilobytes. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
const DRIP_INTERVAL_MS = 100;

/**
 * The body, or 'too-large' as soon as it passes MAX_REQUEST_BYTES (or its Content-Length says it
 * will): a chunked body that never ends is refused when the limit is passed, not when it ends. What
 * still arrives after that is read and dropped until the connection closes (refuseAndClose).
 */
export function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_REQUEST_BYTES) {
      req.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer): void => {
      size += c.length;
      if (size <= MAX_REQUEST_BYTES) {
        chunks.push(c);
        return;
      }
      chunks.length = 0;
      req.off('data', onData);
      req.off('end', onEnd);
      req.resume();
      resolve('too-large');
    };
    const onEnd = (): void => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/** How long a refused connection still reads and drops what the client sends, so the client reads the answer before the close. */
const LINGER_MS = 2000;

/**
 * Answers and closes a connection whose client is still sending (a body past the limit). Node ends a
 * "Connection: close" answer with destroySoon, which closes the socket as soon as the answer is
 * written; with the client's bytes still arriving, that close resets the connection and the client
 * may lose the answer. So the writing side is closed (the client reads the answer, then the end),
 * what still arrives is dropped, and the socket is destroyed after LINGER_MS at most: a lingering
 * close, as web servers do.
 */
export function refuseAndClose(req: IncomingMessage, res: ServerResponse, answer: SimResponse): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
  req.resume();
  send(res, { ...answer, headers: { ...answer.headers, connection: 'close' } });
}

/** The error a status fault answers with, in the envelope of the API the path belongs to. */
export function statusFaultResponse(path: string, status: number): SimResponse {
  if (path.startsWith(FINANCING_PREFIX)) return jsonResponse(status, jsonText({ success: false, message: `fault: simulated HTTP ${status}`, data: null }));
  const cause = status === 503 || status === 429 ? 'SERVER_BUSY' : status >= 500 ? 'SERVER_FAILED' : 'INVALID_REQUEST';
  return gatewayError(status, cause, `Simulated fault: HTTP ${status}`);
}

export function send(res: ServerResponse, answer: SimResponse): void {
  if (res.destroyed) return;
  // The body as a string: Node writes head and body in one write; a Buffer body costs a writev of two.
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body, 'utf8')) });
  res.end(answer.body, 'utf8');
}


/** Resolves when the socket wants more, or is gone; removes both listeners so a long body adds none. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Sends the body `bytes` bytes per 100 ms; stops when the client goes away. */
export async function drip(res: ServerResponse, answer: SimResponse, bytes: number): Promise<void> {
  const body = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.length) });
  res.flushHeaders();
  for (let at = 0; at < body.length; at += bytes) {
    if (res.destroyed) return;
    res.write(body.subarray(at, at + bytes));
    if (at + bytes < body.length) await sleep(DRIP_INTERVAL_MS);
  }
  res.end();
}

/** A 200 with a valid JSON body of exactly `bytes` bytes, streamed with back-pressure; answers the headers sent. */
export async function sendHuge(res: ServerResponse, bytes: number): Promise<Record<string, string>> {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(bytes) };
  res.writeHead(200, headers);
  for (const chunk of hugeBodyChunks(bytes)) {
    if (!res.write(chunk)) await drained(res);
    if (res.destroyed) break;
  }
  res.end();
  return headers;
}
