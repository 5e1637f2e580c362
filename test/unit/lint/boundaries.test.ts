/** The house boundaries as `npm run lint` enforces them (eslint.config.mjs), checked on the code a contributor might write. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';

const root = process.cwd();

interface LintConfigModule {
  uncoveredSrcEntries(srcDir: string, layers: readonly string[]): string[];
  LAYERS: readonly string[];
}

/** eslint.config.mjs is ESM: a dynamic import from this CommonJS test, by URL so tsc leaves it alone. */
const loadConfig = (): Promise<LintConfigModule> => import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href) as Promise<LintConfigModule>;

describe('lint: the house boundaries', function () {
  this.timeout(60_000);
  let eslint: ESLint;
  before(() => {
    // no-cycle reads the linted file from disk, and these probes exist only as text.
    eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
  });

  /** The rule ids ESLint reports for `code` as if it were the file at `file` (repository-relative). */
  async function ruleIdsFor(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
  }

  it('an engine file importing vscode dynamically fails lint like a static import', async () => {
    const problems = await ruleIdsFor('src/send/lateVscode.ts', `export async function f(): Promise<unknown> {\n  return import('vscode');\n}\n`);
    assert.ok(problems.some((p) => p.startsWith('no-restricted-syntax') && /Engine code runs without VS Code/.test(p)), problems.join('\n'));
  });

  it('an engine file requiring vscode fails lint with the engine message, in both spellings', async () => {
    for (const code of [`import vscode = require('vscode');\nexport const v = vscode;\n`, `export const v: unknown = require('vscode');\n`]) {
      const problems = await ruleIdsFor('src/orders/requireVscode.ts', code);
      assert.ok(problems.some((p) => /Engine code runs without VS Code/.test(p)), `${code}\n${problems.join('\n')}`);
    }
  });

  it('an adapter file may still import vscode dynamically', async () => {
    const problems = await ruleIdsFor('src/commands/lateVscode.ts', `export async function f(): Promise<unknown> {\n  return import('vscode');\n}\n`);
    assert.deepEqual(problems, []);
  });

  it('src/orders has its layer: it may not import from send, which sits above it', async () => {
    const problems = await ruleIdsFor('src/orders/upward.ts', `import { transmitGuard } from '../send/guardedSend';\nexport const g = transmitGuard;\n`);
    assert.ok(problems.some((p) => p.startsWith('import/no-restricted-paths')), problems.join('\n') || 'no problem reported');
  });

  it('src/orders/answers sits above send (it reads sent exchanges), and the decoder below it cannot import it', async () => {
    const reader = await ruleIdsFor('src/orders/answers/reader.ts', `import type { Exchange } from '../../send/exchange';\nexport type E = Exchange;\n`);
    assert.deepEqual(reader.filter((p) => p.startsWith('import/no-restricted-paths')), []);
    const decoder = await ruleIdsFor('src/decode/gateway/upward.ts', `import { ordersOf } from '../../orders/answers/timeline';\nexport const o = ordersOf;\n`);
    assert.ok(decoder.some((p) => p.startsWith('import/no-restricted-paths')), decoder.join('\n') || 'no problem reported');
    const model = await ruleIdsFor('src/orders/upward.ts', `import type { Exchange } from '../send/exchange';\nexport type E = Exchange;\n`);
    assert.ok(model.some((p) => p.startsWith('import/no-restricted-paths')), model.join('\n') || 'no problem reported');
  });

  it('a door that sends without the send session fails lint, in every spelling of the import', async () => {
    const bypasses = [
      `import { sendOperation } from '../send/guardedSend';\nexport const s = sendOperation;\n`,
      `import { clearToSend as clear } from '../send/guardedSend';\nexport const s = clear;\n`,
      `import * as guard from '../send/guardedSend';\nexport const s = guard;\n`,
    ];
    for (const code of bypasses) {
      const problems = await ruleIdsFor('src/commands/bypass.ts', code);
      assert.ok(problems.some((p) => p.startsWith('@typescript-eslint/no-restricted-imports') && /Send through SendSession/.test(p)), `${code}\n${problems.join('\n') || 'no problem reported'}`);
    }
    const viaSession = await ruleIdsFor('src/commands/viaSession.ts', `import { SendDeclined } from '../send/guardedSend';\nimport { SendSession } from '../send/sendSession';\nexport const s = [SendSession, SendDeclined];\n`);
    assert.deepEqual(viaSession, [], 'the session and the guard\'s other exports stay open');
  });

  it('every folder and file of src/ has a layer, and a new folder without one is named', async () => {
    const config = await loadConfig();
    assert.deepEqual(config.uncoveredSrcEntries(path.join(root, 'src'), config.LAYERS), []);
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-layers-'));
    try {
      fs.mkdirSync(path.join(src, 'json'));
      fs.writeFileSync(path.join(src, 'json', 'a.ts'), '');
      fs.mkdirSync(path.join(src, 'payouts'));
      fs.writeFileSync(path.join(src, 'payouts', 'b.ts'), '');
      fs.mkdirSync(path.join(src, 'features', 'refunds'), { recursive: true });
      fs.writeFileSync(path.join(src, 'features', 'refunds', 'c.ts'), '');
      fs.writeFileSync(path.join(src, 'features', 'README.md'), '');
      assert.deepEqual(config.uncoveredSrcEntries(src, ['json', 'features/form']), ['features/refunds', 'payouts']);
    } finally {
      fs.rmSync(src, { recursive: true, force: true });
    }
  });
});
