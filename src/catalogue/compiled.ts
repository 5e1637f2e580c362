/**
 * Everything derived from one (operation, version) that checking a body needs: tree, flattened
 * fields, rules. Built lazily, cached. No schema library: the field rules run from the tree
 * (fieldChecks.ts), and the JSON Schema export builds its zod schema itself (jsonSchema.ts).
 * A version without its own documentation gets the nearest documented version's tree, without the
 * fields whose `since`/`until` leave that version out (those are remembered: sending one is an error).
 */
import { bodyTree, resolve, type ResolvedOperation } from './bodies';
import { buildIndex, type FieldIndex } from './fieldIndex';
import type { FieldNode, ObjectNode } from './fieldTree';
import { RETIRED_FROM_THE_API } from './groups/threeDSecure';
import { fieldListComplete } from './reference';
import { rulesFor, type CrossFieldRule } from './rules';
import { apiOperationAt } from './versions';

/** A field the request's version does not have, with the versions that have it. */
export interface VersionSpan {
  since?: number;
  until?: number;
}

export interface CompiledOperation {
  resolved: ResolvedOperation;
  tree: ObjectNode | undefined;
  index: FieldIndex | undefined;
  rules: CrossFieldRule[];
  /** Every catalogue path, objects included ('order', 'order.reference', 'item[].name'): what "did you mean" picks from. */
  knownPaths: readonly string[];
  /** Paths ('item[].x' style) of fields other versions have and this one does not. */
  outOfSpan: ReadonlyMap<string, VersionSpan>;
  /** The tree holds the whole request field list of the documented version in force (from its reference page): an unknown name is an error. */
  fieldListComplete: boolean;
}

const cache = new Map<string, CompiledOperation>();
const NOTHING_OUT: ReadonlyMap<string, VersionSpan> = new Map();

export function compile(id: string, version?: number): CompiledOperation {
  const resolved = resolve(id, version);
  const cacheKey = resolved.version === undefined ? resolved.key : `${resolved.op.id}@${resolved.version}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const documented = bodyTree(resolved);
  const outOfSpan = new Map<string, VersionSpan>();
  const tree = documented && resolved.version !== undefined ? atVersion(documented, resolved, outOfSpan) : documented;
  if (tree && resolved.op.api === 'gateway') retiredNames(tree, resolved.version ?? 0, outOfSpan);
  // Most versions see the documented tree unchanged: they share its index and rules.
  // (Not when the documented version prunes its own tree: a field until 99 in a body documented at 100.)
  const base = tree === documented && resolved.version !== resolved.rulesFrom ? compile(id, resolved.rulesFrom) : undefined;
  const same = base?.tree === tree ? base : undefined;
  const index = same ? same.index : tree ? buildIndex(tree) : undefined;
  const compiled: CompiledOperation = {
    resolved, tree, index,
    rules: same ? same.rules : index ? rulesFor(resolved.key, (p) => index.byPath.has(p)) : [],
    knownPaths: same ? same.knownPaths : index ? withParents(index.list.map((m) => m.path)) : [],
    outOfSpan: outOfSpan.size ? outOfSpan : NOTHING_OUT,
    fieldListComplete: resolved.rulesFrom !== undefined && fieldListComplete(resolved.op.id, resolved.rulesFrom),
  };
  cache.set(cacheKey, compiled);
  return compiled;
}

/** The documented tree as the request's version has it; the same object when nothing differs. */
function atVersion(tree: ObjectNode, resolved: ResolvedOperation, outOfSpan: Map<string, VersionSpan>): ObjectNode {
  const version = resolved.version ?? 0;
  const withSpans = pruneObject(tree, version, '', outOfSpan);
  const name = apiOperationAt(resolved.op, version);
  const field = withSpans.fields.apiOperation;
  if (name === undefined || field?.type !== 'leaf' || field.spec.enum?.[0] === name) return withSpans;
  // A renamed operation (Create Checkout Session → Initiate Checkout) takes the name its version uses.
  const renamed = { ...field, spec: { ...field.spec, enum: [name], defaultValue: name } };
  return { ...withSpans, fields: { ...withSpans.fields, apiOperation: renamed } };
}

/** Names the API dropped at a version, for a tree that never had them: sending one is still "removed after version N". */
function retiredNames(tree: ObjectNode, version: number, outOfSpan: Map<string, VersionSpan>): void {
  for (const { name, until } of RETIRED_FROM_THE_API) {
    if (version > until && !Object.hasOwn(tree.fields, name) && !outOfSpan.has(name)) outOfSpan.set(name, { until });
  }
}

function inSpan(node: FieldNode, version: number): boolean {
  return (node.since === undefined || version >= node.since) && (node.until === undefined || version <= node.until);
}

function pruneObject(node: ObjectNode, version: number, path: string, out: Map<string, VersionSpan>): ObjectNode {
  let fields: Record<string, FieldNode> | undefined;
  for (const [key, child] of Object.entries(node.fields)) {
    const childPath = path ? `${path}.${key}` : key;
    const pruned = inSpan(child, version) ? pruneNode(child, version, childPath, out) : undefined;
    if (!pruned) out.set(childPath, { ...(child.since !== undefined ? { since: child.since } : {}), ...(child.until !== undefined ? { until: child.until } : {}) });
    if (pruned === child && !fields) continue;
    fields ??= { ...node.fields };
    if (pruned) fields[key] = pruned;
    else delete fields[key];
  }
  return fields ? { ...node, fields } : node;
}

function pruneNode(node: FieldNode, version: number, path: string, out: Map<string, VersionSpan>): FieldNode {
  if (node.type === 'object') return pruneObject(node, version, path, out);
  if (node.type !== 'array') return node;
  const element = pruneNode(node.element, version, `${path}[]`, out);
  return element === node.element ? node : { ...node, element };
}

function withParents(paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const path of paths) {
    const steps = path.split('.');
    for (let i = 1; i <= steps.length; i++) out.add(steps.slice(0, i).join('.').replace(/\[\]$/, ''));
  }
  return [...out];
}
