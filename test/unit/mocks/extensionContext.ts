import type * as vscode from 'vscode';
import { InMemoryMemento } from './memento';
import { InMemorySecretStorage } from './secretStorage';

/** The parts of ExtensionContext that adapter code reads; the rest is the real editor's business (integration tier). */
export type MockExtensionContext = Pick<vscode.ExtensionContext, 'subscriptions' | 'globalState' | 'workspaceState' | 'secrets'> & {
  globalState: InMemoryMemento & vscode.ExtensionContext['globalState'];
  secrets: InMemorySecretStorage;
  /** Disposes what was registered, newest first, as VS Code does on deactivation. */
  dispose(): void;
};

export function mockExtensionContext(): MockExtensionContext {
  const subscriptions: { dispose(): unknown }[] = [];
  return {
    subscriptions,
    globalState: new InMemoryMemento(),
    workspaceState: new InMemoryMemento(),
    secrets: new InMemorySecretStorage(),
    dispose: () => subscriptions.splice(0).reverse().forEach((s) => s.dispose()),
  };
}
