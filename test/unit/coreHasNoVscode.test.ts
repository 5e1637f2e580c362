import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

// The core must run (and be tested) without VS Code: a stray `vscode` import would only fail inside the host.
const CORE_FOLDERS = ['catalogue', 'json', 'http', 'auth', 'decode', 'simulator', 'protocol', 'send', 'flows', 'cli', 'redaction', 'format', 'features/form/model', 'features/form/protocol.ts', 'features/response/protocol.ts', 'features/shared/app', 'features/form/app', 'features/response/app'];
// Tests run from the repository root (npm scripts), whatever folder tsc emitted them to.
const repoRoot = process.cwd();
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
  it('never import vscode', () => {
    const offenders = CORE_FOLDERS.flatMap((f) => tsFilesUnder(path.join(repoRoot, 'src', f)))
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
