/**
 * A tiny JSON parser that keeps text offsets, so a validation issue on `body.item[2].name` can be
 * drawn under the exact characters of that value. No vscode import (unit-tested with plain mocha)
 * and no dependency: request files are small and strict JSON, so a hand-written recursive descent
 * is enough. It never throws; the first syntax error is reported with its offset.
 */

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

type ObjectNode = Extract<JsonNode, { type: 'object' }>;

export interface JsonProperty {
  key: string;
  /** The key with its quotes. */
  keySpan: TextSpan;
  value: JsonNode;
}

export interface JsonSyntaxError extends TextSpan {
  message: string;
}

export interface ParsedJson {
  /** Undefined only when the text holds no value at all. */
  root?: JsonNode;
  error?: JsonSyntaxError;
}

export type PathSegment = string | number;

/** Where a path points in the text. */
export interface Location {
  /** True when the whole path exists; false when only an ancestor was found (e.g. a missing required field). */
  exact: boolean;
  /** The deepest node found along the path. */
  node: JsonNode;
  /** The key of that node when it is an object property (undefined for array items and the root). */
  keySpan?: TextSpan;
  /** How many segments of the path were matched. */
  depth: number;
}

class SyntaxFailure extends Error {
  constructor(readonly span: TextSpan, message: string) {
    super(message);
  }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Parser {
  private pos = 0;
  /** The most complete value built before an error, so a half-typed file still locates its operation. */
  partialRoot?: JsonNode;

  constructor(private readonly text: string) {}

  parse(): ParsedJson {
    try {
      this.skipSpace();
      if (this.pos >= this.text.length) return { error: { offset: 0, length: 0, message: 'The file is empty: expected a JSON object.' } };
      const root = this.value(true);
      this.skipSpace();
      if (this.pos < this.text.length) this.fail(1, `Unexpected ${this.describe()} after the end of the JSON value.`);
      return { root };
    } catch (e) {
      if (!(e instanceof SyntaxFailure)) throw e;
      const result: ParsedJson = { error: { ...e.span, message: e.message } };
      if (this.partialRoot) result.root = this.partialRoot;
      return result;
    }
  }

  private value(isRoot = false): JsonNode {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') return this.object(isRoot);
    if (c === '[') return this.array();
    if (c === '"') {
      const start = this.pos;
      const value = this.string();
      return { type: 'string', value, offset: start, length: this.pos - start };
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, node] of [
      ['true', { type: 'boolean', value: true }],
      ['false', { type: 'boolean', value: false }],
      ['null', { type: 'null' }],
    ] as const) {
      if (this.text.startsWith(word, this.pos)) {
        const start = this.pos;
        this.pos += word.length;
        return { ...node, offset: start, length: word.length } as JsonNode;
      }
    }
    return this.fail(this.tokenLength(), `Expected a value, found ${this.describe()}.`);
  }

  private object(isRoot: boolean): JsonNode {
    const start = this.pos++;
    const node: ObjectNode = { type: 'object', properties: [], offset: start, length: 0 };
    // The root is exposed while it is being built: its length grows as properties are parsed.
    if (isRoot) this.partialRoot = node;
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      node.length = this.pos - start;
      return node;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail(this.tokenLength(), `Expected a property name in double quotes, found ${this.describe()}.`);
      const keyStart = this.pos;
      const key = this.string();
      const keySpan = { offset: keyStart, length: this.pos - keyStart };
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail(this.tokenLength(), `Expected ':' after the property name, found ${this.describe()}.`);
      this.pos++;
      const value = this.value();
      node.properties.push({ key, keySpan, value });
      node.length = this.pos - start;
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === ',') {
        this.pos++;
        this.skipSpace();
        if (this.text[this.pos] === '}') this.fail(1, 'Trailing comma: JSON does not allow a comma before \'}\'.', this.pos - 1);
        continue;
      }
      if (c === '}') {
        this.pos++;
        node.length = this.pos - start;
        return node;
      }
      this.fail(this.tokenLength(), `Expected ',' or '}' after a property value, found ${this.describe()}.`);
    }
  }

  private array(): JsonNode {
    const start = this.pos++;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return { type: 'array', items, offset: start, length: this.pos - start };
    }
    for (;;) {
      items.push(this.value());
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === ',') {
        this.pos++;
        this.skipSpace();
        if (this.text[this.pos] === ']') this.fail(1, 'Trailing comma: JSON does not allow a comma before \']\'.', this.pos - 1);
        continue;
      }
      if (c === ']') {
        this.pos++;
        return { type: 'array', items, offset: start, length: this.pos - start };
      }
      this.fail(this.tokenLength(), `Expected ',' or ']' after an array item, found ${this.describe()}.`);
    }
  }

  private string(): string {
    const start = this.pos++;
    let out = '';
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined || c === '\n') {
        throw new SyntaxFailure({ offset: start, length: this.pos - start }, 'Unterminated string: a closing \'"\' is missing.');
      }
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c === '\\') {
        const e = this.text[this.pos + 1];
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) {
          out += String.fromCharCode(parseInt(this.text.slice(this.pos + 2, this.pos + 6), 16));
          this.pos += 6;
          continue;
        }
        const mapped = e === undefined ? undefined : ESCAPES[e];
        if (mapped === undefined) this.fail(2, `Invalid escape sequence '\\${e ?? ''}' in a string.`);
        out += mapped;
        this.pos += 2;
        continue;
      }
      if (c < ' ') this.fail(1, 'Control characters must be escaped inside strings.');
      out += c;
      this.pos++;
    }
  }

  private number(): JsonNode {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 400));
    if (!match) return this.fail(this.tokenLength(), `Invalid number ${this.describe()}.`);
    const start = this.pos;
    this.pos += match[0].length;
    return { type: 'number', value: Number(match[0]), offset: start, length: match[0].length };
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && ' \t\r\n'.includes(this.text[this.pos] as string)) this.pos++;
  }

  /** Length of the offending token, so the squiggle covers a word or a whole string rather than one character. */
  private tokenLength(): number {
    if (this.text[this.pos] === '"') {
      const close = this.text.indexOf('"', this.pos + 1);
      const eol = this.text.indexOf('\n', this.pos);
      if (close > 0 && (eol < 0 || close < eol)) return close + 1 - this.pos;
    }
    const m = /^[A-Za-z0-9_$.+-]+/.exec(this.text.slice(this.pos, this.pos + 100));
    return m ? m[0].length : this.pos < this.text.length ? 1 : 0;
  }

  private describe(): string {
    if (this.pos >= this.text.length) return 'the end of the file';
    const m = /^[A-Za-z0-9_$.+-]+/.exec(this.text.slice(this.pos, this.pos + 30));
    return `'${m ? m[0] : this.text[this.pos]}'`;
  }

  private fail(length: number, message: string, at = this.pos): never {
    throw new SyntaxFailure({ offset: at, length }, message);
  }
}

export function parseJsonWithOffsets(text: string): ParsedJson {
  return new Parser(text).parse();
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
