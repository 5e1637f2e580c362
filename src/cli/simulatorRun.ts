/** What trigger and reconcile share: the environment on the running simulator, and where the bundled scenarios are. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Environment } from '../environments/environment';
import { SIMULATOR_DEFAULTS } from '../simulator/defaults';
import { loadEnvironments, pickEnvironment } from './environments';
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
