/**
 * Turns the field tree into zod 4 schemas. Every check carries its own message text so that any
 * consumer of the schema (validateBody, the simulator, the form) reports the same words.
 * Objects are loose: the spec ends each operation with "remaining request fields: not shown",
 * so fields we do not know must pass untouched.
 */
// zod/mini: the form's webview bundles the catalogue, and mini's functional checks tree-shake.
import * as z from 'zod/mini';
import { humanize, type FieldNode, type LeafNode, type LeafSpec, type MapNode } from './fieldTree';

const TYPE_WORDS: Record<LeafSpec['jsonType'], string> = { string: 'text', number: 'a number', boolean: 'true or false' };

function typeError(expected: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : `must be ${expected}`);
}

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
    const values = spec.enum as [string, ...string[]];
    schema = z.enum(values, { error: (issue) => (issue.input === undefined ? 'required' : `must be one of ${listValues(values)}`) });
  } else if (spec.jsonType === 'boolean') {
    schema = z.boolean({ error: typeError(TYPE_WORDS.boolean) });
  } else if (spec.jsonType === 'number') {
    const checks: z.core.$ZodCheck<number>[] = [];
    if (spec.integer) checks.push(z.int({ error: 'must be a whole number' }));
    if (spec.min !== undefined) checks.push(z.gte(spec.min, { error: `must be at least ${spec.min}` }));
    if (spec.max !== undefined) checks.push(z.lte(spec.max, { error: `must be at most ${spec.max}` }));
    schema = z.number({ error: typeError(spec.integer ? 'a whole number' : TYPE_WORDS.number) }).check(...checks);
  } else {
    const checks: z.core.$ZodCheck<string>[] = [];
    if (spec.minLength !== undefined) checks.push(z.minLength(spec.minLength, { error: `must be at least ${spec.minLength} characters` }));
    // abort: a value over its maximum length never reaches the pattern or a check (hostile input stays cheap).
    if (spec.maxLength !== undefined) checks.push(z.maxLength(spec.maxLength, { error: `must be at most ${spec.maxLength} characters`, abort: true }));
    if (spec.pattern) checks.push(z.regex(spec.pattern, { error: spec.patternHint ?? `matching ${spec.pattern.source}` }));
    schema = z.string({ error: typeError(TYPE_WORDS.string) }).check(...checks);
  }
  const checks = spec.checks;
  if (checks?.length) {
    const pattern = spec.pattern;
    schema = schema.check(z.superRefine((value, ctx) => {
      // A value with the wrong shape already has its pattern issue; one issue per cause is enough.
      if (pattern && typeof value === 'string' && !pattern.test(value)) return;
      for (const check of checks) {
        if (!check.test(value)) ctx.addIssue({ code: 'custom', message: check.message(value), params: { rule: check.rule }, input: value });
      }
    }));
  }
  return schema.check(z.meta(describe(spec, key)));
}

function listValues(values: readonly string[]): string {
  const shown = values.slice(0, 8).join(', ');
  return values.length > 8 ? `${shown}, … (${values.length} values)` : shown;
}

function mapSchema(node: MapNode, key: string): z.ZodMiniType {
  const keySchema = z.string().check(z.maxLength(node.keyMaxLength, { abort: true }), z.regex(node.keyPattern, { error: node.keyHint }));
  return z.record(keySchema, nodeSchema(node.value, '{key}')).check(
    z.superRefine((value, ctx) => {
      const count = Object.keys(value).length;
      if (count > node.maxKeys) {
        ctx.addIssue({ code: 'custom', message: `must have at most ${node.maxKeys} entries, got ${count}`, params: { rule: 'maxItems' }, input: count });
      }
    }),
    z.meta({ title: node.label ?? humanize(key), ...(node.help ? { description: node.help } : {}), maxProperties: node.maxKeys }),
  );
}

/** Schema of a node, optional when the node is not required. Cached per node object. */
export function nodeSchema(node: FieldNode, key: string): z.ZodMiniType {
  const inner = innerSchema(node, key);
  return node.required ? inner : z.optional(inner);
}

const cache = new WeakMap<FieldNode, z.ZodMiniType>();

/** The schema of a node without its optional wrapper (validateField needs both forms). */
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
      return leafSchema((node as LeafNode).spec, key);
    case 'map':
      return mapSchema(node, key);
    case 'array': {
      const checks: z.core.$ZodCheck<unknown[]>[] = [];
      if (node.minItems !== undefined) checks.push(z.minLength(node.minItems, { error: `must have at least ${node.minItems} entries` }));
      if (node.maxItems !== undefined) checks.push(z.maxLength(node.maxItems, { error: `must have at most ${node.maxItems} entries` }));
      checks.push(z.meta({ title: node.label ?? humanize(key), ...(node.help ? { description: node.help } : {}) }));
      return z.array(nodeSchema({ ...node.element, required: true }, key), { error: typeError('a list') }).check(...checks);
    }
    case 'object': {
      const shape: Record<string, z.ZodMiniType> = {};
      for (const [k, child] of Object.entries(node.fields)) shape[k] = nodeSchema(child, k);
      return z.looseObject(shape, { error: typeError('an object') }).check(z.meta({ title: node.label ?? humanize(key), ...(node.help ? { description: node.help } : {}) }));
    }
  }
}
