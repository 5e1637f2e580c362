/** The form model is plain TypeScript: no VS Code and no DOM, so it runs under plain mocha and in the webview alike. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const FORMS = path.join(process.cwd(), 'src', 'features', 'form', 'model');
const FORBIDDEN = [
  { what: 'vscode', pattern: /from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)/ },
  { what: 'the DOM', pattern: /\b(document|window|HTMLElement|customElements)\b/ },
  { what: 'the webview', pattern: /from\s+['"][^'"]*app\//},
];

describe('forms: purity', () => {
  it('the form model (src/features/form/model) imports neither vscode nor the DOM nor the webview app', () => {
    const files = fs.readdirSync(FORMS).filter((f) => f.endsWith('.ts'));
    assert.ok(files.length > 5, `found the form model in ${FORMS}`);
    const offenders = files.flatMap((f) => {
      // Code only: comments may well speak of windows and documents.
      const text = fs.readFileSync(path.join(FORMS, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      return FORBIDDEN.filter((x) => x.pattern.test(text)).map((x) => `${f} uses ${x.what}`);
    });
    assert.deepEqual(offenders, []);
  });

  it('the check itself spots them', () => {
    assert.ok(FORBIDDEN[0]?.pattern.test("import * as vscode from 'vscode';"));
    assert.ok(FORBIDDEN[1]?.pattern.test('document.createElement("div")'));
    assert.ok(!FORBIDDEN[1]?.pattern.test("const documents = 1; // a documented rule"));
  });
});
