/**
 * The request body schemas of the OpenAPI description: the catalogue's JSON Schema export with the
 * required fields the catalogue refuses a body without, the cross-field ones included (an Authorize
 * without order.amount is "Missing parameter" at the gateway, yet the field tree keeps it optional).
 *
 * Where the operation takes `session.id`, the gateway takes every field the session holds that the
 * request leaves out (Session Basics), and the catalogue only warns about a required field a body
 * naming its session leaves out (sessionSupply.ts). So there the requirements hold only when no
 * session is named: JSON Schema's if/else, and the description says so. A field of a list entry the
 * request sends stays required either way (a list sent replaces the session's whole).
 */
import { takesSessionId, type OperationId } from '../../catalogue';
import { bodyJsonSchema, ruleRequiredPaths } from '../../catalogue/jsonSchema';

type Json = Record<string, unknown>;

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A body that names its session: `session.id` present. */
const NAMES_SESSION: Json = { type: 'object', required: ['session'], properties: { session: { type: 'object', required: ['id'], properties: { id: {} } } } };

/** The body schema of an operation at a version, its requiredness complete; undefined when it takes no body. */
export function requestBodySchema(id: OperationId, version: number): Json | undefined {
  const base = bodyJsonSchema(id, version);
  if (!base) return undefined;
  const strict = withRequired(base, ruleRequiredPaths(id, version));
  if (!takesSessionId(id, version)) return strict;
  const overlay = requiredSkeleton(strict, true);
  if (!overlay) return strict;
  const fromSession = requiredPathsOf(overlay, '');
  const relaxed = withoutRequired(strict, true);
  const note = ` Required unless the body names its payment session (session.id): ${fromSession.join(', ')}; with a session each may come from it instead (the gateway takes every field the session holds that the request leaves out).`;
  return { ...relaxed, description: `${String(relaxed['description'] ?? '')}${note}`, if: NAMES_SESSION, else: overlay };
}

/** The schema with each dotted path required, every object on the way included (a path the schema lacks at this version is left alone). */
function withRequired(schema: Json, paths: readonly string[]): Json {
  const out = structuredClone(schema);
  for (const path of paths) {
    let node: Json = out;
    for (const name of path.split('.')) {
      const child = isJson(node['properties']) ? node['properties'][name] : undefined;
      if (!isJson(child)) break;
      const required = Array.isArray(node['required']) ? (node['required'] as string[]) : [];
      if (!required.includes(name)) node['required'] = [...required, name];
      node = child;
    }
  }
  return out;
}

/** The top level's own: the operation's name and the session reference are never the session's to supply. */
const keptAtTop = (name: string): boolean => name === 'apiOperation' || name === 'session';

/**
 * Only the requirements a session may stand in for, as a schema: each object's `required` (outside
 * lists), with the objects that lead to them. Undefined when there are none.
 */
function requiredSkeleton(node: Json, top: boolean): Json | undefined {
  const required = (Array.isArray(node['required']) ? (node['required'] as unknown[]) : [])
    .filter((n): n is string => typeof n === 'string' && !(top && keptAtTop(n)));
  const nested: Json = {};
  for (const [name, child] of Object.entries(isJson(node['properties']) ? node['properties'] : {})) {
    if (top && keptAtTop(name)) continue;
    const inner = isJson(child) ? requiredSkeleton(child, false) : undefined;
    if (inner) nested[name] = inner;
  }
  if (required.length === 0 && Object.keys(nested).length === 0) return undefined;
  // Each required name is declared too, so strict validators (Ajv strictRequired) see where it lives.
  const properties: Json = { ...Object.fromEntries(required.map((n) => [n, {}])), ...nested };
  return { type: 'object', ...(required.length > 0 ? { required } : {}), properties };
}

/** The schema without the requirements requiredSkeleton took (list entries and the top level's own keep theirs). */
function withoutRequired(node: Json, top: boolean): Json {
  const out: Json = { ...node };
  const required = Array.isArray(node['required']) ? (node['required'] as unknown[]).filter((n): n is string => typeof n === 'string' && top && keptAtTop(n)) : [];
  if (required.length > 0) out['required'] = required;
  else delete out['required'];
  if (isJson(node['properties'])) {
    out['properties'] = Object.fromEntries(Object.entries(node['properties']).map(([name, child]) => [name, isJson(child) && !(top && keptAtTop(name)) ? withoutRequired(child, false) : child]));
  }
  return out;
}

/** The dotted paths a skeleton requires ('order', 'order.amount'), for the description. */
function requiredPathsOf(skeleton: Json, prefix: string): string[] {
  const own = (Array.isArray(skeleton['required']) ? (skeleton['required'] as string[]) : []).map((n) => `${prefix}${n}`);
  const inner = Object.entries(isJson(skeleton['properties']) ? skeleton['properties'] : {})
    .flatMap(([name, child]) => (isJson(child) && child['type'] === 'object' ? requiredPathsOf(child, `${prefix}${name}.`) : []));
  return [...own, ...inner];
}
