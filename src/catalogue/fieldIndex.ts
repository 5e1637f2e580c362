/** Flattens a body tree into FieldMeta rows (for forms) and a path → node index (for validateField). */
import { humanize, type FieldKind, type FieldNode, type JsonType, type LeafNode, type ObjectNode } from './fieldTree';

export interface FieldMeta {
  /** Dotted path; arrays as 'item[].name', the custom map as 'order.custom.{key}'. */
  path: string;
  label: string;
  group: string;
  help: string;
  /** Must be present whenever its parent object (or list entry) is sent; at top level: always. */
  required: boolean;
  kind: FieldKind;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  patternHint?: string;
  enum?: string[];
  min?: number;
  max?: number;
  minItems?: number;
  maxItems?: number;
  versions?: number[];
  defaultValue?: string;
  /** JSON type on the wire: a 'decimal' is text for the gateway and a number for financing prices. */
  jsonType: JsonType;
  /** A valid value, for placeholders. */
  example?: string | number | boolean;
  /** Known values to offer (one-click buttons in the form, JSON Schema examples in request files) where any value of the pattern is valid. */
  suggestions?: string[];
  /** A URL that receives webhooks (gateway) or callbacks (financing): the form offers the local inbox. */
  receives?: 'gateway' | 'financing';
  /** A URL the payer's browser returns to: on the simulator the form offers its return page. */
  returnsPayer?: true;
  /** An id the request creates (Initiate Checkout's order.id): fresh in new requests and after a send that used it. */
  freshId?: 'order';
}

interface IndexedField {
  meta: FieldMeta;
  node: FieldNode;
}

export interface FieldIndex {
  list: FieldMeta[];
  byPath: Map<string, IndexedField>;
}

const GENERAL = 'Request';

function leafMeta(node: LeafNode, path: string, key: string, group: string): FieldMeta {
  const s = node.spec;
  const m: FieldMeta = {
    path, label: s.label ?? node.label ?? humanize(key), group, help: node.help ? `${s.help} ${node.help}` : s.help,
    required: node.required, kind: s.kind, jsonType: s.jsonType,
  };
  if (s.minLength !== undefined) m.minLength = s.minLength;
  if (s.maxLength !== undefined) m.maxLength = s.maxLength;
  if (s.pattern) m.pattern = s.pattern.source;
  if (s.patternHint) m.patternHint = s.patternHint;
  if (s.enum) m.enum = [...s.enum];
  if (s.min !== undefined) m.min = s.min;
  if (s.max !== undefined) m.max = s.max;
  const versions = s.versions ?? node.versions;
  if (versions) m.versions = [...versions];
  if (s.defaultValue !== undefined) m.defaultValue = s.defaultValue;
  if (s.example !== undefined) m.example = s.example;
  if (s.suggestions) m.suggestions = [...s.suggestions];
  if (s.receives) m.receives = s.receives;
  if (s.returnsPayer) m.returnsPayer = s.returnsPayer;
  if (s.freshId) m.freshId = s.freshId;
  return m;
}

export function buildIndex(root: ObjectNode): FieldIndex {
  const list: FieldMeta[] = [];
  const byPath = new Map<string, IndexedField>();
  const add = (meta: FieldMeta, node: FieldNode) => {
    list.push(meta);
    byPath.set(meta.path, { meta, node });
  };

  function walk(node: FieldNode, path: string, key: string, group: string): void {
    switch (node.type) {
      case 'leaf':
        add(leafMeta(node, path, key, group), node);
        return;
      case 'object':
        for (const [k, child] of Object.entries(node.fields)) walk(child, path ? `${path}.${k}` : k, k, node.group ?? group);
        return;
      case 'array': {
        const g = node.group ?? group;
        const meta: FieldMeta = { path, label: node.label ?? humanize(key), group: g, help: node.help ?? '', required: node.required, kind: 'array', jsonType: 'array' };
        if (node.minItems !== undefined) meta.minItems = node.minItems;
        if (node.maxItems !== undefined) meta.maxItems = node.maxItems;
        if (node.versions) meta.versions = [...node.versions];
        add(meta, node);
        walk({ ...node.element, required: node.element.type === 'leaf' ? true : node.element.required }, `${path}[]`, key, g);
        return;
      }
      case 'map': {
        const g = node.group ?? group;
        add({
          path, label: node.label ?? humanize(key), group: g, help: node.help ?? '', required: node.required, kind: 'map', jsonType: 'object',
          maxItems: node.maxKeys, maxLength: node.keyMaxLength, pattern: node.keyPattern.source, patternHint: node.keyHint,
        }, node);
        walk(node.value, `${path}.{key}`, 'value', g);
        return;
      }
    }
  }
  walk(root, '', '', root.group ?? GENERAL);
  return { list, byPath };
}

/** 'item[2].name' → 'item[].name': list indices dropped, the catalogue's spelling of a path. */
export function templateOf(concretePath: string): string {
  return concretePath.replace(/\[\d+\]/g, '[]');
}

/**
 * The one rule from a concrete path ('item[2].name', 'order.custom.foo') to its catalogue path
 * ('item[].name', 'order.custom.{key}'), over any lookup that tells a catalogue path's kind.
 * Undefined when the path is not in the catalogue.
 */
export function catalogueTemplate(concretePath: string, kindAt: (cataloguePath: string) => FieldMeta['kind'] | undefined): { path: string; mapKey?: string } | undefined {
  const normalized = templateOf(concretePath);
  if (kindAt(normalized) !== undefined) return { path: normalized };
  // A map key: the concrete path's last step under a catalogue map.
  const dot = normalized.lastIndexOf('.');
  if (dot > 0 && kindAt(normalized.slice(0, dot)) === 'map') {
    const value = `${normalized.slice(0, dot)}.{key}`;
    if (kindAt(value) !== undefined) return { path: value, mapKey: normalized.slice(dot + 1) };
  }
  return undefined;
}

export function catalogueMatch(index: FieldIndex, concretePath: string): { entry: IndexedField; mapKey?: string } | undefined {
  const match = catalogueTemplate(concretePath, (p) => index.byPath.get(p)?.meta.kind);
  const entry = match && index.byPath.get(match.path);
  if (!match || !entry) return undefined;
  return match.mapKey === undefined ? { entry } : { entry, mapKey: match.mapKey };
}
