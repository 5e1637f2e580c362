import { REDACTED } from './secretFields';

/**
 * 5123450000000008 → 512345…0008, what PCI DSS allows to be displayed. A value that is already masked
 * (512345xxxxxx0008) stays; anything else carrying 12 or more digits is fully redacted to be safe.
 */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 12) return value;
  if (/^[\d\s-]+$/.test(value) && digits.length <= 19) return `${digits.slice(0, 6)}…${digits.slice(-4)}`;
  return REDACTED;
}

/** Luhn check, so free-text scanning masks card numbers without eating every long id. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
