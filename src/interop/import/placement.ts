/**
 * Where an import's files go, one rule for both adapters (CLI and VS Code), so both write the same
 * files: every name distinct from the others and from what the output folder holds (compared without
 * case, as Windows and macOS do), never over an existing file; the environments the flows name in the
 * folder's `payment-workbench.environments.json` (added to it when it is there, so a rerun and a
 * second import keep every environment their flows name). Everything is judged before anything is
 * written, so an import is refused whole or written whole.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJsonBounded } from '../../json/depth';
import { describeEnvironmentError, environmentSchema, MAX_ENVIRONMENTS_FILE_BYTES } from '../../environments/environment';
import { ImportError } from '../model';
import type { EnvironmentLike } from './environmentChoice';
import { readFileBounded, UnreadableFile } from '../../files/boundedFile';
import type { ImportOutcome } from './toWorkbench';

export const IMPORTED_ENVIRONMENTS_FILE = 'payment-workbench.environments.json';

export interface PlacedImport {
  outDir: string;
  /** The outcome with its files' final names (the report's rows renamed with them). */
  outcome: ImportOutcome;
  /** New files, each under a name nothing in the folder has. */
  files: { path: string; text: string }[];
  /** The environments file, written when the import adds an environment to it (the ones there kept as they are). */
  environmentsFile?: { path: string; text: string };
  /** The environments file that holds every environment the written files name, for the "Run:" line; none when they name none. */
  environmentsPath?: string;
  /** Files given another name than the import chose, because the folder had one of that name. */
  renamed: string[];
}

/** The environments of the folder's environments file, or none; a file there that is not one is refused before anything is written. */
export function readEnvironmentsBeside(outDir: string): EnvironmentLike[] {
  return environmentsThere(path.join(outDir, IMPORTED_ENVIRONMENTS_FILE)).map((raw) => raw as unknown as EnvironmentLike);
}

function environmentsThere(file: string): Record<string, unknown>[] {
  if (!fs.existsSync(file)) return [];
  let json: unknown;
  try {
    json = parseJsonBounded(readFileBounded(file, MAX_ENVIRONMENTS_FILE_BYTES, { regularOnly: true }), { where: file });
  } catch (err) {
    const why = err instanceof UnreadableFile ? err.message : `not valid JSON (${err instanceof Error ? err.message : String(err)})`;
    throw new ImportError(`${file}: ${why}; the import adds its environments to this file, so fix it or import into another folder`);
  }
  const list = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as { environments?: unknown }).environments : undefined;
  if (!Array.isArray(list)) throw new ImportError(`${file}: must be { "environments": [ … ] }; the import adds its environments to this file, so fix it or import into another folder`);
  return list.map((raw, i) => {
    const parsed = environmentSchema.safeParse(raw);
    if (!parsed.success) throw new ImportError(`${file}: environment ${i + 1}: ${describeEnvironmentError(parsed.error)}; fix it or import into another folder`);
    return raw as Record<string, unknown>;
  });
}

export function placeImport(outcome: ImportOutcome, outDir: string): PlacedImport {
  const taken = new Set(namesIn(outDir).map((n) => n.toLowerCase()));
  taken.add(IMPORTED_ENVIRONMENTS_FILE);
  const renamedTo = new Map<string, string>();
  const files = outcome.files.map((f) => {
    const name = freeName(f.name, taken);
    if (name !== f.name) renamedTo.set(f.name, name);
    return { path: path.join(outDir, name), name, text: f.text };
  });
  const rows = outcome.rows.map((r) => {
    const to = r.file === undefined ? undefined : renamedTo.get(r.file);
    return to === undefined || r.file === undefined ? r : { ...r, file: to, became: to + r.became.slice(r.file.length) };
  });
  const placed: PlacedImport = {
    outDir,
    outcome: { ...outcome, files: files.map((f) => ({ name: f.name, text: f.text })), rows },
    files: files.map((f) => ({ path: f.path, text: f.text })),
    renamed: [...renamedTo].map(([from, to]) => `${from}: a file of that name is in ${outDir} already; written as ${to}`),
  };
  if (outcome.environments.length === 0) return placed;
  const environmentsPath = path.join(outDir, IMPORTED_ENVIRONMENTS_FILE);
  const there = environmentsThere(environmentsPath);
  // The environment chosen for an id there is that one (chooseEnvironment reuses an id only for the same place): nothing to add for it.
  const added = outcome.environments.filter((e) => !there.some((t) => t['id'] === e.id));
  placed.environmentsPath = environmentsPath;
  if (added.length) placed.environmentsFile = { path: environmentsPath, text: `${JSON.stringify({ environments: [...there, ...added] }, null, 2)}\n` };
  return placed;
}

/** Writes what placeImport decided: each new file only if nothing of its name appeared since (never over one), then the environments file. */
export function writePlacedImport(placed: PlacedImport): void {
  const written: string[] = [];
  const failed = (target: string, err: unknown) => new ImportError(`${target}: cannot be written (${(err as NodeJS.ErrnoException).code ?? String(err)})${written.length ? `; written before it: ${written.map((f) => path.basename(f)).join(', ')}` : ''}`);
  try {
    fs.mkdirSync(placed.outDir, { recursive: true });
  } catch (err) {
    throw failed(placed.outDir, err);
  }
  for (const f of placed.files) {
    try {
      fs.writeFileSync(f.path, f.text, { flag: 'wx' });
    } catch (err) {
      throw failed(f.path, err);
    }
    written.push(f.path);
  }
  if (placed.environmentsFile) {
    // Written beside and renamed over: a reader never sees half a file.
    const temporary = `${placed.environmentsFile.path}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(temporary, placed.environmentsFile.text);
      fs.renameSync(temporary, placed.environmentsFile.path);
    } catch (err) {
      throw failed(placed.environmentsFile.path, err);
    }
  }
}

function namesIn(outDir: string): string[] {
  try {
    return fs.readdirSync(outDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new ImportError(`${outDir}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}); choose another folder`);
  }
}

/** `name`, or with -2, -3… before its first dot ("refund-2.payreq.json"): a name no entry of `taken` has, whatever the case. */
function freeName(name: string, taken: Set<string>): string {
  const dot = name.indexOf('.');
  const stem = dot < 0 ? name : name.slice(0, dot);
  const suffix = dot < 0 ? '' : name.slice(dot);
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${suffix}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
