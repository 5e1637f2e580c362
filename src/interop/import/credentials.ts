/**
 * Credentials wherever a source holds them, beyond its auth: a user name and password in a URL
 * (`https://merchant.X:pw@host`), a query parameter named like a secret (`?api_key=…`), a header
 * named like one, a body field the redaction policy calls a credential. What is found is kept out of
 * every written file and every printed line, and the report lists it by name, never by value.
 */
import { KnownSecrets } from '../../http/knownSecrets';
import { isCredentialKey, isSecretHeader, isSecretName } from '../../redaction';
import { templateNames, type RequestAuth } from '../model';

/** A secret found in the source that the workbench keeps nowhere: named in the report, its value in no file. */
export interface SecretKeptOut {
  /** What it is, by name: 'query parameter "api_key"', 'variable "privateKey"'. */
  what: string;
  from: string;
}

/** The secrets found so far: their values (to scrub from whatever is written) and the ones kept nowhere (for the report). */
export class FoundSecrets {
  readonly values = new KnownSecrets();
  readonly keptOut: SecretKeptOut[] = [];

  /** A value given in clear: scrubbed from every file; too short a value (an empty or one-letter placeholder) would scrub unrelated text. */
  value(value: string): void {
    if (value.length >= 4 && !isTemplateOnly(value)) this.values.add(value);
  }

  keep(what: string, from: string, value?: string): void {
    if (value !== undefined) this.value(value);
    if (!this.keptOut.some((k) => k.what === what && k.from === from)) this.keptOut.push({ what, from });
  }
}

/** A value that is only `{{variables}}` (and text around none): no literal to scrub. */
function isTemplateOnly(value: string): boolean {
  return templateNames(value).length > 0 && value.replace(/\{\{[^{}]*\}\}/g, '').trim() === '';
}

/** A header whose value is a credential: the policy's secret headers, or a name like a key, token or password. */
export function carriesCredential(headerName: string): boolean {
  return isSecretHeader(headerName) || isSecretName(headerName);
}

/** `scheme://userinfo@` at the start of a URL; the userinfo stops at anything that cannot be in it. Bounded, so linear. */
const USERINFO = /^(\s*[A-Za-z][A-Za-z0-9+.-]{0,20}:\/\/)([^/?#@\s]{0,1024})@/;

/** The URL without its user name and password, and those as Basic auth (decoded, as curl and browsers send them). */
export function splitUserinfo(url: string): { url: string; auth?: Extract<RequestAuth, { kind: 'basic' }> } {
  const m = USERINFO.exec(url);
  if (!m) return { url };
  const userinfo = m[2] ?? '';
  const colon = userinfo.indexOf(':');
  const user = decoded(colon < 0 ? userinfo : userinfo.slice(0, colon));
  const password = colon < 0 ? '' : decoded(userinfo.slice(colon + 1));
  return { url: (m[1] ?? '') + url.slice(m[0].length), auth: { kind: 'basic', user, password } };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The query parameters of a URL named like a secret (api_key, access_token, password), with their values as written. */
export function secretQueryParameters(url: string): { name: string; value: string }[] {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return [];
  const hashAt = url.indexOf('#', queryAt);
  const found: { name: string; value: string }[] = [];
  for (const part of url.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt).split('&')) {
    const eq = part.indexOf('=');
    const name = decoded(eq < 0 ? part : part.slice(0, eq));
    if (name !== '' && isSecretName(name)) found.push({ name, value: decoded(eq < 0 ? '' : part.slice(eq + 1)) });
  }
  return found;
}

/** The URL with each secret query parameter's value given in clear replaced by a `{{variable}}` of its name. */
export function withSecretQueryAsTemplates(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const hashAt = url.indexOf('#', queryAt);
  const end = hashAt < 0 ? url.length : hashAt;
  const parts = url.slice(queryAt + 1, end).split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = decoded(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (name === '' || !isSecretName(name) || value === '' || isTemplateOnly(value)) return part;
    return `${part.slice(0, eq)}={{${variableName(name)}}}`;
  });
  return `${url.slice(0, queryAt + 1)}${parts.join('&')}${url.slice(end)}`;
}

/** A `{{variable}}` name for a secret: letters, digits and _ ("x-api-key" → "x_api_key"). */
export function variableName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64) || 'secret';
}

/**
 * A parsed JSON body without the fields the redaction policy calls credentials (a password, an API
 * key, a client secret; a card's security code is test data and stays), each reported to `found`
 * with its path. Parsed bodies are bounded in depth, so the walk is too.
 */
export function withoutCredentialFields(body: unknown, found: (path: string, value: unknown) => void, path = ''): unknown {
  if (Array.isArray(body)) return body.map((item, i) => withoutCredentialFields(item, found, `${path}[${i}]`));
  if (typeof body !== 'object' || body === null) return body;
  const kept: [string, unknown][] = [];
  for (const [key, value] of Object.entries(body)) {
    const at = path ? `${path}.${key}` : key;
    if (isCredentialKey(key) && (typeof value === 'string' || typeof value === 'number')) found(at, value);
    else kept.push([key, withoutCredentialFields(value, found, at)]);
  }
  // fromEntries defines own properties: a "__proto__" key stays a key.
  return Object.fromEntries(kept);
}

/** The merchant of a gateway Basic user ("merchant.TESTM01" → "TESTM01"); undefined for any other user (an API key). */
export function merchantOfUser(user: string): string | undefined {
  return /^merchant\.(.+)$/.exec(user)?.[1];
}
