/**
 * Starting the bench's processes: each server in its own process, each load client in its own, so
 * no figure measures a client and a server taking turns on one thread.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../test/harness/codeServer';
import type { LoadPlan, LoadResult } from './loadClient';

const HERE = __dirname;

export interface RunningServer {
  baseUrl: string;
  /** The CA a client trusts for it, when it has one (the tap's interception CA, tls-bare's own). */
  ca?: string;
  stop(): Promise<void>;
}

/** The first line a child prints, parsed as JSON; rejects with its stderr if it ends first. */
function firstJsonLine<T>(child: ChildProcess, what: string): Promise<T> {
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  return new Promise<T>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      try {
        resolve(JSON.parse(line) as T);
      } catch {
        reject(new Error(`${what} printed ${line.slice(0, 200)}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`${what} ended (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`)));
  });
}

function ended(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** `simulator`, `bare` or `tap` in front of `upstream` (bench/processes/server.ts) in a process of its own. */
export async function startServer(kind: 'simulator' | 'simulator-default' | 'bare' | 'bare-proxy' | 'tap' | 'connect-tunnel' | 'tls-bare', repoRoot: string, upstream?: string): Promise<RunningServer> {
  const child = spawn(process.execPath, [path.join(HERE, 'server.js'), kind, repoRoot, ...(upstream ? [upstream] : [])], { stdio: ['pipe', 'pipe', 'pipe'] });
  const { port, ca } = await firstJsonLine<{ port: number; ca?: string }>(child, `the ${kind} server`);
  return {
    baseUrl: `${kind === 'tls-bare' ? 'https' : 'http'}://127.0.0.1:${port}`,
    ...(ca ? { ca } : {}),
    stop: async () => {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill(), 5000);
      await ended(child);
      clearTimeout(timer);
    },
  };
}

/** One load run in a process of its own; resolves with what the client measured. */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const child = spawn(process.execPath, [path.join(HERE, 'loadClient.js'), JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'pipe'] });
  return firstJsonLine<LoadResult>(child, 'the load client');
}

/** A load that runs until stopped: `stop()` resolves with what the client measured meanwhile. */
export function startBackgroundLoad(plan: Omit<LoadPlan, 'untilStdinEnds' | 'count'>): { stop(): Promise<LoadResult> } {
  const child = spawn(process.execPath, [path.join(HERE, 'loadClient.js'), JSON.stringify({ ...plan, count: 0, untilStdinEnds: true })], { stdio: ['pipe', 'pipe', 'pipe'] });
  const result = firstJsonLine<LoadResult>(child, 'the background load client');
  return {
    stop: async () => {
      child.stdin?.end();
      return result;
    },
  };
}

/**
 * `payment-workbench export openapi --version N --out FILE` of the built CLI, or undefined when the
 * CLI has no such command. PW_BENCH_OPENAPI names a description to use instead (developing the bench).
 */
export function exportedOpenApi(repoRoot: string, version: number, dir: string): { file: string } | { missing: string } {
  const given = process.env.PW_BENCH_OPENAPI;
  if (given) return fs.existsSync(given) ? { file: given } : { missing: `PW_BENCH_OPENAPI names ${given}, which does not exist` };
  const file = path.join(dir, `openapi-v${version}.json`);
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'payment-workbench.js'), 'export', 'openapi', '--version', String(version), '--out', file], { encoding: 'utf8', timeout: 120_000 });
  if (r.status === 0 && fs.existsSync(file)) return { file };
  const said = (r.stderr || r.stdout).trim().split('\n')[0]?.slice(0, 160) ?? '';
  return { missing: `export openapi not available (\`payment-workbench export openapi\` exit ${r.status}, wrote no file${said ? `; it said: ${said}` : ''})` };
}

/** The Prism CLI's entry in node_modules, when the dev dependency is installed. */
export function prismEntry(repoRoot: string): string | undefined {
  const manifest = path.join(repoRoot, 'node_modules', '@stoplight', 'prism-cli', 'package.json');
  if (!fs.existsSync(manifest)) return undefined;
  const bin = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> }).bin;
  const rel = typeof bin === 'string' ? bin : bin?.['prism'];
  return rel ? path.join(path.dirname(manifest), rel) : undefined;
}

/** `prism mock` (its defaults: every request validated against the description, static examples) in a process of its own. */
export async function startPrism(entry: string, openApiFile: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry, 'mock', '--host', '127.0.0.1', '--port', String(port), openApiFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString('utf8')).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism mock ended (exit ${child.exitCode}): ${output.trim().split('\n').slice(-3).join(' | ')}`);
    if (/listening/i.test(output)) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`prism mock did not listen within 60 s: ${output.trim().split('\n').slice(-3).join(' | ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // From here its per-request log lines are read and dropped (a pipe left full would stall it).
  child.stdout?.off('data', keep);
  child.stderr?.off('data', keep);
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    baseUrl,
    stop: async () => {
      child.kill();
      await ended(child);
    },
  };
}
