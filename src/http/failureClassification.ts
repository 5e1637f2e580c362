import { ConnectionBudgetSpent } from './connectionBudget';
import { HttpFailure } from './httpFailure';
import { formatBytes } from '../format/formatBytes';

/** What the client knew when the request went wrong; the undici error alone cannot tell a timeout from a user cancel. */
export interface FailureContext {
  host: string;
  /** host:port of the proxy, when one is configured. */
  proxyHost?: string;
  timeoutMs: number;
  maxResponseBytes: number;
  timedOut: boolean;
  cancelled: boolean;
  /** Headers had arrived: a timeout now means a slow body, not a silent server. */
  receivedHeaders: boolean;
  /** https target: a TLS 1.3 server refusing the client certificate just closes the socket after the handshake. */
  secure: boolean;
  /**
   * The target is the workbench's own simulator (HttpTarget): a refused connection then most likely
   * means it is not started. Any other host, on this machine or not, is told the error plainly.
   */
  localSimulator?: boolean;
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'HOSTNAME_MISMATCH',
]);

/** Turns whatever undici or the socket threw into one HttpFailure with a message a developer can act on. */
export function classifyFailure(error: unknown, ctx: FailureContext): HttpFailure {
  if (error instanceof HttpFailure) return error;
  const { host } = ctx;
  if (ctx.cancelled) return new HttpFailure('aborted', `Request to ${host} was cancelled`, host);
  if (ctx.timedOut) return timeoutFailure(ctx);

  const codes = errorCodes(error);
  const has = (...wanted: string[]) => wanted.some((w) => codes.includes(w));
  const detail = firstMessage(error);

  if (has('UND_ERR_RES_EXCEEDED_MAX_SIZE')) return tooLargeFailure(ctx);
  if (error instanceof ConnectionBudgetSpent) return connectionsDroppedFailure(ctx, error.connections);
  if (has('UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT')) {
    return timeoutFailure(ctx);
  }
  if (codes.some(isTlsCode)) {
    return new HttpFailure('tls', `TLS handshake with ${host} failed: ${detail}. Check the certificate, key, passphrase and CA settings.`, host);
  }
  if (ctx.proxyHost && (has('ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_PRX_TLS') || /proxy/i.test(detail))) {
    return new HttpFailure('proxy', `Proxy ${ctx.proxyHost} could not reach ${host}: ${detail}`, host);
  }
  if (has('ECONNREFUSED')) {
    const hint = ctx.localSimulator ? 'is the simulator running?' : 'is the service running and the URL right?';
    return new HttpFailure('refused', `Connection refused by ${host} (ECONNREFUSED) — ${hint}`, host);
  }
  const dnsCode = ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME'].find((c) => codes.includes(c));
  if (dnsCode) {
    const name = host.replace(/:\d+$/, '');
    return new HttpFailure('dns', `Host name ${name} could not be resolved (DNS, ${dnsCode}) — check the base URL`, host);
  }
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH')) {
    if (ctx.receivedHeaders) return new HttpFailure('reset', `Connection to ${host} was reset while sending the response body`, host);
    const hint = ctx.secure
      ? ' — if this port requires a client certificate, check that one is configured and signed by a CA the server trusts'
      : '';
    return new HttpFailure('reset', `Connection to ${host} was reset before it sent a response${hint}`, host);
  }
  if (codes.some((c) => c.startsWith('HPE_'))) {
    return new HttpFailure('protocol', `${host} sent an invalid HTTP response: ${detail}`, host);
  }
  return new HttpFailure('other', `Request to ${host} failed: ${detail}`, host);
}

/** Every connection of the send closed before an answer: the proxy's tunnels, or the server's own connections. */
function connectionsDroppedFailure(ctx: Pick<FailureContext, 'host' | 'proxyHost'>, connections: number): HttpFailure {
  if (ctx.proxyHost) {
    return new HttpFailure('proxy', `Proxy ${ctx.proxyHost} accepted ${connections} tunnels to ${ctx.host} in a row and closed each before an answer; stopped trying. Check the proxy's settings or logs`, ctx.host);
  }
  return new HttpFailure('reset', `${ctx.host} closed ${connections} connections in a row before an answer; stopped trying`, ctx.host);
}

function timeoutFailure(ctx: Pick<FailureContext, 'host' | 'timeoutMs' | 'receivedHeaders'>): HttpFailure {
  const message = ctx.receivedHeaders
    ? `Response from ${ctx.host} did not finish within ${ctx.timeoutMs} ms`
    : `No response from ${ctx.host} within ${ctx.timeoutMs} ms`;
  return new HttpFailure('timeout', message, ctx.host);
}

export function tooLargeFailure(ctx: Pick<FailureContext, 'host' | 'maxResponseBytes'>): HttpFailure {
  return new HttpFailure(
    'tooLarge',
    `Response from ${ctx.host} larger than ${formatBytes(ctx.maxResponseBytes)} was cut off`,
    ctx.host,
  );
}

function isTlsCode(code: string): boolean {
  return TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code.startsWith('ERR_OSSL_');
}

/** Codes of the error and its causes: undici sometimes wraps the socket error, sometimes not. */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code: unknown = Reflect.get(current, 'code');
    if (typeof code === 'string') codes.push(code);
    const nested: unknown = Reflect.get(current, 'errors');
    if (Array.isArray(nested)) codes.push(...nested.flatMap((e: unknown) => errorCodes(e)));
    current = Reflect.get(current, 'cause');
  }
  return codes;
}

function firstMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error instanceof AggregateError) return error.errors.map(firstMessage).join('; ');
  return String(error);
}
