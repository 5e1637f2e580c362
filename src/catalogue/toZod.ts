/**
 * The field tree as zod 4 schemas, for the JSON Schema export only (jsonSchema.ts): types, lengths,
 * patterns, enums, bounds and the descriptions VS Code shows on hover. The rules are checked, in
 * their words, by fieldChecks.ts; nothing here carries a message. Objects are loose: the spec ends
 * each operation with "remaining request fields: not shown", so fields we do not know are allowed.
 */
import * as z from 'zod/mini';
import { humanize, type FieldNode, type LeafSpec, type MapNode } from './fieldTree';

function describe(spec: LeafSpec, key: string): Record<string, unknown> {
  const meta: Record<string, unknown> = { title: spec.label ?? humanize(key), description: spec.help };
  if (spec.defaultValue !== undefined) meta['default'] = spec.jsonType === 'string' ? spec.defaultValue : JSON.parse(spec.defaultValue);
  if (spec.suggestions?.length) meta['examples'] = [...spec.suggestions];
  else if (spec.example !== undefined) meta['examples'] = [spec.example];
  return meta;
}

function leafSchema(spec: LeafSpec, key: string): z.ZodMiniType {
  let schema: z.ZodMiniType;
  if (spec.enum) {
    schema = z.enum(spec.enum as [string, ...string[]]);
  } else if (spec.jsonType === 'boolean') {
    schema = z.boolean();
  } else if (spec.jsonType === 'number') {
    const checks: z.core.$ZodCheck<number>[] = [];
    if (spec.integer) checks.push(z.int());
    if (spec.min !== undefined) checks.push(z.gte(spec.min));
    if (spec.max !== undefined) checks.push(z.lte(spec.max));
    schema = z.number().check(...checks);
  } else {
    const checks: z.core.$ZodCheck<string>[] = [];
    if (spec.minLength !== undefined) checks.push(z.minLength(spec.minLength));
    if (spec.maxLength !== undefined) checks.push(z.maxLength(spec.maxLength));
    if (spec.pattern) checks.push(z.regex(spec.pattern));
    schema = z.string().check(...checks);
  }
  return schema.check(z.meta(describe(spec, key)));
}

function mapSchema(node: MapNode, key: string): z.ZodMiniType {
  const keySchema = z.string().check(z.maxLength(node.keyMaxLength), z.regex(node.keyPattern));
  return z.record(keySchema, nodeSchema(node.value, '{key}')).check(
    z.meta({ title: node.label ?? humanize(key), ...(node.help ? { description: node.help } : {}), maxProperties: node.maxKeys }),
  );
}

/** Schema of a node, optional when the node is not required. */
function nodeSchema(node: FieldNode, key: string): z.ZodMiniType {
  const inner = innerSchema(node, key);
  return node.required ? inner : z.optional(inner);
}

const cache = new WeakMap<FieldNode, z.ZodMiniType>();

/** The schema of a node without its optional wrapper. Cached per node object. */
export function innerSchema(node: FieldNode, key: string): z.ZodMiniType {
  const hit = cache.get(node);
  if (hit) return hit;
  const built = build(node, key);
  cache.set(node, built);
  return built;
}

function build(node: FieldNode, key: string): z.ZodMiniType {
  switch (node.type) {
    case 'leaf':
      return leafSchema(node.spec, key);
    case 'map':
      return mapSchema(node, key);
    case 'array': {
      const checks: z.core.$ZodCheck<unknown[]>[] = [];
      if (node.minItems !== undefined) checks.push(z.minLength(node.minItems));
      if (node.maxItems !== undefined) checks.push(z.maxLength(node.maxItems));
      checks.push(z.meta({ title: node.label ?? humanize(key), ...(node.help ? { description: node.help } : {}) }));
      return z.array(nodeSchema({ ...node.element, required: true }, key)).check(...checks);
    }
    case 'object': {
      const shape: Record<string, z.ZodMiniType> = {};
      for (const [k, child] of Object.entries(node.fields)) shape[k] = nodeSchema(child, k);
      return z.looseObject(shape).check(z.meta({ title: node.label ?? humanize(key), ...(node.help ? { description: node.help } : {}) }));
    }
  }
}
