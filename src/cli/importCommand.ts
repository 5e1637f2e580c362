/** `payment-workbench import FILE... [--out DIR]`: other tools' requests in, workbench files and a report out. */
import * as path from 'node:path';
import { importFiles, importReport, ImportError, placeImport, readAtFileBesideCommand, readEnvironmentsBeside, readInputFile, runCommandLine, UnreadableFile, writePlacedImport, type InputFile } from '../interop';
import { setVariablesHint } from './envSecrets';
import { IMPORT_COMMAND } from './interopSpecs';
import type { CliIo } from './runCommand';
import { parseCommand, UsageError } from './usage';

function readOperand(name: string, cwd: string): InputFile {
  const full = path.resolve(cwd, name);
  try {
    return { name, path: full, text: readInputFile(full) };
  } catch (err) {
    if (err instanceof UnreadableFile) throw new UsageError(`${name}: ${err.message}`);
    throw err;
  }
}

export async function importCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommand(IMPORT_COMMAND, argv);
  if (operands.length === 0) throw new UsageError('import: name at least one file (a cURL command, a Postman collection and its environment, a .http file)');
  const outFlag = flags.get('--out');
  const outDir = path.resolve(io.cwd, typeof outFlag === 'string' ? outFlag : '.');
  const inputs = operands.map((name) => readOperand(name, io.cwd));
  let placed;
  try {
    // Everything is judged before anything is written: the import is refused whole or written whole.
    const outcome = importFiles(inputs, readAtFileBesideCommand, { existing: readEnvironmentsBeside(outDir) });
    placed = placeImport(outcome, outDir);
    writePlacedImport(placed);
  } catch (err) {
    if (err instanceof ImportError) throw new UsageError(err.message);
    throw err;
  }
  const relative = path.relative(io.cwd, outDir);
  const shownOut = relative.startsWith('..') || path.isAbsolute(relative) ? outDir : relative || '.';
  const outcome = { ...placed.outcome, leftOut: [...placed.renamed, ...placed.outcome.leftOut] };
  io.out(importReport(outcome, shownOut, (environmentId, name, hasValue) => `${hasValue ? 'Its value was in the source and was not copied. ' : ''}${setVariablesHint(environmentId, [name])}`).trimEnd());
  const run = runCommandLine(outcome, shownOut, placed.environmentsPath && path.join(shownOut, path.basename(placed.environmentsPath)));
  if (run) io.out(`\nRun: ${run}`);
  return 0;
}
