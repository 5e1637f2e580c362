import type * as vscode from 'vscode';
import { FinancingSession } from '../auth';
import type { EnvironmentStore } from '../environments/environmentStore';
import { transportFor } from '../environments/transport';
import { HttpClient } from '../http';
import type { Credentials } from '../send/credentials';
import type { SecretStore } from '../secrets/secretStore';
import type { Environment } from '../send/environment';
import type { RunnerDeps } from '../send/requestRunner';

/**
 * One HTTP client and one financing session per environment, made on first use and dropped when the
 * environment or its certificate passphrase changes, so new settings take effect on the next send.
 */
export class Connections implements vscode.Disposable {
  private readonly clients = new Map<string, Promise<HttpClient>>();
  private readonly sessions = new Map<string, Promise<FinancingSession>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    environments: Pick<EnvironmentStore, 'onDidChange'>,
    private readonly secrets: Pick<SecretStore, 'get' | 'onDidChange' | 'tokenStore'>,
    private readonly credentials: Credentials,
  ) {
    this.subscriptions = [
      environments.onDidChange(() => this.drop()),
      secrets.onDidChange((e) => {
        if (e.name === 'certificatePassphrase') this.drop(e.environmentId);
      }),
    ];
  }

  client(env: Environment): Promise<HttpClient> {
    let c = this.clients.get(env.id);
    if (!c) {
      c = (async () => new HttpClient(await transportFor(env, await this.secrets.get(env.id, 'certificatePassphrase'))))();
      c.catch(() => this.clients.delete(env.id));
      this.clients.set(env.id, c);
    }
    return c;
  }

  session(env: Environment): Promise<FinancingSession> {
    let s = this.sessions.get(env.id);
    if (!s) {
      s = this.client(env).then(
        (client) => new FinancingSession({ baseUrl: env.financingBaseUrl ?? '', client, store: this.secrets.tokenStore(env.id), timeoutMs: env.timeoutMs }),
      );
      s.catch(() => this.sessions.delete(env.id));
      this.sessions.set(env.id, s);
    }
    return s;
  }

  runnerDeps(): RunnerDeps {
    return {
      client: (env) => this.client(env),
      session: (env) => this.session(env),
      tokenStore: (env) => this.secrets.tokenStore(env.id),
      secret: (env, name) => this.credentials.secretOrDefault(env, name),
    };
  }

  private drop(environmentId?: string): void {
    for (const [id, c] of this.clients) {
      if (environmentId && id !== environmentId) continue;
      this.clients.delete(id);
      void c.then((client) => client.close()).catch(() => undefined);
    }
    if (!environmentId) this.sessions.clear();
    else this.sessions.delete(environmentId);
  }

  dispose(): void {
    this.drop();
    for (const s of this.subscriptions) s.dispose();
  }
}
