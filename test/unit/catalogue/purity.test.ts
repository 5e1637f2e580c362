/** src/catalogue also runs in the webview bundle and the simulator: no vscode, no DOM, no Node-only modules. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('catalogue: runs anywhere', () => {
  const files = tsFiles(path.join(process.cwd(), 'src', 'catalogue'));
  it('uses no DOM globals and no Node built-ins', () => {
    const offenders = files.filter((f) => {
      const src = fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return /\b(document|window|localStorage|navigator)\.[A-Za-z]/.test(src) || /from ['"](node:|fs['"]|path['"])/.test(src) || /from ['"]vscode['"]/.test(src);
    });
    assert.deepEqual(offenders.map((f) => path.relative(process.cwd(), f)), []);
  });
});
