/**
 * The CLI's send path, one for every command that sends (run, trigger, reconcile): credentials and
 * secrets from environment variables, the proxy from HTTPS_PROXY, nobody asked (SendFlags answer).
 * Where each secret will go is said before the first request and held to the pinned hosts, if any.
 */
import type { FlowRunOptions } from '../flows';
import { HttpFailure } from '../http/httpFailure';
import type { KnownSecrets } from '../http/knownSecrets';
import { cliConnections, hostProxyOf } from './connections';
import { environmentVariableCredentials, secretsOfVariables, setVariablesHint } from './envSecrets';
import { cliSendPort, type SendFlags } from './sendPort';
import type { Environment } from '../environments/environment';
import { SECRET_LABELS, type SecretName } from '../credentials/secretNames';
import { secretRoute } from '../credentials/secretOrigin';
import { secretSent, type SecretSent } from './report';
import { apisOf, checkSecretHosts, destinationLines, plannedSecrets, requireAllowedRoute, type SecretHostPins } from './secretHosts';
import type { Flow } from '../flows';

export type CliSendParts = Pick<FlowRunOptions, 'deps' | 'port' | 'signIn'> & {
  known: KnownSecrets;
  /** The secrets handed to requests since the last call, each once (a flow's report names their hosts). */
  takeSecretsSent(): SecretSent[];
  /**
   * Before the first request: says (`say`, stderr) where each secret of the variables these flows draw
   * will go, and throws SecretHostRefused when one would reach a host the pins do not allow.
   */
  announce(uses: readonly { env: Environment; flow: Pick<Flow, 'steps'> }[], say: (line: string) => void): void;
  close(): Promise<void>;
};

export function cliSendParts(variables: NodeJS.ProcessEnv, flags: SendFlags = { yesLive: false, sendAnyway: false }, pins: SecretHostPins = { lists: [] }): CliSendParts {
  const hostProxy = hostProxyOf(variables);
  const sent = new Map<string, SecretSent>();
  // Variables bind nothing (they are given for this run): the report says where each one went instead.
  const noteUse = (env: Environment, name: SecretName) => {
    const route = secretRoute(env, name, hostProxy);
    if (!route) {
      sent.set(`${env.id}\n${name}`, { environment: env.id, secret: SECRET_LABELS[name], host: 'no host (the environment has no URL for it)' });
      return;
    }
    // The last gate, should a send draw a secret announce did not plan: refused before it is handed out.
    requireAllowedRoute(route, pins, env.id, SECRET_LABELS[name]);
    sent.set(`${env.id}\n${name}`, secretSent(env.id, SECRET_LABELS[name], route));
  };
  const connections = cliConnections(environmentVariableCredentials(variables, noteUse), hostProxy);
  return {
    announce: (uses, say) => {
      const planned = plannedSecrets(uses.map((u) => ({ env: u.env, apis: apisOf(u.flow) })), variables, hostProxy);
      for (const line of destinationLines(planned)) say(line);
      checkSecretHosts(planned, pins);
    },
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
