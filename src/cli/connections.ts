/** The engine's HTTP client and financing sessions for one CLI run: one of each per environment, tokens in memory only. */
import { FinancingSession, MemoryTokenStore, type TokenStore } from '../auth';
import { HttpClient } from '../http';
import { ensureSignedIn } from '../flows/signIn';
import type { Credentials } from '../send/credentials';
import type { Environment } from '../send/environment';
import type { RunnerDeps } from '../send/requestRunner';
import { transportFor, type HostProxy } from '../send/transport';

export class CliConnections {
  private readonly clients = new Map<string, Promise<HttpClient>>();
  private readonly sessions = new Map<string, Promise<FinancingSession>>();
  private readonly tokens = new Map<string, TokenStore>();

  constructor(
    private readonly credentials: Credentials,
    private readonly hostProxy: HostProxy | undefined,
  ) {}

  deps(): RunnerDeps {
    return {
      client: (env) => this.client(env),
      session: (env) => this.session(env),
      tokenStore: (env) => this.tokenStore(env),
      secret: (env, name) => this.credentials.secretOrDefault(env, name),
    };
  }

  /** Financing steps sign in on their own when the session has no token, with the environment's partner account. */
  async signIn(env: Environment): Promise<void> {
    try {
      await ensureSignedIn(await this.session(env), this.credentials, env);
    } catch (err) {
      throw new Error(`${err instanceof Error ? err.message : String(err)} (The variables are in payment-workbench --help.)`);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.then((client) => client.close(), () => undefined)));
  }

  private client(env: Environment): Promise<HttpClient> {
    let c = this.clients.get(env.id);
    if (!c) {
      c = (async () => new HttpClient(await transportFor(env, await this.credentials.secretOrDefault(env, 'certificatePassphrase'), this.hostProxy)))();
      this.clients.set(env.id, c);
    }
    return c;
  }

  private tokenStore(env: Environment): TokenStore {
    let store = this.tokens.get(env.id);
    if (!store) {
      store = new MemoryTokenStore();
      this.tokens.set(env.id, store);
    }
    return store;
  }

  private session(env: Environment): Promise<FinancingSession> {
    let s = this.sessions.get(env.id);
    if (!s) {
      s = this.client(env).then((client) => new FinancingSession({ baseUrl: env.financingBaseUrl ?? '', client, store: this.tokenStore(env), timeoutMs: env.timeoutMs }));
      this.sessions.set(env.id, s);
    }
    return s;
  }
}
