import { randomBytes } from 'node:crypto';
import type { OperationId } from '../../catalogue';
import { getString, isObject, jsonText, withoutPath, type JsonObject, type JsonOut } from '../jsonText';
import { isAllowedTarget } from '../outbound';
import { jsonAnswer, jsonResponse, type SimRequest, type SimResponse } from '../types';
import { shapeAnswer, withoutNeverAnswered } from './answerShape';
import { isAuthorized, type MerchantProfile } from './auth';
import { badCredentials, fieldError, invalidRequest, invalidValue, unsupportedVersion } from './errors';
import { servesVersion, sessionReaderKnows } from '../../catalogue';
import { operationById, type GatewayOperation } from './operations';
import { parseBody, pathProblem, type Target } from './requestParts';
import { fieldNotForPayer, isSessionAuthenticated } from './sessionAuth';
import { sourceOfFundsView } from './cards';
import { DEFAULT_AUTHENTICATION_LIMIT, maskedSessionFields, type PaymentSession, type SessionStore } from './sessions';

/** Create, update and read payment sessions (…/session and …/session/{sessionId}). */

interface SessionDeps {
  merchants: ReadonlyMap<string, MerchantProfile>;
  sessions: SessionStore;
  /** The catalogue's first error, or the body as the gateway reads it. */
  checkFields(op: { id: OperationId }, version: string, body: JsonObject): { problem: SimResponse } | { body: JsonObject; undeclared: readonly string[] };
}

/** The session group of an answer, as the gateway lays it out. */
function sessionGroup(session: PaymentSession): { [key: string]: JsonOut } {
  return { authenticationLimit: session.authenticationLimit, id: session.id, updateStatus: session.updateStatus, version: session.version };
}

/** Update and Retrieve Session answer with what the session holds, at the top level, card masked. */
function sessionAnswer(session: PaymentSession, target: Target, operation: OperationId): SimResponse {
  // Parsed request JSON, so plain JSON values throughout.
  const held = withoutNeverAnswered(maskedSessionFields(session.fields) as Record<string, JsonOut>);
  const shown = operation === 'gateway.updateSession' ? withCardDetails(held, session.fields) : held;
  // Only the session group is cut to the table: the rest echoes what the session holds, whatever its paths.
  const group = shapeAnswer({ session: sessionGroup(session) }, { operation, version: Number(target.version), outcome: 'approved' });
  return jsonAnswer(200, { ...shown, merchant: session.merchantId, ...group, version: target.version });
}

/**
 * Update Session tells what the card it holds is (brand, fundingMethod, scheme, as payments do) and that a
 * security code is held, as "xxx" (glad-v78-update-session-card.json, glad-v78-update-session-for-3ds.json).
 */
function withCardDetails(held: Record<string, JsonOut>, fields: JsonObject): Record<string, JsonOut> {
  const number = getString(fields, 'sourceOfFunds.provided.card.number')?.replace(/[ -]/g, '');
  if (!number) return held;
  const described = sourceOfFundsView({ number, fromToken: false }) as JsonObject;
  const securityCode = getString(fields, 'sourceOfFunds.provided.card.securityCode') === undefined ? {} : { securityCode: 'xxx' };
  const card = { ...cardGroup({ sourceOfFunds: described }), ...cardGroup(held), ...securityCode };
  const sof = isObject(held['sourceOfFunds']) ? held['sourceOfFunds'] : {};
  const provided = isObject(sof['provided']) ? sof['provided'] : {};
  // Parsed request JSON and the card view: plain JSON values throughout.
  return { ...held, sourceOfFunds: { ...sof, provided: { ...provided, card } } as JsonOut };
}

function cardGroup(fields: JsonObject): JsonObject {
  const sof = fields['sourceOfFunds'];
  const provided = isObject(sof) ? sof['provided'] : undefined;
  const card = isObject(provided) ? provided['card'] : undefined;
  return isObject(card) ? card : {};
}

export function createSession(deps: SessionDeps, req: SimRequest, target: Target): SimResponse {
  if (!isAuthorized(req, deps.merchants.get(target.merchantId), false)) return badCredentials();
  const parsed = parseBody(req);
  if (!parsed.ok) return parsed.response;
  const checked = deps.checkFields({ id: 'gateway.createSession' }, target.version, parsed.body);
  if ('problem' in checked) return checked.problem;
  const { apiOperation: _ignored, correlationId, session: sessionGroupSent, ...fields } = checked.body;
  const limit = isObject(sessionGroupSent) && typeof sessionGroupSent['authenticationLimit'] === 'number' ? sessionGroupSent['authenticationLimit'] : DEFAULT_AUTHENTICATION_LIMIT;
  const session = deps.sessions.create(target.merchantId, undefined, limit);
  const refused = Object.keys(fields).length > 0 ? deps.sessions.update(session, fields, target.version) : undefined;
  if (refused) return invalidRequest(refused);
  // aes256Key: the key the gateway would encrypt this session's data with for the merchant (create-session-api.json
  // at v57, answerFields.ts); the simulator encrypts nothing with it, so a fresh random key is honest enough.
  const created = { aes256Key: randomBytes(32).toString('base64'), ...sessionGroup(session) };
  // No top-level version: neither the v57 (create-session-api.json) nor the v78 (glad-v78-create-session) answer has one.
  const answer = { ...(typeof correlationId === 'string' ? { correlationId } : {}), merchant: target.merchantId, result: 'SUCCESS', session: created };
  return jsonResponse(201, jsonText(shapeAnswer(answer, { operation: 'gateway.createSession', version: Number(target.version), outcome: 'approved' })));
}

/**
 * Update Session, with the API password or with the session id as the password (session
 * authentication). With the API password, a well-formed session id the simulator has not seen is
 * created on the fly (lenient: a developer can start here); a live session of another merchant is
 * refused as unknown, as the gateway refuses it.
 */
export function updateSession(deps: SessionDeps, req: SimRequest, target: Target, sessionId: string): SimResponse {
  const merchant = deps.merchants.get(target.merchantId);
  if (!merchant) return badCredentials();
  const bySession = isSessionAuthenticated(req, merchant.merchantId, sessionId);
  if (!bySession && !isAuthorized(req, merchant, false)) return badCredentials();
  const op: GatewayOperation = { id: 'gateway.updateSession', def: operationById('gateway.updateSession') };
  if (!servesVersion(op.def, Number(target.version))) return unsupportedVersion(target.version);
  const parsed = parseBody(req);
  if (!parsed.ok) return parsed.response;
  const idProblem = pathProblem('sessionId', sessionId);
  if (idProblem) return idProblem;
  const apiOperation = parsed.body['apiOperation'];
  if (apiOperation !== undefined && apiOperation !== 'UPDATE_SESSION') return invalidValue('apiOperation', String(apiOperation), 'Update Session takes no apiOperation (or UPDATE_SESSION)');
  const checked = deps.checkFields(op, target.version, parsed.body);
  if ('problem' in checked) return checked.problem;
  // A name the catalogue does not declare for this version (its list partial: accepted, as the gateway may know it)
  // is not stored unless the payments that read sessions declare it, so no later answer echoes an invented
  // field as if the gateway had kept it, and customer.email still reaches the Pay.
  const { apiOperation: _sent, ...sent } = checked.body;
  const fields = checked.undeclared
    .filter((path) => !sessionReaderKnows(Number(target.version), path))
    .reduce((kept, path) => withoutPath(kept, path.split('.')), sent);
  const notificationUrl = getString(fields, 'order.notificationUrl');
  if (notificationUrl !== undefined && !isAllowedTarget(notificationUrl)) {
    return invalidValue('order.notificationUrl', notificationUrl, 'Notification URL must be an HTTPS URL (the simulator also accepts http on 127.0.0.1/localhost)');
  }
  if (deps.sessions.ownedByAnother(merchant.merchantId, sessionId)) return unknownSession(sessionId, merchant.merchantId);
  if (bySession) return updateAsPayer(deps, target, sessionId, fields);
  const session = deps.sessions.get(merchant.merchantId, sessionId) ?? deps.sessions.create(merchant.merchantId, sessionId);
  const refused = deps.sessions.update(session, fields, target.version);
  if (refused) return invalidRequest(refused);
  return sessionAnswer(session, target, 'gateway.updateSession');
}

/** Session authentication: only an existing session, within its authenticationLimit, only payer fields. */
function updateAsPayer(deps: SessionDeps, target: Target, sessionId: string, fields: JsonObject): SimResponse {
  const session = deps.sessions.get(target.merchantId, sessionId);
  if (!session) return badCredentials();
  if (session.authentications >= session.authenticationLimit) {
    return invalidRequest(`Session ${sessionId} has reached its authenticationLimit of ${session.authenticationLimit} operations with the session id as the password`);
  }
  const refused = fieldNotForPayer(fields);
  if (refused) return fieldError({ field: refused, validationType: 'UNSUPPORTED', explanation: `Field '${refused}' cannot be set with session authentication: a payer may set only payer input fields (card, billing, customer, device...)` });
  session.authentications++;
  const notStored = deps.sessions.update(session, fields, target.version);
  if (notStored) return invalidRequest(notStored);
  // Payer output fields only: the payer's device gets neither the merchant's order nor the session's contents.
  return jsonAnswer(200, { session: { updateStatus: session.updateStatus, version: session.version }, version: target.version });
}

export function readSession(deps: SessionDeps, target: Target, sessionId: string): SimResponse {
  const idProblem = pathProblem('sessionId', sessionId);
  if (idProblem) return idProblem;
  const session = deps.sessions.get(target.merchantId, sessionId);
  if (!session) return unknownSession(sessionId, target.merchantId);
  return sessionAnswer(session, target, 'gateway.retrieveSession');
}

export const unknownSession = (sessionId: string, merchantId: string): SimResponse => invalidValue('session.id', sessionId, `Unable to find session ${sessionId} for merchant ${merchantId}`);
