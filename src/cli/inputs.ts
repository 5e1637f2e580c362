/** The files a run takes: flow files and request files, named or found in folders (sorted, bounded). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readFileBounded, UnreadableFile } from '../files/boundedFile';
import { describeFlowProblem, MAX_INPUT_FILE_BYTES, oversizeProblem, parseFlowText, parseRequestFileAsFlow, type Flow } from '../flows';
import { UsageError } from './usage';

export const FLOW_SUFFIX = '.payflow.json';
export const REQUEST_SUFFIX = '.payreq.json';
const MAX_FILES = 2000;
const MAX_DEPTH = 12;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

export interface FlowInput {
  file: string;
  flow: Flow;
}

const isRunnable = (name: string) => name.endsWith(FLOW_SUFFIX) || name.endsWith(REQUEST_SUFFIX);

export function collectFiles(args: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (const arg of args) {
    const full = path.resolve(cwd, arg);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      throw new UsageError(`${arg}: no such file or folder`);
    }
    if (stat.isDirectory()) walk(full, 0, files);
    else if (isRunnable(full)) files.push(full);
    else throw new UsageError(`${arg}: not a flow file (*${FLOW_SUFFIX}) or request file (*${REQUEST_SUFFIX})`);
    if (files.length > MAX_FILES) throw new UsageError(`more than ${MAX_FILES} files to run; name fewer folders`);
  }
  if (files.length === 0) throw new UsageError(`no flow files (*${FLOW_SUFFIX}) or request files (*${REQUEST_SUFFIX}) in ${args.join(', ')}`);
  return files;
}

function walk(folder: string, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH || out.length > MAX_FILES) return;
  const entries = fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const full = path.join(folder, e.name);
    if (e.isDirectory() && !SKIPPED_FOLDERS.has(e.name)) walk(full, depth + 1, out);
    else if (e.isFile() && isRunnable(e.name)) out.push(full);
  }
}

/**
 * The file's text, or why it is not read: its size is judged first (a stat), so a huge file is never
 * loaded, and the read itself stops at the bound (a link to a device or a pipe says size 0).
 */
function readInput(file: string, isRequest: boolean): { text: string } | { problem: string } {
  try {
    const problem = oversizeProblem(fs.statSync(file).size, isRequest ? 'request' : 'flow');
    return problem ? { problem } : { text: readFileBounded(file, MAX_INPUT_FILE_BYTES, { regularOnly: true }) };
  } catch (err) {
    if (err instanceof UnreadableFile) return { problem: err.message };
    return { problem: `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})` };
  }
}

/** Every file parsed before anything runs: one bad file stops the run with every problem it has. */
export function readFlows(files: readonly string[], cwd: string): FlowInput[] {
  const problems: string[] = [];
  const flows: FlowInput[] = [];
  for (const file of files) {
    const shown = path.relative(cwd, file) || file;
    const isRequest = file.endsWith(REQUEST_SUFFIX);
    const input = readInput(file, isRequest);
    if ('problem' in input) {
      problems.push(`${shown}: (file): ${input.problem}`);
      continue;
    }
    const parsed = isRequest ? parseRequestFileAsFlow(input.text, path.basename(file, REQUEST_SUFFIX)) : parseFlowText(input.text);
    if (parsed.ok) flows.push({ file: shown, flow: parsed.flow });
    else for (const p of parsed.problems) problems.push(describeFlowProblem(p, shown));
  }
  if (problems.length) throw new UsageError(problems.join('\n'));
  return flows;
}
