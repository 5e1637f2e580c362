import { deepMerge, getString, jsonText } from '../jsonText';
import { isAllowedTarget } from '../outbound';
import { jsonAnswer, jsonResponse, type SimRequest, type SimResponse } from '../types';
import { isAuthorized, type MerchantProfile } from './auth';
import { badCredentials, invalidRequest, invalidValue, unsupportedVersion } from './errors';
import { servesVersion } from '../../catalogue';
import { operationById, type GatewayOperation } from './operations';
import { parseBody, pathProblem, type Target } from './requestParts';
import type { SessionStore } from './sessions';

/** Create, update and read payment sessions (…/session and …/session/{sessionId}). */

interface SessionDeps {
  merchants: ReadonlyMap<string, MerchantProfile>;
  sessions: SessionStore;
  /** The catalogue's first error, or the body as the gateway reads it. */
  checkFields(op: GatewayOperation, version: string, body: Record<string, unknown>): { problem: SimResponse } | { body: Record<string, unknown> };
}

export function createSession(deps: SessionDeps, req: SimRequest, target: Target): SimResponse {
  if (!isAuthorized(req, deps.merchants.get(target.merchantId), false)) return badCredentials();
  const parsed = parseBody(req);
  if (!parsed.ok) return parsed.response;
  const session = deps.sessions.create(target.merchantId);
  const { apiOperation: _ignored, ...fields } = parsed.body;
  if (Object.keys(fields).length > 0) deps.sessions.update(session, fields);
  return jsonResponse(201, jsonText({ merchant: target.merchantId, result: 'SUCCESS', session: { id: session.id, updateStatus: Object.keys(fields).length > 0 ? 'SUCCESS' : 'NO_UPDATE', version: session.version }, version: target.version }));
}

/**
 * Update Session. A well-formed session id the simulator has not seen is created on the fly
 * (lenient: the catalogue has no Create Session, and a developer should be able to start here).
 */
export function updateSession(deps: SessionDeps, req: SimRequest, target: Target, sessionId: string): SimResponse {
  const merchant = deps.merchants.get(target.merchantId);
  if (!isAuthorized(req, merchant, false) || !merchant) return badCredentials();
  const def = operationById('gateway.updateSession');
  if (!servesVersion(def, Number(target.version))) return unsupportedVersion(target.version);
  const op: GatewayOperation = { id: 'gateway.updateSession', def };
  const parsed = parseBody(req);
  if (!parsed.ok) return parsed.response;
  const idProblem = pathProblem('sessionId', sessionId);
  if (idProblem) return idProblem;
  const apiOperation = parsed.body['apiOperation'];
  if (apiOperation !== undefined && apiOperation !== 'UPDATE_SESSION') return invalidValue('apiOperation', String(apiOperation), 'Update Session takes no apiOperation (or UPDATE_SESSION)');
  const checked = deps.checkFields(op, target.version, parsed.body);
  if ('problem' in checked) return checked.problem;
  const { apiOperation: _sent, ...fields } = checked.body;
  const notificationUrl = getString(fields, 'order.notificationUrl');
  if (notificationUrl !== undefined && !isAllowedTarget(notificationUrl)) {
    return invalidValue('order.notificationUrl', notificationUrl, 'Notification URL must be an HTTPS URL (the simulator also accepts http on 127.0.0.1/localhost)');
  }
  const session = deps.sessions.get(merchant.merchantId, sessionId) ?? deps.sessions.create(merchant.merchantId, sessionId);
  deps.sessions.update(session, fields);
  return jsonAnswer(200, { merchant: merchant.merchantId, session: { id: session.id, updateStatus: 'SUCCESS', version: session.version }, version: target.version });
}

export function readSession(deps: SessionDeps, target: Target, sessionId: string): SimResponse {
  const session = deps.sessions.get(target.merchantId, sessionId);
  if (!session) return invalidRequest(`Unable to find session ${sessionId} for merchant ${target.merchantId}`);
  // Card digits are masked and the security code never leaves, as the real session read does.
  const number = getString(session.fields, 'sourceOfFunds.provided.card.number');
  const fields = number
    ? deepMerge(session.fields, { sourceOfFunds: { provided: { card: { number: number.slice(0, 6) + 'x'.repeat(Math.max(0, number.length - 10)) + number.slice(-4), securityCode: undefined } } } })
    : session.fields;
  return jsonResponse(200, `{"merchant":${JSON.stringify(target.merchantId)},"session":{"id":${JSON.stringify(session.id)},"version":${JSON.stringify(session.version)}},"fields":${JSON.stringify(fields)},"version":${JSON.stringify(target.version)}}`);
}
