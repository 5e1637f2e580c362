/**
 * A JSON text as a tree that keeps text offsets, so a validation issue on `body.item[2].name` can
 * be drawn under the exact characters of that value. Built on jsonc-parser's parseTree (the parser
 * VS Code uses) behind the nesting bound. It never throws; the first syntax error is reported with
 * its offset and a message in words, and a half-typed object keeps what was read of it.
 */
import { ParseErrorCode, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { findTooManyValues } from './bounds';
import { findTooDeep, MAX_JSON_DEPTH } from './depth';
import type { Step } from './tokens';

export interface TextSpan {
  offset: number;
  length: number;
}

export type JsonNode =
  | (TextSpan & { type: 'object'; properties: JsonProperty[] })
  | (TextSpan & { type: 'array'; items: JsonNode[] })
  | (TextSpan & { type: 'string'; value: string })
  | (TextSpan & { type: 'number'; value: number })
  | (TextSpan & { type: 'boolean'; value: boolean })
  | (TextSpan & { type: 'null' });

export interface JsonProperty {
  key: string;
  /** The key with its quotes. */
  keySpan: TextSpan;
  value: JsonNode;
}

interface JsonSyntaxError extends TextSpan {
  message: string;
  /** The text is past a bound of json/bounds.ts or depth.ts (too many values, nested too deep): not read, rather than wrong. */
  bound?: true;
}

interface ParsedJson {
  /** Undefined only when the text holds no value at all (or nests too deep to be read). */
  root?: JsonNode;
  /** The value as JSON.parse gives it (a "__proto__" key a plain key, the last duplicate winning), when the text is valid JSON. */
  value?: unknown;
  error?: JsonSyntaxError;
}

type PathSegment = Step;

/** Where a path points in the text. */
interface Location {
  /** True when the whole path exists; false when only an ancestor was found (e.g. a missing required field). */
  exact: boolean;
  /** The deepest node found along the path. */
  node: JsonNode;
  /** The key of that node when it is an object property (undefined for array items and the root). */
  keySpan?: TextSpan;
  /** How many segments of the path were matched. */
  depth: number;
}

export function parseJsonWithOffsets(text: string, options: { maxDepth?: number; where?: string } = {}): ParsedJson {
  if (text.trim() === '') return { error: { offset: 0, length: 0, message: 'The file is empty: expected a JSON object.' } };
  const where = options.where ?? 'The JSON';
  // Past a bound the offset tree is not built: on a file of tiny values it cost the editor seconds a keystroke.
  const tooMany = findTooManyValues(text, where);
  if (tooMany) return { error: { offset: tooMany.offset, length: 1, message: tooMany.message, bound: true } };
  const tooDeep = findTooDeep(text, { maxDepth: options.maxDepth ?? MAX_JSON_DEPTH, where });
  if (tooDeep) return { error: { offset: tooDeep.offset ?? 0, length: 1, message: tooDeep.message, bound: true } };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const root = tree ? toJsonNode(tree) : undefined;
  const first = errors[0];
  if (first) return { ...(root && { root }), error: describeError(text, first) };
  // jsonc-parser takes a few characters as white space that JSON does not (form feed, no-break space).
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ...(root && { root }), error: { offset: 0, length: 0, message: e instanceof Error ? e.message : String(e) } };
  }
  return root ? { root, value } : {};
}

function toJsonNode(node: Node): JsonNode | undefined {
  const span = { offset: node.offset, length: node.length };
  switch (node.type) {
    case 'object':
      return {
        ...span,
        type: 'object',
        properties: (node.children ?? []).flatMap((p): JsonProperty[] => {
          const [key, value] = p.children ?? [];
          const converted = value && toJsonNode(value);
          return key && converted ? [{ key: String(key.value), keySpan: { offset: key.offset, length: key.length }, value: converted }] : [];
        }),
      };
    case 'array':
      return { ...span, type: 'array', items: (node.children ?? []).flatMap((c) => toJsonNode(c) ?? []) };
    case 'string':
      return { ...span, type: 'string', value: String(node.value) };
    case 'number':
      return { ...span, type: 'number', value: Number(node.value) };
    case 'boolean':
      return { ...span, type: 'boolean', value: node.value === true };
    case 'null':
      return { ...span, type: 'null' };
    default:
      return undefined;
  }
}

const EXPECTED: Readonly<Record<string, string>> = {
  InvalidSymbol: 'Expected a value',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Expected a property name in double quotes',
  ValueExpected: 'Expected a value',
  ColonExpected: "Expected ':' after the property name",
  CommaExpected: "Expected ',' or a closing bracket",
  CloseBraceExpected: "Expected ',' or '}' after a property value",
  CloseBracketExpected: "Expected ',' or ']' after an array item",
  EndOfFileExpected: 'Unexpected text after the end of the JSON value',
  InvalidCommentToken: 'Comments are not allowed in JSON',
  UnexpectedEndOfComment: 'Comments are not allowed in JSON',
  UnexpectedEndOfString: 'Unterminated string: a closing \'"\' is missing',
  UnexpectedEndOfNumber: 'Invalid number',
  InvalidUnicode: 'Invalid \\u escape in a string',
  InvalidEscapeCharacter: 'Invalid escape sequence in a string',
  InvalidCharacter: 'Control characters must be escaped inside strings',
};

function describeError(text: string, e: ParseError): JsonSyntaxError {
  const trailing = trailingCommaBefore(text, e.offset);
  if (trailing !== undefined && (e.error === ParseErrorCode.PropertyNameExpected || e.error === ParseErrorCode.ValueExpected)) {
    return { offset: trailing, length: 1, message: `Trailing comma: JSON does not allow a comma before '${text[e.offset] ?? ''}'.` };
  }
  const code = printParseErrorCode(e.error);
  const found = e.offset >= text.length ? 'the end of the file' : `'${text.slice(e.offset, e.offset + Math.min(Math.max(e.length, 1), 30))}'`;
  return { offset: e.offset, length: e.length, message: `${EXPECTED[code] ?? code}, found ${found}.` };
}

/** The offset of a comma directly (white space aside) before a closing bracket at `offset`. */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  const c = text[offset];
  if (c !== '}' && c !== ']') return undefined;
  let i = offset - 1;
  while (i >= 0 && ' \t\r\n'.includes(text[i] as string)) i--;
  return text[i] === ',' ? i : undefined;
}

/**
 * 'body.item[2].name' → ['body', 'item', 2, 'name']. The catalogue writes paths that way; a key
 * holding a dot cannot be told apart, so locate() falls back to the deepest ancestor it finds.
 */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]/g;
  for (const m of path.matchAll(re)) {
    if (m[2] !== undefined) segments.push(Number(m[2]));
    else if (m[1] !== undefined) segments.push(m[1]);
  }
  return segments;
}

/** Follows a path from the root; a missing segment stops at the deepest ancestor (exact: false). */
export function locate(root: JsonNode, path: string | readonly PathSegment[]): Location {
  const segments = typeof path === 'string' ? parsePath(path) : path;
  let current: Location = { exact: true, node: root, depth: 0 };
  for (const segment of segments) {
    const next = child(current.node, segment);
    if (!next) return { ...current, exact: false };
    current = { exact: true, node: next.node, depth: current.depth + 1, ...(next.keySpan ? { keySpan: next.keySpan } : {}) };
  }
  return current;
}

function child(node: JsonNode, segment: PathSegment): { node: JsonNode; keySpan?: TextSpan } | undefined {
  if (node.type === 'array' && typeof segment === 'number') {
    const item = node.items[segment];
    return item ? { node: item } : undefined;
  }
  if (node.type === 'object') {
    const key = String(segment);
    // The last duplicate wins, as in JSON.parse, so the squiggle sits on the value that was validated.
    for (let i = node.properties.length - 1; i >= 0; i--) {
      const p = node.properties[i] as JsonProperty;
      if (p.key === key) return { node: p.value, keySpan: p.keySpan };
    }
  }
  return undefined;
}

/**
 * The span to underline for an issue at this location: a scalar value itself; for objects and
 * arrays (which may span many lines) or a missing child, the key naming them, else their opening bracket.
 */
export function spanToUnderline(location: Location): TextSpan {
  const { node, keySpan } = location;
  const scalar = node.type !== 'object' && node.type !== 'array';
  if (location.exact && scalar) return { offset: node.offset, length: node.length };
  if (keySpan) return keySpan;
  return { offset: node.offset, length: 1 };
}

/** Line and character of an offset (0-based, like vscode.Position), for callers without a TextDocument. */
export function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, character: end - lineStart };
}
