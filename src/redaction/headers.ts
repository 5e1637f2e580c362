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
      result[name] = redactText(value, known);
      continue;
    }
    const scheme = AUTH_SCHEME.exec(value)?.[1];
    result[name] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
  }
  return result;
}
