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

type Route = Pick<Environment, 'gatewayUrl' | 'financingBaseUrl' | 'proxy' | 'caPath'>;

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
  const ca = env.caPath ? ` trusting the CA ${JSON.stringify(env.caPath.slice(0, 200))}` : '';
  return `${origin}${proxy}${ca}`;
}

/** "gateway.example.com:443 via proxy 10.0.0.1:3128" as a person reads it. */
export function describeDestination(destination: string): string {
  return hostOfOrigin(destination).replace(/ via [a-z]+:\/\//, ' via proxy ');
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
