/**
 * Import this first in a unit test of adapter code: `import 'vscode'` in the adapter folders below then gets
 * ./vscodeModule instead of failing (plain mocha has no 'vscode' module). Engine folders still get no
 * 'vscode' at all, so a stray import there keeps failing in the unit tier.
 * It also adds a root afterEach: a test during which the doubles met something they were not told to expect
 * (strict.ts: an undeclared member, an unscripted question, a command registered twice) fails, even when
 * the code under test caught the error the double threw.
 */
import * as path from 'node:path';
import Module = require('node:module');
import { takeUnexpectedCalls } from './strict';

/** The adapter folders whose stores are unit-tested with the doubles (src/<folder>, compiled to out/src/<folder>). */
const ADAPTER_FOLDERS = ['features/environments', 'secrets', 'features/history', 'platform', 'host', 'commands'];

const fakeVscode = path.join(__dirname, 'vscodeModule.js');
const compiledSrc = path.resolve(__dirname, '..', '..', '..', 'src');

type ResolveFilename = (this: unknown, request: string, parent: { filename?: string | null } | undefined, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: ResolveFilename };
const resolveFilename = loader._resolveFilename;

function isAdapterModule(filename: string | null | undefined): boolean {
  if (!filename) return false;
  const relative = path.relative(compiledSrc, filename).split(path.sep).join('/');
  return ADAPTER_FOLDERS.some((folder) => relative.startsWith(`${folder}/`));
}

loader._resolveFilename = function (request, parent, ...rest) {
  if (request === 'vscode' && isAdapterModule(parent?.filename)) return fakeVscode;
  return resolveFilename.call(this, request, parent, ...rest);
};

afterEach(function () {
  const calls = takeUnexpectedCalls();
  if (calls.length > 0) throw new Error(`"${this.currentTest?.fullTitle() ?? 'a test'}" used the VS Code doubles in ways they were not told to expect:\n  ${calls.join('\n  ')}`);
});
