/**
 * Who may talk to a server this machine runs for its user (the simulator, the Gateway Tap, the local
 * inbox). A web page open in the user's browser reaches such a server in two ways. Cross-site: the
 * browser says so (Origin, Sec-Fetch-Site). DNS rebinding: the page's own name is made to resolve to
 * 127.0.0.1, so its requests are same-origin to it (no CORS, it reads every answer); only the Host
 * header, which still names the page's site, tells them from the user's own clients (curl, the CLI,
 * the extension, a merchant's server). No vscode, no Node beyond types: every server shares it.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '::1']);
/** Addresses that stand for every interface: a server bound to one is reached by any address of the machine. */
const WILDCARDS: ReadonlySet<string> = new Set(['0.0.0.0', '::']);

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The host of a Host header or an origin's authority ("Example.test:4010", "[::1]:80"): lower case, without port or brackets. */
export function hostNameOf(authority: string): string {
  const lower = authority.trim().toLowerCase();
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    return lower.slice(1, end < 0 ? undefined : end);
  }
  // More than one colon is a bare IPv6 address (no port can be told apart): taken whole.
  const colon = lower.indexOf(':');
  return colon >= 0 && colon === lower.lastIndexOf(':') ? lower.slice(0, colon) : lower;
}

/** localhost, ::1 or 127.x.x.x: names no DNS answer can move elsewhere. */
export function isLoopbackName(name: string): boolean {
  return LOOPBACK_NAMES.has(name) || (isIP(name) === 4 && name.startsWith('127.'));
}

/**
 * Whether a request's Host names this server: a loopback name, the address it was told to listen on
 * (its --host), or, when that is a wildcard, any IP address (the machine's own, as another machine
 * calls it). An address written as one cannot be rebound; only a DNS name can, and the only names
 * taken are the ones the user gave. A request without Host (HTTP/1.0) comes from no browser: taken.
 */
export function isOwnHost(headers: IncomingHttpHeaders, listenHost: string): boolean {
  const given = first(headers.host);
  if (given === undefined) return true;
  const name = hostNameOf(given);
  const listening = hostNameOf(listenHost);
  if (isLoopbackName(name) || name === listening) return true;
  return WILDCARDS.has(listening) && isIP(name) !== 0;
}

/** What a server answers (421 Misdirected Request) to a Host that is not its own (isOwnHost). */
export function misdirectedExplanation(headers: IncomingHttpHeaders, listenHost: string): string {
  const given = JSON.stringify((first(headers.host) ?? '').slice(0, 100));
  const own = isLoopbackName(hostNameOf(listenHost)) ? '' : ` or ${hostNameOf(listenHost)}`;
  return `Misdirected request: Host ${given} is not this server's; it answers localhost, 127.0.0.1 and [::1]${own} only, so a web page whose name was pointed here (DNS rebinding) cannot use it`;
}

/**
 * A request a web page made: a browser always says where a cross-origin request comes from (Origin,
 * and Sec-Fetch-Site in every current browser), a server, curl or the CLI never does.
 */
export function fromBrowserPage(headers: IncomingHttpHeaders): boolean {
  return headers['origin'] !== undefined || headers['sec-fetch-site'] !== undefined;
}

/**
 * A web page of a site other than this machine's: its browser says cross-site, or its Origin is not a
 * loopback one ("null", a sandboxed or file page, counts as another site). A page on localhost (the
 * simulator's own, a merchant's dev server) is the user's.
 */
export function fromOtherSitePage(headers: IncomingHttpHeaders): boolean {
  if (!fromBrowserPage(headers)) return false;
  if (first(headers['sec-fetch-site']) === 'cross-site') return true;
  const origin = first(headers['origin']);
  return origin !== undefined && !isLoopbackName(originHostName(origin));
}

function originHostName(origin: string): string {
  try {
    return hostNameOf(new URL(origin).host);
  } catch {
    return '';
  }
}
