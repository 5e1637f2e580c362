/**
 * Where a stored secret may go: the origin (scheme, host, port) of the URL it was stored for. Secrets
 * are kept per environment id, and a workspace file may declare any id with any URL, so the id alone
 * does not say where a secret belongs: a cloned repository could reuse the id of an environment of
 * another project and point it at its own host. No vscode here: the check runs in the engine
 * (credentials.ts); the question is asked through a callback the extension injects.
 */
import type { Environment } from '../environments/environment';
import type { SecretName } from './secretNames';

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * "https://gateway.example.com:443": the scheme and host lowercased, an IDN host in its punycode
 * form, the default port written out (WHATWG URL does all three), path, query and userinfo dropped.
 * Undefined for anything that is not an http(s) URL.
 */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const port = parsed.port || DEFAULT_PORT[parsed.protocol];
  if (!port || !parsed.hostname) return undefined;
  return `${parsed.protocol}//${parsed.hostname}:${port}`;
}

/** "gateway.example.com:443" as a person reads it in a question or a report. */
export function hostOfOrigin(origin: string): string {
  return origin.replace(/^[a-z]+:\/\//, '');
}

/** The URL a secret is sent to: the gateway's for the gateway password and the client certificate, the financing API's for the partner account and its tokens. */
export function secretUrl(env: Pick<Environment, 'gatewayUrl' | 'financingBaseUrl'>, name: SecretName): string | undefined {
  switch (name) {
    case 'gatewayApiPassword':
      return env.gatewayUrl;
    case 'certificatePassphrase':
      // One client (and one client certificate) per environment: it is presented to the gateway first.
      return env.gatewayUrl ?? env.financingBaseUrl;
    case 'partnerEmail':
    case 'partnerPassword':
    case 'financingTokens':
      return env.financingBaseUrl;
  }
}

export function secretOrigin(env: Pick<Environment, 'gatewayUrl' | 'financingBaseUrl'>, name: SecretName): string | undefined {
  return originOf(secretUrl(env, name));
}

/** What of an environment decides where its secrets go (a client certificate's CA only with certificate authentication). */
export type Route = Pick<Environment, 'gatewayUrl' | 'financingBaseUrl' | 'proxy' | 'caPath'> & Partial<Pick<Environment, 'gatewayAuth' | 'certificate'>>;
/** A proxy the host sets for every environment (VS Code's http.proxy, HTTPS_PROXY for the CLI): the environment's own wins. */
type HostProxy = NonNullable<Environment['proxy']>;

/** The extra CA a connection of this environment trusts (transport.ts): its own caPath, else its client certificate's. */
function extraCa(env: Route): string | undefined {
  return env.caPath ?? (env.gatewayAuth === 'certificate' ? env.certificate?.caPath : undefined);
}

/**
 * What a stored secret is bound to: the origin, and how the connection gets there when the environment
 * says so. A workspace file could keep the gateway URL and add its own proxy with TLS checks off, or a
 * CA of its own: the password would then pass through hands it was not stored for. Userinfo of a proxy
 * URL is never part of it (originOf drops it).
 */
export function secretDestination(env: Route, name: SecretName): string | undefined {
  const origin = secretOrigin(env, name);
  if (origin === undefined) return undefined;
  const proxy = env.proxy ? ` via ${originOf(env.proxy.url) ?? 'an unreadable proxy URL'}${env.proxy.strictSSL === false ? ' without TLS checks' : ''}` : '';
  const caPath = extraCa(env);
  const ca = caPath ? ` trusting the CA ${JSON.stringify(caPath.slice(0, 200))}` : '';
  return `${origin}${proxy}${ca}`;
}

/** "gateway.example.com:443 via proxy 10.0.0.1:3128" as a person reads it. */
export function describeDestination(destination: string): string {
  return hostOfOrigin(destination).replace(/ via [a-z]+:\/\//, ' via proxy ');
}

/** Where a secret goes, hop by hop, as a report or a question names it. */
export interface SecretRoute {
  /** "gateway.example.com:443": the host the secret is for. */
  host: string;
  /** "10.0.0.1:3128": the proxy the connection goes through, if any. */
  proxy?: string;
  /** The extra CA file the connection trusts besides the system's. */
  ca?: string;
  /** Each hop that can read the secret in clear on its way, and why: "proxy 10.0.0.1:3128 (TLS checks off)". */
  readers: string[];
  /** host:port of every host that sees the secret in clear: the host, and each proxy among the readers (what an allow-list pins). */
  hostsInClear: string[];
}

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]):\d+$/i;

/**
 * The route of `name` for `env`, through the environment's own proxy or else `hostProxy`: undefined
 * when the environment has no URL for it. Who reads it in clear: a proxy of a plain http:// URL, or
 * of an https:// one with TLS checks off (then anything between the proxy and the host too), or a
 * proxy that may hold the extra CA the environment trusts; the network itself for http:// beyond
 * this machine.
 */
export function secretRoute(env: Route, name: SecretName, hostProxy?: HostProxy): SecretRoute | undefined {
  const origin = secretOrigin(env, name);
  if (origin === undefined) return undefined;
  const host = hostOfOrigin(origin);
  const proxy = env.proxy ?? hostProxy;
  const proxyHost = proxy ? hostOfOrigin(originOf(proxy.url) ?? 'an unreadable proxy URL') : undefined;
  const ca = extraCa(env);
  const readers: string[] = [];
  const proxyReads = (why: string) => {
    if (proxyHost !== undefined) readers.push(`proxy ${proxyHost} (${why})`);
  };
  if (origin.startsWith('http:')) {
    proxyReads('http://, no TLS');
    if (!LOOPBACK_HOST.test(host)) readers.push(`the network on the way to ${host} (http://, no TLS)`);
  } else if (proxy?.strictSSL === false) {
    proxyReads(`TLS checks off: so can anything between it and ${host}`);
  } else if (ca !== undefined) {
    proxyReads(`if the extra CA ${JSON.stringify(ca.slice(0, 200))} is its own`);
    if (proxyHost === undefined) readers.push(`whoever holds the key of the extra CA ${JSON.stringify(ca.slice(0, 200))}`);
  }
  const proxyInClear = proxyHost !== undefined && readers.some((r) => r.startsWith(`proxy ${proxyHost} `));
  return {
    host,
    ...(proxyHost !== undefined ? { proxy: proxyHost } : {}),
    ...(ca !== undefined ? { ca } : {}),
    readers,
    hostsInClear: proxyInClear ? [host, proxyHost] : [host],
  };
}

/** "gateway.example.com:443 via proxy 10.0.0.1:3128, trusting the CA "ca.pem"; read in clear by proxy 10.0.0.1:3128 (…)". */
export function describeRoute(route: SecretRoute): string {
  const via = route.proxy !== undefined ? ` via proxy ${route.proxy}` : '';
  const ca = route.ca !== undefined ? `, trusting the CA ${JSON.stringify(route.ca.slice(0, 200))}` : '';
  const readers = route.readers.length ? `; read in clear by ${route.readers.join(' and by ')}` : '';
  return `${route.host}${via}${ca}${readers}`;
}

/** A stored secret and the origin it was stored for; none: stored before secrets were bound (asked once). */
export interface BoundSecret {
  value: string;
  origin?: string;
}

const ENVELOPE_MARK = '{"pwBound":1,';

/**
 * The text kept in secret storage: one JSON envelope, so value and origin are written in one store
 * (never a secret whose origin is the previous one's). A value stored before binding is plain text.
 */
export function sealSecret(value: string, origin: string | undefined): string {
  return JSON.stringify({ pwBound: 1, ...(origin ? { origin } : {}), value });
}

export function openSecret(stored: string): BoundSecret {
  if (!stored.startsWith(ENVELOPE_MARK)) return { value: stored };
  try {
    const parsed = JSON.parse(stored) as { value?: unknown; origin?: unknown };
    if (typeof parsed.value !== 'string') return { value: stored };
    return { value: parsed.value, ...(typeof parsed.origin === 'string' ? { origin: parsed.origin } : {}) };
  } catch {
    return { value: stored };
  }
}
