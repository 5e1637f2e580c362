/** Which groups start unfolded when the user has not chosen: those holding a value of the body. */
import { leafEntries } from './bodyPath';
import { placeOf, templateFor, type FieldLookup } from './fieldLookup';
import type { JsonObject } from './json';
import type { FormLayout } from './layout';

export function sectionsWithValues(body: JsonObject, lookup: FieldLookup, layout: FormLayout): Set<string> {
  const out = new Set<string>();
  for (const [path] of leafEntries(body)) {
    const place = placeOf(lookup, path);
    const template = place === undefined ? undefined : templateFor(lookup, place);
    const key = template === undefined ? undefined : layout.sectionOf.get(template);
    if (key !== undefined) out.add(key);
  }
  return out;
}
