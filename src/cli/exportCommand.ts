/** `payment-workbench export --code LANG|--http|--postman FILE`: a request file or flow out to other tools. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exportCode, exportCurl, exportHttp, exportPostman, ImportError, type ExportInput, type Language } from '../interop';
import { slug } from '../interop/model';
import { DEFAULT_ORDER_PATTERN, generateId } from '../send/ids';
import { SIMULATOR_DEFAULTS } from '../simulator/defaults';
import { secretVariables } from './envSecrets';
import { loadEnvironments, pickEnvironment } from './environments';
import { collectFiles, readFlows } from './inputs';
import { EXPORT_COMMAND } from './interopSpecs';
import type { CliIo } from './runCommand';
import { parseCommand, UsageError } from './usage';

export async function exportCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommand(EXPORT_COMMAND, argv);
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const formats = ['--code', '--curl', '--http', '--postman'].filter((f) => flags.has(f));
  if (formats.length !== 1) throw new UsageError(`export: give exactly one of --code LANG, --curl, --http or --postman${formats.length ? `, not ${formats.join(' and ')}` : ''}`);
  if (operands.length !== 1) throw new UsageError('export: name one request file (*.payreq.json) or flow file (*.payflow.json)');
  const [input] = readFlows(collectFiles(operands, io.cwd), io.cwd);
  if (!input) throw new UsageError('export: nothing to export');
  const env = pickEnvironment(loadEnvironments(text('--environments'), io.cwd, SIMULATOR_DEFAULTS.port), text('--env') ?? input.flow.environment, input.file);
  const exportInput: ExportInput = { flow: input.flow, environment: env, where: input.file, freshId: () => generateId(DEFAULT_ORDER_PATTERN) };
  const passwordVariables = secretVariables(env.id, 'gatewayApiPassword');
  const out = text('--out');
  try {
    if (flags.has('--postman')) {
      const files = exportPostman(exportInput);
      const dir = path.resolve(io.cwd, out ?? '.');
      fs.mkdirSync(dir, { recursive: true });
      const base = slug(input.flow.name, 'export');
      const written = [[`${base}.postman_collection.json`, files.collection], [`${slug(env.name, 'environment')}.postman_environment.json`, files.environment]] as const;
      for (const [name, content] of written) fs.writeFileSync(path.join(dir, name), content);
      io.out(`Wrote ${written.map(([name]) => path.join(path.relative(io.cwd, dir) || '.', name)).join(' and ')}; in Postman, set the secret variable apiPassword of the environment.`);
      for (const n of files.notes) io.err(n);
      return 0;
    }
    const variable = passwordVariables[0] ?? '';
    const result = flags.has('--http') ? exportHttp(exportInput, variable) : flags.has('--curl') ? exportCurl(exportInput, variable) : exportCode(exportInput, text('--code') as Language, passwordVariables);
    for (const n of result.notes) io.err(n);
    if (out) fs.writeFileSync(path.resolve(io.cwd, out), result.text);
    else io.out(result.text.trimEnd());
    return 0;
  } catch (err) {
    if (err instanceof ImportError) throw new UsageError(err.message);
    throw err;
  }
}
