import type * as vscode from 'vscode';
import type { EnvironmentStore } from '../features/environments/environmentStore';
import { transportFor } from '../features/environments/transport';
import type { SecretStore } from '../secrets/secretStore';
import type { Credentials } from '../credentials/credentials';
import { Connections } from '../send/connections';

/**
 * The engine's connections with SecretStorage for tokens and VS Code's proxy settings, dropped when
 * an environment or its certificate passphrase changes, so new settings take effect on the next send.
 */
export function extensionConnections(
  environments: Pick<EnvironmentStore, 'onDidChange'>,
  secrets: Pick<SecretStore, 'onDidChange' | 'tokenStore'>,
  credentials: Credentials,
): { connections: Connections; subscription: vscode.Disposable } {
  const connections = new Connections({ credentials, tokenStore: (env) => secrets.tokenStore(env), transport: transportFor });
  const subscriptions = [
    environments.onDidChange(() => connections.drop()),
    secrets.onDidChange((e) => {
      if (e.name === 'certificatePassphrase') connections.drop(e.environmentId);
    }),
  ];
  const subscription = { dispose: () => {
    for (const s of subscriptions) s.dispose();
    void connections.close();
  } };
  return { connections, subscription };
}
