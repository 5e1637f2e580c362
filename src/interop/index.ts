/**
 * Import and export, for both adapters (CLI and VS Code): files in, workbench files and a report out;
 * a flow or request file in, .http, Postman or code out. I/O is the adapter's: it passes texts and a
 * reader for cURL's @file, and decides where secrets go (SecretStorage, or the variables to set).
 */
import type { Flow } from '../flows/flow';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../http/buildRequest';
import { toCurl } from '../http/curl';
import type { OutgoingRequest } from '../http/types';
import type { Environment } from '../send/environment';
import type { SecretName } from '../send/secretNames';
import { FILE_NAMES, LANGUAGES, toCode, type CodeRequest, type CodeText, type Language } from './export/code';
import { drawnId, GUID_VARIABLE, planExport, PASSWORD_VARIABLE, type ExportPlan } from './export/fromWorkbench';
import type { Piece } from './export/jsonPieces';
import { writeHttpFile } from './export/httpFile';
import { writePostman } from './export/postman';
import { holdsCurlCommand, importCurl, type ReadAtFile } from './import/curl';
import { importHttpFile } from './import/httpFile';
import { importPostmanCollection, importPostmanEnvironment, isPostmanCollection, isPostmanEnvironment, parsePostmanJson } from './import/postman';
import { toWorkbench, type ImportOutcome } from './import/toWorkbench';
import { expandTemplates, ImportError, type ImportedCollection, type ImportedEnvironment } from './model';

export { ImportError, FILE_NAMES, LANGUAGES, type Language, type ImportOutcome, type ReadAtFile };
export type { SecretToStore } from './import/toWorkbench';

export interface InputFile {
  /** As the user named it: shown in the report and in errors. */
  name: string;
  text: string;
}

/**
 * The file's text without a byte-order mark; a file saved as UTF-16 (PowerShell 5's `>` does that)
 * reads as NUL characters once taken for UTF-8, and is refused with what to do.
 */
function asUtf8Text(file: InputFile): string {
  const head = file.text.slice(0, 512);
  if (head.includes('\u0000') || head.startsWith('\uFFFD\uFFFD')) throw new ImportError(`${file.name}: saved as UTF-16 (NUL bytes in the text); save it as UTF-8 and import it again`);
  return file.text.startsWith('\uFEFF') ? file.text.slice(1) : file.text;
}

/** Postman collections, Postman environments (given beside a collection), .http/.rest files, cURL command lines. */
export function importFiles(files: readonly InputFile[], readAtFile: ReadAtFile, now: Date = new Date()): ImportOutcome {
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
    } else if (holdsCurlCommand(file.text)) collections.push(importCurl(file.text, file.name, readAtFile));
    else throw new ImportError(`${file.name}: not a Postman collection or environment, a .http/.rest file, or a curl command`);
  }
  if (collections.length === 0) throw new ImportError(`${files.map((f) => f.name).join(', ')}: only environments; name the collection beside them`);
  const merged: ImportOutcome = { files: [], environments: [], secrets: [], rows: [], leftOut: [], checks: [] };
  for (const c of collections) {
    const outcome = toWorkbench({ ...c, environments: [...c.environments, ...environments] }, now);
    for (const f of outcome.files) merged.files.push({ ...f, name: merged.files.some((m) => m.name === f.name) ? `${c.name.replace(/[^A-Za-z0-9]+/g, '-')}-${f.name}` : f.name });
    for (const e of outcome.environments) if (!merged.environments.some((m) => m.id === e.id)) merged.environments.push(e);
    merged.secrets.push(...outcome.secrets);
    merged.rows.push(...outcome.rows);
    merged.leftOut.push(...outcome.leftOut);
    merged.checks.push(...outcome.checks);
  }
  return merged;
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
  if (outcome.secrets.length === 0) lines.push('None found.');
  for (const s of outcome.secrets) lines.push(`- ${s.name === 'gatewayApiPassword' ? 'The gateway API password' : s.name} of \`${s.environmentId}\`, from ${s.from}: never written to a file. ${advice(s.environmentId, s.name, s.value !== '')}`);
  if (outcome.leftOut.length) lines.push('', '## Left out, and why', '', ...outcome.leftOut.map((l) => `- ${l}`));
  if (outcome.checks.length) lines.push('', '## The catalogue\'s checks of the bodies', '', ...outcome.checks.map((c) => `- ${c}`));
  return `${lines.join('\n')}\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

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
