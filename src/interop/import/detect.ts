/**
 * Which catalogue operation (and version) a plain request is: its method, its path against each
 * operation's path template, its query and the body's apiOperation. Whether a version is served is
 * the catalogue's to say (`resolve` throws a RangeError when it is not), never a list kept here.
 */
import { resolve } from '../../catalogue/bodies';
import { operations, type OperationDef } from '../../catalogue/operations';
import { apiOperationAt } from '../../catalogue/versions';

export interface DetectedOperation {
  op: OperationDef;
  version?: number;
  /** The URL before the API path: the environment's gatewayUrl or financingBaseUrl. */
  baseUrl: string;
  /** merchantId, orderId, transactionId, sessionId as they appear in the path (templates kept). */
  params: Record<string, string>;
}

export type Detection = { ok: true; detected: DetectedOperation } | { ok: false; why: string };

const MAX_URL_CHARS = 8192;

interface CompiledTemplate {
  op: OperationDef;
  pattern: RegExp;
  names: string[];
}

let compiled: CompiledTemplate[] | undefined;

function templates(): CompiledTemplate[] {
  return (compiled ??= operations.map((op) => {
    const names: string[] = [];
    const source = op.pathTemplate.split(/(\{[A-Za-z]+\})/).map((part) => {
      const name = /^\{([A-Za-z]+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return name === 'version' ? '(\\d{1,4})' : '([^/?#]+)';
    }).join('');
    return { op, names, pattern: new RegExp(`^${source}/?$`) };
  }));
}

function queryOf(query: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    if (part) map.set(eq < 0 ? part : part.slice(0, eq), eq < 0 ? '' : part.slice(eq + 1));
  }
  return map;
}

/** `url` with its variables expanded as far as they are known; `apiOperation` from the JSON body, if any. */
export function detectOperation(method: string, url: string, apiOperation: string | undefined): Detection {
  if (url.length > MAX_URL_CHARS) return { ok: false, why: `the URL is ${url.length} characters (at most ${MAX_URL_CHARS} are read)` };
  const schemeEnd = url.indexOf('://');
  const apiAt = url.indexOf('/api/', schemeEnd < 0 ? 0 : schemeEnd + 3);
  if (apiAt < 0) return { ok: false, why: 'its path has no /api/rest/… (gateway) or /api/online/… (financing) part' };
  // A trailing slash ("…/session/") or a doubled one ("{{baseUrl}}/session" with a base URL ending in /) names the same resource.
  const [rawPath = '', query = ''] = (url.slice(apiAt).split('#', 1)[0] ?? '').split('?', 2);
  const path = rawPath.replace(/\/{2,}/g, '/');
  const byPath = templates().filter((t) => t.pattern.test(path));
  if (byPath.length === 0) return { ok: false, why: `no operation of the catalogue has the path ${path}` };
  const byMethod = byPath.filter((t) => t.op.method === method);
  if (byMethod.length === 0) return { ok: false, why: `${path} is ${[...new Set(byPath.map((t) => t.op.method))].join(' or ')} in the catalogue, not ${method}` };
  const given = queryOf(query);
  // The operation whose query the URL has wins over the one without (Offers select-first over Offers).
  const byQuery = byMethod
    .filter((t) => Object.entries(t.op.query ?? {}).every(([k, v]) => given.get(k) === v))
    .sort((a, b) => Object.keys(b.op.query ?? {}).length - Object.keys(a.op.query ?? {}).length);
  const versionIn = (t: (typeof byQuery)[number]): number | undefined => {
    const at = t.names.indexOf('version');
    return at < 0 ? undefined : Number(decodeURIComponentSafe((t.pattern.exec(path) ?? [])[at + 1] ?? ''));
  };
  // The apiOperation an operation answers to can depend on the version in the path (renames).
  const nameOf = (t: (typeof byQuery)[number]): string | undefined => apiOperationAt(t.op, versionIn(t));
  const pick = apiOperation === undefined
    ? byQuery.find((t) => nameOf(t) === undefined) ?? (byQuery.length === 1 ? byQuery[0] : undefined)
    : byQuery.find((t) => nameOf(t) === apiOperation);
  if (!pick) {
    const known = byQuery.map(nameOf).filter((a): a is string => a !== undefined);
    return { ok: false, why: apiOperation === undefined ? `${method} ${path} needs an "apiOperation" in its body to tell ${known.join(', ')} apart` : `no ${method} operation at this path has apiOperation ${JSON.stringify(apiOperation)} (known: ${known.join(', ')})` };
  }
  const values = (pick.pattern.exec(path) ?? []).slice(1);
  const params: Record<string, string> = {};
  pick.names.forEach((name, i) => {
    if (name !== 'version') params[name] = decodeURIComponentSafe(values[i] ?? '');
  });
  const version = versionIn(pick);
  if (version !== undefined) {
    try {
      resolve(pick.op.id, version);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      return { ok: false, why: `${pick.op.title} is not served at version ${version} by the catalogue (${err.message})` };
    }
  }
  return { ok: true, detected: { op: pick.op, ...(version !== undefined ? { version } : {}), baseUrl: url.slice(0, apiAt), params } };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
