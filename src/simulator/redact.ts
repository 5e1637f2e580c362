/**
 * Redaction for everything the request log keeps. The log is shown in the editor and may be copied
 * into bug reports, so secrets never enter it: passwords, tokens and Authorization values are
 * replaced, card numbers keep only the first 6 and last 4 digits (the gateway's own masking), and a
 * card security code is dropped entirely.
 */

const SECRET_KEY = /(password|passwd|secret|token|authorization|apikey|api_key)/i;
// Names that contain a secret word but hold none.
const NOT_SECRET = new Set(['token_type', 'tokentype']);
const DROP_KEY = /^(securityCode|csc|cvv|cvc|cardSecurityCode)$/i;
const SECRET_HEADERS = new Set(['authorization', 'refreshtoken', 'cookie', 'set-cookie', 'proxy-authorization', 'x-notification-secret']);
// 12–19 digits, optionally grouped by spaces or dashes: the length range of card numbers.
const CARD_NUMBER = /\b\d(?:[ -]?\d){11,18}\b/g;
const REDACTED = '***';

export function maskCardNumber(digits: string): string {
  const clean = digits.replace(/[ -]/g, '');
  return clean.slice(0, 6) + 'x'.repeat(Math.max(0, clean.length - 10)) + clean.slice(-4);
}

/** Masks card-number-like digit runs in free text (query strings, form bodies, HTML). */
export function redactText(text: string): string {
  return text
    .replace(CARD_NUMBER, (m) => maskCardNumber(m))
    .replace(/((?:password|token|secret|securityCode|csc)[^=&\s"]*=)[^&\s"]*/gi, `$1${REDACTED}`);
}

export function redactJson(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactJson);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (DROP_KEY.test(k) && (typeof v !== 'object' || v === null)) continue;
      out[k] = SECRET_KEY.test(k) && !NOT_SECRET.has(k.toLowerCase()) && (typeof v === 'string' || typeof v === 'number') ? REDACTED : redactJson(v);
    }
    return out;
  }
  return value;
}

/** A body as the log keeps it: parsed and redacted JSON when it parses, else redacted text; bodies over `limit` are only measured, so 1000 entries stay small. */
export function redactBody(body: string, limit = 16 * 1024): unknown {
  if (body.length === 0) return undefined;
  if (body.length > limit) return `<${body.length} characters, not kept>`;
  try {
    return redactJson(JSON.parse(body));
  } catch {
    return redactText(body);
  }
}

export function redactHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    const lower = name.toLowerCase();
    if (SECRET_HEADERS.has(lower)) {
      // Keep the scheme ("Basic", "Bearer") so the log still says which kind of credential was sent.
      const scheme = /^(\w+)\s+\S/.exec(value)?.[1];
      out[lower] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else {
      out[lower] = redactText(value);
    }
  }
  return out;
}
