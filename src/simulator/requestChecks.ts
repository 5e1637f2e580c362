/**
 * Adapter between the catalogue's request checks and the gateway's error envelope: the simulator
 * rejects what the real gateway rejects, naming the field, the rule and a real-style explanation.
 * Catalogue rule → validationType: 'required' and 'requiredFor' (required in this case, such as the
 * amount of an Authorize) → MISSING, 'unexpected' and 'notInVersion' (a field of other versions) → UNSUPPORTED, anything else (enum, pattern, length,
 * type, range, other cross-field rules) → INVALID.
 */
import { checkBody, namedByGateway, validatePathParam, type OperationId } from '../catalogue';
import type { ValidationType } from '../catalogue/codes';
import { quote } from '../format/quote';
import { fieldError, gatewayQuote, invalidRequest, type FieldError } from './gateway/errors';
import type { SimResponse } from './types';

export interface CatalogueIssue {
  path: string;
  rule: string;
  message: string;
  value?: unknown;
}

/**
 * What the real gateway rejects in a body (the catalogue's errors; its warnings name what the real
 * gateway accepts, so the simulator accepts them too), and the body as the gateway reads it.
 */
export function catalogueCheck(id: OperationId, version: number | undefined, body: unknown, now?: Date): { errors: CatalogueIssue[]; accepted: unknown; undeclared: string[] } {
  const checked = checkBody(id, version, body, now);
  return {
    errors: checked.issues.filter((i) => i.severity === 'error'),
    accepted: checked.accepted,
    // Names the catalogue does not declare where its list is partial: accepted, as the gateway may know them, but not acted on.
    undeclared: checked.issues.filter((i) => i.rule === 'unknownField').map((i) => i.path),
  };
}

/**
 * The first catalogue problem of a financing body, already in the lender's "<field>: <what is wrong>"
 * form (the catalogue words its messages that way), or undefined.
 */
export function financingProblem(id: 'financing.login' | 'financing.offers' | 'financing.offersSelectFirst', body: unknown): string | undefined {
  const first = catalogueCheck(id, undefined, body).errors[0];
  if (!first) return undefined;
  // Never quote a password back (answers are logged and shown).
  return /password/i.test(first.path) ? first.message.replace(/, got .*$/s, '') : first.message;
}

/** Rules of the URL parameters (merchantId, orderId, transactionId, sessionId, tokenId), from the catalogue. */
export function pathParamIssues(name: 'merchantId' | 'orderId' | 'transactionId' | 'sessionId' | 'tokenId', value: string): CatalogueIssue[] {
  return validatePathParam(name, value);
}

/** A name the gateway does not know at the request's version (the catalogue's complete list says so, or another version has it). */
export function isUnknownParameter(issue: CatalogueIssue): boolean {
  return issue.rule === 'unknownParameter' || issue.rule === 'notInVersion';
}

/**
 * A refused body as the gateway answers it. An unknown name gets the explanation alone, without
 * `field` or `validationType`: a recorded real answer to an Initiate Checkout body reads
 * {"result":"ERROR","error":{"cause":"INVALID_REQUEST","explanation":"Unexpected parameter 'authentication.purpose'"}}.
 */
export function refusalOf(issue: CatalogueIssue, body: unknown): SimResponse {
  if (isUnknownParameter(issue)) return invalidRequest(`Unexpected parameter ${quote(namedByGateway(issue.path, body), { mark: "'" })}`);
  return fieldError(toFieldError(issue));
}

export function validationTypeOf(rule: string): ValidationType {
  if (rule === 'required' || rule === 'requiredFor') return 'MISSING';
  if (rule === 'unexpected' || rule === 'unknownParameter' || rule === 'notInVersion') return 'UNSUPPORTED';
  return 'INVALID';
}

/** The catalogue's message as a sentence: without its "<path>: " prefix and ", got …" tail (the value is quoted already). */
function reason(issue: CatalogueIssue): string {
  const prefix = `${issue.path || 'body'}: `;
  const text = (issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message).replace(/, got .*$/s, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One catalogue issue as the gateway would explain it. */
export function toFieldError(issue: CatalogueIssue): FieldError {
  const validationType = validationTypeOf(issue.rule);
  const field = issue.path;
  if (validationType === 'MISSING') return { field, validationType, explanation: 'Missing parameter' };
  if (validationType === 'UNSUPPORTED') return { field, validationType, explanation: `Unexpected parameter ${quote(field, { mark: "'" })}` };
  const value = gatewayQuote(field, issue.value);
  const limit = Number(/(?:<=|at most|maximum(?: of)?|max(?:imum)?(?: length)?)\s*(\d+)/i.exec(issue.message)?.[1] ?? NaN);
  if (issue.rule === 'maxLength' && typeof issue.value === 'string' && Number.isFinite(limit)) {
    // The length is of the real value; only the quoted text is masked.
    return { field, validationType, explanation: `Value ${value} is invalid. Length is ${issue.value.length} characters, but must be less than ${limit + 1}` };
  }
  const low = Number(/(?:>=|at least|minimum(?: of)?)\s*(\d+)/i.exec(issue.message)?.[1] ?? NaN);
  if (issue.rule === 'minLength' && typeof issue.value === 'string' && Number.isFinite(low)) {
    return { field, validationType, explanation: `Value ${value} is invalid. Length is ${issue.value.length} characters, but must be at least ${low}` };
  }
  return { field, validationType, explanation: `Value ${value} is invalid. ${reason(issue)}` };
}
