import type * as vscode from 'vscode';
import { MockEventEmitter } from './eventEmitter';

/** SecretStorage in memory: onDidChange fires for every store and delete, as VS Code's does. */
export class InMemorySecretStorage implements vscode.SecretStorage {
  private readonly values = new Map<string, string>();
  private readonly changed = new MockEventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.changed.event;

  get(key: string): Thenable<string | undefined> {
    return Promise.resolve(this.values.get(key));
  }

  keys(): Thenable<string[]> {
    return Promise.resolve([...this.values.keys()]);
  }

  store(key: string, value: string): Thenable<void> {
    this.values.set(key, value);
    this.changed.fire({ key });
    return Promise.resolve();
  }

  delete(key: string): Thenable<void> {
    if (this.values.delete(key)) this.changed.fire({ key });
    return Promise.resolve();
  }
}
