import { MAX_JSON_DEPTH } from '../json/depth';

/**
 * How much JSON a request body may hold before the simulator parses it. JSON.parse is linear but
 * slow on hostile shapes (10 MB of "[" takes 12 s, 200,000 unknown members 2 s in the catalogue's
 * checks), and the simulator runs in the editor's extension host: one pass over the text finds a body
 * nested deeper than MAX_JSON_DEPTH (real bodies are under 10 levels) or holding more than
 * MAX_JSON_VALUES values (real bodies hold a few hundred; the real gateway refuses the first unknown
 * field anyway), and such a body is refused before anything else reads it.
 */
export const MAX_JSON_VALUES = 50_000;

export interface JsonBoundsProblem {
  /** Offset of the bracket or comma that crossed the bound. */
  offset: number;
  problem: string;
}

export function jsonBoundsProblem(text: string): JsonBoundsProblem | undefined {
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote, escapes included, so brackets and commas in text do not count.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return { offset: i, problem: `nested deeper than ${MAX_JSON_DEPTH} levels` };
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2c && ++values > MAX_JSON_VALUES) {
      return { offset: i, problem: `more than ${MAX_JSON_VALUES} values` };
    }
  }
  return undefined;
}
