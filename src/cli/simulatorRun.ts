/**
 * What trigger and reconcile share: the environment on the running simulator, and the CLI's send
 * path to it (credentials from environment variables, nobody asked).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Environment } from '../environments/environment';
import type { FlowRunOptions } from '../flows';
import { SIMULATOR_DEFAULTS } from '../simulator/defaults';
import { cliConnections } from './connections';
import type { KnownSecrets } from '../http/knownSecrets';
import { environmentVariableCredentials, secretsOfVariables, setVariablesHint } from './envSecrets';
import { loadEnvironments, pickEnvironment } from './environments';
import type { CliIo } from './runCommand';
import { cliSendPort } from './sendPort';
import { UsageError } from './usage';

export function portFlag(value: string | true | undefined): number {
  if (value === undefined) return SIMULATOR_DEFAULTS.port;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < 1 || n > 65535) throw new UsageError(`--port needs a port from 1 to 65535, got ${JSON.stringify(value)}`);
  return n;
}

export function simulatorEnvironment(given: { env?: string | undefined; environments?: string | undefined; port: number }, fallback: string | undefined, where: string, cwd: string): Environment {
  return pickEnvironment(loadEnvironments(given.environments, cwd, given.port), given.env ?? fallback, where);
}

/** The send path of a CLI run (as `run` has it), and how to close it. */
export function cliSendParts(io: CliIo): Pick<FlowRunOptions, 'deps' | 'port' | 'signIn'> & { known: KnownSecrets; close(): Promise<void> } {
  const proxyUrl = io.env['HTTPS_PROXY'] ?? io.env['https_proxy'];
  const connections = cliConnections(environmentVariableCredentials(io.env), proxyUrl ? { url: proxyUrl, strictSSL: true } : undefined);
  return {
    deps: connections.runnerDeps(),
    port: cliSendPort({ yesLive: false, sendAnyway: false }),
    known: secretsOfVariables(io.env),
    signIn: async (e) => {
      try {
        await connections.signIn(e);
      } catch (err) {
        throw new Error(`${err instanceof Error ? err.message : String(err)} ${setVariablesHint(e.id, ['partnerEmail', 'partnerPassword'])}`);
      }
    },
    close: () => connections.close(),
  };
}

/** The bundled scenarios: scenarios/ beside dist/ (the CLI, the VSIX) or the repository's, for the test tiers. */
export function bundledScenariosFolder(from = __dirname): string {
  let dir = from;
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'scenarios');
    if (fs.existsSync(path.join(candidate, 'payment-approved.payflow.json'))) return candidate;
    dir = path.dirname(dir);
  }
  return path.join(from, '..', 'scenarios');
}
