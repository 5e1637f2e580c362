/**
 * The single declaration of request fields: a small tree of plain nodes.
 * Zod schemas, JSON Schema, form metadata (FieldMeta), examples and generators are all
 * derived from it, so a rule is written once and every consumer agrees on it.
 */

export type FieldKind =
  | 'string' | 'decimal' | 'integer' | 'boolean' | 'enum' | 'date' | 'time' | 'datetime'
  | 'email' | 'url' | 'array' | 'map';

/** The JSON type a value must have on the wire (a 'decimal' is text for the gateway, a number for financing). */
export type JsonType = 'string' | 'number' | 'boolean' | 'array' | 'object';

/** A check that length, pattern and enum cannot express (calendar dates, decimal bounds). */
export interface LeafCheck {
  rule: string;
  /** True when the value passes. Called only after type, length and pattern checks passed. */
  test(value: unknown): boolean;
  /** Text after the path, e.g. "must be greater than 0, got '0'". */
  message(value: unknown): string;
}

export interface LeafSpec {
  kind: Exclude<FieldKind, 'array' | 'map'>;
  jsonType: 'string' | 'number' | 'boolean';
  help: string;
  label?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  /** Completes "must be …": what the pattern means in words. */
  patternHint?: string;
  enum?: readonly string[];
  min?: number;
  max?: number;
  integer?: boolean;
  checks?: readonly LeafCheck[];
  versions?: readonly number[];
  defaultValue?: string;
  /** A valid value used by exampleBody and snippets. */
  example?: string | number | boolean;
  /** Known values offered for completion where any value of the pattern is valid (not an enum). */
  suggestions?: readonly string[];
  /** A URL the service sends notifications to: the form offers the local inbox's address for it. */
  receives?: 'gateway' | 'financing';
  /** A URL the gateway sends the payer's browser back to: on the simulator the form offers the simulator's own return page. */
  returnsPayer?: true;
  /** An id the request itself creates (the order a payment page pays): new requests get a fresh one, as URL ids do. */
  freshId?: 'order';
  /**
   * For an integer field the real service also accepts as text: why (the warning's words). Without
   * it only a digit string passes (as a warning), other text is an error.
   */
  textAccepted?: string;
}

interface NodeBase {
  required: boolean;
  label?: string;
  help?: string;
  versions?: readonly number[];
  /** The first gateway version that has the field (its source in a comment where it is declared). */
  since?: number;
  /** The last gateway version that has the field. */
  until?: number;
}

export interface LeafNode extends NodeBase {
  type: 'leaf';
  spec: LeafSpec;
}

export interface ObjectNode extends NodeBase {
  type: 'object';
  /** Form group for the fields below; the nearest ancestor's group applies when absent. */
  group?: string;
  fields: Readonly<Record<string, FieldNode>>;
}

export interface ArrayNode extends NodeBase {
  type: 'array';
  group?: string;
  element: FieldNode;
  minItems?: number;
  maxItems?: number;
}

export interface MapNode extends NodeBase {
  type: 'map';
  group?: string;
  keyPattern: RegExp;
  keyHint: string;
  keyMaxLength: number;
  maxKeys: number;
  value: LeafNode;
}

export type FieldNode = LeafNode | ObjectNode | ArrayNode | MapNode;
export type Fields = Record<string, FieldNode>;

/** Makes a node required within its parent object. */
export function req<T extends FieldNode>(node: T, help?: string): T {
  return { ...node, required: true, ...(help ? { help: joinHelp(node.help, help) } : {}) };
}

/** Restricts a node to some versions (informational: each version has its own tree). */
export function onlyIn<T extends FieldNode>(versions: readonly number[], node: T): T {
  return node.type === 'leaf'
    ? ({ ...node, versions, spec: { ...node.spec, versions } } as T)
    : { ...node, versions };
}

/**
 * The versions a field exists in, where the reference says so: at another version the gateway
 * answers "Unexpected parameter" (an error). `since` is the first version that has it, `until` the last.
 */
export function inVersions<T extends FieldNode>(span: { since?: number; until?: number }, node: T): T {
  return { ...node, ...span };
}

/** Adds a sentence of help text to a node (leaf help lives in its spec). */
export function withHelp<T extends FieldNode>(node: T, extra: string): T {
  if (node.type === 'leaf') return { ...node, spec: { ...node.spec, help: joinHelp(node.spec.help, extra) } } as T;
  return { ...node, help: joinHelp(node.help, extra) };
}

function joinHelp(a: string | undefined, b: string): string {
  return a ? `${a} ${b}` : b;
}

export function leaf(spec: LeafSpec): LeafNode {
  return { type: 'leaf', required: false, spec };
}

export function obj(group: string | undefined, fields: Fields, help?: string): ObjectNode {
  return { type: 'object', required: false, fields, ...(group ? { group } : {}), ...(help ? { help } : {}) };
}

export function arr(element: FieldNode, opts: { group?: string; help?: string; minItems?: number; maxItems?: number } = {}): ArrayNode {
  return { type: 'array', required: false, element, ...opts };
}

export function map(value: LeafNode, opts: { group?: string; help: string; keyPattern: RegExp; keyHint: string; keyMaxLength: number; maxKeys: number }): MapNode {
  return { type: 'map', required: false, value, ...opts };
}

/** 'postcodeZip' → 'Postcode zip', '3DSecure' → '3-D Secure'. */
export function humanize(key: string): string {
  if (key.startsWith('3DSecure')) {
    const rest = key.slice('3DSecure'.length);
    return rest ? `3-D Secure ${humanize(rest).toLowerCase()}` : '3-D Secure';
  }
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * Deep-merges field sets, so an operation can combine shared groups (common fields, order
 * amounts, …) that each contribute to the same objects such as `order`. Later sets win on leaves.
 */
export function mergeFields(...sets: readonly Fields[]): Fields {
  const out: Fields = {};
  for (const set of sets) {
    for (const [key, node] of Object.entries(set)) {
      const prev = out[key];
      if (prev?.type === 'object' && node.type === 'object') {
        out[key] = { ...prev, ...node, group: node.group ?? prev.group, fields: mergeFields(prev.fields, node.fields), required: prev.required || node.required };
      } else {
        out[key] = node;
      }
    }
  }
  return out;
}
