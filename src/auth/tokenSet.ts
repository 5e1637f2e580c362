// zod/mini: the Environments view reads the stored set at activation, before any of zod is loaded.
import * as z from 'zod/mini';

/** The financing API's token set, as the session keeps it. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** ms since epoch: issue time + expires_in seconds (the spec leaves the unit open; OAuth 2 practice and the real service use seconds). */
  expiresAt: number;
  tokenType: string;
  /** ms since epoch; lets the refresh margin shrink for very short-lived tokens. Optional for sets stored by older versions. */
  issuedAt?: number;
}

export interface SessionState {
  signedIn: boolean;
  expiresAt: number | undefined;
}

/** Where the token set lives between calls: SecretStorage in the extension, memory in tests. */
export interface TokenStore {
  load(): Promise<TokenSet | undefined>;
  save(tokens: TokenSet): Promise<void>;
  clear(): Promise<void>;
}

export class MemoryTokenStore implements TokenStore {
  private tokens: TokenSet | undefined;

  constructor(initial?: TokenSet) {
    this.tokens = initial;
  }

  async load(): Promise<TokenSet | undefined> {
    return this.tokens ? { ...this.tokens } : undefined;
  }

  async save(tokens: TokenSet): Promise<void> {
    this.tokens = { ...tokens };
  }

  async clear(): Promise<void> {
    this.tokens = undefined;
  }
}

const nonEmpty = () => z.string().check(z.minLength(1));

// Both schemas are built on first use, not when the activation bundle is evaluated.
function buildTokenResponseSchema() {
  return z.object({
    token_type: nonEmpty(),
    expires_in: z.number().check(z.positive()),
    access_token: nonEmpty(),
    // A refresh answer that omits it keeps the old one (seen in OAuth servers that do not rotate).
    refresh_token: z.optional(nonEmpty()),
  });
}
let tokenResponseSchema: ReturnType<typeof buildTokenResponseSchema> | undefined;

/** Reads a login/refresh answer; undefined when the body is not a token set. */
export function tokenSetFromResponse(json: unknown, issuedAt: number, previousRefreshToken?: string): TokenSet | undefined {
  const parsed = (tokenResponseSchema ??= buildTokenResponseSchema()).safeParse(json);
  if (!parsed.success) return undefined;
  const refreshToken = parsed.data.refresh_token ?? previousRefreshToken;
  if (!refreshToken) return undefined;
  return {
    accessToken: parsed.data.access_token,
    refreshToken,
    expiresAt: issuedAt + parsed.data.expires_in * 1000,
    tokenType: parsed.data.token_type,
    issuedAt,
  };
}

/** A TokenSet read back from storage may be from any version or hand-edited; check its shape. */
function buildStoredTokenSetSchema() {
  return z.object({
    accessToken: nonEmpty(),
    refreshToken: nonEmpty(),
    expiresAt: z.number(),
    tokenType: z.string(),
    issuedAt: z.optional(z.number()),
  });
}
let storedTokenSetSchema: ReturnType<typeof buildStoredTokenSetSchema> | undefined;

/** The stored set when it has the right shape, else undefined (a hand-edited or foreign value is ignored). */
export function parseStoredTokenSet(value: unknown): TokenSet | undefined {
  const parsed = (storedTokenSetSchema ??= buildStoredTokenSetSchema()).safeParse(value);
  if (!parsed.success) return undefined;
  const stored: TokenSet = { ...parsed.data };
  if (stored.issuedAt === undefined) delete stored.issuedAt;
  return stored;
}

/** What the Environments view shows for a stored set, without a session (no HTTP client is needed to read it). */
export async function storedSessionState(store: TokenStore): Promise<SessionState> {
  const tokens = parseStoredTokenSet(await store.load().catch(() => undefined));
  return { signedIn: tokens !== undefined, expiresAt: tokens?.expiresAt };
}
