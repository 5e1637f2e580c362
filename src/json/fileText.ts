/**
 * JSON files as people save them: editors on Windows start a file with a byte order mark, and a
 * syntax error is told by line and column, never by quoting the file (it may hold a card number or
 * a password next to the mistake, and the message ends up in terminals and CI logs).
 */
import { parseTree, type ParseError } from 'jsonc-parser';

const BOM = 0xfeff;

export function withoutBom(text: string): string {
  return text.charCodeAt(0) === BOM ? text.slice(1) : text;
}

// V8 quotes up to a few dozen characters around the error: `Unexpected token 'h', ..."password": h"... is not valid JSON`.
const QUOTED_EXCERPT = /,\s*(?:\.\.\.)?".*$/s;
const UNEXPECTED_TOKEN = /^Unexpected token '.+?'/s;
const POSITION = /\s*in JSON at position \d+.*$/s;

/** JSON.parse's message for `text`, without the excerpt of the file, with the line and column of the mistake. */
export function describeJsonSyntaxError(text: string, err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const message = raw.replace(QUOTED_EXCERPT, '').replace(UNEXPECTED_TOKEN, 'Unexpected character').replace(POSITION, '');
  const at = jsonSyntaxErrorPosition(text);
  return at === undefined ? message : `${message} at line ${at.line}, column ${at.column}`;
}

/** Where a text's first JSON syntax error is (line and column from 1), or undefined when it has none. */
export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

export function jsonSyntaxErrorPosition(text: string): TextPosition | undefined {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const offset = errors[0]?.offset;
  return offset === undefined ? undefined : positionAt(text, offset);
}

function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset, line, column: offset - lineStart + 1 };
}
