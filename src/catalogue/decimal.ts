/**
 * Exact decimal arithmetic on BigInt scaled integers.
 * Money travels as decimal text; binary floats would make 0.1 + 0.2 differ from 0.3,
 * so every sum or product a rule checks goes through here.
 */
export interface Decimal {
  /** The value times 10^scale. */
  readonly units: bigint;
  readonly scale: number;
}

/** Longest decimal text parsed: above every field's maximum length. */
const MAX_DECIMAL_TEXT = 40;

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Parses '-12.340' style text; undefined for anything that is not a plain decimal. */
export function parseDecimal(text: unknown): Decimal | undefined {
  // Longer text is no amount of any field (the longest allows 14 characters), and BigInt work on it is not free.
  if (typeof text !== 'string' || text.length > MAX_DECIMAL_TEXT) return undefined;
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return undefined;
  const fraction = m[3] ?? '';
  const units = BigInt(m[2] + fraction);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

function rescale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

const ZERO: Decimal = { units: 0n, scale: 0 };

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce(add, ZERO);
}

/** -1, 0 or 1; scale differences do not matter (1.50 equals 1.5). */
export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Canonical text without trailing fraction zeros, for messages ('10.50' → '10.5'). */
export function formatDecimal(d: Decimal): string {
  const negative = d.units < 0n;
  let digits = (negative ? -d.units : d.units).toString();
  if (d.scale > 0) {
    digits = digits.padStart(d.scale + 1, '0');
    const whole = digits.slice(0, digits.length - d.scale);
    const fraction = withoutTrailingZeros(digits.slice(digits.length - d.scale));
    digits = fraction ? `${whole}.${fraction}` : whole;
  }
  return negative && digits !== '0' ? `-${digits}` : digits;
}

/** Text with the value's own scale ('40.00' stays '40.00'): an amount to send back to the gateway as it wrote it. */
export function decimalText(d: Decimal): string {
  const negative = d.units < 0n;
  let digits = (negative ? -d.units : d.units).toString();
  if (d.scale > 0) {
    digits = digits.padStart(d.scale + 1, '0');
    digits = `${digits.slice(0, digits.length - d.scale)}.${digits.slice(digits.length - d.scale)}`;
  }
  return negative ? `-${digits}` : digits;
}

/** A loop, not /0+$/: that pattern retries from every zero and is quadratic on a long run of them. */
function withoutTrailingZeros(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 48) end--;
  return text.slice(0, end);
}
