import { basicCredentials } from './auth';
import type { SimRequest } from '../types';
import type { JsonObject } from '../jsonText';
import { isObject } from '../jsonText';

/**
 * Session authentication: Update Session sent from the payer's browser or app with HTTP Basic user
 * `merchant.<merchantId>` and the session id as the password (the vendor's mobile SDKs and Hosted
 * Session script do this). Such a request may carry only payer input fields ("Session Authentication
 * Fields": the payer cannot submit the order amount); the card fields are on that list for Hosted
 * Session (inferred: the published list is longer than the excerpt read).
 */

/** Top-level groups a payer may set, and within sourceOfFunds only the provided card and its type. */
const PAYER_GROUPS: ReadonlySet<string> = new Set(['agreement', 'authentication', 'billing', 'browserPayment', 'correlationId', 'customer', 'device', 'shipping', 'sourceOfFunds']);
const PAYER_SOURCE_OF_FUNDS: ReadonlySet<string> = new Set(['provided', 'type']);

/** True when the request's password is this very session id for this merchant (never another session's). */
export function isSessionAuthenticated(req: SimRequest, merchantId: string, sessionId: string): boolean {
  const creds = basicCredentials(req);
  return creds !== undefined && creds.user === `merchant.${merchantId}` && creds.password === sessionId;
}

/** The first field of the body a payer may not set, as a dotted path, or undefined. */
export function fieldNotForPayer(body: JsonObject): string | undefined {
  for (const [key, value] of Object.entries(body)) {
    if (key === 'apiOperation') continue;
    if (!PAYER_GROUPS.has(key)) return key;
    if (key === 'sourceOfFunds' && isObject(value)) {
      const other = Object.keys(value).find((k) => !PAYER_SOURCE_OF_FUNDS.has(k));
      if (other) return `sourceOfFunds.${other}`;
    }
  }
  return undefined;
}
