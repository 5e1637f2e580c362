/**
 * Import and export in VS Code: "Import Requests…" (Environments view, Explorer), "Import cURL from
 * Clipboard", "Copy as Code…" and "Export as .http" / "Export as Postman Collection" on request
 * files, flows and folders. The engine (src/interop) does the work; this adapter reads and writes
 * files, stores each secret in SecretStorage (never in a file), and opens the report read-only.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { secretVariables, setVariablesHint } from '../../cli/envSecrets';
import type { SecretName } from '../../credentials/secretNames';
import type { CoreServices } from '../../host/services';
import { parseFlowText, parseRequestFileAsFlow, type Flow } from '../../flows';
import { exportCode, exportHttp, exportPostmanMany, FILE_NAMES, holdsCurlCommand, importFiles, importReport, ImportError, LANGUAGES, notificationText, placeImport, readAtFileBesideCommand, readEnvironmentsBeside, readInputFile, runCommandLine, UnreadableFile, writePlacedImport, type ExportInput, type ImportOutcome, type InputFile, type Language, type ReadAtFile } from '../../interop';
import { freshOrderId, freshTransactionId } from '../../commands/idSuggestions';
import { isNameTaken, writeNewFile } from '../../files/safeWrite';
import { sentenceStart } from '../../format/sentence';
import { flowFromExchanges } from '../../history/saveAsFlow';
import type { Exchange } from '../../send/exchange';

const REPORT_SCHEME = 'payment-workbench-report';
const FLOW_OR_REQUEST = /\.(payflow|payreq)\.json$/;

/** What a test or another command passes instead of the dialogs. */
interface ImportArgs {
  files: string[];
  /** Asked for when absent (a drop on a view gives only the files). */
  outDir?: string;
}

export function registerInterop(context: vscode.ExtensionContext, core: CoreServices): void {
  const reports = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.Uri>();
  context.subscriptions.push(
    changed,
    vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, { onDidChange: changed.event, provideTextDocumentContent: (uri) => reports.get(uri.path) ?? '' }),
    vscode.commands.registerCommand('paymentWorkbench.importRequests', (first?: unknown, all?: unknown) => guard(() => importCommand(core, reports, changed, first, all))),
    vscode.commands.registerCommand('paymentWorkbench.importCurlFromClipboard', () => guard(() => importClipboard(core, reports, changed))),
    vscode.commands.registerCommand('paymentWorkbench.copyAsCode', (uri?: vscode.Uri, language?: Language) => guard(() => copyAsCode(core, uri, language))),
    vscode.commands.registerCommand('paymentWorkbench.exportAsHttp', (uri?: vscode.Uri) => guard(() => exportFiles(core, uri, 'http'))),
    vscode.commands.registerCommand('paymentWorkbench.exportAsPostman', (uri?: vscode.Uri) => guard(() => exportFiles(core, uri, 'postman'))),
  );
}

async function guard<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (err) {
    void vscode.window.showErrorMessage(notificationText(sentenceStart(err instanceof Error ? err.message : String(err))));
    return undefined;
  }
}

/** A file's text, the byte limit enforced while reading (a device or a pipe reports size 0). */
function readBounded(file: string): string {
  try {
    return readInputFile(file);
  } catch (err) {
    if (err instanceof UnreadableFile) throw new ImportError(`${vscode.workspace.asRelativePath(file)}: ${err.message}`);
    throw err;
  }
}

function isImportArgs(value: unknown): value is ImportArgs {
  return typeof value === 'object' && value !== null && Array.isArray((value as ImportArgs).files) && (value as ImportArgs).files.every((f) => typeof f === 'string') && ['string', 'undefined'].includes(typeof (value as ImportArgs).outDir);
}

async function importCommand(core: CoreServices, reports: Map<string, string>, changed: vscode.EventEmitter<vscode.Uri>, first: unknown, all: unknown): Promise<ImportOutcome | undefined> {
  const given = isImportArgs(first) ? first : undefined;
  const explorer = Array.isArray(all) ? all.filter((u): u is vscode.Uri => u instanceof vscode.Uri) : first instanceof vscode.Uri ? [first] : [];
  const files = given?.files ?? (explorer.length ? explorer.map((u) => u.fsPath) : (await vscode.window.showOpenDialog({ canSelectMany: true, openLabel: vscode.l10n.t('Import'), title: vscode.l10n.t('Import cURL, Postman (collection and environment) or .http files'), filters: { 'Requests': ['json', 'http', 'rest', 'sh', 'txt', 'curl'], 'All files': ['*'] } }))?.map((u) => u.fsPath));
  if (!files?.length) return undefined;
  const outDir = given?.outDir ?? (await pickOutDir(files[0] as string));
  if (!outDir) return undefined;
  const inputs: InputFile[] = files.map((f) => ({ name: vscode.workspace.asRelativePath(f), path: f, text: readBounded(f) }));
  return store(core, inputs, readAtFileBesideCommand, outDir, reports, changed);
}

async function importClipboard(core: CoreServices, reports: Map<string, string>, changed: vscode.EventEmitter<vscode.Uri>): Promise<void> {
  const text = await vscode.env.clipboard.readText();
  if (!holdsCurlCommand(text)) throw new ImportError(vscode.l10n.t('The clipboard holds no curl command (a line starting with "curl" or "$ curl").'));
  const outDir = await pickOutDir(undefined);
  if (!outDir) return;
  // The clipboard is in no folder: readAtFileBesideCommand refuses an @file body with what to do.
  await store(core, [{ name: 'clipboard', text }], readAtFileBesideCommand, outDir, reports, changed);
}

async function pickOutDir(near: string | undefined): Promise<string | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? (near ? vscode.Uri.file(path.dirname(near)) : undefined);
  const picked = await vscode.window.showOpenDialog({ canSelectFiles: false, canSelectFolders: true, openLabel: vscode.l10n.t('Import Here'), title: vscode.l10n.t('Folder for the imported request files and flows'), ...(folder ? { defaultUri: folder } : {}) });
  return picked?.[0]?.fsPath;
}

/**
 * The import, placed and written by the same rule as the CLI's (the same files, the environments file
 * beside them, so the CLI runs them too); the environments also saved in VS Code's store and each
 * secret in SecretStorage; the report opened.
 */
async function store(core: CoreServices, inputs: readonly InputFile[], readAtFile: ReadAtFile, outDir: string, reports: Map<string, string>, changed: vscode.EventEmitter<vscode.Uri>): Promise<ImportOutcome> {
  // An id VS Code holds for another place is not taken: a flow naming it would send there from VS Code.
  const existing = [...readEnvironmentsBeside(outDir), ...core.environments.list()];
  const outcome = importFiles(inputs, readAtFile, { existing });
  const placed = placeImport(outcome, outDir);
  writePlacedImport(placed);
  const notes: string[] = [...placed.renamed];
  for (const e of outcome.environments) if (!core.environments.get(e.id)) await core.environments.save({ ...e });
  for (const s of outcome.secrets) {
    if (s.value === '') continue;
    const stored = await core.secrets.get(s.environmentId, s.name);
    // Bound to the host of the environment it was imported with (or the one VS Code already holds under that id).
    const env = core.environments.get(s.environmentId) ?? outcome.environments.find((e) => e.id === s.environmentId) ?? { id: s.environmentId };
    if (stored === undefined) await core.secrets.set(env, s.name, s.value);
    else if (stored !== s.value) notes.push(vscode.l10n.t('{0}: VS Code holds another value for it in {1} already; that one was kept', s.from, s.environmentId));
  }
  const run = runCommandLine(placed.outcome, outDir, placed.environmentsPath);
  const report = importReport({ ...placed.outcome, leftOut: [...notes, ...placed.outcome.leftOut] }, outDir, (_id, name, hasValue) =>
    hasValue ? vscode.l10n.t('Stored in VS Code\'s secret storage.') : (name === 'gatewayApiPassword' ? vscode.l10n.t('Set it with "Payment Workbench: Set Gateway API Password…".') : vscode.l10n.t('Set it with "Payment Workbench: Sign In to Financing API".'))) + (run ? vscode.l10n.t('\nFrom a terminal: `{0}`{1}\n', run, terminalSecrets(placed.outcome)) : '');
  const uri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/Import report ${new Date().toISOString().slice(11, 19).replace(/:/g, '.')}.md` });
  reports.set(uri.path, report);
  changed.fire(uri);
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  return placed.outcome;
}

/** What a terminal run needs beside the command: the CLI reads secrets from environment variables, not from VS Code's storage. */
function terminalSecrets(outcome: ImportOutcome): string {
  const byEnvironment = new Map<string, SecretName[]>();
  for (const s of outcome.secrets) byEnvironment.set(s.environmentId, [...(byEnvironment.get(s.environmentId) ?? []), s.name]);
  return [...byEnvironment].map(([id, names]) => ` ${setVariablesHint(id, names)}`).join('');
}

function flowOf(file: string): Flow {
  const text = readBounded(file);
  const parsed = file.endsWith('.payreq.json') ? parseRequestFileAsFlow(text, path.basename(file, '.payreq.json')) : parseFlowText(text);
  if (!parsed.ok) throw new ImportError(`${vscode.workspace.asRelativePath(file)}: ${parsed.problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
  return parsed.flow;
}

function exportInput(core: CoreServices, file: string, flow: Flow): ExportInput {
  const environment = (flow.environment ? core.environments.get(flow.environment) : undefined) ?? core.environments.requireActive();
  return { flow, environment, where: vscode.workspace.asRelativePath(file), freshId: (kind) => (kind === 'order' ? freshOrderId() : freshTransactionId()) };
}

function targetFile(uri: vscode.Uri | undefined): string {
  const file = uri?.fsPath ?? vscode.window.activeTextEditor?.document.uri.fsPath;
  if (!file) throw new ImportError(vscode.l10n.t('Open or choose a request file (*.payreq.json) or a flow (*.payflow.json) first.'));
  return file;
}

async function copyAsCode(core: CoreServices, uri: vscode.Uri | undefined, given: Language | undefined): Promise<string | undefined> {
  const file = targetFile(uri);
  const language = given ?? (await vscode.window.showQuickPick(LANGUAGES.map((l) => ({ label: l, description: FILE_NAMES[l] })), { title: vscode.l10n.t('Copy as Code: which language?') }))?.label as Language | undefined;
  if (!language) return undefined;
  const input = exportInput(core, file, flowOf(file));
  const { text, notes } = exportCode(input, language, secretVariables(input.environment.id, 'gatewayApiPassword'));
  await vscode.env.clipboard.writeText(text);
  void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('Copied {0} code for {1} ({2}); it reads the password from {3}.', language, path.basename(file), input.environment.name, secretVariables(input.environment.id, 'gatewayApiPassword').join(vscode.l10n.t(' or '))) + (notes.length ? ` ${notes.join(' ')}` : '')));
  return text;
}

/**
 * "Copy as Code…" of a request already sent or seen (the Gateway Tap's rows): the exchange becomes a
 * one-step flow, as Save as Flow writes it, and goes through the same exporter as a request file.
 * Values history did not keep (card data, secrets) are left out, as in the flow.
 */
export async function copyExchangeAsCode(core: CoreServices, e: Exchange, given?: Language): Promise<string | undefined> {
  const language = given ?? (await vscode.window.showQuickPick(LANGUAGES.map((l) => ({ label: l, description: FILE_NAMES[l] })), { title: vscode.l10n.t('Copy {0} as Code: which language?', e.operationTitle) }))?.label as Language | undefined;
  if (!language) return undefined;
  const { incomplete, ...saved } = flowFromExchanges([e]);
  const parsed = parseFlowText(JSON.stringify(saved));
  if (!parsed.ok) throw new ImportError(vscode.l10n.t('{0}: cannot be exported as code: {1}', e.operationTitle, parsed.problems.map((p) => `${p.field}: ${p.message}`).join('; ')));
  const where = `${e.operationTitle} of ${e.startedAt}`;
  const environment = core.environments.get(e.environment.id) ?? core.environments.requireActive();
  const input: ExportInput = { flow: parsed.flow, environment, where, freshId: (kind) => (kind === 'order' ? freshOrderId() : freshTransactionId()) };
  const { text, notes } = exportCode(input, language, secretVariables(environment.id, 'gatewayApiPassword'));
  await vscode.env.clipboard.writeText(text);
  const gaps = incomplete.length ? vscode.l10n.t(' Card data and secrets are not kept: fill them in.') : '';
  void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('Copied {0} code for {1} ({2}); it reads the password from {3}.', language, e.operationTitle, environment.name, secretVariables(environment.id, 'gatewayApiPassword').join(vscode.l10n.t(' or '))) + gaps + (notes.length ? ` ${notes.join(' ')}` : '')));
  return text;
}

function filesUnder(target: string): string[] {
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs.readdirSync(target, { recursive: true, encoding: 'utf8' }).filter((f) => FLOW_OR_REQUEST.test(f)).sort().slice(0, 500).map((f) => path.join(target, f));
}

async function exportFiles(core: CoreServices, uri: vscode.Uri | undefined, format: 'http' | 'postman'): Promise<string[]> {
  const target = targetFile(uri);
  const files = filesUnder(target);
  if (files.length === 0) throw new ImportError(vscode.l10n.t('{0}: no request files or flows in it', vscode.workspace.asRelativePath(target)));
  const inputs = files.map((f) => exportInput(core, f, flowOf(f)));
  const base = path.basename(target).replace(/\.(payflow|payreq)\.json$/, '');
  const dir = fs.statSync(target).isDirectory() ? target : path.dirname(target);
  const written: [string, string][] = [];
  if (format === 'http') {
    const passwordVariable = (e: ExportInput) => secretVariables(e.environment.id, 'gatewayApiPassword')[0] ?? '';
    written.push([path.join(dir, `${base}.http`), inputs.map((i) => exportHttp(i, passwordVariable(i)).text).join('\n')]);
  } else {
    const { collection, environment } = exportPostmanMany(inputs, base);
    written.push([path.join(dir, `${base}.postman_collection.json`), collection], [path.join(dir, `${base}.postman_environment.json`), environment]);
  }
  // lstat, not existsSync: a link at the name, even a dangling one, is taken; 'wx' below follows none either.
  const taken = written.filter(([f]) => isNameTaken(f)).map(([f]) => path.basename(f));
  if (taken.length) throw new ImportError(taken.length > 1 ? vscode.l10n.t('{0} exist already; move them away first (nothing is overwritten)', taken.join(vscode.l10n.t(' and '))) : vscode.l10n.t('{0} exists already; move it away first (nothing is overwritten)', taken.join(vscode.l10n.t(' and '))));
  for (const [f, text] of written) writeNewFile(f, text);
  await vscode.window.showTextDocument(vscode.Uri.file(written[0]?.[0] ?? ''), { preview: false });
  return written.map(([f]) => f);
}
