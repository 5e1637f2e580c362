/** Dotted paths with `[n]` indexes ("order.amount", "transaction[0].result"), parsed in one linear pass. */
import { ownValue } from '../json/ownKey';

export type PathStep = string | number;

/** The steps of `path`, or undefined when it is not a dotted path (empty segment, unclosed or non-numeric index). */
export function parseDottedPath(path: string): PathStep[] | undefined {
  if (path.length === 0 || path.length > 500) return undefined;
  const steps: PathStep[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === '[') {
      const close = path.indexOf(']', i);
      const digits = close < 0 ? '' : path.slice(i + 1, close);
      if (!/^\d{1,6}$/.test(digits)) return undefined;
      steps.push(Number(digits));
      i = close + 1;
      if (path[i] === '.') i++;
      else if (i < path.length && path[i] !== '[') return undefined;
      continue;
    }
    let end = i;
    while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
    if (end === i) return undefined;
    steps.push(path.slice(i, end));
    i = end;
    if (path[i] === '.') {
      i++;
      if (i === path.length) return undefined;
    }
  }
  return steps;
}

/** The value at `steps` below `root`, by own keys only; undefined when any step is missing. */
export function valueAt(root: unknown, steps: readonly PathStep[]): unknown {
  let here: unknown = root;
  for (const step of steps) {
    if (typeof step === 'number') {
      if (!Array.isArray(here) || step >= here.length) return undefined;
      here = here[step];
    } else {
      if (typeof here !== 'object' || here === null || Array.isArray(here)) return undefined;
      here = ownValue(here as Record<string, unknown>, step);
    }
  }
  return here;
}
