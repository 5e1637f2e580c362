import { timingSafeEqual } from 'node:crypto';
import { headerValue, type SimRequest } from '../types';

/**
 * Gateway credentials. HTTP Basic with user `merchant.<merchantId>` and the API password; the spec
 * says Authorize is sent with an EMPTY user id, so for Authorize both the empty user and
 * `merchant.<merchantId>` are accepted (lenient, because real clients and libraries send the latter
 * everywhere and the real gateway accepts it). Every other operation needs `merchant.<merchantId>`.
 * On the mTLS port a verified client certificate replaces Basic auth (certificate authentication).
 */

export interface MerchantProfile {
  merchantId: string;
  apiPassword: string;
  /** true: an approved Authorize also captures (purchase profile); false: authorize only. */
  autoCapture: boolean;
  /** Sent as X-Notification-Secret with webhooks so receivers can check the sender. */
  notificationSecret: string;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function basicCredentials(req: SimRequest): { user: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(headerValue(req.headers, 'authorization') ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function isAuthorized(req: SimRequest, merchant: MerchantProfile | undefined, allowEmptyUser: boolean): boolean {
  if (!merchant) return false;
  if (req.clientCertAuthenticated) return true;
  const creds = basicCredentials(req);
  if (!creds) return false;
  const userOk = creds.user === `merchant.${merchant.merchantId}` || (allowEmptyUser && creds.user === '');
  return userOk && sameText(creds.password, merchant.apiPassword);
}
