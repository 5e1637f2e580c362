import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The real CLI, as `npx payment-workbench` runs it: bin/payment-workbench.js over dist/cli.js. */
export const repoRoot = process.cwd();
export const bin = path.join(repoRoot, 'bin', 'payment-workbench.js');

// A test that fails before stopping its tap, listener or simulator would leave it running, and mocha
// waiting on its pipes for ever: whatever is still running when the test process ends is stopped.
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

function tracked<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

export interface CliOutcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * What a `bounded` run may take before it is killed (SIGKILL, so it fails its test): a run that reads a
 * device for ever would otherwise fill the machine's memory, or wait on a pipe until mocha gives up.
 * The memory bound needs prlimit (util-linux); without it only the time bound holds.
 */
const BOUND = { dataBytes: 1_000_000_000, ms: 30_000 };
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => fs.existsSync(p));

/**
 * Runs the CLI to its end; `simulator` keeps running, so it is stopped once `until` shows on stdout
 * (`untilStderr` on stderr: a command expected to refuse is stopped, not waited for, if it starts instead).
 */
export function cli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; until?: RegExp; untilStderr?: RegExp; bounded?: boolean } = {}): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    // A variable given as undefined is left out of the child's environment (a test that needs it unset).
    const env = Object.fromEntries(Object.entries({ ...process.env, ...options.env }).filter((e): e is [string, string] => e[1] !== undefined));
    const command = options.bounded && PRLIMIT ? [PRLIMIT, `--data=${BOUND.dataBytes}`, process.execPath] : [process.execPath];
    const [file = process.execPath, ...prefix] = command;
    const child = tracked(spawn(file, [...prefix, bin, ...args], { cwd: options.cwd ?? repoRoot, env, ...(options.bounded ? { timeout: BOUND.ms, killSignal: 'SIGKILL' as const } : {}) }));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (options.until?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (options.untilStderr?.test(stderr)) child.kill('SIGTERM');
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Resolves with the first capture of `pattern` in what `stream` prints; rejects if the process ends first. */
export function printed(child: ChildProcess, stream: 'stdout' | 'stderr', pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child[stream]?.on('data', (d: Buffer) => {
      text += d.toString();
      const m = pattern.exec(text);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`ended (${code}) before printing ${pattern}: ${text}`)));
  });
}

/** A CLI command that keeps running (tap, listen, simulator), once it printed where it listens. */
export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  /** The first capture of the ready pattern: its address. */
  url: string;
  stderr(): string;
  /** What it printed on stdout so far, line by line. */
  lines(): string[];
  exited: Promise<number | null>;
}

export function startCli(args: string[], ready: { stream: 'stdout' | 'stderr'; pattern: RegExp }, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningCli> {
  const child = tracked(spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, env: { ...process.env, ...options.env } }));
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return printed(child, ready.stream, ready.pattern).then(
    (url) => ({ child, url, stderr: () => out.stderr, lines: () => out.stdout.split('\n').filter((l) => l !== ''), exited }),
    () => exited.then((code) => Promise.reject(new Error(`${args[0] ?? 'the command'} exited ${code} before listening: ${out.stderr}`))),
  );
}
