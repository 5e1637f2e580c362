import { replacePropertyValues, walkJson, type PropertyValue } from '../json';
import type { ValueKind } from '../json/tokens';
import { REDACTED, hasCardLengthDigitRun, identifierRuns, isIdentifierKey, isSecretValue, mayNameSecretKey, maskCardNumber, redactHeaders, redactJson, redactText, redactUrlText, secretKindOfKey } from '../redaction';
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
  const ids = identifierDigitRuns(keysRedacted);
  const keep = keepRuns?.size ? (ids.size ? new Set([...keepRuns, ...ids]) : keepRuns) : ids;
  return redactText(keysRedacted, known, { keepRuns: keep });
}

const STRINGS: ReadonlySet<ValueKind> = new Set(['string']);
const NO_RUNS: ReadonlySet<string> = new Set();

/**
 * The digit runs a JSON text's identifiers keep (identifierRuns of the plain string values of
 * identifier keys: a token, a numeric order id), so redaction and the summaries of the same answer show
 * them whole. None for a text that is not valid JSON: there a key's value cannot be told from what follows.
 */
export function identifierDigitRuns(text: string): ReadonlySet<string> {
  // Most bodies with a card-length run (an Authorize's card number) name no identifier at all: no walk for them.
  if (!hasCardLengthDigitRun(text) || !namesIdentifierKey(text)) return NO_RUNS;
  const runs = new Set<string>();
  const found: string[] = [];
  const walk = walkJson(text, {
    only: STRINGS,
    onValue(v, token) {
      if (typeof v.step === 'string' && isIdentifierKey(v.step) && keyWrittenPlainly(text, v.step, v.offset)) found.push(...identifierRuns(token.raw().slice(1, -1)));
    },
  });
  if (walk.valid) for (const run of found) runs.add(run);
  return runs;
}

/** Whether a text holds `"<identifier key>":` anywhere (a cheap gate before the walk). */
function namesIdentifierKey(text: string): boolean {
  for (let at = text.indexOf('":'); at >= 0; at = text.indexOf('":', at + 2)) {
    const open = text.lastIndexOf('"', at - 1);
    if (open >= 0 && at - open <= MAX_IDENTIFIER_KEY_CHARS && isIdentifierKey(text.slice(open + 1, at))) return true;
  }
  return false;
}

const MAX_IDENTIFIER_KEY_CHARS = 32;

/** Whether the key before a value is written as itself ("id":), not spelled with escapes ("i\u0064":). Each gap is read once. */
function keyWrittenPlainly(text: string, key: string, valueOffset: number): boolean {
  let i = valueOffset - 1;
  while (i >= 0 && /\s/.test(text[i] ?? '')) i--;
  if (text[i] !== ':') return false;
  i--;
  while (i >= 0 && /\s/.test(text[i] ?? '')) i--;
  const quoted = `"${key}"`;
  return i + 1 >= quoted.length && text.startsWith(quoted, i + 1 - quoted.length);
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
