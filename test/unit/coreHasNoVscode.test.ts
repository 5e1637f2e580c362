import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

// Tests run from the repository root (npm scripts), whatever folder tsc emitted them to.
const repoRoot = process.cwd();
/** The core must run (and be tested) without VS Code: one list of its folders, the one lint uses (ENGINE). */
const coreFolders = async (): Promise<readonly string[]> =>
  ((await import(pathToFileURL(path.join(repoRoot, 'eslint.config.mjs')).href)) as { ENGINE: readonly string[] }).ENGINE;
const VSCODE_IMPORT = /(?:from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/;

function tsFilesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  if (dir.endsWith('.ts')) return [dir];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFilesUnder(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('core folders', () => {
  it('never import vscode', async () => {
    const folders = await coreFolders();
    assert.ok(folders.includes('orders') && folders.includes('send'), `ENGINE in eslint.config.mjs: ${folders.join(', ')}`);
    const offenders = folders.flatMap((f) => tsFilesUnder(path.join(repoRoot, 'src', f)))
      .filter((file) => VSCODE_IMPORT.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(repoRoot, file));
    assert.deepEqual(offenders, [], `core files importing vscode: ${offenders.join(', ')}`);
  });

  it('the check itself spots an import of vscode', () => {
    assert.ok(VSCODE_IMPORT.test(`import * as vscode from 'vscode';`));
    assert.ok(VSCODE_IMPORT.test(`const v = require("vscode");`));
    assert.ok(!VSCODE_IMPORT.test(`import { z } from 'zod';`));
  });
});
