/**
 * The one model between every format: a plain HTTP request with `{{variable}}` templates. Each
 * importer (cURL, Postman, .http) produces it and each exporter (.http, Postman, cURL, code)
 * consumes it, so a format is read once and written once.
 */

export type RequestAuth =
  | { kind: 'basic'; user: string; password: string }
  | { kind: 'bearer'; token: string };

export interface HttpHeader {
  name: string;
  value: string;
}

export interface PlainRequest {
  /** What the source calls it ("Authorize", the .http `# @name`), or a name made from the method and path. */
  name: string;
  method: string;
  /** May hold `{{variable}}` templates, like the header values and the body. */
  url: string;
  headers: HttpHeader[];
  body?: string;
  auth?: RequestAuth;
  /** Where it came from, for the report and errors: "collection.json: Orders / Refund", "api.http:12". */
  source: string;
}

export interface Variable {
  name: string;
  value: string;
  /** Postman `"type": "secret"`, or a name like password, secret, token or key: never written to a file. */
  secret: boolean;
}

export interface RequestGroup {
  /** The folder's (or collection's) name; a group of two or more requests becomes a flow. */
  name: string;
  requests: PlainRequest[];
}

export interface ImportedEnvironment {
  name: string;
  variables: Variable[];
}

/** What one importer read: groups of requests, the variables they may use, the environments beside them. */
export interface ImportedCollection {
  name: string;
  source: string;
  groups: RequestGroup[];
  variables: Variable[];
  environments: ImportedEnvironment[];
  /** What the importer itself left out (scripts, unsupported auth, form bodies), with why. */
  notes: string[];
}

/** Input a user gave that no importer can read: the message names the file, the line and column, and what was given. */
export class ImportError extends Error {}

const SECRET_NAME = /pass(word)?|secret|token|(^|[^a-z])key|apikey|credential/i;

/** Named like something that must never land in a file. */
export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Bounds every importer holds to, whatever the input. */
export const LIMITS = {
  fileChars: 5_000_000,
  requests: 500,
  variables: 500,
  headersPerRequest: 100,
  tokens: 10_000,
} as const;

/** `{{ name }}` templates of a text, found with indexOf (linear). */
export function templateNames(text: string): string[] {
  const names: string[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf('{{', from);
    if (open < 0) return names;
    const close = text.indexOf('}}', open + 2);
    if (close < 0) return names;
    names.push(text.slice(open + 2, close).trim());
    from = close + 2;
  }
}

/** Each `{{name}}` whose value `lookup` knows replaced by it; the others left as written. Linear. */
export function expandTemplates(text: string, lookup: (name: string) => string | undefined): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('{{', from);
    const close = open < 0 ? -1 : text.indexOf('}}', open + 2);
    if (open < 0 || close < 0) return out + text.slice(from);
    const value = lookup(text.slice(open + 2, close).trim());
    out += text.slice(from, open) + (value ?? text.slice(open, close + 2));
    from = close + 2;
  }
}

/** "Refund 2" → "refund-2": a file name and an environment id from a name. */
export function slug(name: string, fallback = 'request'): string {
  const s = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return s || fallback;
}

export function headerValue(request: PlainRequest, name: string): string | undefined {
  const lower = name.toLowerCase();
  return request.headers.find((h) => h.name.toLowerCase() === lower)?.value;
}
