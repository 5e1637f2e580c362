/**
 * How much JSON a text from outside may hold before anything parses it: the one bound of the
 * simulator's intake, request and flow files (the editor's diagnostics and CodeLens, Send, Open in
 * Form, the CLI, the Test Explorer). JSON.parse is linear but slow on hostile shapes (10 MB of "["
 * took 12 s), and so are the catalogue's checks and the editor's offset tree on a file of a few
 * megabytes made of tiny values: 900,000 list entries took the diagnostics of one keystroke 9 s,
 * 150,000 unknown fields 2 s, 300,000 nested objects 3 s, all on the extension host. One pass over the
 * text finds a text nested deeper than MAX_JSON_DEPTH (real bodies are under 10 levels) or holding
 * more than MAX_JSON_VALUES values (real bodies hold a few hundred, a flow of 200 steps a few
 * thousand; the real gateway refuses the first unknown field anyway), and such a text is refused
 * before anything else reads it. Linear, never recursive, no allocation.
 */
import { MAX_JSON_DEPTH, parseJsonBounded } from './depth';

export const MAX_JSON_VALUES = 50_000;

export interface JsonBoundsProblem {
  /** Offset of the bracket or comma that crossed the bound (values are counted at commas and opening brackets). */
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
      // A list or object is a value too: thousands of one-key objects nested in each other hold no comma.
      if (++values > MAX_JSON_VALUES) return { offset: i, problem: `more than ${MAX_JSON_VALUES} values` };
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2c && ++values > MAX_JSON_VALUES) {
      return { offset: i, problem: `more than ${MAX_JSON_VALUES} values` };
    }
  }
  return undefined;
}

/** A text past MAX_JSON_VALUES, where and how it is told (the nesting bound has JsonDepthError, which names the path). */
export class JsonSizeError extends Error {
  constructor(
    readonly where: string,
    /** Offset of the comma or bracket past the bound. */
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${where} holds more than ${MAX_JSON_VALUES} values (the bound is passed at line ${line}, column ${column}); real request bodies hold a few hundred, so it is not read.`);
    this.name = 'JsonSizeError';
  }
}

/**
 * The JsonSizeError a text deserves, or undefined. A text nested too deep is left to findTooDeep,
 * whose message names the path; either way one linear pass, before any parser runs.
 */
export function findTooManyValues(text: string, where = 'The JSON'): JsonSizeError | undefined {
  const found = jsonBoundsProblem(text);
  if (!found || found.problem.startsWith('nested')) return undefined;
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < found.offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return new JsonSizeError(where, found.offset, line, found.offset - lineStart + 1);
}

/**
 * A request or flow file's text behind both bounds: JsonSizeError past MAX_JSON_VALUES, JsonDepthError
 * past MAX_JSON_DEPTH, SyntaxError (as JSON.parse) for a text that is not JSON.
 */
export function parseInputJson(text: string, where: string): unknown {
  const tooMany = findTooManyValues(text, where);
  if (tooMany) throw tooMany;
  return parseJsonBounded(text, { where });
}
