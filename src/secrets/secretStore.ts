import * as vscode from 'vscode';
import type { TokenSet, TokenStore } from '../auth';
import type { Environment } from '../environments/environment';
import { openSecret, sealSecret, secretDestination, type BoundSecret, type Route } from '../credentials/secretOrigin';
import type { SecretSource } from '../credentials/credentials';
import { parseSecretKey, secretKey, SECRET_NAMES, type SecretName } from './secretKeys';

/**
 * Typed access to VS Code's SecretStorage: the only place secrets are read or written. Each secret is
 * kept with the origin of the URL it was stored for (credentials/secretOrigin.ts): environments are
 * matched by id, and an id alone does not say where a secret may go.
 */
export class SecretStore implements vscode.Disposable, SecretSource {
  private readonly changed = new vscode.EventEmitter<{ environmentId: string; name: SecretName }>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly storage: vscode.SecretStorage) {
    this.subscription = storage.onDidChange((e) => {
      const parsed = parseSecretKey(e.key);
      if (parsed) this.changed.fire(parsed);
    });
  }

  /** The value alone (is one set? the tree, the prompts); a send reads it through Credentials, which checks the host. */
  async get(environmentId: string, name: SecretName): Promise<string | undefined> {
    return (await this.getBound(environmentId, name))?.value;
  }

  async getBound(environmentId: string, name: SecretName): Promise<BoundSecret | undefined> {
    const raw = await this.storage.get(secretKey(environmentId, name));
    return raw === undefined ? undefined : openSecret(raw);
  }

  /** Stores `value` for the host `env` sends this secret to now. */
  set(env: Pick<Environment, 'id'> & Route, name: SecretName, value: string): Thenable<void> {
    return this.storage.store(secretKey(env.id, name), sealSecret(value, secretDestination(env, name)));
  }

  async bind(environmentId: string, name: SecretName, origin: string): Promise<void> {
    const stored = await this.getBound(environmentId, name);
    if (stored) await this.storage.store(secretKey(environmentId, name), sealSecret(stored.value, origin));
  }

  delete(environmentId: string, name: SecretName): Thenable<void> {
    return this.storage.delete(secretKey(environmentId, name));
  }

  async deleteAll(environmentId: string): Promise<void> {
    await Promise.all(SECRET_NAMES.map((n) => this.delete(environmentId, n)));
  }

  /** A duplicate's secrets stay bound to the host they were stored for: editing the copy's URL does not take them along. */
  async copyAll(fromEnvironmentId: string, toEnvironmentId: string): Promise<void> {
    for (const n of SECRET_NAMES) {
      if (n === 'financingTokens') continue; // a session belongs to one environment
      const raw = await this.storage.get(secretKey(fromEnvironmentId, n));
      if (raw !== undefined) await this.storage.store(secretKey(toEnvironmentId, n), raw);
    }
  }

  /**
   * The financing session's token storage for one environment. Tokens stored for another host (or
   * before tokens were bound) read as signed out: a session is not worth a question, signing in again is.
   */
  tokenStore(env: Pick<Environment, 'id'> & Route): TokenStore {
    return {
      load: async () => {
        const stored = await this.getBound(env.id, 'financingTokens');
        if (!stored || stored.origin === undefined || stored.origin !== secretDestination(env, 'financingTokens')) return undefined;
        try {
          return JSON.parse(stored.value) as TokenSet;
        } catch {
          return undefined;
        }
      },
      save: (t) => Promise.resolve(this.set(env, 'financingTokens', JSON.stringify(t))),
      clear: () => Promise.resolve(this.delete(env.id, 'financingTokens')),
    };
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
