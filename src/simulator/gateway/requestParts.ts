import { isObject, type JsonObject } from '../jsonText';
import { pathParamIssues, toFieldError } from '../requestChecks';
import type { SimRequest, SimResponse } from '../types';
import { jsonBoundsProblem } from '../../json/bounds';
import { excerpt } from '../../format/quote';
import { fieldError, gatewayError, invalidRequest, jsonBoundsError, jsonPayloadError } from './errors';

/** The parts of a gateway request every route needs: the path's target, the URL ids, the JSON body. */

export const GATEWAY_PREFIX = '/api/rest/version/';

export interface Target {
  version: string;
  merchantId: string;
  rest: string[];
}

/** The path's version segment (`80` of /api/rest/version/80/…), before anything else is known; undefined when there is none. */
export function versionSegment(path: string): string | undefined {
  const version = path.slice(GATEWAY_PREFIX.length).split('/')[0];
  return version === undefined || version === '' ? undefined : version;
}

/** Check Gateway's path: /api/rest/version/{v}/information, without a merchant. */
export function isInformationPath(path: string): boolean {
  const parts = path.slice(GATEWAY_PREFIX.length).split('/');
  return parts.length === 2 && parts[1] === 'information';
}

/**
 * A path the gateway knows up to `segments` parts after /api (rest, version, v, merchant, m, order, id = 7)
 * but not what follows: 404 in the gateway's words, "After url path /rest/version/100/merchant/M/order/O,
 * expected /transaction" (a live sandbox answer to PUT …/order/{id}/checkout). The path is as sent (still
 * encoded): the gateway echoes what it received.
 */
export function expectedNext(path: string, segments: number, next: string): SimResponse {
  // An order id of kilobytes in the URL must not make a kilobytes answer: cut as every message names input.
  const known = excerpt(path.split('/').slice(2, 2 + segments).join('/'));
  return gatewayError(404, 'INVALID_REQUEST', `After url path /${known}, expected /${next}`);
}

export function parseTarget(path: string): Target | undefined {
  const parts = path.slice(GATEWAY_PREFIX.length).split('/');
  const [version, merchantWord, merchantId, ...rest] = parts;
  if (!version || merchantWord !== 'merchant' || merchantId === undefined) return undefined;
  try {
    return { version, merchantId: decodeURIComponent(merchantId), rest: rest.map((r) => decodeURIComponent(r)) };
  } catch {
    return undefined;
  }
}

export function pathProblem(name: 'orderId' | 'transactionId' | 'sessionId' | 'tokenId', value: string): SimResponse | undefined {
  const first = pathParamIssues(name, value)[0];
  return first ? fieldError(toFieldError(first)) : undefined;
}

export type ParsedBody = { ok: true; body: JsonObject } | { ok: false; response: SimResponse };

/** One parse per request: the router parses first (before credentials), the operation reads the same result. */
const parsedBodies = new WeakMap<SimRequest, ParsedBody>();

export function parseBody(req: SimRequest): ParsedBody {
  const known = parsedBodies.get(req);
  if (known) return known;
  const parsed = parseText(req.rawBody.toString('utf8'));
  parsedBodies.set(req, parsed);
  return parsed;
}

function parseText(text: string): ParsedBody {
  if (text.trim() === '') return { ok: true, body: {} };
  const tooMuch = jsonBoundsProblem(text);
  if (tooMuch) return { ok: false, response: jsonBoundsError(text, tooMuch.offset, tooMuch.problem) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, response: jsonPayloadError(text) };
  }
  if (!isObject(parsed)) return { ok: false, response: invalidRequest('Json encoded payload error: the request body must be a JSON object') };
  return { ok: true, body: parsed };
}
