/** `payment-workbench import FILE... [--out DIR]`: other tools' requests in, workbench files and a report out. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { environmentsFileText, importFiles, importReport, ImportError, type InputFile } from '../interop';
import { setVariablesHint } from './envSecrets';
import { IMPORT_COMMAND } from './interopSpecs';
import type { CliIo } from './runCommand';
import { parseCommand, UsageError } from './usage';

const MAX_INPUT_BYTES = 5_000_000;
const MAX_AT_FILE_BYTES = 1_000_000;
export const IMPORTED_ENVIRONMENTS_FILE = 'payment-workbench.environments.json';

function readBounded(file: string, limit: number, shown: string): string {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (err) {
    throw new UsageError(`${shown}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  if (size > limit) throw new UsageError(`${shown}: ${size} bytes; at most ${limit} are imported`);
  return fs.readFileSync(file, 'utf8');
}

export async function importCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommand(IMPORT_COMMAND, argv);
  if (operands.length === 0) throw new UsageError('import: name at least one file (a cURL command, a Postman collection and its environment, a .http file)');
  const outFlag = flags.get('--out');
  const outDir = path.resolve(io.cwd, typeof outFlag === 'string' ? outFlag : '.');
  const inputs: InputFile[] = operands.map((name) => ({ name, text: readBounded(path.resolve(io.cwd, name), MAX_INPUT_BYTES, name) }));
  const readAtFile = (name: string) => readBounded(path.resolve(io.cwd, path.dirname(operands[0] ?? '.'), name), MAX_AT_FILE_BYTES, name);
  let outcome;
  try {
    outcome = importFiles(inputs, readAtFile);
  } catch (err) {
    if (err instanceof ImportError) throw new UsageError(err.message);
    throw err;
  }
  const files = [...outcome.files];
  if (outcome.environments.length) files.push({ name: IMPORTED_ENVIRONMENTS_FILE, text: environmentsFileText(outcome) });
  const existing = files.filter((f) => fs.existsSync(path.join(outDir, f.name)));
  if (existing.length) throw new UsageError(`import: ${existing.map((f) => path.join(outDir, f.name)).join(', ')} already exist${existing.length > 1 ? '' : 's'}; nothing is overwritten (choose another --out)`);
  fs.mkdirSync(outDir, { recursive: true });
  for (const f of files) fs.writeFileSync(path.join(outDir, f.name), f.text);
  const relative = path.relative(io.cwd, outDir);
  const shownOut = relative.startsWith('..') ? outDir : relative || '.';
  io.out(importReport(outcome, shownOut, (environmentId, name, hasValue) => `${hasValue ? 'Its value was in the source and was not copied. ' : ''}${setVariablesHint(environmentId, [name])}`).trimEnd());
  const env = outcome.environments[0];
  if (env) io.out(`\nRun: payment-workbench run ${shownOut} --environments ${path.join(shownOut, IMPORTED_ENVIRONMENTS_FILE)} --env ${env.id}`);
  return 0;
}
