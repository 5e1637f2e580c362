/**
 * Import and export, for both adapters (CLI and VS Code): files in, workbench files and a report out;
 * a flow or request file in, .http, Postman or code out. I/O is the adapter's: it passes texts and a
 * reader for cURL's @file, and decides where secrets go (SecretStorage, or the variables to set).
 */
import type { Flow } from '../flows/flow';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../http/buildRequest';
import { toCurl } from '../http/curl';
import type { OutgoingRequest } from '../http/types';
import type { Environment } from '../environments/environment';
import type { SecretName } from '../credentials/secretNames';
import { redactText } from '../redaction';
import { FILE_NAMES, LANGUAGES, toCode, type CodeRequest, type CodeText, type Language } from './export/code';
import { drawnId, GUID_VARIABLE, planExport, PASSWORD_VARIABLE, type ExportPlan } from './export/fromWorkbench';
import type { Piece } from './export/jsonPieces';
import { writeHttpFile } from './export/httpFile';
import { writePostman } from './export/postman';
import { holdsCurlCommand, importCurl } from './import/curl';
import { importHttpFile } from './import/httpFile';
import { importPostmanCollection, importPostmanEnvironment, isPostmanCollection, isPostmanEnvironment, parsePostmanJson } from './import/postman';
import { readFileBounded, UnreadableFile } from '../files/boundedFile';
import { readBesideCommand } from './import/besideCommand';
import { secretLabel, toWorkbench, type EnvironmentLike, type ImportOutcome } from './import/toWorkbench';
import { expandTemplates, ImportError, type ImportedCollection, type ImportedEnvironment } from './model';

export { ImportError, UnreadableFile, FILE_NAMES, LANGUAGES, holdsCurlCommand, type Language, type ImportOutcome, type EnvironmentLike };
export type { SecretToStore, SecretKeptOut, ImportedEnvironmentOut } from './import/toWorkbench';
export { placeImport, writePlacedImport, readEnvironmentsBeside, IMPORTED_ENVIRONMENTS_FILE, type PlacedImport } from './import/placement';

export interface InputFile {
  /** As the user named it: shown in the report and in errors. */
  name: string;
  text: string;
  /** Where it is on disk: the folder a cURL command's `@file` bodies are read from. None for the clipboard. */
  path?: string;
}

/** Reads the body a cURL command in `commandFile` names with `@name` (or -T name); throws with the reason. */
export type ReadAtFile = (name: string, commandFile: InputFile) => string;

/** The most an input file (a collection, a command, a .http file) may hold. */
export const MAX_INPUT_BYTES = 5_000_000;
/** The most a body read with `@file` may hold. */
export const MAX_AT_FILE_BYTES = 1_000_000;

/**
 * An input file's text, read with the byte limit enforced while reading: a device, a pipe or a file
 * that grows is stopped at MAX_INPUT_BYTES, whatever its size says. Throws UnreadableFile.
 */
export function readInputFile(file: string): string {
  return readFileBounded(file, MAX_INPUT_BYTES, { regularOnly: false });
}

/** The one reader of `@file` bodies for both adapters: a regular file beside the command, at most MAX_AT_FILE_BYTES. */
export const readAtFileBesideCommand: ReadAtFile = (name, commandFile) => {
  if (commandFile.path === undefined) throw new UnreadableFile(`${commandFile.name} is in no folder to read a body from; paste the body itself`);
  return readBesideCommand(name, commandFile.path, MAX_AT_FILE_BYTES);
};

/**
 * The file's text without a byte-order mark; a file saved as UTF-16 (PowerShell 5's `>` does that)
 * reads as NUL characters once taken for UTF-8, and is refused with what to do.
 */
function asUtf8Text(file: InputFile): string {
  const head = file.text.slice(0, 512);
  if (head.includes('\u0000') || head.startsWith('\uFFFD\uFFFD')) throw new ImportError(`${file.name}: saved as UTF-16 (NUL bytes in the text); save it as UTF-8 and import it again`);
  return file.text.startsWith('\uFEFF') ? file.text.slice(1) : file.text;
}

export interface ImportOptions {
  now?: Date;
  /**
   * Environments already there (the output folder's environments file; VS Code's store): an imported
   * environment takes an id of theirs only for the same place, and another id otherwise.
   */
  existing?: readonly EnvironmentLike[];
}

/**
 * Postman collections, Postman environments (given beside a collection), .http/.rest files, cURL
 * command lines. An error quotes no secret and no card number: its message passes the redaction policy.
 */
export function importFiles(files: readonly InputFile[], readAtFile: ReadAtFile, options: ImportOptions = {}): ImportOutcome {
  try {
    return importAll(files, readAtFile, options);
  } catch (err) {
    if (err instanceof ImportError) throw new ImportError(redactText(err.message));
    throw err;
  }
}

function importAll(files: readonly InputFile[], readAtFile: ReadAtFile, options: ImportOptions): ImportOutcome {
  const collections: ImportedCollection[] = [];
  const environments: ImportedEnvironment[] = [];
  for (const given of files) {
    const file = { ...given, text: asUtf8Text(given) };
    if (/\.(http|rest)$/i.test(file.name)) collections.push(importHttpFile(file.text, file.name));
    else if (/^\s*[{[]/.test(file.text)) {
      const json = parsePostmanJson(file.text, file.name);
      if (isPostmanCollection(json)) collections.push(importPostmanCollection(json, file.name));
      else if (isPostmanEnvironment(json)) environments.push(importPostmanEnvironment(json, file.name));
      else throw new ImportError(`${file.name}: JSON that is neither a Postman collection (v2.0 or v2.1) nor a Postman environment`);
    } else if (holdsCurlCommand(file.text)) collections.push(importCurl(file.text, file.name, (name) => readAtFile(name, given)));
    else throw new ImportError(`${file.name}: not a Postman collection or environment, a .http/.rest file, or a curl command`);
  }
  if (collections.length === 0) throw new ImportError(`${files.map((f) => f.name).join(', ')}: only environments; name the collection beside them`);
  const merged: ImportOutcome = { files: [], environments: [], secrets: [], keptOut: [], rows: [], leftOut: [], checks: [] };
  // One set of names and environments for every collection: two collections never write the same file or take one environment id for two places.
  const usedNames = new Set<string>();
  const existing: EnvironmentLike[] = [...(options.existing ?? [])];
  for (const c of collections) {
    const outcome = toWorkbench({ ...c, environments: [...c.environments, ...environments] }, { now: options.now ?? new Date(), existing, usedNames });
    merged.files.push(...outcome.files);
    for (const e of outcome.environments) {
      if (!merged.environments.some((m) => m.id === e.id)) merged.environments.push(e);
      if (!existing.some((x) => x.id === e.id)) existing.push(e);
    }
    for (const s of outcome.secrets) if (!merged.secrets.some((m) => m.environmentId === s.environmentId && m.name === s.name)) merged.secrets.push(s);
    merged.keptOut.push(...outcome.keptOut);
    merged.rows.push(...outcome.rows);
    merged.leftOut.push(...outcome.leftOut);
    merged.checks.push(...outcome.checks);
    merged.builtInEnvironment ??= outcome.builtInEnvironment;
  }
  return merged;
}

/**
 * The command that runs what an import wrote (CLI and VS Code show the same): the environments file
 * and the environment when there is one, the embedded simulator when the requests went to it.
 * Undefined when only plain requests were written.
 */
export function runCommandLine(outcome: ImportOutcome, out: string, environmentsFile: string | undefined): string | undefined {
  if (outcome.files.every((f) => f.name.endsWith('.unmatched.http'))) return undefined;
  const words = ['payment-workbench', 'run', shellWord(out)];
  const [only, ...others] = outcome.environments;
  if (environmentsFile !== undefined && only) words.push('--environments', shellWord(environmentsFile));
  if (only && others.length === 0) words.push('--env', only.id);
  else if (!only && outcome.builtInEnvironment) words.push('--simulator', '--env', outcome.builtInEnvironment);
  return words.join(' ');
}

/** A path as one shell word: as it is when it needs no quoting, else quoted for the shell of this OS. */
function shellWord(text: string): string {
  const windows = process.platform === 'win32';
  if ((windows ? /^[A-Za-z0-9_./:@%+=,\\-]+$/ : /^[A-Za-z0-9_./:@%+=,-]+$/).test(text)) return text;
  return windows ? `"${text.replace(/"/g, '""')}"` : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** What the adapter says about one secret: "stored in VS Code's secret storage", "set PAYMENT_WORKBENCH_…". */
export type SecretAdvice = (environmentId: string, name: SecretName, hasValue: boolean) => string;

/** The report every import ends with, as Markdown: what became what, what was left out and why, which secrets to store. */
export function importReport(outcome: ImportOutcome, written: string, advice: SecretAdvice): string {
  const lines = ['# Import report', '', `Written to ${written}.`, '', '| From | Became |', '| --- | --- |', ...outcome.rows.map((r) => `| ${cell(r.from)} | ${cell(r.became)} |`)];
  if (outcome.environments.length) {
    lines.push('', '## Environments', '');
    for (const e of outcome.environments) lines.push(`- \`${e.id}\` (${e.name}): ${[e.gatewayUrl && `gateway ${e.gatewayUrl}`, e.financingBaseUrl && `financing ${e.financingBaseUrl}`, e.merchantId && `merchant ${e.merchantId}`].filter(Boolean).join(', ')}`);
  }
  lines.push('', '## Secrets', '');
  if (outcome.secrets.length === 0 && outcome.keptOut.length === 0) lines.push('None found.');
  for (const s of outcome.secrets) lines.push(`- ${secretLabel(s.name)} of \`${s.environmentId}\`, from ${s.from}: never written to a file. ${advice(s.environmentId, s.name, s.value !== '')}`);
  for (const k of outcome.keptOut) lines.push(`- ${sentenceCase(k.what)}, from ${k.from}: kept out of every file and of this report; the workbench keeps no such secret, so supply it yourself where it is needed.`);
  if (outcome.leftOut.length) lines.push('', '## Left out, and why', '', ...outcome.leftOut.map((l) => `- ${l}`));
  if (outcome.checks.length) lines.push('', '## The catalogue\'s checks of the bodies', '', ...outcome.checks.map((c) => `- ${c}`));
  return `${lines.join('\n')}\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const sentenceCase = (text: string) => `${text.slice(0, 1).toUpperCase()}${text.slice(1)}`;

/** The environments file (the format of `--environments FILE` and .vscode/payment-workbench.environments.json). */
export function environmentsFileText(outcome: ImportOutcome): string {
  return `${JSON.stringify({ environments: outcome.environments }, null, 2)}\n`;
}

/**
 * A message that quotes names and values from files, for a VS Code notification: those render
 * `[label](link)` as a link, `command:` links included, so a name could offer a click that runs a
 * command. The link syntax is broken; the text stays readable.
 */
export function notificationText(text: string): string {
  return text.replace(/\]\s*\(/g, '] (').replace(/[\r\n\u2028\u2029]+/g, ' ');
}

export interface ExportInput {
  flow: Flow;
  environment: Environment;
  /** The file the flow came from, for notes. */
  where: string;
  /** An id drawn at export time (the workbench's patterns): the orders of .http and cURL exports, a cURL transaction. */
  freshId: (kind: 'order' | 'transaction') => string;
}

function plan(input: ExportInput): ExportPlan {
  return planExport(input.flow, input.environment, input.where, () => input.freshId('order'));
}

export function exportHttp(input: ExportInput, passwordVariable: string): { text: string; notes: string[] } {
  const p = plan(input);
  const fromEnv = new Map(p.variables.filter((v) => v.secret).map((v) => [v.name, v.name === PASSWORD_VARIABLE ? passwordVariable : `PAYMENT_WORKBENCH_${v.name.toUpperCase()}`]));
  const note = `Exported by Payment Workbench from ${JSON.stringify(input.where)} (the flow ${JSON.stringify(p.name)}); the password is read from the shell's ${passwordVariable}.`;
  return { text: writeHttpFile(p.requests, { variables: p.variables.filter((v) => !v.secret), fromProcessEnv: fromEnv, notes: [note] }), notes: p.notes };
}

export function exportPostman(input: ExportInput): { collection: string; environment: string; notes: string[] } {
  const p = plan(input);
  return { ...writePostman(p, input.environment.name), notes: p.notes };
}

interface PostmanCollectionShape {
  info: { name: string };
  item: unknown[];
  variable: { key: string }[];
}

/** Several flows and request files (a folder) as one collection: a Postman folder per file, in the given order. */
export function exportPostmanMany(inputs: readonly ExportInput[], name: string): { collection: string; environment: string; notes: string[] } {
  const [first] = inputs;
  if (!first) throw new ImportError(`${name}: no request file or flow to export`);
  const parts = inputs.map((i) => ({ input: i, files: exportPostman(i) }));
  const collections = parts.map((p) => JSON.parse(p.files.collection) as PostmanCollectionShape);
  const merged = { ...collections[0], info: { ...collections[0]?.info, name }, item: collections.map((c) => ({ name: c.info.name, item: c.item })), variable: collections.flatMap((c) => c.variable).filter((v, i, all) => all.findIndex((w) => w.key === v.key) === i) };
  return { collection: `${JSON.stringify(merged, null, 2)}\n`, environment: parts[0]?.files.environment ?? '', notes: parts.flatMap((p) => p.files.notes) };
}

/**
 * The one request of a request file with every value but the password filled in. The program draws
 * the order id (where the request starts the order) and the transaction id afresh on each run.
 */
function concreteRequest(input: ExportInput, what: string): { request: CodeRequest; notes: string[] } {
  const p = plan(input);
  const [request] = p.requests;
  if (!request || p.requests.length > 1) throw new ImportError(`${input.where}: a flow of ${p.requests.length} steps; ${what} is exported from one request (a request file), a flow as --postman or --http`);
  if (request.auth?.kind === 'bearer') throw new ImportError(`${input.where}: a financing request needs a signed-in token; export it as --postman or --http`);
  const values = new Map(p.variables.filter((v) => !v.secret).map((v) => [v.name, v.value]));
  const program = (pieces: readonly Piece[]): CodeText => pieces.map((piece) => {
    if (typeof piece === 'string') return piece;
    if (piece.variable === GUID_VARIABLE) return { fresh: 'transactionId' };
    if (piece.variable === 'orderId' || piece.variable.startsWith('orderId_')) return { fresh: 'orderId' };
    return values.get(piece.variable) ?? '';
  });
  const step = input.flow.steps[0];
  return {
    notes: p.notes,
    request: {
      title: `${step?.operation ?? ''}${step?.version !== undefined ? ` v${step.version}` : ''} from ${JSON.stringify(input.where)}, exported by Payment Workbench for the environment ${JSON.stringify(input.environment.name)}`,
      method: request.method,
      url: program(request.program.url),
      headers: request.headers,
      ...(request.program.body !== undefined ? { body: program(request.program.body) } : {}),
      ...(request.auth?.kind === 'basic' ? { auth: { user: expandTemplates(request.auth.user, (name) => values.get(name)), passwordVariables: [] } } : {}),
    },
  };
}

/** One request as a program that reads the password from the first of `passwordVariables` that is set. */
export function exportCode(input: ExportInput, language: Language, passwordVariables: readonly string[]): { text: string; notes: string[] } {
  const { request, notes } = concreteRequest(input, 'code');
  return { text: toCode(language, { ...request, ...(request.auth ? { auth: { ...request.auth, passwordVariables } } : {}) }), notes };
}

/** One request as a cURL command (the same writer as Copy as cURL), the password read from the shell's `passwordVariable`. */
export function exportCurl(input: ExportInput, passwordVariable: string): { text: string; notes: string[] } {
  const { request, notes } = concreteRequest(input, 'cURL');
  // A command line draws no ids: those of this export are written into it.
  const ids = { orderId: drawnId(input.freshId('order'), input.where), transactionId: drawnId(input.freshId('transaction'), input.where) };
  const text = (t: CodeText) => t.map((p) => (typeof p === 'string' ? p : ids[p.fresh])).join('');
  const outgoing: OutgoingRequest = {
    method: request.method as OutgoingRequest['method'],
    url: text(request.url),
    headers: Object.fromEntries(request.headers.map((h) => [h.name, h.value])),
    ...(request.body !== undefined ? { body: text(request.body) } : {}),
    timeoutMs: input.environment.timeoutMs,
    maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
  };
  return { text: toCurl(outgoing, { includeSecrets: true, ...(request.auth ? { basicFromVariable: { user: request.auth.user, variable: passwordVariable } } : {}) }), notes };
}
