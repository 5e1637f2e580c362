/** Finds the catalogue field (FieldMeta) behind a concrete path, including map keys and list rows. */
import { catalogueTemplate, type FieldMeta } from '../../../catalogue/fieldIndex';

export const MAP_KEY = '{key}';

export interface FieldLookup {
  readonly fields: readonly FieldMeta[];
  readonly byTemplate: ReadonlyMap<string, FieldMeta>;
}

export function fieldLookup(fields: readonly FieldMeta[]): FieldLookup {
  return { fields, byTemplate: new Map(fields.map((f) => [f.path, f])) };
}

/** 'item[2].name' → 'item[].name'; 'order.custom.foo' → 'order.custom.{key}'; undefined when unknown. */
export function templateFor(lookup: FieldLookup, concretePath: string): string | undefined {
  return catalogueTemplate(concretePath, (p) => lookup.byTemplate.get(p)?.kind)?.path;
}

/** Drops the last step of a concrete path: 'item[2].name' → 'item[2]' → 'item' → ''. */
export function parentPath(concretePath: string): string {
  const m = /^(.*)(\[\d+\]|\.[^.[\]]*)$/.exec(concretePath);
  return m ? (m[1] ?? '') : '';
}

/**
 * The concrete path of the field or list that shows an issue at `concretePath`: the path itself
 * when the catalogue knows it, else its nearest known ancestor ('item[0]' → 'item');
 * undefined for the body and for plain objects ('order'), which no control stands for.
 */
export function placeOf(lookup: FieldLookup, concretePath: string): string | undefined {
  for (let p = concretePath; p !== ''; p = parentPath(p)) {
    if (templateFor(lookup, p) !== undefined) return p;
  }
  return undefined;
}
