/**
 * The environments a CLI run can use: the built-in simulator environments (at the embedded
 * simulator's port with --simulator), plus those of `--environments FILE` or, by default,
 * `.vscode/payment-workbench.environments.json` in the working folder (the file the team commits).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readFileBounded, UnreadableFile } from '../files/boundedFile';
import { parseJsonBounded } from '../json/depth';
import { describeEnvironmentError, environmentSchema, LOCAL_SIMULATOR_ID, MAX_ENVIRONMENTS_FILE_BYTES, localSimulatorEnvironments, type Environment } from '../environments/environment';
import { UsageError } from './usage';

export const WORKSPACE_ENVIRONMENTS_FILE = path.join('.vscode', 'payment-workbench.environments.json');

export function loadEnvironments(file: string | undefined, cwd: string, simulatorPort: number): Environment[] {
  const builtIns = localSimulatorEnvironments(simulatorPort);
  const chosen = file ? path.resolve(cwd, file) : path.join(cwd, WORKSPACE_ENVIRONMENTS_FILE);
  if (!file && !fs.existsSync(chosen)) return builtIns;
  return [...builtIns, ...readEnvironmentsFile(chosen)];
}

function readEnvironmentsFile(file: string): Environment[] {
  let text: string;
  try {
    // The default file comes with the repository: it may be a link to a device or a pipe.
    text = readFileBounded(file, MAX_ENVIRONMENTS_FILE_BYTES, { regularOnly: true });
  } catch (err) {
    if (err instanceof UnreadableFile) throw new UsageError(`${file} ${err.message}; not an environments file`);
    throw err;
  }
  let json: unknown;
  try {
    json = parseJsonBounded(text, { where: file });
  } catch (err) {
    throw new UsageError(`${file}: not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const list = typeof json === 'object' && json !== null && 'environments' in json ? (json as { environments: unknown }).environments : undefined;
  if (!Array.isArray(list)) throw new UsageError(`${file}: must be { "environments": [ … ] }`);
  return list.map((raw, i) => {
    const parsed = environmentSchema.safeParse(raw);
    if (!parsed.success) throw new UsageError(`${file}: environment ${i + 1}: ${describeEnvironmentError(parsed.error)}`);
    return parsed.data;
  });
}

/** `--env NAME` (or the flow's own "environment"), by id or name; the default simulator environment without either. */
export function pickEnvironment(environments: readonly Environment[], wanted: string | undefined, where: string): Environment {
  const key = wanted ?? LOCAL_SIMULATOR_ID;
  const found = environments.find((e) => e.id === key) ?? environments.find((e) => e.name === key);
  if (!found) throw new UsageError(`${where}: no environment "${key}"; known: ${environments.map((e) => e.id).join(', ')}`);
  return found;
}
