/**
 * The request-file JSON Schema VS Code's JSON language service reads: structure, descriptions and
 * values to complete, without the value rules. The catalogue's own diagnostics report every rule
 * (with the path, the rule and the value, and errors apart from warnings), so a rule also in the
 * schema would put each mistake on screen twice, once in the JSON service's words.
 * Enum and const values stay as `examples`, which the JSON service still offers as completions.
 */
export type SchemaNode = Record<string, unknown>;

/** Keywords that only judge a value: reported by the catalogue instead. */
const VALUE_RULES = new Set([
  'type', 'required', 'pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'multipleOf', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'propertyNames', 'not', 'enum', 'const', 'enumDescriptions',
]);

/** Keywords whose value is a schema, or a map or list of schemas, to walk into. */
const ONE = new Set(['items', 'additionalProperties', 'then', 'else']);
const MANY = new Set(['allOf', 'anyOf', 'oneOf']);
const BY_NAME = new Set(['properties', 'definitions', '$defs', 'patternProperties']);

export function completionOnly(schema: SchemaNode): SchemaNode {
  const out: SchemaNode = {};
  const examples: unknown[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' && Array.isArray(value)) examples.push(...value);
    else if (key === 'const') examples.push(value);
    else if (key === 'type' && value === 'boolean') examples.push(true, false);
    if (VALUE_RULES.has(key)) continue;
    if (key === 'if') out[key] = value; // a condition reports nothing; its const picks the branch
    else if (key === 'examples' && Array.isArray(value)) examples.push(...value);
    else if (ONE.has(key) && isNode(value)) out[key] = completionOnly(value);
    else if (ONE.has(key)) continue; // `additionalProperties: false` would be a rule too
    else if (MANY.has(key) && Array.isArray(value)) out[key] = value.map((v) => (isNode(v) ? completionOnly(v) : v));
    else if (BY_NAME.has(key) && isNode(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isNode(v) ? completionOnly(v) : v]));
    else out[key] = value;
  }
  if (examples.length > 0) out['examples'] = [...new Set(examples)];
  return out;
}

function isNode(v: unknown): v is SchemaNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
