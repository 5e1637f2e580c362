import { replacePropertyValues, type PropertyValue } from '../json';
import { REDACTED, isSecretValue, mayNameSecretKey, maskCardNumber, redactHeaders, redactJson, redactText, secretKindOfKey } from '../redaction';
import type { KnownSecrets } from './knownSecrets';
import type { HttpResponse, OutgoingRequest } from './types';

/**
 * Redacts a body given as text, in place: each secret value is replaced where it stands, so the
 * rest keeps its bytes (indentation, key order, amounts such as 10.00). The walk is token by token,
 * so a deliberately malformed test body is redacted by its keys too; the free-text rules (non-JSON
 * bodies, URL userinfo, card-like digit runs, known secret values) follow.
 */
export function redactBodyText(text: string, known?: KnownSecrets): string {
  const keysRedacted = mayNameSecretKey(text) ? replacePropertyValues(text, secretReplacement, isSecretKey) : text;
  return redactText(keysRedacted, known);
}

function isSecretKey(key: string): boolean {
  return secretKindOfKey(key) !== undefined;
}

/** The same decision as redactJson, for one property of a text: the replacement, or undefined to keep it. */
function secretReplacement(key: string, value: PropertyValue): string | undefined {
  const kind = secretKindOfKey(key);
  if (isSecretValue(key, value.kind === 'object')) return REDACTED;
  if (kind === 'cardNumber' && (value.kind === 'string' || value.kind === 'number')) return maskCardNumber(value.text ?? value.raw);
  return undefined;
}

export function redactRequest(request: OutgoingRequest, known?: KnownSecrets): Omit<OutgoingRequest, 'signal'> {
  const { signal: _signal, ...rest } = request;
  const copy: Omit<OutgoingRequest, 'signal'> = {
    ...rest,
    url: redactText(request.url, known),
    headers: redactHeaders(request.headers, known),
  };
  if (request.body !== undefined) copy.body = redactBodyText(request.body, known);
  return copy;
}

export function redactResponse(response: HttpResponse, known?: KnownSecrets): HttpResponse {
  const copy: HttpResponse = {
    ...response,
    headers: redactHeaders(response.headers, known),
    bodyText: response.bodyText === '' ? '' : redactBodyText(response.bodyText, known),
    json: response.json === undefined ? undefined : redactJson(response.json, known ? { known } : {}),
  };
  if (response.jsonError !== undefined) copy.jsonError = redactText(response.jsonError, known);
  return copy;
}
