/**
 * The CLI's send path, one for every command that sends (run, trigger, reconcile): credentials and
 * secrets from environment variables, the proxy from HTTPS_PROXY, nobody asked (SendFlags answer).
 */
import type { FlowRunOptions } from '../flows';
import { HttpFailure } from '../http/httpFailure';
import type { KnownSecrets } from '../http/knownSecrets';
import { cliConnections, hostProxyOf } from './connections';
import { environmentVariableCredentials, secretsOfVariables, setVariablesHint } from './envSecrets';
import { cliSendPort, type SendFlags } from './sendPort';
import type { Environment } from '../environments/environment';
import { SECRET_LABELS, type SecretName } from '../credentials/secretNames';
import { hostOfOrigin } from '../credentials/secretOrigin';
import type { SecretSent } from './report';

export type CliSendParts = Pick<FlowRunOptions, 'deps' | 'port' | 'signIn'> & {
  known: KnownSecrets;
  /** The secrets handed to requests since the last call, each once (a flow's report names their hosts). */
  takeSecretsSent(): SecretSent[];
  close(): Promise<void>;
};

export function cliSendParts(variables: NodeJS.ProcessEnv, flags: SendFlags = { yesLive: false, sendAnyway: false }): CliSendParts {
  const sent = new Map<string, SecretSent>();
  // Variables bind nothing (they are given for this run): the report says where each one went instead.
  const noteUse = (env: Environment, name: SecretName, origin: string | undefined) => {
    const host = origin === undefined ? 'no host (the environment has no URL for it)' : hostOfOrigin(origin);
    sent.set(`${env.id}\n${name}\n${host}`, { environment: env.id, secret: SECRET_LABELS[name], host });
  };
  const connections = cliConnections(environmentVariableCredentials(variables, noteUse), hostProxyOf(variables));
  return {
    takeSecretsSent: () => {
      const taken = [...sent.values()];
      sent.clear();
      return taken;
    },
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
