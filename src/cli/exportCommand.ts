/**
 * `payment-workbench export --code LANG|--http|--postman FILE`: a request file or flow out to other tools;
 * `export openapi [--version N] [--out FILE]`: the gateway operations as an OpenAPI 3.1 description.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exportCode, exportCurl, exportHttp, exportPostman, FILE_NAMES, ImportError, type ExportInput, type Language } from '../interop';
import { slug } from '../interop/model';
import { replaceFile } from '../files/safeWrite';
import { openApiDocument, openApiVersion, UnknownVersionError } from '../interop/export/openapi';
import { DEFAULT_ORDER_PATTERN, DEFAULT_TRANSACTION_PATTERN, generateId } from '../send/ids';
import { SIMULATOR_DEFAULTS } from '../simulator/defaults';
import { secretVariables } from './envSecrets';
import { loadEnvironments, pickEnvironment } from './environments';
import { collectFiles, readFlows, type FlowInput } from './inputs';
import { EXPORT_COMMAND } from './interopSpecs';
import type { CliIo } from './runCommand';
import { parseCommand, UsageError } from './usage';

export async function exportCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, operands } = parseCommand(EXPORT_COMMAND, argv);
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  if (operands[0] === 'openapi' && !['--code', '--curl', '--http', '--postman'].some((f) => flags.has(f))) return exportOpenApi(operands, text, io);
  if (flags.has('--version')) throw new UsageError('export: --version goes with export openapi (a request file or flow names its own version)');
  const formats = ['--code', '--curl', '--http', '--postman'].filter((f) => flags.has(f));
  if (formats.length !== 1) throw new UsageError(`export: give exactly one of --code LANG, --curl, --http or --postman${formats.length ? `, not ${formats.join(' and ')}` : ''}`);
  if (operands.length !== 1) throw new UsageError('export: name one request file (*.payreq.json) or flow file (*.payflow.json)');
  const [input] = readFlows(collectFiles(operands, io.cwd), io.cwd);
  if (!input) throw new UsageError('export: nothing to export');
  return exportFlowInput(input, flags, io);
}

/**
 * A flow already read, out in the one format its flags name (--code LANG, --curl, --http or
 * --postman, with --env, --environments and --out as `export` takes them): tap export uses it too.
 */
export function exportFlowInput(input: FlowInput, flags: ReadonlyMap<string, string | true>, io: CliIo): number {
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const env = pickEnvironment(loadEnvironments(text('--environments'), io.cwd, SIMULATOR_DEFAULTS.port), text('--env') ?? input.flow.environment, input.file);
  const exportInput: ExportInput = { flow: input.flow, environment: env, where: input.file, freshId: (kind) => generateId(kind === 'order' ? DEFAULT_ORDER_PATTERN : DEFAULT_TRANSACTION_PATTERN) };
  const passwordVariables = secretVariables(env.id, 'gatewayApiPassword');
  const out = text('--out');
  const base = slug(input.flow.name, 'export');
  try {
    if (flags.has('--postman')) {
      const files = exportPostman(exportInput);
      const dir = path.resolve(io.cwd, out ?? '.');
      const written = [writeInto(dir, `${base}.postman_collection.json`, files.collection), writeInto(dir, `${slug(env.name, 'environment')}.postman_environment.json`, files.environment)];
      io.out(`Wrote ${written.map((f) => shown(f, io.cwd)).join(' and ')}; in Postman, set the secret variable apiPassword of the environment.`);
      for (const n of files.notes) io.err(n);
      return 0;
    }
    const variable = passwordVariables[0] ?? '';
    const language = text('--code') as Language | undefined;
    const result = flags.has('--http') ? exportHttp(exportInput, variable) : flags.has('--curl') ? exportCurl(exportInput, variable) : exportCode(exportInput, language as Language, passwordVariables);
    for (const n of result.notes) io.err(n);
    if (!out) {
      io.out(result.text.trimEnd());
      return 0;
    }
    // A folder (one that exists, or a path ending in a separator) gets the file under its usual name, as `import --out` takes a folder.
    const fileName = flags.has('--http') ? `${base}.http` : flags.has('--curl') ? `${base}.curl.sh` : FILE_NAMES[language as Language];
    const target = path.resolve(io.cwd, out);
    const written = isFolder(target, out) ? writeInto(target, fileName, result.text) : writeFile(target, result.text);
    io.out(`Wrote ${shown(written, io.cwd)}.`);
    return 0;
  } catch (err) {
    if (err instanceof ImportError) throw new UsageError(err.message);
    throw err;
  }
}

function exportOpenApi(operands: readonly string[], text: (name: string) => string | undefined, io: CliIo): number {
  if (operands.length !== 1) throw new UsageError(`export openapi takes no file, got ${operands.slice(1).map((o) => JSON.stringify(o.slice(0, 80))).join(' ')}`);
  let document: Record<string, unknown>;
  try {
    document = openApiDocument(openApiVersion(text('--version')));
  } catch (err) {
    if (err instanceof UnknownVersionError) throw new UsageError(`export openapi: ${err.message}`);
    throw err;
  }
  const content = `${JSON.stringify(document, null, 2)}\n`;
  const out = text('--out');
  if (!out) {
    io.out(content.trimEnd());
    return 0;
  }
  const target = path.resolve(io.cwd, out);
  const written = isFolder(target, out) ? writeInto(target, `gateway-v${String((document['info'] as { version: string }).version)}.openapi.json`, content) : writeFile(target, content);
  io.out(`Wrote ${shown(written, io.cwd)}.`);
  return 0;
}

function isFolder(target: string, given: string): boolean {
  return /[\\/]$/.test(given) || (fs.existsSync(target) && fs.statSync(target).isDirectory());
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdirSync never returns under /proc (a path such as
 * /proc/x/y kept the CLI at full CPU), so each missing folder is made alone and the first refusal is thrown.
 */
export function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !fs.existsSync(at); at = path.dirname(at)) {
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of missing) fs.mkdirSync(folder);
}

function writeInto(dir: string, name: string, content: string): string {
  try {
    makeFolders(dir);
  } catch (err) {
    throw new UsageError(`export: cannot make the folder ${dir} (${codeOf(err)}); choose another --out`);
  }
  // A name the export chose, in a folder that may be a cloned repository's: replaced by name, a link there never followed.
  const file = path.join(dir, name);
  try {
    replaceFile(file, content);
    return file;
  } catch (err) {
    throw new UsageError(`export: cannot write ${file} (${codeOf(err)}); choose another --out (a file, or a folder to write into)`);
  }
}

function writeFile(file: string, content: string): string {
  try {
    makeFolders(path.dirname(file));
    fs.writeFileSync(file, content);
    return file;
  } catch (err) {
    throw new UsageError(`export: cannot write ${file} (${codeOf(err)}); choose another --out (a file, or a folder to write into)`);
  }
}

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);
const shown = (file: string, cwd: string) => {
  const relative = path.relative(cwd, file);
  return relative.startsWith('..') ? file : relative;
};
