/** The engine's connections for one CLI run: tokens in memory only, the proxy from HTTPS_PROXY. */
import { memoryTokenConnections, type Connections } from '../send/connections';
import type { Credentials } from '../credentials/credentials';
import { transportFor, type HostProxy } from '../transport/transport';

/** The CLI's host proxy, for every environment without a proxy of its own: HTTPS_PROXY (or https_proxy), certificates checked. */
export function hostProxyOf(variables: NodeJS.ProcessEnv): HostProxy | undefined {
  const url = variables['HTTPS_PROXY'] ?? variables['https_proxy'];
  return url ? { url, strictSSL: true } : undefined;
}

export function cliConnections(credentials: Credentials, hostProxy: HostProxy | undefined): Connections {
  return memoryTokenConnections({ credentials, transport: (env, passphrase) => transportFor(env, passphrase, hostProxy) });
}
