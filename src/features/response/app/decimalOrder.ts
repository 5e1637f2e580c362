/**
 * Orders numbers written as decimal text exactly. Offers carry money and rates as text as the wire
 * had them; turning them into floats would call 0.1 and 0.10000000000000001 equal and could order
 * ties by accident. Each text becomes an integer coefficient and a power of ten (BigInt), compared
 * on a common scale.
 */

interface Decimal {
  coefficient: bigint;
  exponent: number;
}

const DECIMAL = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;
/** Beyond this a literal is not an amount; refusing it keeps 10n ** exponent small. */
const MAX_EXPONENT = 400;

function parseDecimal(text: string): Decimal | undefined {
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const whole = m[2] ?? '';
  const fraction = m[3] ?? '';
  if (whole === '' && fraction === '') return undefined;
  const exponent = Number(m[4] ?? '0') - fraction.length;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const magnitude = BigInt(`${whole}${fraction}` || '0');
  return { coefficient: m[1] === '-' ? -magnitude : magnitude, exponent };
}

function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.min(a.exponent, b.exponent);
  const x = a.coefficient * 10n ** BigInt(a.exponent - scale);
  const y = b.coefficient * 10n ** BigInt(b.exponent - scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Numbers before text that is not a number (compared as text among itself); missing values are the
 * caller's business (they stay last in both directions).
 */
export function compareDecimalText(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x && y) return compareDecimals(x, y);
  if (x) return -1;
  if (y) return 1;
  return a.localeCompare(b, undefined, { numeric: true });
}
