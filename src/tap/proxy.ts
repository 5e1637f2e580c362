/**
 * The tap as a forward proxy. A client that names it in HTTPS_PROXY sends `CONNECT host:443`: for the
 * hosts the tap intercepts it answers 200, speaks TLS itself with a certificate for that host from the
 * run's interception CA, and hands the decrypted connection to an HTTP server of its own, which knows
 * from the socket which host the client asked for. Every other host gets a byte-for-byte tunnel, never
 * decrypted, logged by name and byte counts only.
 */
import * as http from 'node:http';
import * as net from 'node:net';
import type { Duplex } from 'node:stream';
import * as tls from 'node:tls';
import type { InterceptAuthority } from './interceptAuthority';
import type { ProxyNotice } from './types';

export interface ConnectTarget {
  host: string;
  port: number;
}

/** `host:port` or `[v6]:port` of a CONNECT line, host lower-cased; undefined when it is not one. */
export function connectTarget(authority: string | undefined): ConnectTarget | undefined {
  if (!authority || authority.length > 300 || /[\s/?#@]/.test(authority)) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${authority}`);
  } catch {
    return undefined;
  }
  const port = Number(url.port || 80);
  if (!url.port || !Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  return { host: url.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port };
}

export interface ConnectHandling {
  intercepts(host: string): boolean;
  /** Whether this client may have a host tunnelled (one on this machine), when the tap listens beyond loopback. */
  tunnelsFor(client: net.Socket): boolean;
  authority: InterceptAuthority;
  /** The server the decrypted connections are handed to. */
  decrypted: http.Server;
  /** Every socket the proxy opens, so the tap's close ends them. */
  track(socket: net.Socket): void;
  notice(notice: ProxyNotice): void;
}

const targets = new WeakMap<object, ConnectTarget>();
const HANDSHAKE_TIMEOUT_MS = 30_000;

/** The host and port the client asked for, for a request that came through an intercepted CONNECT. */
export function interceptedTarget(socket: object): ConnectTarget | undefined {
  return targets.get(socket);
}

export function onConnect(handling: ConnectHandling, req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
  const client = socket as net.Socket;
  handling.track(client);
  client.on('error', () => client.destroy());
  const target = connectTarget(req.url);
  if (!target) {
    client.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    return;
  }
  if (handling.intercepts(target.host)) intercept(handling, client, target, head);
  else if (handling.tunnelsFor(client)) tunnel(handling, client, target, head);
  else client.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
}

function intercept(handling: ConnectHandling, client: net.Socket, target: ConnectTarget, head: Buffer): void {
  client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  if (head.length) client.unshift(head);
  const secure = new tls.TLSSocket(client, { isServer: true, secureContext: handling.authority.contextFor(target.host), ALPNProtocols: ['http/1.1'] });
  targets.set(secure, target);
  let established = false;
  let told = false;
  // A client that does not trust the run's CA ends the handshake (Node's clients close without an alert,
  // others send one): the one thing worth telling the user.
  const refused = (message: string) => {
    if (established || told) return;
    told = true;
    handling.notice({ kind: 'handshake', host: target.host, message });
  };
  // A client that opens the tunnel and never speaks TLS holds a socket: bounded, as every read is.
  secure.setTimeout(HANDSHAKE_TIMEOUT_MS, () => {
    refused(`no TLS handshake within ${HANDSHAKE_TIMEOUT_MS / 1000} s`);
    secure.destroy();
  });
  secure.once('secure', () => {
    established = true;
    secure.setTimeout(0);
  });
  secure.on('error', (err: Error) => {
    refused(err.message);
    secure.destroy();
  });
  secure.once('close', () => refused('the client closed the connection during the TLS handshake'));
  handling.decrypted.emit('connection', secure);
}

function tunnel(handling: ConnectHandling, client: net.Socket, target: ConnectTarget, head: Buffer): void {
  let bytesUp = head.length;
  let bytesDown = 0;
  let error: string | undefined;
  let connected = false;
  const upstream = net.connect({ host: target.host, port: target.port });
  handling.track(upstream);
  upstream.once('connect', () => {
    connected = true;
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) upstream.write(head);
    client.on('data', (chunk: Buffer) => {
      bytesUp += chunk.length;
    });
    upstream.on('data', (chunk: Buffer) => {
      bytesDown += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  upstream.on('error', (err: NodeJS.ErrnoException) => {
    error ??= err.code ?? err.message;
    if (!connected) client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
    else client.destroy();
  });
  client.once('close', () => upstream.destroy());
  upstream.once('close', () => {
    client.destroy();
    handling.notice({ kind: 'tunnel', host: target.host, port: target.port, bytesUp, bytesDown, ...(error ? { error } : {}) });
  });
}
