/** The engine's connections for one CLI run: tokens in memory only, the proxy from HTTPS_PROXY. */
import { MemoryTokenStore, type TokenStore } from '../auth';
import { Connections } from '../send/connections';
import type { Credentials } from '../send/credentials';
import { transportFor, type HostProxy } from '../send/transport';

export function cliConnections(credentials: Credentials, hostProxy: HostProxy | undefined): Connections {
  const tokens = new Map<string, TokenStore>();
  const tokenStore = (id: string): TokenStore => {
    let store = tokens.get(id);
    if (!store) tokens.set(id, (store = new MemoryTokenStore()));
    return store;
  };
  return new Connections({ credentials, tokenStore: (env) => tokenStore(env.id), transport: (env, passphrase) => transportFor(env, passphrase, hostProxy) });
}
