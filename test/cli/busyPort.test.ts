import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';

/**
 * A busy port at start, through the real processes: `payment-workbench simulator` and the workbench
 * command (out/scripts/workbench.js, what `npm run workbench` runs after building). One clear line
 * naming the port and how to pick another, a failing exit status, and no claim of success.
 */
const repoRoot = process.cwd();
const bin = path.join(repoRoot, 'bin', 'payment-workbench.js');
const workbench = path.join(repoRoot, 'out', 'scripts', 'workbench.js');

interface Ended {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: repoRoot, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // A process that carries on despite the busy port is stopped, so the test fails instead of hanging.
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(guard);
      resolve({ status, stdout, stderr });
    });
  });
}

function occupy(): Promise<{ port: number; close(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((s) => s.destroy());
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({ port, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

function assertOneClearLine(ended: Ended, port: number, howToPick: RegExp): void {
  assert.equal(ended.status, 1, `exit status 1; stderr: ${ended.stderr}`);
  const lines = ended.stderr.split('\n').filter((l) => l.trim() !== '');
  assert.equal(lines.length, 1, `one line on stderr, got:\n${ended.stderr}`);
  const line = lines[0] ?? '';
  assert.match(line, new RegExp(`port ${port} .*in use`, 'i'));
  assert.match(line, howToPick);
  assert.doesNotMatch(line, /EADDRINUSE|\bat .*\.js:\d+/);
}

describe('a busy port at start (the real processes)', function () {
  this.timeout(60_000);

  it('payment-workbench simulator --port on a busy port: one line naming the port and --port, exit 1', async () => {
    const busy = await occupy();
    try {
      const ended = await run(bin, ['simulator', '--port', String(busy.port)]);
      assertOneClearLine(ended, busy.port, /--port N/);
      assert.doesNotMatch(ended.stdout, /listening on/i);
    } finally {
      await busy.close();
    }
  });

  it('the workbench on a busy VS Code port: one line naming it and PAYMENT_WORKBENCH_PORT / --port, no success printed', async () => {
    const busy = await occupy();
    try {
      const ended = await run(workbench, ['--simulator-port', '0'], { PAYMENT_WORKBENCH_PORT: String(busy.port) });
      assertOneClearLine(ended, busy.port, /PAYMENT_WORKBENCH_PORT=N.*--port N/);
      assert.doesNotMatch(ended.stdout, /Payment Workbench:|Open the address/);
    } finally {
      await busy.close();
    }
  });

  it('the workbench on a busy simulator port: one line naming it and PAYMENT_WORKBENCH_SIMULATOR_PORT / --simulator-port, exit 1', async () => {
    const busy = await occupy();
    try {
      const ended = await run(workbench, ['--port', '0', '--simulator-port', String(busy.port)]);
      assertOneClearLine(ended, busy.port, /PAYMENT_WORKBENCH_SIMULATOR_PORT=N.*--simulator-port N/);
      assert.doesNotMatch(ended.stdout, /Payment Workbench:|Open the address/);
    } finally {
      await busy.close();
    }
  });
});
