import { isDeepStrictEqual } from 'node:util';
import { REDACTED, maskCardNumber, redactHeaders, redactJson, redactText, secretKindOfKey } from '../redaction';
import type { KnownSecrets } from './knownSecrets';
import type { HttpResponse, OutgoingRequest } from './types';

/**
 * Redacts a body given as text. Valid JSON is redacted structurally (keeping its indentation);
 * anything else (a deliberately malformed test body) falls back to key patterns, then free-text rules.
 */
export function redactBodyText(text: string, known?: KnownSecrets): string {
  let redacted: string;
  try {
    const parsed: unknown = JSON.parse(text);
    // Strings are left to redactText below, which scans the whole text.
    const structural = redactJson(parsed, { scanStrings: false });
    // Keep the text as received where possible, so amounts keep their literals (10.00 stays 10.00,
    // not 10): unchanged when nothing is secret, redacted in the text when that gives the same
    // result, re-serialised only when a secret holds an object or a list.
    if (isDeepStrictEqual(structural, parsed)) redacted = text;
    else {
      const inText = redactJsonLikeText(text);
      redacted = isDeepStrictEqual(JSON.parse(inText), structural) ? inText : JSON.stringify(structural, null, detectIndent(text));
    }
  } catch {
    redacted = redactJsonLikeText(text);
  }
  return redactText(redacted, known);
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

function redactJsonLikeText(text: string): string {
  const pair = /("([^"\\]+)"\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)/g;
  return text.replace(pair, (whole: string, prefix: string, key: string, value: string) => {
    const kind = secretKindOfKey(key);
    if (kind === 'secret') return `${prefix}"${REDACTED}"`;
    if (kind === 'cardNumber') return `${prefix}"${maskCardNumber(value.replace(/^"|"$/g, ''))}"`;
    return whole;
  });
}

function detectIndent(text: string): number {
  const indent = /^[[{]\s*\n([ \t]+)/.exec(text)?.[1];
  return indent ? indent.replace(/\t/g, '  ').length : 0;
}
