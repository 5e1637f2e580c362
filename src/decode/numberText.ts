/**
 * Amounts must be shown exactly as the wire had them. JSON.parse turns `0.00` into 0 and loses the
 * scale a developer compares against, so when the raw text is at hand we scan it once and keep
 * every number literal by its path. Without raw text, numbers are printed in their shortest
 * round-trip form, never in exponent notation and never with float artefacts.
 */

export type JsonPath = readonly (string | number)[];

/** The map key of a path; JSON.stringify keeps keys containing dots or brackets unambiguous. */
export function pathKey(path: JsonPath): string {
  return JSON.stringify(path);
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
  private readonly path: (string | number)[] = [];

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
      this.string();
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (this.raw.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    NUMBER_LITERAL.lastIndex = this.i;
    const match = NUMBER_LITERAL.exec(this.raw);
    if (!match) throw new Error(`unexpected character at ${this.i}`);
    this.found.set(pathKey(this.path), match[0]);
    this.i += match[0].length;
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
      const key = this.string();
      this.skipWhitespace();
      this.expect(':');
      this.path.push(key);
      this.value();
      this.path.pop();
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
    for (let index = 0; ; index++) {
      this.path.push(index);
      this.value();
      this.path.pop();
      this.skipWhitespace();
      if (this.raw[this.i] === ',') {
        this.i++;
        continue;
      }
      this.expect(']');
      return;
    }
  }

  /** Reads a string token and returns its decoded value (keys may hold escapes). */
  private string(): string {
    this.expect('"');
    const start = this.i - 1;
    while (this.i < this.raw.length && this.raw[this.i] !== '"') {
      this.i += this.raw[this.i] === '\\' ? 2 : 1;
    }
    this.expect('"');
    return JSON.parse(this.raw.slice(start, this.i)) as string;
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
