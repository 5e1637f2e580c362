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

  create(merchantId: string, id = newSessionId()): PaymentSession {
    const session: PaymentSession = { id, merchantId, version: newVersion(), fields: {} };
    this.sessions.set(id, session);
    return session;
  }

  get(merchantId: string, id: string): PaymentSession | undefined {
    const s = this.sessions.get(id);
    return s && s.merchantId === merchantId ? s : undefined;
  }

  update(session: PaymentSession, fields: JsonObject): void {
    session.fields = deepMerge(session.fields, fields);
    session.version = newVersion();
  }

  get size(): number {
    return this.sessions.size;
  }
}
