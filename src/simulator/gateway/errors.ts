import type { ErrorCause, ValidationType } from '../../catalogue/codes';
import type { Refusal } from '../../orders/whatCanFollow';
import { jsonAnswer, type SimResponse } from '../types';
import { jsonErrorOffset } from './jsonErrorPosition';
import { shown } from '../../catalogue/issues';
import { excerpt, quoteValueAt } from '../../format/quote';

/**
 * The gateway's error envelope, with the status codes of the real service: 400 for invalid requests,
 * 401 for bad credentials (the body still says INVALID_REQUEST), 404 for unknown paths and versions,
 * 5xx for SERVER_BUSY / SERVER_FAILED.
 */

export interface FieldError {
  field: string;
  validationType: ValidationType;
  explanation: string;
}

export function gatewayError(status: number, cause: ErrorCause, explanation: string, field?: FieldError): SimResponse {
  const error = field ? { cause, explanation: field.explanation, field: field.field, validationType: field.validationType } : { cause, explanation };
  return jsonAnswer(status, { result: 'ERROR', error });
}

export const invalidRequest = (explanation: string): SimResponse => gatewayError(400, 'INVALID_REQUEST', explanation);

export const fieldError = (e: FieldError): SimResponse => gatewayError(400, 'INVALID_REQUEST', e.explanation, e);

export const missing = (field: string): SimResponse => fieldError({ field, validationType: 'MISSING', explanation: 'Missing parameter' });

/**
 * A value as the gateway's explanation quotes it ('abc'): through quoteValueAt, the one way a message
 * quotes input (a secret's value never, a card number masked even when sent as a JSON number, secrets
 * inside text redacted, at most MAX_QUOTED_CHARS characters, control characters escaped), in the
 * gateway's single quotes; a list or object by its shape, never written out. Error bodies are logged
 * and shown, and a field holding megabytes must not make a megabyte answer.
 */
export function gatewayQuote(path: string, value: unknown): string {
  if (value === undefined) return "''";
  if (typeof value === 'object' && value !== null) return `'${shown(value)}'`;
  const quoted = quoteValueAt(path, value, undefined, { mark: "'" });
  return quoted.startsWith("'") ? quoted : `'${quoted}'`;
}

export const invalidValue = (field: string, value: string, why: string): SimResponse =>
  fieldError({ field, validationType: 'INVALID', explanation: `Value ${gatewayQuote(field, value)} is invalid. ${why}` });

/** The order model's refusal as the gateway answers it: a field error when it names a field. */
export const refusalResponse = (r: Refusal): SimResponse =>
  r.field !== undefined ? fieldError({ field: r.field, validationType: 'INVALID', explanation: r.explanation }) : invalidRequest(r.explanation);

export const badCredentials = (): SimResponse => gatewayError(401, 'INVALID_REQUEST', 'Invalid credentials.');

export const notFound = (explanation = 'Requested resource not found'): SimResponse => gatewayError(404, 'INVALID_REQUEST', explanation);

/** The version segment as sent (any text: `abc` is as unsupported as 80), cut like every message that names input. */
export const unsupportedVersion = (version: string): SimResponse => gatewayError(404, 'INVALID_REQUEST', `Unsupported value for 'version = ${excerpt(version)}'`);

export const unknownOrder = (orderId: string, merchantId: string): SimResponse => invalidRequest(`Unable to find order ${orderId} for merchant ${merchantId}`);

/**
 * "Json encoded payload error: Unexpected character 'a' at [character 14 line 1]", from the position
 * Node's JSON.parse reports (0-based offset) turned into the gateway's 1-based character and line.
 */
export function jsonPayloadError(text: string): SimResponse {
  const offset = jsonErrorOffset(text);
  const ch = text.charAt(offset);
  const what = ch === '' ? 'end-of-input' : `character '${ch}'`;
  return invalidRequest(`Json encoded payload error: Unexpected ${what} at ${positionText(text, offset)}`);
}

/** A body past the JSON bounds (json/bounds.ts), in the same words and with the same position. */
export function jsonBoundsError(text: string, offset: number, problem: string): SimResponse {
  return invalidRequest(`Json encoded payload error: ${problem} at ${positionText(text, offset)} (the simulator's bound; real bodies are far smaller)`);
}

function positionText(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const character = offset - before.lastIndexOf('\n');
  return `[character ${character} line ${line}]`;
}
