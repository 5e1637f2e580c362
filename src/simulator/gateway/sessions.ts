import { randomBytes, randomInt } from 'node:crypto';
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
  version: string;
  fields: JsonObject;
  /** NO_UPDATE until fields are set, then SUCCESS (the outcome of the last update). */
  updateStatus: 'NO_UPDATE' | 'SUCCESS';
  authenticationLimit: number;
  /** Operations sent so far with the session id as the password. */
  authentications: number;
  expiresAt: number;
}

export const SESSION_LIFETIME_MS = 15 * 60 * 1000;
export const MAX_SESSIONS = 10_000;
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
  private readonly sessions = new Map<string, PaymentSession>();

  constructor(private readonly now: () => number = Date.now) {}

  create(merchantId: string, id = newSessionId(), authenticationLimit = DEFAULT_AUTHENTICATION_LIMIT): PaymentSession {
    const session: PaymentSession = {
      id, merchantId, version: newVersion(), fields: {}, updateStatus: 'NO_UPDATE', authenticationLimit, authentications: 0, expiresAt: this.now() + SESSION_LIFETIME_MS,
    };
    this.sessions.delete(id);
    this.sessions.set(id, session);
    // Map order is insertion order: the first entry is the oldest.
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
    return session;
  }

  /** The merchant's live session; another merchant's or an expired one is unknown, as the gateway answers. */
  get(merchantId: string, id: string): PaymentSession | undefined {
    const s = this.sessions.get(id);
    if (s && s.expiresAt <= this.now()) {
      this.sessions.delete(id);
      return undefined;
    }
    return s && s.merchantId === merchantId ? s : undefined;
  }

  /** True when a live session of that id belongs to a different merchant. */
  ownedByAnother(merchantId: string, id: string): boolean {
    const s = this.sessions.get(id);
    return s !== undefined && s.expiresAt > this.now() && s.merchantId !== merchantId;
  }

  update(session: PaymentSession, fields: JsonObject): void {
    session.fields = deepMerge(session.fields, fields);
    session.version = newVersion();
    session.updateStatus = 'SUCCESS';
    session.expiresAt = this.now() + SESSION_LIFETIME_MS;
  }

  /**
   * After an operation other than Update Session used the session, its security code is gone (the
   * Session Basics guide: PCI forbids keeping it).
   */
  forgetSecurityCode(session: PaymentSession): void {
    session.fields = withoutSecurityCode(session.fields);
  }

  get size(): number {
    return this.sessions.size;
  }
}

/** The session's fields as the gateway shows them: card number first 6 + x's + last 4, no security code. */
export function maskedSessionFields(fields: JsonObject): JsonObject {
  const shown = withoutSecurityCode(fields);
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

function withoutSecurityCode(fields: JsonObject): JsonObject {
  const card = cardOf(fields);
  if (!card || !('securityCode' in card)) return fields;
  const { securityCode: _dropped, ...rest } = card;
  const sof = fields['sourceOfFunds'] as JsonObject;
  return { ...fields, sourceOfFunds: { ...sof, provided: { ...(sof['provided'] as JsonObject), card: rest } } };
}
