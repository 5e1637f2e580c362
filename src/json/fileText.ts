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
  const offset = firstErrorOffset(text);
  return offset === undefined ? message : `${message} at ${lineAndColumn(text, offset)}`;
}

function firstErrorOffset(text: string): number | undefined {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors[0]?.offset;
}

function lineAndColumn(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}
