import * as vscode from 'vscode';
import type { TokenSet, TokenStore } from '../auth';
import { parseSecretKey, secretKey, SECRET_NAMES, type SecretName } from './secretKeys';

/** Typed access to VS Code's SecretStorage: the only place secrets are read or written. */
export class SecretStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<{ environmentId: string; name: SecretName }>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly storage: vscode.SecretStorage) {
    this.subscription = storage.onDidChange((e) => {
      const parsed = parseSecretKey(e.key);
      if (parsed) this.changed.fire(parsed);
    });
  }

  get(environmentId: string, name: SecretName): Thenable<string | undefined> {
    return this.storage.get(secretKey(environmentId, name));
  }

  set(environmentId: string, name: SecretName, value: string): Thenable<void> {
    return this.storage.store(secretKey(environmentId, name), value);
  }

  delete(environmentId: string, name: SecretName): Thenable<void> {
    return this.storage.delete(secretKey(environmentId, name));
  }

  async deleteAll(environmentId: string): Promise<void> {
    await Promise.all(SECRET_NAMES.map((n) => this.delete(environmentId, n)));
  }

  async copyAll(fromEnvironmentId: string, toEnvironmentId: string): Promise<void> {
    for (const n of SECRET_NAMES) {
      if (n === 'financingTokens') continue; // a session belongs to one environment
      const v = await this.get(fromEnvironmentId, n);
      if (v !== undefined) await this.set(toEnvironmentId, n, v);
    }
  }

  /** The financing session's token storage for one environment. */
  tokenStore(environmentId: string): TokenStore {
    return {
      load: async () => {
        const raw = await this.get(environmentId, 'financingTokens');
        if (!raw) return undefined;
        try {
          return JSON.parse(raw) as TokenSet;
        } catch {
          return undefined;
        }
      },
      save: (t) => Promise.resolve(this.set(environmentId, 'financingTokens', JSON.stringify(t))),
      clear: () => Promise.resolve(this.delete(environmentId, 'financingTokens')),
    };
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
