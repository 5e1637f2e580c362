/** Safe reads from an untyped request body, for cross-field rules. */
type Json = unknown;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Rules read the same few paths of every body: each is split once. Bounded, as a path could come from outside. */
const splitPaths = new Map<string, readonly string[]>();
const MAX_SPLIT_PATHS = 1000;

function stepsOf(path: string): readonly string[] {
  let steps = splitPaths.get(path);
  if (!steps) {
    steps = path.split('.');
    if (splitPaths.size < MAX_SPLIT_PATHS) splitPaths.set(path, steps);
  }
  return steps;
}

/** Value at a dotted path ('order.amount'); undefined when any step is missing. */
export function at(body: Json, path: string): unknown {
  let cur: unknown = body;
  for (const key of stepsOf(path)) {
    if (!isRecord(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

export function isPresent(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

/** Entries of a list at a path, with their indices; non-object entries skipped. */
export function entries(body: Json, path: string): { index: number; value: Record<string, unknown> }[] {
  const list = at(body, path);
  if (!Array.isArray(list)) return [];
  return list.flatMap((value, index) => (isRecord(value) ? [{ index, value }] : []));
}
