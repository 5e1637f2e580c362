import { requiredFieldsUnder, type OperationId } from '../../catalogue';
import { deepMerge, isObject, type JsonObject } from '../jsonText';
import { isUnknownParameter, refusalOf, toFieldError, type CatalogueIssue } from '../requestChecks';
import type { SimResponse } from '../types';
import { fieldError, invalidValue } from './errors';
import { unknownSession } from './sessionRoutes';
import type { PaymentSession, SessionStore } from './sessions';

/**
 * An operation that names a payment session (`session.id`: Authorize, Pay, Verify, Initiate
 * Authentication, Authenticate Payer, Create Token), as the Payment Session guide and Session Basics
 * describe it:
 * - the session is the merchant's own and alive, else "Unable to find session";
 * - the request is sent at the API version the session was last updated with ("the Web-Services API
 *   version for the operations referencing the session must match the Web-Services API version used
 *   when updating or adding request fields to the session"); the gateway's wording of the refusal was
 *   not found, so the explanation says what it checks;
 * - the gateway "forms the final transaction by combining the fields in the session with those
 *   supplied directly in the request", the request's own fields winning (Precedence Rules), and the
 *   operation's catalogue rules apply to that final body: a required field neither holds is named,
 *   saying so; a bad value the session supplied says it came from the session;
 * - the card security code leaves the session as the operation starts (not when it ends), so a
 *   second operation sent meanwhile already finds none.
 */

interface SessionUseDeps {
  sessions: SessionStore;
  /** The catalogue's first error for the body, as the simulator judges every body (GatewayApi.firstError). */
  firstError(op: { id: OperationId }, version: string, body: JsonObject): CatalogueIssue | undefined;
}

interface SessionRequest {
  operationId: OperationId;
  merchantId: string;
  /** The path's version, as text ("100"). */
  version: string;
  sessionId: string;
  /** The request body as its own checks accepted it. */
  body: JsonObject;
}

export function useSession(deps: SessionUseDeps, r: SessionRequest): { body: JsonObject; session: PaymentSession } | { problem: SimResponse } {
  const session = deps.sessions.get(r.merchantId, r.sessionId);
  if (!session) return { problem: unknownSession(r.sessionId, r.merchantId) };
  if (session.apiVersion !== undefined && Number(session.apiVersion) !== Number(r.version)) {
    return { problem: invalidValue('session.id', r.sessionId, `Session ${r.sessionId} was updated with API version ${session.apiVersion}: an operation that uses it must be sent at version ${session.apiVersion} too, not ${r.version}. Send this at version ${session.apiVersion}, or update the session at version ${r.version} first`) };
  }
  const merged = deepMerge(session.fields, r.body);
  const problem = mergedProblem(deps, r, merged);
  if (problem) return { problem };
  deps.sessions.forgetSecurityCode(session);
  return { body: merged, session };
}

/** The first error of the merged body (the operation's own rules, no session excusing a field), in the gateway's envelope. */
function mergedProblem(deps: SessionUseDeps, r: SessionRequest, merged: JsonObject): SimResponse | undefined {
  // Without its session reference the body is judged as the final transaction: required means required.
  const { session: _reference, ...final } = merged;
  const first = deps.firstError({ id: r.operationId }, r.version, final);
  if (!first) return undefined;
  if (isUnknownParameter(first)) return refusalOf(first, final);
  const error = toFieldError(first);
  if (error.validationType === 'MISSING') {
    // A missing required object is named by the first required field in it ('order' → 'order.currency').
    const missingField = requiredFieldsUnder(r.operationId, Number(r.version), first.path)[0] ?? first.path;
    return fieldError({ field: missingField, validationType: 'MISSING', explanation: `Missing parameter: neither the request nor session ${r.sessionId} holds ${missingField}` });
  }
  return fieldError(has(r.body, first.path) ? error : { ...error, explanation: `${error.explanation} (the value comes from session ${r.sessionId})` });
}

/** True when the request itself has a value at this path ('order.amount', 'item[2].name'). */
function has(body: JsonObject, path: string): boolean {
  let cur: unknown = body;
  for (const step of path.split(/\.|(?=\[)/)) {
    const index = /^\[(\d+)\]$/.exec(step)?.[1];
    if (index !== undefined) cur = Array.isArray(cur) ? cur[Number(index)] : undefined;
    else cur = isObject(cur) && Object.hasOwn(cur, step) ? cur[step] : undefined;
    if (cur === undefined) return false;
  }
  return true;
}
