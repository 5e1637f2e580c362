/**
 * "Did you mean order.reference?": the known catalogue path nearest to an unknown one, by edit
 * distance, bounded so that a hostile name costs no more than a short one.
 */

/** Names longer than this are nobody's typo. */
const MAX_NAME = 80;

/** Edits allowed: about one in four characters of the last step, at least one, at most three. */
function allowedEdits(name: string): number {
  return Math.min(3, Math.max(1, Math.floor(name.length / 4)));
}

/**
 * The closest of `known` to `unknown` (both catalogue spellings: 'item[].nmae', 'order.refrence').
 * Candidates: paths under the same parent (a misspelt step), then any path whose last step is the
 * unknown's last step or close to it (a field put in the wrong object). Undefined when none is near.
 */
export function closestPath(unknown: string, known: readonly string[]): string | undefined {
  if (unknown.length > MAX_NAME) return undefined;
  const dot = unknown.lastIndexOf('.');
  const parent = dot < 0 ? '' : unknown.slice(0, dot);
  const name = unknown.slice(dot + 1);
  const limit = allowedEdits(name);
  let best: { path: string; cost: number } | undefined;
  for (const path of known) {
    const d = path.lastIndexOf('.');
    const knownParent = d < 0 ? '' : path.slice(0, d);
    const knownName = path.slice(d + 1);
    if (knownName === '{key}') continue;
    // A step in another object costs one edit more than the same mistake in the right object.
    const moved = knownParent === parent ? 0 : 1;
    const cost = boundedDistance(name, knownName, limit - moved) + moved;
    if (cost <= limit && (!best || cost < best.cost || (cost === best.cost && path.length < best.path.length))) best = { path, cost };
  }
  return best?.path;
}

/** Levenshtein distance, or limit + 1 as soon as it must exceed `limit` (O(length × limit)). */
function boundedDistance(a: string, b: string, limit: number): number {
  if (limit < 0) return 1;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const over = limit + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j <= limit ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    cur.fill(over);
    cur[0] = i <= limit ? i : over;
    let rowMin = cur[0];
    for (let j = from; j <= to; j++) {
      const substitute = (prev[j - 1] as number) + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      const value = Math.min(substitute, (prev[j] as number) + 1, (cur[j - 1] as number) + 1, over);
      cur[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return over;
    [prev, cur] = [cur, prev];
  }
  return Math.min(prev[b.length] as number, over);
}
