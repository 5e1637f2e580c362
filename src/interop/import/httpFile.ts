/**
 * `.http` / `.rest` files (REST Client and httpYac syntax), line by line: `###` separators,
 * `@name = value` variables, `# @name` request names, a request line, headers, a blank line, a body.
 * `Authorization: Basic user:password` (or `user password`) and `Bearer token` become the request's auth.
 */
import { KnownSecrets } from '../../http/knownSecrets';
import { isSecretName } from '../../redaction';
import { ImportError, LIMITS, quoteInput, type HttpHeader, type ImportedCollection, type PlainRequest, type RequestAuth, type Variable } from '../model';

const METHODS = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\S+)(\s+HTTP\/[\d.]+)?\s*$/i;
const VARIABLE = /^@([A-Za-z_][\w.-]*)\s*=\s*(.*)$/;
const NAME = /^(?:#|\/\/)\s*@name\s+(\S+)/;
/** An HTTP header name (RFC 9110 token characters). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;
/** After a body: a response handler (`> {% … %}`, `> handler.js`) or an httpYac assertion (`?? status == 200`). */
const AFTER_BODY = /^(?:>\s*\{%|>\s+\S+\.js\s*$|\?\?\s)/;

interface Pending {
  name?: string;
  line: number;
  method: string;
  url: string;
  headers: HttpHeader[];
  body: string[];
  inBody: boolean;
  /** A script or assertion after the body: the rest of the request is skipped. */
  afterBody?: boolean;
}

export function importHttpFile(text: string, where: string): ImportedCollection {
  if (text.length > LIMITS.fileChars) throw new ImportError(`${where}: ${text.length} characters; a .http file holds at most ${LIMITS.fileChars}`);
  const variables: Variable[] = [];
  const requests: PlainRequest[] = [];
  const notes: string[] = [];
  let pending: Pending | undefined;
  let nextName: string | undefined;
  const finish = () => {
    if (pending) requests.push(toRequest(pending, where));
    if (requests.length > LIMITS.requests) throw new ImportError(`${where}: more than ${LIMITS.requests} requests`);
    pending = undefined;
  };
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const n = index + 1;
    if (line.startsWith('###')) {
      finish();
      nextName = line.slice(3).trim() || undefined;
      return;
    }
    if (pending?.afterBody) return;
    if (pending && AFTER_BODY.test(line.trim())) {
      pending.afterBody = true;
      notes.push(`${where}:${n}: the response script or assertion after the request is not imported; a flow step's "expect" does that work`);
      return;
    }
    if (pending?.inBody) {
      pending.body.push(line);
      return;
    }
    const trimmed = line.trim();
    const named = NAME.exec(trimmed);
    if (named) {
      nextName = named[1];
      return;
    }
    if (trimmed.startsWith('#') || trimmed.startsWith('//')) return;
    const variable = VARIABLE.exec(trimmed);
    if (variable && !pending) {
      if (variables.length >= LIMITS.variables) throw new ImportError(`${where}:${n}: more than ${LIMITS.variables} variables`);
      variables.push(variableOf(variable[1] as string, (variable[2] as string).trim()));
      return;
    }
    if (!pending) {
      if (trimmed === '') return;
      const request = METHODS.exec(trimmed) ?? (/^https?:\/\//i.test(trimmed) ? [trimmed, 'GET', trimmed] : undefined);
      if (!request) throw new ImportError(`${where}:${n}:1: expected a request line ("POST https://…"), a variable ("@name = value") or ###, got ${quoteInput(trimmed, 60, secretValues(variables))}`);
      pending = { ...(nextName ? { name: nextName } : {}), line: n, method: (request[1] as string).toUpperCase(), url: request[2] as string, headers: [], body: [], inBody: false };
      nextName = undefined;
      return;
    }
    if (trimmed === '') {
      pending.inBody = true;
      return;
    }
    const colon = line.indexOf(':');
    // A body line without the blank line before it ("apiOperation": …) has a colon too, but no header name.
    if (colon <= 0 || !HEADER_NAME.test(line.slice(0, colon).trim())) throw new ImportError(`${where}:${n}:1: expected a header ("Name: value") or a blank line before the body, got ${quoteInput(trimmed, 60, secretValues(variables))}`);
    if (pending.headers.length >= LIMITS.headersPerRequest) throw new ImportError(`${where}:${n}: more than ${LIMITS.headersPerRequest} headers`);
    pending.headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  });
  finish();
  if (requests.length === 0) throw new ImportError(`${where}: no request found (a line like "POST https://…")`);
  const name = where.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'requests';
  return { name, source: where, groups: [{ name, requests }], variables, environments: [], notes };
}

/** The values of the secret variables read so far, kept out of a quoted line. */
function secretValues(variables: readonly Variable[]): KnownSecrets {
  return new KnownSecrets().add(...variables.filter((v) => v.secret && v.value.length >= 4).map((v) => v.value));
}

function variableOf(name: string, value: string): Variable {
  // {{$processEnv NAME}} / {{$dotenv NAME}} read the shell's variables: there is no value to carry over.
  const fromEnvironment = /^\{\{\s*\$(processEnv|dotenv)\b/.test(value);
  return { name, value: fromEnvironment ? '' : value, secret: fromEnvironment || isSecretName(name) };
}

function toRequest(p: Pending, where: string): PlainRequest {
  const body = p.body.join('\n').replace(/\s+$/, '');
  const authHeader = p.headers.find((h) => h.name.toLowerCase() === 'authorization');
  const auth = authHeader ? authOf(authHeader.value) : undefined;
  const headers = auth ? p.headers.filter((h) => h !== authHeader) : p.headers;
  return {
    name: p.name ?? `${p.method} ${p.url.replace(/^[a-z]+:\/\/[^/]*/i, '').split('?')[0] ?? ''}`,
    method: p.method, url: p.url, headers, source: `${where}:${p.line}`,
    ...(body ? { body } : {}),
    ...(auth ? { auth } : {}),
  };
}

/** REST Client's `Basic user:password` and `Basic user password` (it encodes them); an encoded value is left to detection. */
function authOf(value: string): RequestAuth | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(value);
  if (bearer) return { kind: 'bearer', token: (bearer[1] as string).trim() };
  const basic = /^Basic\s+(.+)$/i.exec(value);
  if (!basic) return undefined;
  const rest = (basic[1] as string).trim();
  const pair = /^(\S*?):(.*)$/.exec(rest) ?? /^(\S+)\s+(.+)$/.exec(rest);
  return pair ? { kind: 'basic', user: pair[1] as string, password: (pair[2] as string).trim() } : undefined;
}
