/**
 * Amounts must be shown exactly as the wire had them. JSON.parse turns `0.00` into 0 and loses the
 * scale a developer compares against, so when the raw text is at hand we scan it once and keep
 * every number literal by its path. Without raw text, numbers are printed in their shortest
 * round-trip form, never in exponent notation and never with float artefacts.
 */

export type JsonPath = readonly (string | number)[];

/**
 * The map key of a path, built by appending one segment per step (cheap while scanning). Segments
 * are joined by NUL and tagged s/n so "a.b" and ["a","b"] or "0" and 0 never collide; a NUL inside
 * a key is doubled, and a separator is never followed by NUL, so the key stays unambiguous.
 */
export function pathKey(path: JsonPath): string {
  let key = '';
  for (const step of path) key = appendStep(key, step);
  return key;
}

function appendStep(key: string, step: string | number): string {
  if (typeof step === 'number') return `${key}\u0000n${step}`;
  return `${key}\u0000s${step.includes('\u0000') ? step.replaceAll('\u0000', '\u0000\u0000') : step}`;
}

const NUMBER_LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * Every number literal of a JSON text by its path. Returns an empty map for text that is not JSON
 * (or nests too deep for the stack): the caller then falls back to the parsed numbers.
 */
export function collectNumberLiterals(raw: string): Map<string, string> {
  const found = new Map<string, string>();
  try {
    const scanner = new LiteralScanner(raw, found);
    scanner.document();
    return found;
  } catch {
    return new Map();
  }
}

class LiteralScanner {
  private i = 0;
  /** The pathKey of the value being read, extended and restored as the scan descends. */
  private key = '';

  constructor(
    private readonly raw: string,
    private readonly found: Map<string, string>,
  ) {}

  document(): void {
    this.value();
    this.skipWhitespace();
    if (this.i !== this.raw.length) throw new Error('trailing text');
  }

  private value(): void {
    this.skipWhitespace();
    const c = this.raw[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') {
      this.skipString();
      return;
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      NUMBER_LITERAL.lastIndex = this.i;
      const match = NUMBER_LITERAL.exec(this.raw);
      if (!match) throw new Error(`bad number at ${this.i}`);
      this.found.set(this.key, match[0]);
      this.i += match[0].length;
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (this.raw.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    throw new Error(`unexpected character at ${this.i}`);
  }

  private object(): void {
    this.i++;
    this.skipWhitespace();
    if (this.raw[this.i] === '}') {
      this.i++;
      return;
    }
    for (;;) {
      this.skipWhitespace();
      const name = this.keyString();
      this.skipWhitespace();
      this.expect(':');
      const parent = this.key;
      this.key = appendStep(parent, name);
      this.value();
      this.key = parent;
      this.skipWhitespace();
      if (this.raw[this.i] === ',') {
        this.i++;
        continue;
      }
      this.expect('}');
      return;
    }
  }

  private array(): void {
    this.i++;
    this.skipWhitespace();
    if (this.raw[this.i] === ']') {
      this.i++;
      return;
    }
    const parent = this.key;
    for (let index = 0; ; index++) {
      this.key = appendStep(parent, index);
      this.value();
      this.key = parent;
      this.skipWhitespace();
      if (this.raw[this.i] === ',') {
        this.i++;
        continue;
      }
      this.expect(']');
      return;
    }
  }

  /** Reads an object key; only keys with escapes pay for JSON.parse. */
  private keyString(): string {
    const start = this.i;
    const escaped = this.skipString();
    const token = this.raw.slice(start, this.i);
    return escaped ? (JSON.parse(token) as string) : token.slice(1, -1);
  }

  /** Skips a string token; tells whether it held an escape. */
  private skipString(): boolean {
    this.expect('"');
    let escaped = false;
    for (;;) {
      const end = this.raw.indexOf('"', this.i);
      if (end < 0) throw new Error('unterminated string');
      const backslash = this.raw.indexOf('\\', this.i);
      if (backslash < 0 || backslash > end) {
        this.i = end + 1;
        return escaped;
      }
      escaped = true;
      this.i = backslash + 2;
    }
  }

  private expect(char: string): void {
    if (this.raw[this.i] !== char) throw new Error(`expected ${char} at ${this.i}`);
    this.i++;
  }

  private skipWhitespace(): void {
    while (this.i < this.raw.length && WHITESPACE.has(this.raw[this.i] ?? '')) this.i++;
  }
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
