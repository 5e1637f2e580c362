import { isObject, type JsonObject } from '../jsonText';
import { pathParamIssues, toFieldError } from '../requestChecks';
import type { SimRequest, SimResponse } from '../types';
import { jsonBoundsProblem } from '../../json/bounds';
import { fieldError, invalidRequest, jsonBoundsError, jsonPayloadError } from './errors';

/** The parts of a gateway request every route needs: the path's target, the URL ids, the JSON body. */

export const GATEWAY_PREFIX = '/api/rest/version/';

export interface Target {
  version: string;
  merchantId: string;
  rest: string[];
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

export function parseBody(req: SimRequest): { ok: true; body: JsonObject } | { ok: false; response: SimResponse } {
  const text = req.rawBody.toString('utf8');
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
