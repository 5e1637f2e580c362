import { replacePropertyValues, type PropertyValue } from '../json';
import { maskCardNumber, passesLuhn } from './cardNumber';
import type { KnownSecrets } from './knownSecrets';
import { REDACTED, isSecretHeader, secretKindOfKey } from './secretFields';
import type { HttpResponse, OutgoingRequest } from './types';

const AUTH_SCHEME = /^(Basic|Bearer|Digest|Token)\s+/i;

/** Secret header values become "<redacted>", keeping the scheme ("Basic <redacted>") so the auth kind stays visible. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!isSecretHeader(name)) {
      result[name] = value;
      continue;
    }
    const scheme = AUTH_SCHEME.exec(value)?.[1];
    result[name] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
  }
  return result;
}

/** Deep copy of a parsed JSON value with secret fields replaced and card numbers masked. */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const kind = secretKindOfKey(key);
    if (kind === 'secret') result[key] = REDACTED;
    else if (kind === 'cardNumber' && (typeof inner === 'string' || typeof inner === 'number')) {
      result[key] = maskCardNumber(String(inner));
    } else result[key] = redactJson(inner);
  }
  return result;
}

/**
 * Redacts a body given as text, in place: each secret value is replaced where it stands, so the
 * rest keeps its bytes (indentation, key order, amounts such as 10.00). The walk is token by token,
 * so a deliberately malformed test body is redacted by its keys too; free-text rules follow.
 */
export function redactBodyText(text: string, known?: KnownSecrets): string {
  return redactText(replacePropertyValues(text, secretReplacement), known);
}

/** The same decision as redactJson, for one property of a text: the replacement, or undefined to keep it. */
function secretReplacement(key: string, value: PropertyValue): string | undefined {
  const kind = secretKindOfKey(key);
  if (kind === 'secret') return REDACTED;
  if (kind === 'cardNumber' && (value.kind === 'string' || value.kind === 'number')) return maskCardNumber(value.text ?? value.raw);
  return undefined;
}

/**
 * Free text (log lines, error messages): known secret values, Basic/Bearer credentials and
 * Luhn-valid card numbers.
 */
export function redactText(text: string, known?: KnownSecrets): string {
  let result = known ? known.redact(text) : text;
  result = result.replace(/\b(Basic|Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${REDACTED}`);
  result = result.replace(/(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g, (candidate) => {
    const digits = candidate.replace(/\D/g, '');
    return passesLuhn(digits) ? maskCardNumber(digits) : candidate;
  });
  return result;
}

export function redactRequest(request: OutgoingRequest, known?: KnownSecrets): Omit<OutgoingRequest, 'signal'> {
  const { signal: _signal, ...rest } = request;
  const copy: Omit<OutgoingRequest, 'signal'> = {
    ...rest,
    url: redactText(request.url, known),
    headers: redactHeaders(request.headers),
  };
  if (request.body !== undefined) copy.body = redactBodyText(request.body, known);
  return copy;
}

export function redactResponse(response: HttpResponse, known?: KnownSecrets): HttpResponse {
  const copy: HttpResponse = {
    ...response,
    headers: redactHeaders(response.headers),
    bodyText: response.bodyText === '' ? '' : redactBodyText(response.bodyText, known),
    json: response.json === undefined ? undefined : redactJson(response.json),
  };
  if (response.jsonError !== undefined) copy.jsonError = redactText(response.jsonError, known);
  return copy;
}
