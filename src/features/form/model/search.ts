/** The field search: every word of the query must appear in a field's label, path or help. */
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import { nodeMetas, type FormLayout, type LayoutNode } from './layout';

function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter((t) => t !== '');
}

export function fieldMatches(meta: Pick<FieldMeta, 'label' | 'path' | 'help'>, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  const haystack = `${meta.label}\n${meta.path}\n${meta.help}`.toLowerCase();
  return terms.every((t) => haystack.includes(t));
}

export interface SearchResult {
  /** Template paths to show: matching fields and the lists and maps that hold them. */
  paths: Set<string>;
  /** Keys of the sections with at least one match. */
  sections: Set<string>;
}

/** Adds the paths of `node` that match; a list that matches shows all of its row fields. */
function collect(node: LayoutNode, terms: readonly string[], out: Set<string>): boolean {
  if (fieldMatches(node.meta, terms)) {
    for (const m of nodeMetas(node)) out.add(m.path);
    return true;
  }
  let any = false;
  if (node.kind === 'array') for (const c of node.children) any = collect(c, terms, out) || any;
  if (node.kind === 'map' && fieldMatches(node.value, terms)) {
    out.add(node.value.path);
    any = true;
  }
  if (any) out.add(node.meta.path);
  return any;
}

/** Undefined for an empty query (nothing is filtered). */
export function searchLayout(layout: FormLayout, query: string): SearchResult | undefined {
  const terms = searchTerms(query);
  if (terms.length === 0) return undefined;
  const paths = new Set<string>();
  const sections = new Set<string>();
  for (const section of layout.sections) {
    let hit = false;
    for (const node of section.nodes) hit = collect(node, terms, paths) || hit;
    if (hit) sections.add(section.key);
  }
  return { paths, sections };
}
