/**
 * JSON files as people save them: editors on Windows start a file with a byte order mark, and a
 * syntax error is told by line and column, never by quoting the file (it may hold a card number or
 * a password next to the mistake, and the message ends up in terminals and CI logs).
 */
import { parseTree, type ParseError } from 'jsonc-parser';

const BOM = 0xfeff;

/**
 * Flow and request files are judged by their size before they are read or parsed: a file of tens of
 * megabytes (a log saved under the wrong name) is refused from its size alone, never loaded. One bound
 * for every door: the CLI, the Test Explorer, Send Request File, Open in Form.
 */
export const MAX_INPUT_FILE_BYTES = 2_000_000;

type InputFileKind = 'flow' | 'request';

/** Why a file of `sizeBytes` is not read, or undefined when it may be. */
export function oversizeProblem(sizeBytes: number, kind: InputFileKind): string | undefined {
  if (sizeBytes <= MAX_INPUT_FILE_BYTES) return undefined;
  return `is ${sizeBytes} bytes; a ${kind} file holds at most ${MAX_INPUT_FILE_BYTES} bytes (not read)`;
}

/**
 * oversizeProblem for a text already in memory (an open editor's): its size as UTF-8, counted no
 * further than the bound. A UTF-16 code unit is at least one byte and at most three, so most texts
 * are judged by their length alone.
 */
export function oversizeTextProblem(text: string, kind: InputFileKind): string | undefined {
  if (text.length * 3 <= MAX_INPUT_FILE_BYTES) return undefined;
  return oversizeProblem(utf8Length(text), kind);
}

/** The length of `text` in UTF-8, without a copy of it (a lone surrogate as the three bytes of the replacement character). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if ((c & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

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
