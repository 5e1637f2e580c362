/**
 * The financing partner's calls of one sign-in, threaded as one conversation: Login starts one (its
 * answer's access and refresh tokens belong to it), a call presenting one of those tokens (Bearer, or
 * the RefreshToken header) is part of it, and a refresh's new tokens join it. Tokens are kept as
 * SHA-256 fingerprints only, never as text. Bounded: the newest tokens.
 */
import { createHash } from 'node:crypto';

const MAX_TOKENS = 2000;

export class FinancingConversations {
  private readonly byToken = new Map<string, string>();
  private started = 0;

  /** The conversation ("sign-in 2") of a financing call, learning from its answer; undefined for other calls. */
  conversationOf(operationId: string, headers: Record<string, string>, status: number | undefined, answer: unknown): string | undefined {
    if (!operationId.startsWith('financing.')) return undefined;
    const presented = bearerOf(headers.authorization) ?? headers.refreshtoken;
    const ok = status !== undefined && status >= 200 && status < 300;
    const conversation = operationId === 'financing.login' ? (ok ? `sign-in ${++this.started}` : undefined) : presented !== undefined ? this.byToken.get(fingerprint(presented)) : undefined;
    if (conversation && ok) for (const token of tokensOf(answer)) this.remember(token, conversation);
    return conversation;
  }

  private remember(token: string, conversation: string): void {
    const key = fingerprint(token);
    this.byToken.delete(key);
    this.byToken.set(key, conversation);
    if (this.byToken.size > MAX_TOKENS) this.byToken.delete(this.byToken.keys().next().value as string);
  }
}

const fingerprint = (token: string): string => createHash('sha256').update(token).digest('base64url');

function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** The token set's tokens, in either spelling the partner may use (access_token, accessToken), at the top or under data. */
function tokensOf(answer: unknown): string[] {
  const sets = [answer, typeof answer === 'object' && answer !== null ? (answer as { data?: unknown }).data : undefined];
  return sets.flatMap((set) => {
    if (typeof set !== 'object' || set === null) return [];
    const s = set as Record<string, unknown>;
    return [s.access_token, s.accessToken, s.refresh_token, s.refreshToken].filter((t): t is string => typeof t === 'string' && t.length > 0);
  });
}
