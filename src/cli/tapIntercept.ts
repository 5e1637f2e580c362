/**
 * The tap as a proxy, for the CLI: which hosts it intercepts and where their calls go, the trust
 * files a program through it needs, `tap -- COMMAND` (the command run with them, its exit status the
 * tap's) and `tap env` (the same variables for a terminal, from the tap running now).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sentenceStart } from '../format/sentence';
import { describeProxyNotice, type ProxyNotice } from '../tap';
import { shellAssignments, throughTapVariables, writeTrustFiles, type Shell, type TrustFiles } from '../tap/runtimes/throughTap';
import type { CliIo } from './runCommand';
import { parseCommand, UsageError } from './usage';
import { TAP_ENV_COMMAND } from './tapFilesSpecs';

/** One line for the terminal per tunnel closed or client that refused the run's CA, with what to do about the latter. */
export function proxyNoticeLine(notice: ProxyNotice): string {
  const line = describeProxyNotice(notice);
  return notice.kind === 'handshake' ? `${sentenceStart(line)}. Start it with payment-workbench tap -- COMMAND, or eval "$(payment-workbench tap env)" in its terminal.` : line;
}

/** What `tap env` reads: the proxy of the tap running now and its trust files (paths only, no secret). */
interface RunningTap {
  pid: number;
  proxyUrl: string;
  files: TrustFiles;
  nodePreload?: string;
}

const RUNNING_FILE = 'running-tap.json';

export interface ProxyRun {
  vars: Record<string, string>;
  /** Removes the trust files and the note for `tap env` (when it is still this run's). */
  close(): void;
}

/** Writes the run's trust files (a private temp folder) and the note `tap env` reads in `certDir`. */
export async function prepareProxyRun(proxyUrl: string, caPem: string, certDir: string, env: NodeJS.ProcessEnv, forCommand: boolean): Promise<ProxyRun> {
  // A command starts at once and may be Java: its store must be there first. A terminal (tap env) comes later.
  const files = await writeTrustFiles(caPem, env, { waitForJava: forCommand });
  const preload = path.join(__dirname, 'tapNodePreload.js');
  const nodePreload = fs.existsSync(preload) ? preload : undefined;
  const running = path.join(certDir, RUNNING_FILE);
  fs.mkdirSync(certDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(running, JSON.stringify({ pid: process.pid, proxyUrl, files, ...(nodePreload ? { nodePreload } : {}) } satisfies RunningTap), { mode: 0o600 });
  return {
    vars: throughTapVariables(proxyUrl, files, nodePreload, env),
    close() {
      fs.rmSync(files.dir, { recursive: true, force: true });
      if (readRunning(running)?.pid === process.pid) fs.rmSync(running, { force: true });
    },
  };
}

/**
 * The note, if this user wrote it: a note someone else could write (another owner, or writable by
 * others) could point a terminal at their proxy and their CA, so it is not read.
 */
function readRunning(file: string): RunningTap | undefined {
  try {
    const stat = fs.statSync(file);
    const uid = process.getuid?.();
    if (stat.size > 64 * 1024 || (uid !== undefined && stat.uid !== uid) || (process.platform !== 'win32' && (stat.mode & 0o022) !== 0)) return undefined;
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<RunningTap>;
    return typeof value.pid === 'number' && typeof value.proxyUrl === 'string' && typeof value.files?.bundleFile === 'string' ? (value as RunningTap) : undefined;
  } catch {
    return undefined;
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Runs `command` with the variables; resolves to its exit status (128 + the signal's number when a signal ended it). */
export function runThroughTap(command: readonly string[], vars: Record<string, string>, io: CliIo, signals: NodeJS.EventEmitter): Promise<number> {
  const [program, ...args] = command;
  if (!program) throw new UsageError('tap: -- must be followed by a command to run through the tap');
  return new Promise((resolve) => {
    const child = spawn(program, args, { cwd: io.cwd, env: { ...io.env, ...vars }, stdio: 'inherit' });
    const stop = () => child.kill('SIGTERM');
    // Ctrl+C reaches the command too (same process group): the tap waits for it to end, then cleans up.
    const waitForCommand = () => undefined;
    signals.once('SIGTERM', stop);
    signals.on('SIGINT', waitForCommand);
    child.once('error', (err: NodeJS.ErrnoException) => {
      signals.off('SIGTERM', stop);
      signals.off('SIGINT', waitForCommand);
      io.err(`tap: cannot run ${JSON.stringify(program)}: ${err.code === 'ENOENT' ? 'no such command' : err.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      signals.off('SIGTERM', stop);
      signals.off('SIGINT', waitForCommand);
      resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0));
    });
  });
}

export function tapEnvCommand(args: readonly string[], io: CliIo, certDir: (given: string | undefined) => string): number {
  const { flags, operands } = parseCommand(TAP_ENV_COMMAND, args);
  if (operands.length) throw new UsageError(`tap env: takes no operands, got ${JSON.stringify(operands[0])}`);
  const dir = certDir(typeof flags.get('--cert-dir') === 'string' ? (flags.get('--cert-dir') as string) : undefined);
  const running = readRunning(path.join(dir, RUNNING_FILE));
  if (!running || !alive(running.pid) || !fs.existsSync(running.files.bundleFile)) {
    io.err(`tap env: no Gateway Tap is running (none noted in ${dir}): start one first, such as payment-workbench tap --upstream simulator`);
    return 1;
  }
  const shell = (flags.get('--shell') as Shell | undefined) ?? 'bash';
  io.out(shellAssignments(throughTapVariables(running.proxyUrl, running.files, running.nodePreload, io.env), shell).trimEnd());
  return 0;
}
