import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { SIMULATOR_DEFAULTS } from '../../../src/simulator';
import { curl } from './helpers';

// The compiled cli.js sits beside this test's compiled sources (out/ or any --outDir).
const CLI = path.join(__dirname, '..', '..', '..', 'src', 'simulator', 'cli.js');

describe('simulator: command line', () => {
  let child: ChildProcess | undefined;
  after(() => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
  });

  it('prints its base URLs and the default credentials, serves, and stops on SIGTERM', async () => {
    child = spawn(process.execPath, [CLI, '--port', '0', '--token-lifetime', '60'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    const until = Date.now() + 10_000;
    while (!out.includes('Ctrl+C')) {
      if (Date.now() > until) throw new Error(`no banner: ${out}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    assert.ok(base, out);
    for (const text of [SIMULATOR_DEFAULTS.partnerEmail, SIMULATOR_DEFAULTS.partnerPassword, SIMULATOR_DEFAULTS.merchantId, SIMULATOR_DEFAULTS.apiPassword, '/api/online', '/api/rest/version']) {
      assert.ok(out.includes(text), `banner lacks ${text}`);
    }
    const login = await curl(['-X', 'POST', '-d', JSON.stringify({ email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword }), `${base}/api/online/login`]);
    assert.match(login.stdout, /"expires_in":60/);
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });

  it('refuses a bad flag with a message and exit code 1', async () => {
    const bad = spawn(process.execPath, [CLI, '--port', 'x'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    bad.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => bad.once('exit', (c) => resolve(c)));
    assert.equal(code, 1);
    assert.match(err, /--port needs an integer/);
  });
});
