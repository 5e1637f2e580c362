/** The engine's connections for one CLI run: tokens in memory only, the proxy from HTTPS_PROXY. */
import { memoryTokenConnections, type Connections } from '../send/connections';
import type { Credentials } from '../credentials/credentials';
import { transportFor, type HostProxy } from '../transport/transport';

export function cliConnections(credentials: Credentials, hostProxy: HostProxy | undefined): Connections {
  return memoryTokenConnections({ credentials, transport: (env, passphrase) => transportFor(env, passphrase, hostProxy) });
}
