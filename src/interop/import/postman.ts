/**
 * Postman collections (v2.0 and v2.1) and Postman environment files into plain requests: folders
 * kept as groups (in order), auth inherited from folder and collection (basic, bearer), collection
 * variables and environment values with their secret marks. Scripts are not run; they are noted.
 */
import { JsonDepthError, parseJsonBounded } from '../../json/depth';
import { describeJsonSyntaxError, withoutBom } from '../../json/fileText';
import { isSecretName } from '../../redaction';
import { ImportError, LIMITS, type HttpHeader, type ImportedCollection, type ImportedEnvironment, type PlainRequest, type RequestAuth, type RequestGroup, type Variable } from '../model';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function parsePostmanJson(fileText: string, where: string): unknown {
  if (fileText.length > LIMITS.fileChars) throw new ImportError(`${where}: ${fileText.length} characters; at most ${LIMITS.fileChars} are imported`);
  const clean = withoutBom(fileText);
  try {
    return parseJsonBounded(clean, { where });
  } catch (err) {
    if (err instanceof JsonDepthError) throw new ImportError(err.message);
    throw new ImportError(`${where}: not valid JSON: ${describeJsonSyntaxError(clean, err)}`);
  }
}

export function isPostmanCollection(json: unknown): boolean {
  return isObject(json) && isObject(json['info']) && /schema\.getpostman\.com\/json\/collection\/v2\.[01]/.test(text(json['info']['schema']) ?? '');
}

export function isPostmanEnvironment(json: unknown): boolean {
  return isObject(json) && Array.isArray(json['values']) && typeof json['name'] === 'string' && !('info' in json);
}

export function importPostmanEnvironment(json: unknown, where: string): ImportedEnvironment {
  if (!isObject(json) || !isPostmanEnvironment(json)) throw new ImportError(`${where}: not a Postman environment (an object with "name" and "values")`);
  return { name: json['name'] as string, variables: variablesOf(json['values'], where) };
}

export function importPostmanCollection(json: unknown, where: string): ImportedCollection {
  if (!isObject(json) || !isPostmanCollection(json)) throw new ImportError(`${where}: not a Postman collection v2.0 or v2.1 (info.schema names the version)`);
  const info = json['info'] as Json;
  const name = text(info['name']) ?? 'Postman collection';
  const notes: string[] = [];
  const groups: RequestGroup[] = [];
  const state = { count: 0 };
  const top: PlainRequest[] = [];
  const keptOut: KeptOut[] = [];
  const rootAuth = authOf(json['auth'], undefined, `${where}: collection`, { notes, keptOut });
  walkItems(json['item'], { path: [], auth: rootAuth, where, notes, keptOut, groups, state }, top);
  if (top.length) groups.unshift({ name, requests: top });
  if (hasScripts(json)) notes.push(`${where}: scripts (pre-request and tests) are not imported; a flow step's "expect" and its {{STEP.response.…}} references do their work`);
  return { name, source: where, groups, variables: variablesOf(json['variable'], where), environments: [], notes, keptOut };
}

type KeptOut = NonNullable<ImportedCollection['keptOut']>[number];

/** Where the importer notes what it left out, and the secrets among it. */
interface Noted {
  notes: string[];
  keptOut: KeptOut[];
}

interface Walk extends Noted {
  path: string[];
  auth: RequestAuth | 'none' | undefined;
  where: string;
  groups: RequestGroup[];
  state: { count: number };
}

function walkItems(items: unknown, w: Walk, into: PlainRequest[]): void {
  for (const item of list(items)) {
    if (!isObject(item)) continue;
    // A name is shown in paths of names (Orders / Refund): bounded, so a deep tree of long names stays small.
    const itemName = (text(item['name']) ?? 'request').slice(0, 200);
    if (Array.isArray(item['item'])) {
      const folder: PlainRequest[] = [];
      const path = [...w.path, itemName];
      walkItems(item['item'], { ...w, path, auth: authOf(item['auth'], w.auth, `${w.where}: ${path.join(' / ')}`, w) }, folder);
      if (folder.length) w.groups.push({ name: path.join(' / '), requests: folder });
      continue;
    }
    if (++w.state.count > LIMITS.requests) throw new ImportError(`${w.where}: more than ${LIMITS.requests} requests; import a smaller collection or folder`);
    into.push(requestOf(item, itemName, w));
  }
}

function requestOf(item: Json, name: string, w: Walk): PlainRequest {
  const source = `${w.where}: ${[...w.path, name].join(' / ')}`;
  const request = item['request'];
  // v2.0 and v2.1 both allow a request given as its URL alone.
  const r: Json = isObject(request) ? request : { url: request, method: 'GET' };
  const headers: HttpHeader[] = list(r['header'])
    .filter((h): h is Json => isObject(h) && h['disabled'] !== true)
    .slice(0, LIMITS.headersPerRequest)
    .map((h) => ({ name: text(h['key']) ?? '', value: text(h['value']) ?? '' }))
    .filter((h) => h.name !== '');
  const auth = authOf(r['auth'], w.auth, source, w);
  const body = bodyOf(r['body'], source, w.notes);
  return {
    name, method: (text(r['method']) ?? 'GET').toUpperCase(), url: urlOf(r['url']), headers, source,
    ...(body !== undefined ? { body } : {}),
    ...(auth && auth !== 'none' ? { auth } : {}),
  };
}

function urlOf(url: unknown): string {
  if (typeof url === 'string') return url;
  if (!isObject(url)) return '';
  const raw = text(url['raw']);
  if (raw) return withPathVariables(raw, url['variable']);
  const host = Array.isArray(url['host']) ? url['host'].map(text).join('.') : (text(url['host']) ?? '');
  const path = Array.isArray(url['path']) ? url['path'].map(text).join('/') : (text(url['path']) ?? '');
  const protocol = text(url['protocol']);
  const port = text(url['port']);
  // The query as its parts give it (Offers' selectFirst=true tells the operation apart), the disabled ones left out.
  const query = list(url['query']).filter((q): q is Json => isObject(q) && q['disabled'] !== true).slice(0, 100)
    .map((q) => `${text(q['key']) ?? ''}${q['value'] === null || q['value'] === undefined ? '' : `=${text(q['value']) ?? ''}`}`).join('&');
  return withPathVariables(`${protocol ? `${protocol}://` : ''}${host}${port ? `:${port}` : ''}${path ? `/${path}` : ''}${query ? `?${query}` : ''}`, url['variable']);
}

/** Postman's path variables (`/order/:orderId`): the value given in `url.variable`, or a `{{template}}` of the same name. */
function withPathVariables(url: string, variables: unknown): string {
  const values = new Map(list(variables).filter(isObject).map((v) => [text(v['key']) ?? '', text(v['value']) ?? ''] as const));
  return url.replace(/\/:([A-Za-z_][A-Za-z0-9_]{0,63})(?=[/?#]|$)/g, (_whole, name: string) => `/${values.get(name) || `{{${name}}}`}`);
}

function bodyOf(body: unknown, source: string, notes: string[]): string | undefined {
  if (!isObject(body)) return undefined;
  const mode = text(body['mode']);
  if (mode === 'raw') return text(body['raw']);
  if (mode) notes.push(`${source}: a "${mode}" body is left out; the APIs take JSON (a raw body)`);
  return undefined;
}

/** Every attribute of an auth block, [key, value] (v2.1's list or v2.0's object), bounded. */
function attributes(auth: Json, type: string): [string, string][] {
  const attrs = auth[type];
  const pairs = Array.isArray(attrs) ? attrs.filter(isObject).map((a) => [text(a['key']) ?? '', text(a['value']) ?? ''] as [string, string]) : isObject(attrs) ? Object.entries(attrs).map(([k, v]) => [k, text(v) ?? ''] as [string, string]) : [];
  return pairs.slice(0, 100);
}

/** v2.1 lists auth attributes as [{ key, value }], v2.0 as an object. */
function attribute(auth: Json, type: string, key: string): string {
  const attrs = auth[type];
  if (Array.isArray(attrs)) return text(attrs.find((a): a is Json => isObject(a) && a['key'] === key)?.['value']) ?? '';
  return isObject(attrs) ? (text(attrs[key]) ?? '') : '';
}

function authOf(auth: unknown, inherited: RequestAuth | 'none' | undefined, source: string, noted: Noted): RequestAuth | 'none' | undefined {
  if (!isObject(auth)) return inherited;
  const type = text(auth['type']);
  if (type === 'noauth') return 'none';
  if (type === 'inherit') return inherited;
  if (type === 'basic') return { kind: 'basic', user: attribute(auth, 'basic', 'username'), password: attribute(auth, 'basic', 'password') };
  if (type === 'bearer') return { kind: 'bearer', token: attribute(auth, 'bearer', 'token') };
  noted.notes.push(`${source}: "${type ?? '?'}" authentication is left out; the workbench authenticates with the environment's credentials (basic or bearer)`);
  // Its credentials (an API key's value, an OAuth secret or token) are secrets: named in the report, in no file.
  for (const [key, value] of attributes(auth, type ?? '')) if (value !== '' && (key === 'value' || isSecretName(key))) noted.keptOut.push({ what: `${key} of the "${type ?? '?'}" authentication`, from: source, value });
  return inherited;
}

function variablesOf(values: unknown, where: string): Variable[] {
  const rows = list(values).filter(isObject);
  if (rows.length > LIMITS.variables) throw new ImportError(`${where}: ${rows.length} variables; at most ${LIMITS.variables}`);
  return rows
    .filter((v) => v['enabled'] !== false && v['disabled'] !== true)
    .map((v) => {
      const name = text(v['key']) ?? text(v['id']) ?? '';
      return { name, value: text(v['value']) ?? text(v['currentValue']) ?? '', secret: v['type'] === 'secret' || isSecretName(name) };
    })
    .filter((v) => v.name !== '');
}

function hasScripts(json: unknown, depth = 0): boolean {
  if (depth > 40 || !isObject(json)) return false;
  if (list(json['event']).some((e) => isObject(e) && isObject(e['script']))) return true;
  return list(json['item']).some((i) => hasScripts(i, depth + 1));
}
