/**
 * Switching an operation's version keeps what the user entered wherever the new version has the
 * same field, and drops the values of fields the new version does not have. Values the old version
 * did not know either (extra keys from a file) are none of the switch's business and stay.
 */
import { deleteAt, getAt, leafEntries } from './bodyPath';
import { templateFor, type FieldLookup } from './fieldLookup';
import type { JsonObject } from './json';

export function carryOver(body: JsonObject, from: FieldLookup, to: FieldLookup): JsonObject {
  let out = body;
  for (const [path] of leafEntries(body)) {
    if (templateFor(from, path) === undefined || templateFor(to, path) !== undefined) continue;
    const target = outermostGoneList(path, to) ?? path;
    if (getAt(out, target) !== undefined) out = deleteAt(out, target);
  }
  return out;
}

/** 'legs[0].x' where the list 'legs' is gone → 'legs': the whole list goes, not its rows' fields one by one. */
function outermostGoneList(path: string, to: FieldLookup): string | undefined {
  for (let i = path.indexOf('['); i > 0; i = path.indexOf('[', i + 1)) {
    const list = path.slice(0, i);
    if (templateFor(to, list) === undefined) return list;
  }
  return undefined;
}
