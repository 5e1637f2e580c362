/**
 * The one model between every format: a plain HTTP request with `{{variable}}` templates. Each
 * importer (cURL, Postman, .http) produces it and each exporter (.http, Postman, cURL, code)
 * consumes it, so a format is read once and written once.
 */
import { redactText, type SecretValues } from '../redaction';

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
  /** Secrets the importer left out (a Postman API key or OAuth authentication): named in the report, the value kept out of every file. */
  keptOut?: { what: string; from: string; value?: string }[];
}

/** Input a user gave that no importer can read: the message names the file, the line and column, and what was given. */
export class ImportError extends Error {}

/**
 * Input quoted in an error message, as JSON text: the redaction policy applied first (a card number
 * masked, a password after its key, a credential after its auth scheme, URL userinfo, the values in
 * `known`), then cut to `maxChars`. The text is bounded before the scan with room for a run that
 * starts in the part shown.
 */
export function quoteInput(text: string, maxChars = 60, known?: SecretValues): string {
  return JSON.stringify(redactText(text.slice(0, maxChars + 256), known).slice(0, maxChars));
}

/** Bounds every importer holds to, whatever the input. */
export const LIMITS = {
  fileChars: 5_000_000,
  requests: 500,
  variables: 500,
  headersPerRequest: 100,
  tokens: 10_000,
  /** What a variable or a request's URL, header or body may grow to once its `{{variables}}` are expanded. */
  expandedChars: 1_000_000,
  /** What all expansions of one import may produce together. */
  expandedCharsInAll: 20_000_000,
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

/** An expansion that would pass the `maxChars` given to expandTemplates. */
export class ExpansionTooLarge extends RangeError {}

/**
 * Each `{{name}}` whose value `lookup` knows replaced by it; the others left as written. Linear in the
 * text and what it produces; past `maxChars` it throws ExpansionTooLarge instead of growing on.
 */
export function expandTemplates(text: string, lookup: (name: string) => string | undefined, maxChars = Infinity): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('{{', from);
    const close = open < 0 ? -1 : text.indexOf('}}', open + 2);
    if (open < 0 || close < 0) return within(out + text.slice(from), maxChars);
    const value = lookup(text.slice(open + 2, close).trim());
    out = within(out + text.slice(from, open) + (value ?? text.slice(open, close + 2)), maxChars);
    from = close + 2;
  }
}

function within(text: string, maxChars: number): string {
  if (text.length > maxChars) throw new ExpansionTooLarge(`more than ${maxChars} characters`);
  return text;
}

/** Longest slug: a file name stays far below every file system's limit with its suffixes added. */
const MAX_SLUG_CHARS = 60;
/** Names Windows reserves for devices, with any extension ("con.payflow.json"): refused or worse there, whatever OS wrote them. */
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9]|conin|conout)$/;

/**
 * "Refund 2" → "refund-2": the one rule for a file name and an environment id made from a name. Letters
 * lose their accents ("Café" → "cafe"); anything but a-z and 0-9 becomes "-", so no separator, "..",
 * NUL or control character survives. A name too long is cut and ends with a hash of the whole name,
 * so two long names sharing a start stay apart on every run; a name with no Latin letter or digit is
 * the fallback and such a hash; a device name Windows reserves gets the fallback after it ("con-request").
 */
export function slug(name: string, fallback = 'request'): string {
  const bounded = name.slice(0, 10_000);
  const s = bounded.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (s === '') return bounded.trim() === '' ? fallback : `${fallback}-${stableHash(bounded)}`;
  if (s.length > MAX_SLUG_CHARS) return `${s.slice(0, MAX_SLUG_CHARS - 9).replace(/-+$/, '')}-${stableHash(bounded)}`;
  return WINDOWS_RESERVED.test(s) ? `${s}-${fallback}` : s;
}

/** `stem` + `suffix` ("refund" + ".payreq.json"), or with -2, -3… before the suffix: distinct from every name in `used` (lower case), whatever the case. */
export function uniqueName(stem: string, suffix: string, used: Set<string>): string {
  let candidate = `${stem}${suffix}`;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${suffix}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/** Eight hex digits that depend on every character of `text` (FNV-1a): the same name gives the same suffix on every run and OS. */
function stableHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

export function headerValue(request: PlainRequest, name: string): string | undefined {
  const lower = name.toLowerCase();
  return request.headers.find((h) => h.name.toLowerCase() === lower)?.value;
}
