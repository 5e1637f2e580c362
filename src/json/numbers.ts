/**
 * Amounts must be shown exactly as the wire had them. JSON.parse turns `0.00` into 0 and loses the
 * scale a developer compares against, so when the raw text is at hand every number literal is kept
 * by its path, in one linear walk. Without raw text, numbers are printed in their shortest
 * round-trip form, never in exponent notation and never with float artefacts.
 */
import { walkJson, type Step, type ValueKind } from './tokens';

export type JsonPath = readonly Step[];

/**
 * The map key of a path, built by appending one segment per step (cheap while walking). Segments
 * are joined by NUL and tagged s/n so "a.b" and ["a","b"] or "0" and 0 never collide; a NUL inside
 * a key is doubled, and a separator is never followed by NUL, so the key stays unambiguous.
 */
export function pathKey(path: JsonPath): string {
  let key = '';
  for (const step of path) key = appendStep(key, step);
  return key;
}

function appendStep(key: string, step: Step): string {
  if (typeof step === 'number') return `${key}\u0000n${step}`;
  return `${key}\u0000s${step.includes('\u0000') ? step.replaceAll('\u0000', '\u0000\u0000') : step}`;
}

const NUMBERS_AND_CONTAINERS: ReadonlySet<ValueKind> = new Set(['number', 'object', 'array']);

/**
 * Every number literal of a JSON text by its path (the last duplicate key wins, as in JSON.parse).
 * Empty for text that is not JSON: the caller then falls back to the parsed numbers.
 */
export function collectNumberLiterals(raw: string): Map<string, string> {
  const found = new Map<string, string>();
  /** keys[d]: the pathKey of the open object or array at depth d. */
  const keys: string[] = [];
  const { valid } = walkJson(raw, {
    only: NUMBERS_AND_CONTAINERS,
    onValue(v, token) {
      const key = v.step === undefined ? '' : appendStep(keys[v.depth - 1] ?? '', v.step);
      if (v.kind === 'number') found.set(key, token.raw());
      else if (v.kind === 'object' || v.kind === 'array') keys[v.depth] = key;
    },
  });
  return valid ? found : new Map();
}

/**
 * A parsed number as plain decimal text: String() already gives the shortest form that reads back
 * to the same number (10.01 → "10.01"); only the exponent form (1e21, 1e-7) needs expanding.
 */
export function formatJsonNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const shortest = String(n);
  const e = shortest.indexOf('e');
  if (e < 0) return shortest;
  const negative = shortest.startsWith('-');
  const mantissa = shortest.slice(negative ? 1 : 0, e);
  const exponent = Number(shortest.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  let plain: string;
  if (point <= 0) plain = '0.' + '0'.repeat(-point) + digits;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = digits.slice(0, point) + '.' + digits.slice(point);
  return (negative ? '-' : '') + plain;
}
