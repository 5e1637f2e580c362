import { randomBytes, randomInt } from 'node:crypto';
import { deepMerge, type JsonObject } from '../jsonText';

/**
 * Payment sessions: named bags of request fields that a later Authorize or Verify picks up with
 * `session.id`. Ids have the real format: "SESSION0002" followed by 20 alphanumerics (31 characters).
 * The version changes on every update, like the real 10-hex-digit session version.
 */

interface PaymentSession {
  id: string;
  merchantId: string;
  version: string;
  fields: JsonObject;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function newSessionId(): string {
  let tail = '';
  for (let i = 0; i < 20; i++) tail += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  return `SESSION0002${tail}`;
}

export class SessionStore {
  private readonly sessions = new Map<string, PaymentSession>();

  create(merchantId: string, id = newSessionId()): PaymentSession {
    const session: PaymentSession = { id, merchantId, version: randomBytes(5).toString('hex'), fields: {} };
    this.sessions.set(id, session);
    return session;
  }

  get(merchantId: string, id: string): PaymentSession | undefined {
    const s = this.sessions.get(id);
    return s && s.merchantId === merchantId ? s : undefined;
  }

  update(session: PaymentSession, fields: JsonObject): void {
    session.fields = deepMerge(session.fields, fields);
    session.version = randomBytes(5).toString('hex');
  }

  get size(): number {
    return this.sessions.size;
  }
}
