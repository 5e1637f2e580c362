import { randomBytes } from 'node:crypto';

/**
 * Partner sessions and their tokens. An access token lives `accessLifetimeSeconds` (expires_in is in
 * seconds, as in OAuth 2); a refresh token is single-use: refreshing issues a new pair and forgets the
 * old refresh token (rotation), so a replayed one is rejected. Logout ends the whole session, which
 * invalidates both the access and the refresh token.
 */

interface TokenSet {
  token_type: 'Bearer';
  expires_in: number;
  access_token: string;
  refresh_token: string;
}

interface PartnerSession {
  email: string;
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
}

type TokenCheck = { ok: true; email: string } | { ok: false; reason: 'missing' | 'unknown' | 'expired' };

// Refresh tokens outlive access tokens, as usual; a day is plenty for a local simulator.
const REFRESH_LIFETIME_MS = 24 * 3600 * 1000;

function newToken(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

export class TokenStore {
  private readonly byAccess = new Map<string, PartnerSession>();
  private readonly byRefresh = new Map<string, PartnerSession>();
  private issued = 0;

  constructor(
    private readonly accessLifetimeSeconds: number,
    private readonly now: () => Date,
  ) {}

  issue(email: string): TokenSet {
    // A client that logs in for every call would otherwise grow the maps for as long as the simulator runs.
    if (++this.issued % 1000 === 0) this.sweep();
    const session: PartnerSession = { email, accessToken: '', accessExpiresAt: 0, refreshToken: '', refreshExpiresAt: 0 };
    return this.renew(session);
  }

  /** Forgets sessions whose refresh token has expired: nothing can use them any more. */
  sweep(): void {
    const now = this.now().getTime();
    for (const session of this.byRefresh.values()) if (session.refreshExpiresAt <= now) this.forget(session);
  }

  /** Rotates: the presented refresh token stops working, a fresh pair is returned. */
  refresh(refreshToken: string): TokenSet | undefined {
    const session = this.byRefresh.get(refreshToken);
    if (!session) return undefined;
    if (session.refreshExpiresAt <= this.now().getTime()) {
      this.forget(session);
      return undefined;
    }
    return this.renew(session);
  }

  checkAccess(accessToken: string | undefined): TokenCheck {
    if (!accessToken) return { ok: false, reason: 'missing' };
    const session = this.byAccess.get(accessToken);
    if (!session) return { ok: false, reason: 'unknown' };
    if (session.accessExpiresAt <= this.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, email: session.email };
  }

  /** Ends the session of this access token (also when it has just expired, so logout always works). */
  logout(accessToken: string): boolean {
    const session = this.byAccess.get(accessToken);
    if (!session) return false;
    this.forget(session);
    return true;
  }

  private renew(session: PartnerSession): TokenSet {
    this.forget(session);
    const now = this.now().getTime();
    session.accessToken = newToken('sim_at_');
    session.refreshToken = newToken('sim_rt_');
    session.accessExpiresAt = now + this.accessLifetimeSeconds * 1000;
    session.refreshExpiresAt = now + REFRESH_LIFETIME_MS;
    this.byAccess.set(session.accessToken, session);
    this.byRefresh.set(session.refreshToken, session);
    return { token_type: 'Bearer', expires_in: this.accessLifetimeSeconds, access_token: session.accessToken, refresh_token: session.refreshToken };
  }

  private forget(session: PartnerSession): void {
    this.byAccess.delete(session.accessToken);
    this.byRefresh.delete(session.refreshToken);
  }
}
