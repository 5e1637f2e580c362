import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { applyEdits, modify, parse as parseJsonc } from 'jsonc-parser';
import * as net from 'node:net';
import * as path from 'node:path';
import { cacheDir, codeServerBin, node24Bin } from './paths';

/** A code-server (real VS Code, web UI, Node extension host) in throwaway folders, so runs never share state. */
export interface CodeServer {
  url: string;
  port: number;
  dirs: CodeServerDirs;
  stop(): Promise<void>;
}

export interface CodeServerDirs {
  root: string;
  userData: string;
  extensions: string;
  home: string;
}

export interface CodeServerOptions {
  folder: string;
  /** Settings written to the user's settings.json before start. */
  settings?: Record<string, unknown>;
  /** Lets a test workbench run an extension test suite (integration tier). */
  smokeTestDriver?: boolean;
  /** .vsix files installed into the fresh extensions folder before start (e2e tier). */
  install?: string[];
  env?: Record<string, string>;
  /** Fixed port (the workbench command); tests take a free one. */
  port?: number;
  /** Workspace Trust on, the folder not trusted and no prompt: the window opens in Restricted Mode. */
  untrusted?: boolean;
  /**
   * Kept folders (the workbench): the user's settings.json stays as they left it, only `settings` are
   * set in it; without, settings.json is written afresh (tests).
   */
  keepUserSettings?: boolean;
}

/** What a window in Restricted Mode needs: trust on, and no startup prompt (it stays restricted until trust is granted). */
const UNTRUSTED_SETTINGS = { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'always' };

const BASE_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  // The extension's own first-start walkthrough: the workbench's first start turns it on (scripts/workbench.ts).
  'paymentWorkbench.walkthrough.openOnFirstStart': false,
  'telemetry.telemetryLevel': 'off',
  'security.workspace.trust.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'git.openRepositoryInParentFolders': 'never',
  'workbench.colorTheme': 'Default Dark Modern',
  // The secondary side bar (chat) would take a third of the width of every screenshot.
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

export function makeDirs(label: string): CodeServerDirs {
  fs.mkdirSync(path.join(cacheDir, 'runs'), { recursive: true });
  return dirsAt(fs.mkdtempSync(path.join(cacheDir, 'runs', `${label.replace(/[^\w-]/g, '_')}-`)));
}

/** The folders of one VS Code profile under `root`, made if missing and kept as they are if present. */
export function dirsAt(root: string): CodeServerDirs {
  const dirs = { root, userData: path.join(root, 'user-data'), extensions: path.join(root, 'extensions'), home: path.join(root, 'home') };
  for (const d of [dirs.userData, dirs.extensions, dirs.home, path.join(root, 'tmp'), path.join(dirs.userData, 'User')]) fs.mkdirSync(d, { recursive: true });
  return dirs;
}

/**
 * settings.json with `settings` set: afresh (base settings first) for a test, or, in a kept profile,
 * the user's own file with only those keys changed, comments and other keys untouched.
 */
function writeUserSettings(file: string, settings: Record<string, unknown>, keep: boolean): void {
  const existing = keep && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  if (existing === undefined || typeof parseJsonc(existing) !== 'object') {
    fs.writeFileSync(file, JSON.stringify({ ...BASE_SETTINGS, ...settings }, null, 2));
    return;
  }
  let text = existing;
  for (const [key, value] of Object.entries(settings)) text = applyEdits(text, modify(text, [key], value, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  fs.writeFileSync(file, text);
}

function isolatedEnv(dirs: CodeServerDirs, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${node24Bin}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: dirs.home,
    XDG_CONFIG_HOME: path.join(dirs.home, '.config'),
    XDG_DATA_HOME: path.join(dirs.home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(dirs.home, '.cache'),
    TMPDIR: path.join(dirs.root, 'tmp'),
    ...extra,
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Installs a .vsix; `--force` so a kept profile takes the freshly built package of the same version. */
export function installExtension(dirs: CodeServerDirs, vsix: string): void {
  if (!fs.existsSync(vsix)) throw new Error(`No package at ${vsix}: run \`npm run package\` first.`);
  const r = spawnSync(codeServerBin, ['--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions, '--install-extension', vsix, '--force'], {
    env: isolatedEnv(dirs),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0 || !/successfully installed/i.test(r.stdout + r.stderr)) {
    throw new Error(`Installing ${path.basename(vsix)} into code-server failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
}

function waitForListening(port: number, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`code-server exited with ${child.exitCode} before listening:\n${output()}`));
      if (Date.now() > deadline) return reject(new Error(`code-server did not listen on ${port} within ${timeoutMs} ms:\n${output()}`));
      const sock = net.connect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        resolve();
      });
      sock.once('error', () => {
        sock.destroy();
        setTimeout(attempt, 150);
      });
    };
    attempt();
  });
}

export async function startCodeServer(opts: CodeServerOptions, dirs: CodeServerDirs = makeDirs('cs')): Promise<CodeServer> {
  if (!fs.existsSync(codeServerBin)) throw new Error('code-server is not installed: run `bash scripts/ensure-code-server.sh`.');
  writeUserSettings(path.join(dirs.userData, 'User', 'settings.json'), { ...(opts.untrusted ? UNTRUSTED_SETTINGS : {}), ...opts.settings }, opts.keepUserSettings === true);
  for (const vsix of opts.install ?? []) installExtension(dirs, vsix);

  const port = opts.port ?? (await freePort());
  const args = [
    '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
    ...(opts.untrusted ? [] : ['--disable-workspace-trust']), '--ignore-last-opened', '--reconnection-grace-time', '5',
    '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions,
  ];
  if (opts.smokeTestDriver) args.push('--vscode-option', 'enable-smoke-test-driver');
  args.push(opts.folder);

  // Own process group, so stop() ends the server and every extension host it started.
  const child = spawn(codeServerBin, args, { env: isolatedEnv(dirs, opts.env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    fs.writeFileSync(path.join(dirs.root, 'code-server.log'), log);
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 3000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForListening(port, child, () => log, 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, port, dirs, stop };
}
