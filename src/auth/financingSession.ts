import { DEFAULT_MAX_RESPONSE_BYTES, type HttpClient, type HttpResponse } from '../http';
import { SignInFailed, SignInRequired, TokenRefreshUnavailable } from './errors';
import { loginRequest, logoutRequest, refreshRequest, refusalReason, serverMessage, type FinancingRequestLimits } from './financingRequests';
import { parseStoredTokenSet, tokenSetFromResponse, type SessionState, type TokenSet, type TokenStore } from './tokenSet';

interface FinancingSessionOptions {
  baseUrl: string;
  client: HttpClient;
  store: TokenStore;
  now?: () => number;
  /** Refresh this long before expiry, so a token does not run out between the check and the server. */
  refreshSkewMs?: number;
  timeoutMs: number;
  maxResponseBytes?: number;
}

interface SignOutResult {
  /** The server confirmed the logout; false when it failed or there was no session (tokens are gone either way). */
  revoked: boolean;
  message?: string;
}

const isOk = (status: number) => status >= 200 && status < 300;

/**
 * The partner's token session. One instance per environment: it serialises refreshes because the
 * refresh token is single-use (rotated) on the server, so two parallel refreshes would sign the user out.
 */
export class FinancingSession {
  private readonly now: () => number;
  private readonly refreshSkewMs: number;
  private readonly limits: FinancingRequestLimits;
  private tokens: TokenSet | undefined;
  private loading: Promise<TokenSet | undefined> | undefined;
  private refreshing: Promise<TokenSet> | undefined;
  /** Bumped by sign in/out so a refresh that was in flight cannot resurrect tokens afterwards. */
  private generation = 0;
  private readonly listeners = new Set<(state: SessionState) => void>();

  constructor(private readonly options: FinancingSessionOptions) {
    this.now = options.now ?? Date.now;
    this.refreshSkewMs = options.refreshSkewMs ?? 30_000;
    this.limits = { timeoutMs: options.timeoutMs, maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES };
  }

  async signIn(email: string, password: string): Promise<SessionState> {
    const issuedAt = this.now();
    const response = await this.options.client.send(loginRequest(this.options.baseUrl, email, password, this.limits));
    const tokens = isOk(response.status) ? tokenSetFromResponse(response.json, issuedAt) : undefined;
    if (!tokens) {
      const reason = isOk(response.status) && serverMessage(response.json) === undefined ? ': the answer was not a token set' : ` ${refusalReason(response, [password])}`;
      throw new SignInFailed(`Sign in failed${reason}`, response.status);
    }
    this.generation++;
    await this.adopt(tokens);
    return this.state();
  }

  /** Loads a token set saved by an earlier run, so state() is right before the first call. */
  async restore(): Promise<SessionState> {
    await this.current();
    return this.state();
  }

  /**
   * Takes a token set obtained outside this session (a login or refresh sent by hand from the
   * request runner), so later calls use it instead of a set the server has already rotated away.
   */
  async adoptTokens(tokens: TokenSet): Promise<void> {
    this.generation++;
    await this.adopt(tokens);
  }

  /** Forgets the tokens after a logout sent by hand; the server session is already closed. */
  async forgetTokens(): Promise<void> {
    this.generation++;
    this.tokens = undefined;
    await this.options.store.clear();
    this.emit();
  }

  /** A valid access token, refreshed first when it is expired or about to expire. */
  async accessToken(): Promise<string> {
    const tokens = await this.current();
    if (!tokens) throw new SignInRequired('Not signed in to the financing API');
    if (this.isFresh(tokens)) return tokens.accessToken;
    return (await this.refresh()).accessToken;
  }

  /** Renews the token set. Concurrent callers share one request (single flight). */
  refresh(): Promise<TokenSet> {
    this.refreshing ??= this.refreshOnce().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Runs `fn` with a valid token; a 401 answer triggers one refresh and one retry, never more. */
  async callWithAuth(fn: (accessToken: string) => Promise<HttpResponse>): Promise<HttpResponse> {
    const token = await this.accessToken();
    const first = await fn(token);
    if (first.status !== 401) return first;
    return fn(await this.tokenReplacing(token));
  }

  /** Calls logout, and deletes the tokens whatever the server says: a user who signs out expects to be out. */
  async signOut(): Promise<SignOutResult> {
    const tokens = await this.current();
    this.generation++;
    let result: SignOutResult = { revoked: false };
    try {
      if (tokens) {
        const response = await this.logout(tokens);
        result = { revoked: isOk(response.status) };
        const message = serverMessage(response.json);
        if (message) result.message = message;
      }
    } catch (error) {
      result = { revoked: false, message: error instanceof Error ? error.message : String(error) };
    } finally {
      this.tokens = undefined;
      await this.options.store.clear();
      this.emit();
    }
    return result;
  }

  state(): SessionState {
    return { signedIn: this.tokens !== undefined, expiresAt: this.tokens?.expiresAt };
  }

  /** For the tree view and status bar; no vscode here, so a plain listener with a dispose handle. */
  onDidChange(listener: (state: SessionState) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Logout needs a live access token. An expired one gets a 401 while the refresh token still keeps the
   * server session alive, so renew once and log out with the new token: signing out must end the session.
   */
  private async logout(tokens: TokenSet): Promise<HttpResponse> {
    const { client, baseUrl } = this.options;
    const response = await client.send(logoutRequest(baseUrl, tokens.accessToken, this.limits));
    if (response.status !== 401) return response;
    const renewedAnswer = await client.send(refreshRequest(baseUrl, tokens.refreshToken, this.limits));
    const renewed = isOk(renewedAnswer.status) ? tokenSetFromResponse(renewedAnswer.json, this.now()) : undefined;
    return renewed ? client.send(logoutRequest(baseUrl, renewed.accessToken, this.limits)) : response;
  }

  private async tokenReplacing(rejected: string): Promise<string> {
    if (this.refreshing) return (await this.refreshing).accessToken;
    // Another caller already refreshed after our token was rejected: use theirs rather than rotate again.
    if (this.tokens && this.tokens.accessToken !== rejected) return this.tokens.accessToken;
    return (await this.refresh()).accessToken;
  }

  private async refreshOnce(): Promise<TokenSet> {
    const tokens = await this.current();
    if (!tokens) throw new SignInRequired('Not signed in to the financing API');
    const generation = this.generation;
    const issuedAt = this.now();
    // A network failure (HttpFailure) propagates and keeps the tokens: the refresh token may still be good.
    const response = await this.options.client.send(refreshRequest(this.options.baseUrl, tokens.refreshToken, this.limits));
    if (generation !== this.generation) {
      // Signed in again meanwhile: that newer set wins. Signed out: stay out.
      if (this.tokens) return this.tokens;
      throw new SignInRequired('Signed out while the token was being refreshed');
    }
    if (response.status >= 500) {
      throw new TokenRefreshUnavailable(`Token refresh failed on the server (HTTP ${response.status}); try again later`, response.status);
    }
    const renewed = isOk(response.status) ? tokenSetFromResponse(response.json, issuedAt, tokens.refreshToken) : undefined;
    if (!renewed) {
      this.tokens = undefined;
      await this.options.store.clear();
      this.emit();
      throw new SignInRequired(`The financing session ended: the token refresh was refused ${refusalReason(response, [tokens.refreshToken])}. Sign in again.`);
    }
    await this.adopt(renewed);
    return renewed;
  }

  private async current(): Promise<TokenSet | undefined> {
    if (this.tokens) return this.tokens;
    this.loading ??= this.loadStored().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async loadStored(): Promise<TokenSet | undefined> {
    const generation = this.generation;
    const stored = parseStoredTokenSet(await this.options.store.load());
    if (!stored || generation !== this.generation) return this.tokens;
    this.tokens ??= stored;
    this.emit();
    return this.tokens;
  }

  private async adopt(tokens: TokenSet): Promise<void> {
    this.tokens = tokens;
    await this.options.store.save(tokens);
    this.emit();
  }

  private isFresh(tokens: TokenSet): boolean {
    // A token living less than twice the skew would otherwise be refreshed on every call.
    const lifetime = tokens.issuedAt === undefined ? Infinity : tokens.expiresAt - tokens.issuedAt;
    const skew = Math.min(this.refreshSkewMs, lifetime / 2);
    return this.now() < tokens.expiresAt - skew;
  }

  private emit(): void {
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }
}
