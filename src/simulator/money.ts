import type { Decimal } from '../catalogue/decimal';

/**
 * Money as exact decimals. Amounts travel as decimal text (requests) and are kept as BigInt counts of
 * thousandths (the gateway allows 3 decimals), so totals never drift the way binary floats do.
 */

/** Thousandths of a currency unit. */
export type Milli = bigint;

const REQUEST_AMOUNT = /^(\d+)(?:\.(\d{1,3}))?$/;

/** Parses a request amount ("10.01"); undefined when it is not a plain decimal with at most 3 decimals. */
export function parseAmount(text: string): Milli | undefined {
  const m = REQUEST_AMOUNT.exec(text);
  if (!m) return undefined;
  const whole = m[1] ?? '0';
  const fraction = (m[2] ?? '').padEnd(3, '0');
  return BigInt(whole) * 1000n + BigInt(fraction);
}

/** Decimal text with at least 2 decimals (like the gateway's `0.00`) and a third only when it is not zero. */
export function formatAmount(value: Milli): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 1000n;
  let fraction = (abs % 1000n).toString().padStart(3, '0');
  if (fraction.endsWith('0')) fraction = fraction.slice(0, 2);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** The same value as the order model's decimal, written as formatAmount writes it (10.00, 10.005). */
export function toDecimal(value: Milli): Decimal {
  return value % 10n === 0n ? { units: value / 10n, scale: 2 } : { units: value, scale: 3 };
}

/**
 * Back from the order model's decimal to thousandths. The model's sums of simulator amounts never have
 * more than 3 decimals; a value that has would be a bug here, so it throws rather than round.
 */
export function fromDecimal(value: Decimal): Milli {
  if (value.scale <= 3) return value.units * 10n ** BigInt(3 - value.scale);
  const divisor = 10n ** BigInt(value.scale - 3);
  if (value.units % divisor !== 0n) throw new Error(`An amount with more than 3 decimals reached the simulator's totals (scale ${value.scale})`);
  return value.units / divisor;
}
