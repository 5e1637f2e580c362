import { replacePropertyValues, walkJson, type PropertyValue } from '../json';
import type { ValueKind } from '../json/tokens';
import { REDACTED, digitRunsOf, hasCardLengthDigitRun, isIdentifierKey, isSecretValue, mayNameSecretKey, maskCardNumber, redactHeaders, redactIdentifier, redactJson, redactText, redactUrlText, secretKindOfKey } from '../redaction';
import type { KnownSecrets } from './knownSecrets';
import type { HttpResponse, OutgoingRequest } from './types';

/**
 * Redacts a body given as text, in place: each secret value is replaced where it stands, so the
 * rest keeps its bytes (indentation, key order, amounts such as 10.00). The walk is token by token,
 * so a deliberately malformed test body is redacted by its keys too; the free-text rules (non-JSON
 * bodies, URL userinfo, card-like digit runs, known secret values) follow.
 */
export function redactBodyText(text: string, known?: KnownSecrets, keepRuns?: ReadonlySet<string>): string {
  const keysRedacted = mayNameSecretKey(text) ? replacePropertyValues(text, secretReplacement, isSecretKey) : text;
  const ids = hasCardLengthDigitRun(keysRedacted) ? identifiersWithDigitRuns(keysRedacted) : [];
  const options = keepRuns ? { keepRuns } : {};
  if (ids.length === 0) return redactText(keysRedacted, known, options);
  // The text around each identifier gets every rule; the identifier every rule but the card mask.
  let out = '';
  let from = 0;
  for (const { start, end } of ids) {
    out += redactText(keysRedacted.slice(from, start), known, options) + redactIdentifier(keysRedacted.slice(start, end), known);
    from = end;
  }
  return out + redactText(keysRedacted.slice(from), known, options);
}

/**
 * The card-length digit runs inside identifier values of a JSON text (a token, a numeric order id):
 * what redactBodyText keeps whole, so a summary of the same answer may show them whole too.
 */
export function identifierDigitRuns(text: string): Set<string> {
  const runs = new Set<string>();
  if (!hasCardLengthDigitRun(text)) return runs;
  for (const { start, end } of identifiersWithDigitRuns(text)) for (const run of digitRunsOf(text.slice(start, end))) runs.add(run);
  return runs;
}

const SCALARS: ReadonlySet<ValueKind> = new Set(['string', 'number']);

/** Where the values of identifier keys (isIdentifierKey) holding a card-length digit run are: a string's content inside its quotes. */
function identifiersWithDigitRuns(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  walkJson(text, {
    only: SCALARS,
    onValue(v, token) {
      if (typeof v.step !== 'string' || !isIdentifierKey(v.step) || !hasCardLengthDigitRun(token.raw())) return;
      const quoted = v.kind === 'string' ? 1 : 0;
      found.push({ start: v.offset + quoted, end: v.offset + v.length - quoted });
    },
  });
  return found;
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
    url: redactUrlText(request.url, known),
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
