/**
 * Where `run`'s reports go: `--reporter NAME[:FILE]`, repeatable (`--reporter text --reporter
 * junit:reports/junit.xml`), and `--out FILE` for the one reporter given without a file (so
 * `--reporter junit --out FILE` keeps working). At most one report goes to stdout; the text lines
 * of the run go to stdout too unless a report does, then to stderr.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPORTERS, type ReporterName } from './reporters';
import { UsageError } from './usage';

export interface ReporterTarget {
  name: ReporterName;
  /** Where the report is written (relative to the working folder); none: stdout, or for text the live lines alone. */
  file?: string;
}

const isReporter = (name: string): name is ReporterName => (REPORTERS as readonly string[]).includes(name);

const FORM = `${REPORTERS.join(', ')}, each optionally with :FILE (junit:reports/junit.xml)`;

/** One --reporter value: NAME or NAME:FILE (split at the first colon, so junit:C:\\r.xml is a Windows path). */
export function parseReporterTarget(text: string): ReporterTarget {
  const colon = text.indexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  const file = colon < 0 ? undefined : text.slice(colon + 1);
  if (!isReporter(name)) throw new UsageError(`run: --reporter must be ${FORM}, got ${JSON.stringify(text)}`);
  if (file !== undefined && file.trim() === '') throw new UsageError(`run: --reporter ${name}: names no file after the colon, got ${JSON.stringify(text)}`);
  return file === undefined ? { name } : { name, file };
}

/** Every reporter of the run, --out given to the one without a file; a mix that cannot be honoured is a UsageError. */
export function reporterTargets(given: readonly string[], out: string | undefined, cwd: string): ReporterTarget[] {
  const targets = dedupe((given.length ? given : ['text']).map(parseReporterTarget));
  if (out !== undefined) giveOut(targets, out);
  const toStdout = targets.filter((t) => t.file === undefined && t.name !== 'text');
  if (toStdout.length > 1) throw new UsageError(`run: only one report can go to stdout, got ${toStdout.map((t) => t.name).join(' and ')}; give the others a file (${toStdout[1]?.name ?? 'junit'}:FILE)`);
  const seen = new Map<string, ReporterTarget>();
  for (const t of targets) {
    if (t.file === undefined) continue;
    const full = path.resolve(cwd, t.file);
    const first = seen.get(full);
    if (first) throw new UsageError(`run: the ${first.name} and ${t.name} reports would both be written to ${t.file}; give each its own file`);
    if (isFolder(full)) throw new UsageError(`run: the ${t.name} report cannot be written to ${t.file}: it is a folder`);
    seen.set(full, t);
  }
  return targets;
}

/** `--out FILE` goes to the reporter without a file: a junit or json one before text (text then stays on the terminal). */
function giveOut(targets: ReporterTarget[], out: string): void {
  const open = targets.filter((t) => t.file === undefined);
  const reports = open.filter((t) => t.name !== 'text');
  const takers = reports.length ? reports : open;
  if (takers.length === 0) throw new UsageError(`run: --out ${out} has no reporter to go to: every --reporter names its own file`);
  if (takers.length > 1) throw new UsageError(`run: --out ${out} goes to one reporter, and ${takers.map((t) => t.name).join(' and ')} have no file; name it in the reporter instead (${takers[0]?.name ?? 'junit'}:FILE)`);
  const taker = takers[0] as ReporterTarget;
  taker.file = out;
}

function isFolder(full: string): boolean {
  try {
    return fs.statSync(full).isDirectory();
  } catch {
    return false;
  }
}

/** `--reporter text --reporter text` prints the lines once. */
function dedupe(targets: readonly ReporterTarget[]): ReporterTarget[] {
  const keys = new Set<string>();
  return targets.filter((t) => {
    const key = `${t.name}\u0000${t.file ?? ''}`;
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  });
}
