import { REDACTED } from './secretFields';

/**
 * The one card mask: the gateway's own (first 6, an x per hidden digit, last 4), so a number we
 * mask reads exactly like the numbers real responses carry: 5123450000000008 → 512345xxxxxx0008.
 */
export function maskDigits(digits: string): string {
  return digits.slice(0, 6) + 'x'.repeat(Math.max(0, digits.length - 10)) + digits.slice(-4);
}

/** A value that is already masked (ours, the gateway's, or the older "512345…0008") is left as it is. */
export function isMaskedCardNumber(value: string): boolean {
  return /^\d{6}(?:x{2,9}|…)\d{4}$/i.test(value.trim());
}

/**
 * The value of a card-number field as it may be shown: a number of 12 to 19 digits (spaces and
 * dashes allowed) is masked; an already masked one stays; anything else with 12 or more digits is
 * fully redacted, because it cannot be told apart from a mistyped card.
 */
export function maskCardNumber(value: string): string {
  if (isMaskedCardNumber(value)) return value;
  const digits = value.replace(/\D/g, '');
  if (digits.length < 12) return value;
  if (/^[\d\s-]+$/.test(value) && digits.length <= 19) return maskDigits(digits);
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

/**
 * The gateway's public test cards (../shared/reference/gateway-behaviour.md): published test data,
 * so on a TEST environment history may keep them in full and a re-send can use them again. With them
 * the 3-D Secure emulator's frictionless and challenge cards, as public integrations publish them
 * (catalogue/testCards.ts): a 3-D Secure checkout saved from history or the tap replays only with its card.
 * The simulator's own 3DS cards (51234500000N…, "simulator card") are not published, so not listed.
 */
const PUBLIC_TEST_CARDS: ReadonlySet<string> = new Set([
  '5123450000000008',
  '2223000000000007',
  '5111111111111118',
  '4508750015741019',
  '4012000033330026',
  '3528000000000007',
  '6011003179988686',
  '5123456789012346',
  '4440000042200014',
  '4440000009900010',
]);

export function isPublicTestCard(value: unknown): boolean {
  return (typeof value === 'string' || typeof value === 'number') && PUBLIC_TEST_CARDS.has(String(value).replace(/[\s-]/g, ''));
}
