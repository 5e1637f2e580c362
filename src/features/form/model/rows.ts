/**
 * Jumping to 'item[2].name' (from the response panel's "jump to field") must show that row, so the
 * rows up to it are created when the body has fewer.
 */
import { templateOf } from '../../../catalogue/fieldIndex';
import { getAt, joinPath, parsePath, setAt } from './bodyPath';
import type { FieldLookup } from './fieldLookup';
import type { Json, JsonObject } from './json';

export function ensureRowsFor(body: JsonObject, concretePath: string, lookup: FieldLookup): JsonObject {
  const segs = parsePath(concretePath);
  let out = body;
  segs.forEach((seg, i) => {
    if (typeof seg !== 'number') return;
    const listPath = joinPath(segs.slice(0, i));
    const list = getAt(out, listPath);
    const have = Array.isArray(list) ? list : [];
    if (have.length > seg) return;
    // A list of plain values gets empty text rows, a list of objects empty objects.
    const plain = lookup.byTemplate.has(`${templateOf(listPath)}[]`);
    const filler: Json[] = Array.from({ length: seg + 1 - have.length }, () => (plain ? '' : {}));
    out = setAt(out, listPath, [...have, ...filler]);
  });
  return out;
}
