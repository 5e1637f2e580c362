import type { OperationId } from '../../catalogue';
import type { SimContext } from '../context';
import { getString, isObject, jsonText, type JsonObject, type JsonOut } from '../jsonText';
import type { CatalogueIssue } from '../requestChecks';
import { jsonResponse, type SimRequest, type SimResponse } from '../types';
import { isAuthorized, type MerchantProfile } from './auth';
import { cardFrom, invalidCardNumber, sourceOfFundsView } from './cards';
import { badCredentials, invalidValue, missing, unsupportedVersion } from './errors';
import { operationById } from './operations';
import { servesVersion } from '../../catalogue';
import { parseBody, pathProblem, type Target } from './requestParts';
import { useSession } from './sessionUse';
import type { SavedCard, SavedCardHolder, SavedCardStore } from './savedCards';
import type { SessionStore } from './sessions';

/**
 * Tokens on …/merchant/{merchantId}/token[/{tokenId}]: POST Create Token, PUT Create or Update Token,
 * GET Retrieve Token, DELETE Delete Token. The card comes from sourceOfFunds.provided.card or from
 * the session named by session.id (provided details win). The answer shows the card masked, expiry
 * as MMYY text, as the Tokenization reference's samples do.
 */

interface TokenDeps {
  ctx: SimContext;
  merchants: ReadonlyMap<string, MerchantProfile>;
  sessions: SessionStore;
  savedCards: SavedCardStore;
  checkFields(op: { id: OperationId }, version: string, body: JsonObject): { problem: SimResponse } | { body: JsonObject };
  firstError(op: { id: OperationId }, version: string, body: JsonObject): CatalogueIssue | undefined;
}

type TokenRoute = 'create' | 'update' | 'read' | 'delete';

/** The token operation a method and path name: POST token, PUT|GET|DELETE token/{tokenId}; undefined for any other. */
export function tokenRouteOf(method: string, tokenId: string | undefined): TokenRoute | undefined {
  if (tokenId === undefined) return method === 'POST' ? 'create' : undefined;
  return ({ PUT: 'update', GET: 'read', DELETE: 'delete' } as const)[method as 'PUT' | 'GET' | 'DELETE'];
}

/** The reads have no body for the catalogue to judge the version by: their own first version is checked here. */
const BODILESS: Partial<Record<TokenRoute, 'gateway.retrieveToken' | 'gateway.deleteToken'>> = { read: 'gateway.retrieveToken', delete: 'gateway.deleteToken' };

export function handleToken(deps: TokenDeps, req: SimRequest, target: Target, tokenId: string | undefined): SimResponse | undefined {
  const merchant = deps.merchants.get(target.merchantId);
  const route = tokenRouteOf(req.method, tokenId);
  if (!route) return undefined;
  const bodiless = BODILESS[route];
  if (bodiless && !servesVersion(operationById(bodiless), Number(target.version))) return unsupportedVersion(target.version);
  if (!isAuthorized(req, merchant, false) || !merchant) return badCredentials();
  if (tokenId !== undefined) {
    const problem = pathProblem('tokenId', tokenId);
    if (problem) return problem;
  }
  switch (route) {
    case 'create': return saveToken(deps, req, target, undefined);
    case 'update': return saveToken(deps, req, target, tokenId);
    case 'read': return readToken(deps, target, tokenId ?? '');
    case 'delete': return deps.savedCards.delete(merchant.merchantId, tokenId ?? '') ? jsonResponse(200, jsonText({ result: 'SUCCESS' })) : unknownToken(tokenId ?? '', merchant.merchantId, 'tokenId');
  }
}

function saveToken(deps: TokenDeps, req: SimRequest, target: Target, tokenId: string | undefined): SimResponse {
  const parsed = parseBody(req);
  if (!parsed.ok) return parsed.response;
  const checked = deps.checkFields({ id: tokenId === undefined ? 'gateway.createToken' : 'gateway.updateToken' }, target.version, parsed.body);
  if ('problem' in checked) return checked.problem;
  let body = checked.body;
  const sessionId = getString(body, 'session.id');
  if (sessionId !== undefined) {
    const used = useSession(deps, { operationId: tokenId === undefined ? 'gateway.createToken' : 'gateway.updateToken', merchantId: target.merchantId, version: target.version, sessionId, body });
    if ('problem' in used) return used.problem;
    body = used.body;
  }
  const card = cardFrom(body);
  if (!card || card.fromToken) return missing('sourceOfFunds.provided.card.number');
  if (!/^\d{12,19}$/.test(card.number)) return invalidCardNumber(card.number);
  if (!card.expiryMonth) return missing('sourceOfFunds.provided.card.expiry.month');
  if (!card.expiryYear) return missing('sourceOfFunds.provided.card.expiry.year');
  const saved = deps.savedCards.save(target.merchantId, { number: card.number, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear }, deps.ctx.now().toISOString(), tokenId, holderOf(body));
  return jsonResponse(tokenId === undefined ? 201 : 200, jsonText(tokenAnswer(saved, getString(body, 'correlationId'))));
}

/** billing and customer as sent (the catalogue has checked them), stored with the card as the gateway's token keeps them. */
function holderOf(body: JsonObject): SavedCardHolder {
  const billing = body['billing'];
  const customer = body['customer'];
  // Parsed JSON text: every value is JSON, as JsonOut says.
  return { ...(isObject(billing) ? { billing: billing as JsonOut } : {}), ...(isObject(customer) ? { customer: customer as JsonOut } : {}) };
}

function readToken(deps: TokenDeps, target: Target, tokenId: string): SimResponse {
  const saved = deps.savedCards.get(target.merchantId, tokenId);
  return saved ? jsonResponse(200, jsonText(tokenAnswer(saved))) : unknownToken(tokenId, target.merchantId, 'tokenId');
}

/**
 * What Create, Update and Retrieve Token answer: the card masked, never its security code; the billing
 * and customer stored with it, the request's correlationId, and usage as the ARC Pay v70 Create Token
 * answer shows it (usage.lastUpdated.merchantId and .time, usage.lastUsedTime: the verification that
 * saved the card used it; test/contract/corpus/arcpay-v70-create-token-from-session.json).
 */
function tokenAnswer(saved: SavedCard, correlationId?: string): JsonOut {
  const view = sourceOfFundsView({ ...saved.card, fromToken: false }) as { provided: { card: Record<string, JsonOut> }; type: string };
  const expiry = saved.card.expiryMonth.padStart(2, '0') + saved.card.expiryYear;
  return {
    billing: saved.holder?.billing,
    correlationId,
    customer: saved.holder?.customer,
    repositoryId: saved.merchantId,
    response: { gatewayCode: 'BASIC_VERIFICATION_SUCCESSFUL' },
    result: 'SUCCESS',
    sourceOfFunds: { ...view, provided: { card: { ...view.provided.card, expiry } } },
    status: 'VALID',
    token: saved.token,
    usage: { lastUpdated: { merchantId: saved.merchantId, time: saved.lastUpdated }, lastUsedTime: saved.lastUpdated },
    verificationStrategy: 'BASIC',
  };
}

/** The gateway's kind of refusal for a token the merchant's repository does not hold (wording inferred). */
export const unknownToken = (token: string, merchantId: string, field = 'sourceOfFunds.token'): SimResponse => invalidValue(field, token, `Unable to find token ${token} for merchant ${merchantId}`);
