/**
 * The CLI as an npm package: `npm pack` here, the tarball installed into an empty folder with no
 * network, and the installed `payment-workbench` run there: nothing from this repository is reachable.
 * Needs dist/ built (`npm run build`).
 */
import * as assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './cliProcess';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The installed bin through `npm exec` (what `npx payment-workbench` runs); a server (`until` given) is
 * started from node_modules/.bin directly, so stopping it once `until` shows stops the server itself.
 */
function installedCli(app: string, args: string[], until?: RegExp): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, npm_config_update_notifier: 'false' };
    const child = until
      ? spawn(process.execPath, [path.join(app, 'node_modules', '.bin', 'payment-workbench'), ...args], { cwd: app, env })
      : spawn(npm, ['exec', '--offline', '--no', '--', 'payment-workbench', ...args], { cwd: app, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (until?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('cli: the npm package, installed from its tarball', () => {
  let tmp: string;
  let app: string;
  let tarball: string;
  const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

  before(async function () {
    this.timeout(180_000);
    assert.ok(fs.existsSync(path.join(repoRoot, 'dist', 'cli.js')), 'dist/ is not built: run `npm run build`');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-npm-pack-'));
    // --ignore-scripts: `prepare` would rebuild dist/ under the other tests; the tarball takes dist/ as built.
    const packed = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 });
    const [info] = JSON.parse(packed.stdout) as { filename: string; size: number; files: { path: string }[] }[];
    assert.ok(info);
    tarball = path.join(tmp, info.filename);
    app = path.join(tmp, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'pw-install-check', version: '1.0.0', private: true }));
    // --offline: the package needs nothing from a registry (its bundles carry their libraries).
    await run(npm, ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, env: { ...process.env, npm_config_update_notifier: 'false' } });
  });

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('holds the CLI and what it reads, no source, tests or extension bundles, and needs no dependency', async () => {
    const installed = path.join(app, 'node_modules', 'payment-workbench');
    const files = (fs.readdirSync(installed, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/'));
    for (const wanted of ['bin/payment-workbench.js', 'dist/cli.js', 'dist/tapWorker.js', 'LICENSE', 'README.md', 'CHANGELOG.md', 'scenarios/payment-approved.payflow.json']) assert.ok(files.includes(wanted), `${wanted} is not in the package: ${files.join(', ')}`);
    assert.deepEqual(files.filter((f) => /^(src|test|out|bench|media|node_modules)\/|\.map$|\.vsix$|^dist\/(extension|features|simulator|simulatorWorker)\.js$/.test(f)), []);
    assert.deepEqual(fs.readdirSync(path.join(app, 'node_modules')).filter((d) => d !== 'payment-workbench' && !d.startsWith('.')), [], 'installing the package installed other packages');
    assert.ok(fs.statSync(tarball).size < 1024 * 1024, `the tarball is ${fs.statSync(tarball).size} bytes`);
  });

  it('`npx payment-workbench --version` answers the package version', async () => {
    const r = await installedCli(app, ['--version']);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.includes(version), r.stdout);
  });

  it('`run` a flow against the built-in simulator passes', async function () {
    this.timeout(60_000);
    const flow = path.join(app, 'card-capture.payflow.json');
    fs.copyFileSync(path.join(repoRoot, 'examples', 'flows', 'card-capture.payflow.json'), flow);
    const r = await installedCli(app, ['run', flow, '--simulator']);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /\b[1-9]\d* passed, 0 failed\b/);
  });

  it('`simulator --port 0` starts and says where it listens', async function () {
    this.timeout(60_000);
    const r = await installedCli(app, ['simulator', '--port', '0'], /listening on http:\/\/127\.0\.0\.1:\d+/);
    assert.match(r.stdout, /listening on http:\/\/127\.0\.0\.1:\d+/, r.stderr);
  });
});
