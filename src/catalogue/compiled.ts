/**
 * Everything derived from one (operation, version) that checking a body needs: tree, flattened
 * fields, rules. Built lazily, cached. No schema library: the field rules run from the tree
 * (fieldChecks.ts), and the JSON Schema export builds its zod schema itself (jsonSchema.ts).
 */
import { bodyTree, resolve, type ResolvedOperation } from './bodies';
import { buildIndex, type FieldIndex } from './fieldIndex';
import type { ObjectNode } from './fieldTree';
import { rulesFor, type CrossFieldRule } from './rules';

export interface CompiledOperation {
  resolved: ResolvedOperation;
  tree: ObjectNode | undefined;
  index: FieldIndex | undefined;
  rules: CrossFieldRule[];
  /** Every catalogue path, objects included ('order', 'order.reference', 'item[].name'): what "did you mean" picks from. */
  knownPaths: readonly string[];
}

const cache = new Map<string, CompiledOperation>();

export function compile(id: string, version?: number): CompiledOperation {
  const resolved = resolve(id, version);
  const hit = cache.get(resolved.key);
  if (hit) return hit;
  const tree = bodyTree(resolved);
  const index = tree ? buildIndex(tree) : undefined;
  const compiled: CompiledOperation = {
    resolved, tree, index,
    rules: index ? rulesFor(resolved.key, (p) => index.byPath.has(p)) : [],
    knownPaths: index ? withParents(index.list.map((m) => m.path)) : [],
  };
  cache.set(resolved.key, compiled);
  return compiled;
}

function withParents(paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const path of paths) {
    const steps = path.split('.');
    for (let i = 1; i <= steps.length; i++) out.add(steps.slice(0, i).join('.').replace(/\[\]$/, ''));
  }
  return [...out];
}
