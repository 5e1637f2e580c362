import { REDACTED, isSecretHeader } from './secretFields';
import { redactText, type SecretValues } from './text';

const AUTH_SCHEME = /^(Basic|Bearer|Digest|Token)\s+/i;

export type HeaderValue = string | readonly string[] | number | undefined;

/**
 * Secret header values become "<redacted>", keeping the scheme ("Basic <redacted>") so the kind of
 * credential stays visible; other values are scanned as free text (a Location with userinfo).
 */
export function redactHeaders(headers: Readonly<Record<string, HeaderValue>>, known?: SecretValues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    if (!isSecretHeader(name)) {
      result[name] = known ? redactText(value, known) : redactedByPolicy(value);
      continue;
    }
    const scheme = AUTH_SCHEME.exec(value)?.[1];
    result[name] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
  }
  return result;
}

/**
 * Header values the policy leaves as they are (host, content-type, user-agent): the same few recur on
 * every exchange, and each is scanned once. Only values nothing was redacted from are kept, so the
 * set never holds a secret; bounded in count and length.
 */
const cleanValues = new Set<string>();
const MAX_CLEAN_VALUES = 1000;
const MAX_CLEAN_VALUE_CHARS = 256;

function redactedByPolicy(value: string): string {
  if (cleanValues.has(value)) return value;
  const redacted = redactText(value);
  if (redacted === value && value.length <= MAX_CLEAN_VALUE_CHARS) {
    if (cleanValues.size >= MAX_CLEAN_VALUES) cleanValues.clear();
    cleanValues.add(value);
  }
  return redacted;
}
