import type * as vscode from 'vscode';

/**
 * globalState / workspaceState as VS Code keeps them in memory: update changes the value at once (its promise
 * is for the disk), and undefined removes the key. Values go through JSON, as VS Code stores them.
 */
export class InMemoryMemento implements vscode.Memento {
  private readonly values = new Map<string, string>();

  keys(): readonly string[] {
    return [...this.values.keys()];
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const text = this.values.get(key);
    return text === undefined ? defaultValue : (JSON.parse(text) as T);
  }

  update(key: string, value: unknown): Thenable<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.stringify(value));
    return Promise.resolve();
  }

  setKeysForSync(): void {}
}
