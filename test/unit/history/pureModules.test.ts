import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The parts of editor/, history/ and features/response/host/ tested with plain mocha must stay free of vscode:
 * a stray import would only fail inside the extension host. (The core-folder check does not cover
 * these folders, which also hold vscode adapters.)
 */
const PURE_FILES = [
  'src/json/index.ts',
  'src/editor/requestDiagnostics.ts',
  'src/features/history/historyStore.ts',
  'src/features/history/scrub.ts',
  'src/features/history/describeExchange.ts',
  'src/features/history/bounds.ts',
  'src/features/history/replay.ts',
  'src/features/response/host/renderExchange.ts',
  'src/features/response/host/exchangeView.ts',
];
const VSCODE_IMPORT = /(?:from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/;
const LOCAL_IMPORT = /from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

describe('vscode-free modules of the editor, history and response view', () => {
  it('import nothing from vscode, directly or through a local import', () => {
    const root = process.cwd();
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (rel: string) => {
      if (seen.has(rel)) return;
      seen.add(rel);
      const full = path.join(root, rel);
      const file = [full, `${full}.ts`, path.join(full, 'index.ts')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (!file) return;
      const text = fs.readFileSync(file, 'utf8');
      if (VSCODE_IMPORT.test(text)) offenders.push(path.relative(root, file));
      for (const m of text.matchAll(LOCAL_IMPORT)) visit(path.relative(root, path.resolve(path.dirname(file), m[1] as string)));
    };
    for (const f of PURE_FILES) visit(f);
    assert.ok(seen.size >= PURE_FILES.length);
    assert.deepEqual(offenders, []);
  });
});
