import { spawn } from 'node:child_process';
import * as path from 'node:path';

/** The real CLI, as `npx payment-workbench` runs it: bin/payment-workbench.js over dist/cli.js. */
export const repoRoot = process.cwd();
export const bin = path.join(repoRoot, 'bin', 'payment-workbench.js');

export interface CliOutcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end; `simulator` keeps running, so it is stopped once `until` shows on stdout. */
export function cli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; until?: RegExp } = {}): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    // A variable given as undefined is left out of the child's environment (a test that needs it unset).
    const env = Object.fromEntries(Object.entries({ ...process.env, ...options.env }).filter((e): e is [string, string] => e[1] !== undefined));
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (options.until?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
