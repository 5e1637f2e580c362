/**
 * Leaf factories for the formats the specs define once ("Amount and text formats" and the
 * recurring "alphanumeric 1 to 40" style rules). Each returns an optional leaf; wrap with req().
 */
import { compare, formatDecimal, parseDecimal } from './decimal';
import { shown } from './issues';
import { leaf, type LeafCheck, type LeafNode, type LeafSpec } from './fieldTree';

type Extra = Partial<Omit<LeafSpec, 'jsonType' | 'help'>>;

/** Free text; bounds are undefined where the spec states none (financing API). */
export function text(min: number | undefined, max: number | undefined, help: string, extra: Extra = {}): LeafNode {
  return leaf({
    kind: 'string', jsonType: 'string', help,
    ...(min !== undefined ? { minLength: min } : {}), ...(max !== undefined ? { maxLength: max } : {}), ...extra,
  });
}

/** Characters from a set, with lengths: the pattern only speaks about characters so length errors stay separate. */
function charset(chars: string, hint: string) {
  return (min: number, max: number, help: string, extra: Extra = {}): LeafNode =>
    text(min, max, help, { pattern: new RegExp(`^[${chars}]*$`), patternHint: hint, ...extra });
}

export const alnum = charset('A-Za-z0-9', 'letters and digits only');
export const alnumSpace = charset('A-Za-z0-9 ', 'letters, digits and spaces only');
export const digits = charset('0-9', 'digits only');
export const ascii = charset('\\x20-\\x7E', 'printable ASCII characters');

export function enumOf(values: readonly string[], help: string, extra: Extra = {}): LeafNode {
  return leaf({ kind: 'enum', jsonType: 'string', help, enum: values, example: values[0], ...extra });
}

export function bool(help: string, extra: Extra = {}): LeafNode {
  return leaf({ kind: 'boolean', jsonType: 'boolean', help, example: true, ...extra });
}

/** A JSON integer (not a digits string). */
export function integer(min: number | undefined, max: number | undefined, help: string, extra: Extra = {}): LeafNode {
  return leaf({
    kind: 'integer', jsonType: 'number', help, integer: true,
    ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}),
    example: min ?? 1, ...extra,
  });
}

/** A JSON number (financing prices). */
function number(help: string, extra: Extra = {}): LeafNode {
  return leaf({ kind: 'decimal', jsonType: 'number', help, example: 100, ...extra });
}

/** A price as a JSON number: greater than 0, at most 2 decimals as written (financing). */
export function price(help: string, extra: Extra = {}): LeafNode {
  const cents: LeafCheck = {
    rule: 'fractionDigits',
    test: (value) => typeof value !== 'number' || /^\d+(\.\d{1,2})?$/.test(String(value)),
    message: (value) => `must have at most 2 digits after the decimal point, got ${shown(value)}`,
  };
  const positive: LeafCheck = {
    rule: 'greaterThanZero',
    test: (value) => typeof value !== 'number' || value > 0,
    message: (value) => `must be greater than 0, got ${shown(value)}`,
  };
  return number(help, { checks: [positive, cents], ...extra });
}

const UNSIGNED_DECIMAL = /^\d+(\.\d+)?$/;
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

function decimalBound(rule: 'min' | 'max' | 'greaterThanZero', bound: string, words: string, sentence?: string): LeafCheck {
  const limit = parseDecimal(bound);
  if (!limit) throw new Error(`bad decimal bound ${bound}`);
  return {
    rule,
    test: (value) => {
      const d = parseDecimal(value);
      if (!d) return true; // the pattern check reports it
      const c = compare(d, limit);
      return rule === 'max' ? c <= 0 : rule === 'min' ? c >= 0 : c > 0;
    },
    message: (value) => `${sentence ?? `must be ${words} ${formatDecimal(limit)}`}, got ${shown(value)}`,
  };
}

function maxFractionDigits(n: number): LeafCheck {
  return {
    rule: 'fractionDigits',
    test: (value) => (parseDecimal(value)?.scale ?? 0) <= n,
    message: (value) => `must have at most ${n} digits after the decimal point, got ${shown(value)}`,
  };
}

/**
 * Request amount: "string of characters 0-9 and '.', a valid decimal number, length 1 to 14
 * (some item and tax amounts also allow '-')".
 */
export function decimalText(
  help: string,
  /** greaterThanZero may carry the sentence to say instead of "must be greater than 0". */
  opts: { signed?: boolean; minValue?: string; maxValue?: string; greaterThanZero?: boolean | string; maxLength?: number; fractionDigits?: number } & Extra = {},
): LeafNode {
  const { signed, minValue, maxValue, greaterThanZero, maxLength, fractionDigits, ...extra } = opts;
  const checks: LeafCheck[] = [];
  if (greaterThanZero) checks.push(decimalBound('greaterThanZero', '0', 'greater than', typeof greaterThanZero === 'string' ? greaterThanZero : undefined));
  if (minValue !== undefined) checks.push(decimalBound('min', minValue, 'at least'));
  if (maxValue !== undefined) checks.push(decimalBound('max', maxValue, 'at most'));
  if (fractionDigits !== undefined) checks.push(maxFractionDigits(fractionDigits));
  return text(1, maxLength ?? 14, help, {
    pattern: signed ? SIGNED_DECIMAL : UNSIGNED_DECIMAL,
    patternHint: signed ? "a decimal number such as 10.50 or -1.25 (digits, '.', leading '-')" : "a decimal number such as 10.50 (digits and '.')",
    example: '10.00',
    ...extra,
    kind: 'decimal',
    ...(checks.length ? { checks } : {}),
  });
}

export function amount(help = 'Amount: decimal string of 1 to 14 characters (0-9 and \'.\').', extra: Extra = {}): LeafNode {
  return decimalText(help, extra);
}

/**
 * The amount of a payment, refund or authorization: the real gateway rejects zero ("Value '0.00' is
 * invalid. Transaction or order amount must be greater than zero") and keeps 3 decimals at most.
 */
export function paymentAmount(help: string, extra: Extra = {}): LeafNode {
  // The real gateway's own words, so the simulator's answer reads like the gateway's.
  return decimalText(`${help} Greater than zero, at most 3 decimals.`, { greaterThanZero: 'transaction or order amount must be greater than zero', fractionDigits: 3, ...extra });
}

export function currency(help = 'Currency: 3 upper-case letters, ISO 4217 alpha code.', extra: Extra = {}): LeafNode {
  return text(3, 3, help, { pattern: /^[A-Z]{3}$/, patternHint: '3 upper-case letters (ISO 4217)', example: 'USD', ...extra });
}

export function country(help = 'Country: 3 upper-case letters, ISO 3166 alpha-3 code.', extra: Extra = {}): LeafNode {
  return text(3, 3, help, { pattern: /^[A-Z]{3}$/, patternHint: '3 upper-case letters (ISO 3166 alpha-3)', example: 'USA', ...extra });
}

const isCalendarDate: LeafCheck = {
  rule: 'date',
  test: (value) => {
    if (typeof value !== 'string') return true;
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const probe = new Date(Date.UTC(y, m - 1, d));
    return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
  },
  message: (value) => `must be a real calendar date, got ${shown(value)}`,
};

export function date(help: string, extra: Extra = {}): LeafNode {
  return text(10, 10, help, {
    pattern: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, patternHint: 'a date yyyy-mm-dd',
    example: '2030-01-15', checks: [isCalendarDate], ...extra, kind: 'date',
  });
}

/** "hh:mm[:ss]Z or hh:mm[:ss](+/-)hh[:mm]". */
export function time(help: string, extra: Extra = {}): LeafNode {
  return text(6, 14, help, {
    pattern: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?(Z|[+-]([01]\d|2[0-3])(:[0-5]\d)?)$/,
    patternHint: 'a time hh:mm[:ss] followed by Z or an offset (+/-)hh[:mm]', example: '10:30Z', ...extra, kind: 'time',
  });
}

export function email(help: string, extra: Extra = {}): LeafNode {
  return text(4, undefined, help, {
    // Domain labels exclude '.', so each character has one way to match: linear time on any input.
    pattern: /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, patternHint: 'an e-mail address such as name@example.com',
    example: 'payer@example.com', ...extra, kind: 'email',
  });
}

/** An absolute URL with a scheme and '//' (RFC 1738 style). */
export function url(min: number | undefined, max: number | undefined, help: string, extra: Extra = {}): LeafNode {
  return text(min, max, help, {
    pattern: /^[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+$/, patternHint: 'an absolute URL such as https://example.com/return',
    example: 'https://merchant.example.com/return', ...extra, kind: 'url',
  });
}

/** An absolute http(s) URL a browser can open: no spaces, quotes, angle brackets or backslashes, and a host. */
const WEB_URL = /^https?:\/\/[^\s"'<>\\/?#]+(?:[/?#][^\s"'<>\\]*)?$/i;

const parsesAsWebUrl: LeafCheck = {
  rule: 'pattern',
  test: (value) => {
    if (typeof value !== 'string') return true;
    try {
      const parsed = new URL(value);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
    } catch {
      return false;
    }
  },
  message: (value) => `must be an http or https URL a browser can open, got ${shown(value)}`,
};

/**
 * A URL the payer's browser is sent to (a return, cancel or 3-D Secure response URL): http or https
 * only, like Hosted Checkout's returnUrl and cancelUrl. javascript:, data: or an app scheme there
 * would run in, or leave, the payer's page, and a page of the simulator links or redirects to it.
 */
export function payerUrl(min: number | undefined, max: number | undefined, help: string, extra: Extra = {}): LeafNode {
  return text(min, max, help, {
    pattern: WEB_URL, patternHint: 'an http or https URL such as https://merchant.example.com/return',
    example: 'https://merchant.example.com/return', checks: [parsesAsWebUrl], ...extra, kind: 'url',
  });
}

/** Base64 text with the exact lengths the 3-D Secure values come in. */
export function base64(lengths: readonly number[], help: string, extra: Extra = {}): LeafNode {
  const lookahead = lengths.map((n) => `.{${n}}`).join('|');
  return text(Math.min(...lengths), Math.max(...lengths), help, {
    pattern: new RegExp(`^(?=(?:${lookahead})$)[A-Za-z0-9+/]+={0,2}$`),
    patternHint: `Base64 text of exactly ${lengths.join(' or ')} characters`,
    example: 'A'.repeat(lengths[0] ?? 28), ...extra,
  });
}

/** International phone number with country code, at most 15 digits. */
export function internationalPhone(help: string, extra: Extra = {}): LeafNode {
  return text(2, 16, help, {
    pattern: /^\+?[1-9]\d{1,14}$/, patternHint: 'an international phone number with country code, at most 15 digits (e.g. +4420712345678)',
    example: '+4420712345678', ...extra,
  });
}
