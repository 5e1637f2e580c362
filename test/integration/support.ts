import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Exchange } from '../../src/send/exchange';
import type { SendArgs } from '../../src/commands/sendCommands';
import type { Features } from '../../src/features';
import type { SendPort } from '../../src/send/guardedSend';

/** Every line the extension has logged so far (its log files: the warnings of a refused command land there). */
export function loggedText(folder: string): string {
  if (!fs.existsSync(folder)) return '';
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

export const EXTENSION_ID = 'payment-workbench.payment-workbench';

export interface WorkbenchTestApi {
  inspect: {
    globalStateDump(): string;
    logFolder: string;
    globalStorageFolder: string;
    /** The feature bundle (sending, forms, panels), loaded on this call if nothing has needed it yet. */
    features(): Promise<Features>;
    featuresLoaded(): boolean;
  };
}

export async function extensionApi(): Promise<WorkbenchTestApi> {
  const ext = vscode.extensions.getExtension<WorkbenchTestApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  return ext.activate();
}

/** Polls until `probe` returns a value (not undefined) or the time is up; the host works asynchronously. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Puts `port` where the send path's questions go (instead of VS Code's modals); the returned function puts the old one back. */
export async function useSendPort(port: SendPort): Promise<() => void> {
  const { questions } = await (await extensionApi()).inspect.features();
  const previous = questions.port;
  questions.port = port;
  return () => {
    questions.port = previous;
  };
}

export function send(args: SendArgs): Thenable<Exchange | undefined> {
  return vscode.commands.executeCommand<Exchange | undefined>('paymentWorkbench.sendRequest', { quiet: true, ...args });
}

/** The real CLI (bin/payment-workbench.js) run to its end from the repository, stdout and stderr as one text. */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'payment-workbench.js'), ...args], { cwd: repoRoot, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}
