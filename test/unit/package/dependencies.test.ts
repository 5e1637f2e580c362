/** What `npm install` fetches for a user of the package (the CLI): only what runs from node_modules, not what the build copies into dist/. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const root = process.cwd();
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;

describe('package: dependencies', () => {
  it('the codicon font, copied into dist/ by esbuild.js, is a devDependency, so installing the package does not fetch it', () => {
    const build = fs.readFileSync(path.join(root, 'esbuild.js'), 'utf8');
    assert.match(build, /'node_modules', '@vscode', 'codicons'/, 'esbuild.js no longer copies the codicons: this test is about nothing');
    assert.equal(manifest.dependencies?.['@vscode/codicons'], undefined, 'package.json lists @vscode/codicons under dependencies');
    assert.ok(manifest.devDependencies?.['@vscode/codicons'], 'package.json lists @vscode/codicons under devDependencies');
  });
});
