/**
 * The CLI's send path, one for every command that sends (run, trigger, reconcile): credentials and
 * secrets from environment variables, the proxy from HTTPS_PROXY, nobody asked (SendFlags answer).
 */
import type { FlowRunOptions } from '../flows';
import { HttpFailure } from '../http/httpFailure';
import type { KnownSecrets } from '../http/knownSecrets';
import { cliConnections } from './connections';
import { environmentVariableCredentials, secretsOfVariables, setVariablesHint } from './envSecrets';
import { cliSendPort, type SendFlags } from './sendPort';

export type CliSendParts = Pick<FlowRunOptions, 'deps' | 'port' | 'signIn'> & { known: KnownSecrets; close(): Promise<void> };

export function cliSendParts(variables: NodeJS.ProcessEnv, flags: SendFlags = { yesLive: false, sendAnyway: false }): CliSendParts {
  const proxyUrl = variables['HTTPS_PROXY'] ?? variables['https_proxy'];
  const connections = cliConnections(environmentVariableCredentials(variables), proxyUrl ? { url: proxyUrl, strictSSL: true } : undefined);
  return {
    deps: connections.runnerDeps(),
    port: cliSendPort(flags),
    known: secretsOfVariables(variables),
    signIn: async (e) => {
      try {
        await connections.signIn(e);
      } catch (err) {
        // The financing API out of reach is not a matter of credentials: told (and counted, exit 3) as such.
        if (err instanceof HttpFailure) throw err;
        throw new Error(`${err instanceof Error ? err.message : String(err)} ${setVariablesHint(e.id, ['partnerEmail', 'partnerPassword'])}`);
      }
    },
    close: () => connections.close(),
  };
}
