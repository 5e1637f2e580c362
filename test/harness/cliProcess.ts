/** The real CLI, as `npx payment-workbench` runs it: bin/payment-workbench.js over dist/cli.js (built by `node esbuild.js`). */
import { spawn } from 'node:child_process';
import * as path from 'node:path';

export const repoRoot = process.cwd();
const bin = path.join(repoRoot, 'bin', 'payment-workbench.js');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? repoRoot, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
