/**
 * The shape of a form, derived from the catalogue's flat field list: a section of the fields a
 * request can never go without, then one section per group; lists carry the fields of their rows,
 * maps the field of their values. No DOM: the webview renders it, the tests read it.
 */
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import { MAP_KEY } from './fieldLookup';

export type LayoutNode =
  | { kind: 'field'; meta: FieldMeta }
  | { kind: 'array'; meta: FieldMeta; children: LayoutNode[] }
  | { kind: 'map'; meta: FieldMeta; value: FieldMeta };

export interface LayoutSection {
  /** The group name (the `data-group` of its collapsible); REQUIRED_SECTION for the first one. */
  key: string;
  /** True for the section of always-required fields: shown first and open. */
  required: boolean;
  nodes: LayoutNode[];
}

export interface FormLayout {
  sections: LayoutSection[];
  /** Template path of every field, list and map → the key of the section that shows it. */
  sectionOf: ReadonlyMap<string, string>;
}

export const REQUIRED_SECTION = 'Required';

export function inVersion(meta: FieldMeta, version: number | undefined): boolean {
  return version === undefined || meta.versions === undefined || meta.versions.includes(version);
}

/** The list a row field belongs to: 'item[].name' → 'item' (the innermost list). */
function listOf(path: string): string | undefined {
  const i = path.lastIndexOf('[]');
  return i > 0 ? path.slice(0, i) : undefined;
}

export function buildLayout(fields: readonly FieldMeta[], version: number | undefined, required: ReadonlySet<string>): FormLayout {
  const sections = new Map<string, LayoutSection>();
  const sectionOf = new Map<string, string>();
  const lists = new Map<string, Extract<LayoutNode, { kind: 'array' }>>();
  const maps = new Map<string, Extract<LayoutNode, { kind: 'map' }>>();
  const requiredSection: LayoutSection = { key: REQUIRED_SECTION, required: true, nodes: [] };

  const sectionFor = (meta: FieldMeta): LayoutSection => {
    if (required.has(meta.path)) return requiredSection;
    let s = sections.get(meta.group);
    if (!s) sections.set(meta.group, (s = { key: meta.group, required: false, nodes: [] }));
    return s;
  };

  for (const meta of fields) {
    if (!inVersion(meta, version)) continue;
    if (meta.path.endsWith(`.${MAP_KEY}`)) {
      const owner = maps.get(meta.path.slice(0, -(MAP_KEY.length + 1)));
      if (owner) {
        owner.value = meta;
        const key = sectionOf.get(owner.meta.path);
        if (key !== undefined) sectionOf.set(meta.path, key);
        continue;
      }
    }
    let node: LayoutNode;
    if (meta.kind === 'array') lists.set(meta.path, (node = { kind: 'array', meta, children: [] }));
    else if (meta.kind === 'map') maps.set(meta.path, (node = { kind: 'map', meta, value: meta }));
    else node = { kind: 'field', meta };

    const list = listOf(meta.path);
    const owner = list === undefined ? undefined : lists.get(list);
    if (owner) {
      owner.children.push(node);
      const key = sectionOf.get(owner.meta.path);
      if (key !== undefined) sectionOf.set(meta.path, key);
    } else {
      const section = sectionFor(meta);
      section.nodes.push(node);
      sectionOf.set(meta.path, section.key);
    }
  }
  const out = [...sections.values()];
  if (requiredSection.nodes.length > 0) out.unshift(requiredSection);
  return { sections: out, sectionOf };
}

/** Every field, list and map of a node and the rows below it. */
export function* nodeMetas(node: LayoutNode): Generator<FieldMeta> {
  yield node.meta;
  if (node.kind === 'array') for (const c of node.children) yield* nodeMetas(c);
  if (node.kind === 'map' && node.value !== node.meta) yield node.value;
}
