/**
 * Reads and writes a request body by concrete path ('item[2].name', 'order.custom.myKey'). Every
 * write returns a new body and copies only the containers along the path, so the previous body
 * (what the preview or a pending message holds) never changes under anyone's feet.
 */
import { formatPath } from '../../../catalogue/issues';
import { pathSegments } from '../../../catalogue/validate';
import { isJsonObject, type Json, type JsonObject } from './json';

type Segment = string | number;

/** Paths are parsed the way the catalogue parses them, so both always agree on what a path means. */
export function parsePath(path: string): Segment[] {
  return path === '' ? [] : pathSegments(path);
}

export function joinPath(segments: readonly Segment[]): string {
  return formatPath(segments);
}

/** 'item[].name' with [2] → 'item[2].name'; missing indices stay '[]'. */
export function concretize(template: string, indices: readonly number[]): string {
  let i = 0;
  return template.replace(/\[\]/g, () => (i < indices.length ? `[${indices[i++]}]` : '[]'));
}

export function getAt(body: Json | undefined, path: string | readonly Segment[]): Json | undefined {
  let cur: Json | undefined = body;
  for (const seg of typeof path === 'string' ? parsePath(path) : path) {
    if (typeof seg === 'number') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[seg];
    } else {
      if (!isJsonObject(cur) || !Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
      cur = cur[seg];
    }
  }
  return cur;
}

function copyContainer(value: Json | undefined, next: Segment): JsonObject | Json[] {
  if (typeof next === 'number') return Array.isArray(value) ? [...value] : [];
  return isJsonObject(value) ? { ...value } : {};
}

/**
 * Sets the value at `path`, creating the objects and lists on the way (a number segment makes a
 * list). A primitive in the way is replaced: the user typed into a field below it.
 */
export function setAt(body: JsonObject, path: string | readonly Segment[], value: Json): JsonObject {
  const segs = typeof path === 'string' ? parsePath(path) : path;
  if (segs.length === 0) return isJsonObject(value) ? value : body;
  const write = (container: Json | undefined, i: number): JsonObject | Json[] => {
    const seg = segs[i] as Segment;
    const copy = copyContainer(container, seg);
    const child = i === segs.length - 1 ? value : write(getAt(copy, [seg]), i + 1);
    if (Array.isArray(copy)) {
      const index = seg as number;
      // A list grows to reach the index: holes would be invalid JSON, so they become empty objects.
      while (copy.length < index) copy.push({});
      copy[index] = child;
    } else {
      copy[seg as string] = child;
    }
    return copy;
  };
  return write(body, 0) as JsonObject;
}

/**
 * Removes the value at `path`, then every object that became empty because of it, up to (not
 * including) the body itself. List entries are never removed this way: that would shift the
 * indices of the rows after them; an emptied entry stays as {}.
 */
export function deleteAt(body: JsonObject, path: string | readonly Segment[]): JsonObject {
  const segs = typeof path === 'string' ? parsePath(path) : path;
  if (segs.length === 0 || getAt(body, segs) === undefined) return body;
  const last = segs[segs.length - 1] as Segment;
  if (typeof last === 'number') return body;
  const parentSegs = segs.slice(0, -1);
  const parent = getAt(body, parentSegs);
  if (!isJsonObject(parent)) return body;
  const { [last]: _removed, ...rest } = parent;
  if (parentSegs.length > 0 && Object.keys(rest).length === 0 && typeof parentSegs[parentSegs.length - 1] === 'string') {
    return deleteAt(body, parentSegs);
  }
  return parentSegs.length === 0 ? rest : setAt(body, parentSegs, rest);
}

/** Appends an entry to the list at `listPath` (created when absent). */
export function appendAt(body: JsonObject, listPath: string, entry: Json): JsonObject {
  const list = getAt(body, listPath);
  const next = Array.isArray(list) ? [...list, entry] : [entry];
  return setAt(body, listPath, next);
}

/** Removes entry `index` of the list at `listPath`; an emptied list goes, with its emptied parents. */
export function removeIndexAt(body: JsonObject, listPath: string, index: number): JsonObject {
  const list = getAt(body, listPath);
  if (!Array.isArray(list) || index < 0 || index >= list.length) return body;
  const next = list.filter((_, i) => i !== index);
  return next.length === 0 ? deleteAt(body, listPath) : setAt(body, listPath, next);
}

/** Renames a key of the object at `objectPath`, keeping the order of the keys (JSON preview order). */
export function renameKeyAt(body: JsonObject, objectPath: string, from: string, to: string): JsonObject {
  const obj = getAt(body, objectPath);
  if (!isJsonObject(obj) || !(from in obj) || from === to || to in obj) return body;
  const next: JsonObject = {};
  for (const [k, v] of Object.entries(obj)) next[k === from ? to : k] = v;
  return setAt(body, objectPath, next);
}

/** Every non-container value with its concrete path, depth first, in key order. */
export function leafEntries(value: Json | undefined, prefix: readonly Segment[] = []): [string, Json][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafEntries(v, [...prefix, i]));
  if (isJsonObject(value)) return Object.entries(value).flatMap(([k, v]) => leafEntries(v, [...prefix, k]));
  return value === undefined ? [] : [[joinPath(prefix), value]];
}
