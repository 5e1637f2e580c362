/**
 * One HTTP client and one financing session per environment, made on first use; the extension and
 * the CLI differ only in where tokens live and which proxy the host sets. Financing steps of a flow
 * sign in here on their own when the session has no token.
 */
import { FinancingSession, MemoryTokenStore, type TokenStore } from '../auth';
import { HttpClient, type TransportOptions } from '../http';
import type { Credentials } from '../credentials/credentials';
import { isLocalSimulator, type Environment } from '../environments/environment';
import type { RunnerDeps } from './requestRunner';
import { SessionVersions } from './sessionVersions';

export interface ConnectionHost {
  credentials: Credentials;
  /** SecretStorage in the extension, memory for a CLI run. */
  tokenStore(env: Environment): TokenStore;
  /** TLS files and the proxy (VS Code's settings or HTTPS_PROXY) for one environment. */
  transport(env: Environment, passphrase: string | undefined): Promise<TransportOptions>;
}

export class Connections {
  private readonly clients = new Map<string, Promise<HttpClient>>();
  private readonly sessions = new Map<string, Promise<FinancingSession>>();
  /** The gateway payment sessions these connections updated, and at which API version. */
  readonly sessionVersions = new SessionVersions();

  constructor(private readonly host: ConnectionHost) {}

  client(env: Environment): Promise<HttpClient> {
    let c = this.clients.get(env.id);
    if (!c) {
      c = (async () => new HttpClient(await this.transport(env), { localSimulator: isLocalSimulator(env) }))();
      c.catch(() => this.clients.delete(env.id));
      this.clients.set(env.id, c);
    }
    return c;
  }

  /** How this host reaches `env` (client certificate, CA, proxy): what its client uses, and the tap's forwarding to it. */
  async transport(env: Environment): Promise<TransportOptions> {
    return this.host.transport(env, await this.host.credentials.secretOrDefault(env, 'certificatePassphrase'));
  }

  session(env: Environment): Promise<FinancingSession> {
    let s = this.sessions.get(env.id);
    if (!s) {
      s = this.client(env).then((client) => new FinancingSession({ baseUrl: env.financingBaseUrl ?? '', client, store: this.host.tokenStore(env), timeoutMs: env.timeoutMs }));
      s.catch(() => this.sessions.delete(env.id));
      this.sessions.set(env.id, s);
    }
    return s;
  }

  runnerDeps(): RunnerDeps {
    return {
      client: (env) => this.client(env),
      session: (env) => this.session(env),
      tokenStore: (env) => this.host.tokenStore(env),
      secret: (env, name) => this.host.credentials.secretOrDefault(env, name),
      sessionVersions: this.sessionVersions,
    };
  }

  /** Signs in with the environment's partner account unless the session already has a token. */
  async signIn(env: Environment): Promise<void> {
    const session = await this.session(env);
    if ((await session.restore()).signedIn) return;
    const email = await this.host.credentials.secretOrDefault(env, 'partnerEmail');
    const password = await this.host.credentials.secretOrDefault(env, 'partnerPassword');
    if (!email || !password) throw new Error(`Not signed in to the financing API of "${env.name}", and no partner e-mail and password are set for it.`);
    await session.signIn(email, password);
  }

  /**
   * Forgets the clients and sessions (of one environment, or all), so new settings apply to the next
   * request. A forgotten client is not closed: a send that took it may still be waiting (for a
   * question, a token refresh) and would fail with "The client is destroyed". Its idle sockets end
   * at their keep-alive timeout and the client is collected with its last user.
   */
  drop(environmentId?: string): void {
    if (environmentId) {
      this.clients.delete(environmentId);
      this.sessions.delete(environmentId);
    } else {
      this.clients.clear();
      this.sessions.clear();
    }
  }

  async close(): Promise<void> {
    const open = [...this.clients.values()];
    this.clients.clear();
    this.sessions.clear();
    await Promise.all(open.map((c) => c.then((client) => client.close(), () => undefined)));
  }
}

/**
 * Connections whose tokens live in memory only, one store per environment: a CLI run, or one flow run
 * in the extension, whose sign-in and logout must leave the user's own session as it was.
 */
export function memoryTokenConnections(host: Omit<ConnectionHost, 'tokenStore'>): Connections {
  const tokens = new Map<string, TokenStore>();
  const tokenStore = (env: Environment): TokenStore => {
    let store = tokens.get(env.id);
    if (!store) tokens.set(env.id, (store = new MemoryTokenStore()));
    return store;
  };
  return new Connections({ ...host, tokenStore });
}
