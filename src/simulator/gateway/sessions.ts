import { randomBytes, randomInt } from 'node:crypto';
import { depthError } from '../../json/depth';
import { maskCardNumber } from '../../redaction';
import { deepMerge, isObject, type JsonObject } from '../jsonText';

/**
 * Payment sessions: named bags of request fields that a later Authorize, Pay, Verify or Create Token
 * picks up with `session.id`. Ids have the real format: "SESSION0002" followed by 20 alphanumerics (31
 * characters). The version changes on every update, like the real 10-hex-digit session version.
 * A session belongs to one merchant and lasts SESSION_LIFETIME_MS after its last update ("a single
 * session lasts usually about 15 minutes", Session Basics guide); at most MAX_SESSIONS are kept.
 */

export interface PaymentSession {
  id: string;
  merchantId: string;
  /** The session's own version (10 hex digits), new on every update: not the API version. */
  version: string;
  fields: JsonObject;
  /**
   * The API version of the path the session's fields were last added or updated with: an operation
   * that uses the session must be sent at that version (Payment Session guide). Undefined while the
   * session holds nothing.
   */
  apiVersion?: string;
  /** Characters of `fields` as JSON text: what the session costs the store. */
  bytes: number;
  /** NO_UPDATE until fields are set, then SUCCESS (the outcome of the last update). */
  updateStatus: 'NO_UPDATE' | 'SUCCESS';
  authenticationLimit: number;
  /** Operations sent so far with the session id as the password. */
  authentications: number;
  expiresAt: number;
}

export const SESSION_LIFETIME_MS = 15 * 60 * 1000;
export const MAX_SESSIONS = 10_000;
/**
 * What one session may hold, as JSON text. The real gateway refuses fields it does not know, so a real
 * session stays small; the simulator stores only fields the catalogue declares (sessionRoutes.ts), and still bounds them here.
 */
export const MAX_SESSION_BYTES = 1024 * 1024;
/** What all sessions together may hold: beyond it the least recently updated are forgotten. */
export const MAX_SESSIONS_BYTES = 64 * 1024 * 1024;
/** Create Session's authenticationLimit when none is sent (3DS JS guide: "the gateway sets 5"). */
export const DEFAULT_AUTHENTICATION_LIMIT = 5;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Session versions come from a pool of random bytes: one randomBytes call per update was the
 * simulator's largest single cost per Update Session (`--cpu-prof` under the bench's load).
 */
const VERSION_BYTES = 5;
let versionPool = Buffer.alloc(0);
let versionAt = 0;

function newVersion(): string {
  if (versionAt + VERSION_BYTES > versionPool.length) {
    versionPool = randomBytes(VERSION_BYTES * 1024);
    versionAt = 0;
  }
  versionAt += VERSION_BYTES;
  return versionPool.toString('hex', versionAt - VERSION_BYTES, versionAt);
}

function newSessionId(): string {
  let tail = '';
  for (let i = 0; i < 20; i++) tail += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  return `SESSION0002${tail}`;
}

export class SessionStore {
  /** In order of last update: the first entry is the one updated longest ago. */
  private readonly sessions = new Map<string, PaymentSession>();
  private totalBytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits: { maxSessions: number; maxSessionBytes: number; maxTotalBytes: number } = { maxSessions: MAX_SESSIONS, maxSessionBytes: MAX_SESSION_BYTES, maxTotalBytes: MAX_SESSIONS_BYTES },
  ) {}

  create(merchantId: string, id = newSessionId(), authenticationLimit = DEFAULT_AUTHENTICATION_LIMIT): PaymentSession {
    const session: PaymentSession = {
      id, merchantId, version: newVersion(), fields: {}, bytes: 2, updateStatus: 'NO_UPDATE', authenticationLimit, authentications: 0, expiresAt: this.now() + SESSION_LIFETIME_MS,
    };
    this.forget(id);
    this.keep(session);
    return session;
  }

  /** Puts the session last (newest) and forgets the oldest while the store is over its bounds. */
  private keep(session: PaymentSession): void {
    this.sessions.set(session.id, session);
    this.totalBytes += session.bytes;
    while (this.sessions.size > this.limits.maxSessions || (this.totalBytes > this.limits.maxTotalBytes && this.sessions.size > 1)) {
      const oldest = this.sessions.keys().next().value as string;
      if (oldest === session.id) break;
      this.forget(oldest);
    }
  }

  private forget(id: string): void {
    const s = this.sessions.get(id);
    if (!s) return;
    this.sessions.delete(id);
    this.totalBytes -= s.bytes;
  }

  /** The merchant's live session; another merchant's or an expired one is unknown, as the gateway answers. */
  get(merchantId: string, id: string): PaymentSession | undefined {
    const s = this.sessions.get(id);
    if (s && s.expiresAt <= this.now()) {
      this.forget(id);
      return undefined;
    }
    return s && s.merchantId === merchantId ? s : undefined;
  }

  /** True when a live session of that id belongs to a different merchant. */
  ownedByAnother(merchantId: string, id: string): boolean {
    const s = this.sessions.get(id);
    return s !== undefined && s.expiresAt > this.now() && s.merchantId !== merchantId;
  }

  /**
   * Adds or replaces fields (the request's win), at API version `apiVersion`. Undefined once stored;
   * otherwise why not, the session unchanged: fields nested deeper than any real field (MAX_JSON_DEPTH,
   * which also keeps every later serialisation of the session off the end of the stack), or a session
   * that would then hold more than maxSessionBytes of JSON text. The real gateway refuses the unknown
   * fields either would take.
   */
  update(session: PaymentSession, fields: JsonObject, apiVersion: string): string | undefined {
    const tooDeep = depthError(fields, 'The body of this session update');
    if (tooDeep) return `${tooDeep.message} Nothing was stored in session ${session.id}`;
    const merged = deepMerge(session.fields, fields);
    const bytes = JSON.stringify(merged).length;
    if (bytes > this.limits.maxSessionBytes) {
      return `Session ${session.id} would hold more than ${this.limits.maxSessionBytes} characters of fields (the simulator's bound on one session); nothing was stored. Send fewer or shorter fields, or use a new session`;
    }
    if (this.sessions.get(session.id) === session) this.forget(session.id);
    session.fields = merged;
    session.bytes = bytes;
    session.apiVersion = apiVersion;
    session.version = newVersion();
    session.updateStatus = 'SUCCESS';
    session.expiresAt = this.now() + SESSION_LIFETIME_MS;
    this.keep(session);
    return undefined;
  }

  /**
   * Once an operation other than Update Session uses the session, its card security code is gone
   * ("Once you initiate an operation that references a session (except Open Wallet, Update Session,
   * Update Session From Wallet), the card security code, if stored in the session, is removed. This
   * is necessary to comply with PCI regulations", Payment Session guide).
   */
  forgetSecurityCode(session: PaymentSession): void {
    session.fields = withoutSecurityCode(session.fields);
  }

  /** Characters held by all sessions (bounded by maxTotalBytes, one session excepted). */
  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.sessions.size;
  }
}

/**
 * The session's fields as the gateway shows them: card number first 6 + x's + last 4, no security code,
 * and no device payment token (the card encrypted for the gateway: never echoed, like on an order).
 */
export function maskedSessionFields(fields: JsonObject): JsonObject {
  const shown = withoutCardSecrets(fields);
  const card = cardOf(shown);
  const number = card?.['number'];
  if (!card || typeof number !== 'string') return shown;
  return deepMerge(shown, { sourceOfFunds: { provided: { card: { number: maskCardNumber(number) } } } });
}

function cardOf(fields: JsonObject): JsonObject | undefined {
  const sof = fields['sourceOfFunds'];
  const provided = isObject(sof) ? sof['provided'] : undefined;
  const card = isObject(provided) ? provided['card'] : undefined;
  return isObject(card) ? card : undefined;
}

/** The card without its security code and its device payment token (a devicePayment left empty goes too). */
function withoutCardSecrets(fields: JsonObject): JsonObject {
  const card = cardOf(fields);
  const device = card?.['devicePayment'];
  const hasToken = isObject(device) && 'paymentToken' in device;
  if (!card || (!('securityCode' in card) && !hasToken)) return fields;
  const { securityCode: _dropped, devicePayment: _device, ...rest } = card;
  if (isObject(device)) {
    const { paymentToken: _token, ...deviceRest } = device;
    if (Object.keys(deviceRest).length > 0) rest['devicePayment'] = deviceRest;
  } else if (device !== undefined) rest['devicePayment'] = device;
  const sof = fields['sourceOfFunds'] as JsonObject;
  return { ...fields, sourceOfFunds: { ...sof, provided: { ...(sof['provided'] as JsonObject), card: rest } } };
}

function withoutSecurityCode(fields: JsonObject): JsonObject {
  const card = cardOf(fields);
  if (!card || !('securityCode' in card)) return fields;
  const { securityCode: _dropped, ...rest } = card;
  const sof = fields['sourceOfFunds'] as JsonObject;
  return { ...fields, sourceOfFunds: { ...sof, provided: { ...(sof['provided'] as JsonObject), card: rest } } };
}
