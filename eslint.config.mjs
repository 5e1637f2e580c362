// @ts-check
// Lint enforces the three boundaries of the house rather than leaving them to memory:
//   1. engine folders never import `vscode`;
//   2. a webview, and every folder a webview bundles, reaches nothing of Node: no builtins, no undici,
//      no folder that sits beside the HTTP client or the VS Code adapter;
//   3. no import cycles, between modules (import/no-cycle here for value imports; dependency-cruiser with
//      .dependency-cruiser.cjs for every import, type-only included, run by `npm run lint` and the lint tier)
//      or between folders (LAYERS below).
// The rest is typescript-eslint's recommended set, untouched: the point is the boundaries, not style.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

/**
 * The folders of src/, lowest first: a folder imports only from folders listed before it. That keeps
 * the folder graph acyclic (a module-level check alone misses type-only and cross-file folder cycles).
 * A new folder goes where its imports put it.
 */
export const LAYERS = [
  // Ambient declarations (no code), then the shared primitives.
  'types', 'json', 'redaction', 'format',
  // Reading files a workspace names, bounded (Node: below the engine, outside the webviews).
  'files',
  // The engine: no vscode. A feature's protocol and form model are engine code inside its slice.
  // The order model sits below both the simulator and the decoder, which read it; its answers/ read sent
  // exchanges into orders (ledger, timeline, next steps), so they sit above send/.
  'catalogue', 'orders', 'decode', 'protocol', 'features/form/protocol.ts', 'features/response/protocol.ts', 'features/form/model',
  'http', 'auth', 'simulator', 'notifications', 'environments', 'credentials', 'transport', 'send', 'orders/answers', 'flows', 'history', 'interop', 'tap', 'deliveries', 'cli',
  // The VS Code adapter: thin wrappers of VS Code services first, then the features' host sides.
  'platform', 'secrets', 'features/environments', 'features/notifications', 'host', 'commands', 'features/history', 'features/orders', 'features/tap', 'features/deliveries', 'features/shared/host', 'features/response/host', 'features/form/host', 'features/flows', 'editor', 'features/interop',
  // The webview apps (browser bundles), the feature bundle and the composition root.
  'features/shared/app', 'features/form/app', 'features/response/app', 'features/registerPanels.ts', 'features.ts', 'extension.ts',
];
/** Folders (and files) that run without VS Code: the unit tier tests them in plain Node. */
export const ENGINE = ['json', 'redaction', 'format', 'files', 'catalogue', 'orders', 'decode', 'protocol', 'features/form/protocol.ts', 'features/response/protocol.ts', 'features/form/model', 'http', 'auth', 'simulator', 'notifications', 'environments', 'credentials', 'transport', 'send', 'flows', 'history', 'interop', 'tap', 'deliveries', 'cli', 'features/shared/app', 'features/form/app', 'features/response/app'];
/** What a webview bundles: the webview apps and everything they may import. */
const WEB_SAFE = ['features/shared/app', 'features/form/app', 'features/response/app', 'protocol', 'features/form/protocol.ts', 'features/response/protocol.ts', 'catalogue', 'orders', 'features/form/model', 'decode', 'redaction', 'json', 'format'];

/**
 * The folders and .ts files under `srcDir` that no entry of `layers` covers, as paths relative to it. A folder
 * is covered when it is listed, or when everything in it is (features/ is listed by its slices).
 * @param {string} srcDir
 * @param {readonly string[]} layers
 * @returns {string[]}
 */
export function uncoveredSrcEntries(srcDir, layers) {
  /** @param {string} rel @returns {string[]} */
  const uncoveredIn = (rel) =>
    fs
      .readdirSync(path.join(srcDir, rel), { withFileTypes: true })
      .filter((e) => e.isDirectory() || e.name.endsWith('.ts'))
      .map((e) => ({ child: rel ? `${rel}/${e.name}` : e.name, isDirectory: e.isDirectory() }))
      .sort((a, b) => (a.child < b.child ? -1 : 1))
      .flatMap(({ child, isDirectory }) => {
        if (layers.includes(child)) return [];
        const inside = isDirectory ? uncoveredIn(child) : [child];
        const hasCode = isDirectory ? fs.readdirSync(path.join(srcDir, child), { recursive: true }).some((f) => String(f).endsWith('.ts')) : true;
        if (!hasCode) return [];
        // A folder none of whose slices is listed is named once, by itself.
        return isDirectory && !layers.some((l) => l.startsWith(`${child}/`)) ? [child] : inside;
      });
  return uncoveredIn('');
}

// A folder missing from LAYERS would get no layer rule at all, silently: lint stops here instead.
const unlayered = uncoveredSrcEntries(path.join(path.dirname(fileURLToPath(import.meta.url)), 'src'), LAYERS);
if (unlayered.length > 0) {
  throw new Error(`eslint.config.mjs: ${unlayered.map((f) => `src/${f}`).join(', ')} has no place in LAYERS. Add it where its imports put it (a folder imports only from the ones listed before it).`);
}

const srcPath = (folder) => `./src/${folder}`;
/**
 * The files a folder's layer rules: all under it, but for a subfolder LAYERS lists on its own (orders/answers
 * sits above orders), which its own entry rules.
 * @param {string} folder
 */
const layerTarget = (folder) => {
  const nested = LAYERS.filter((l) => l.startsWith(`${folder}/`)).map((l) => l.slice(folder.length + 1));
  if (nested.length === 0) return [srcPath(folder)];
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', folder);
  const subfolders = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && !nested.includes(e.name));
  return [`${srcPath(folder)}/*.ts`, ...subfolders.map((e) => srcPath(`${folder}/${e.name}`))];
};
const filesUnder = (entries) => entries.map((f) => (f.endsWith('.ts') ? `src/${f}` : `src/${f}/**/*.ts`));

const layerZones = LAYERS.slice(0, -1).map((folder, i) => ({
  target: layerTarget(folder),
  from: LAYERS.slice(i + 1).map(srcPath),
  message: `Layers run ${LAYERS.join(' < ')}: a folder imports only from the ones before it (eslint.config.mjs, LAYERS).`,
}));
const webviewZone = {
  target: WEB_SAFE.flatMap(layerTarget),
  from: LAYERS.filter((f) => !WEB_SAFE.includes(f)).map(srcPath),
  message: `A webview bundles this folder, so it imports only from ${WEB_SAFE.join(', ')} (eslint.config.mjs, WEB_SAFE).`,
};

const noVscode = {
  name: 'vscode',
  message: 'Engine code runs without VS Code (unit tier, simulator): take what you need as a parameter, or move the code to an adapter folder.',
};
/** The dynamic spellings of an import of vscode, which no-restricted-imports does not see. */
const noVscodeAtRunTime = [
  { selector: "ImportExpression[source.value='vscode']", message: noVscode.message },
  { selector: "CallExpression[callee.name='require'][arguments.0.value='vscode']", message: noVscode.message },
  { selector: "TSImportEqualsDeclaration > TSExternalModuleReference[expression.value='vscode']", message: noVscode.message },
];
const noUndici = { name: 'undici', message: 'The HTTP client stays on the extension host; a webview reaches it only through its protocol.' };
/** One send path: every door sends through send/guardedSend.ts, which asks the questions a send needs first. */
const onlyGuardedSend = {
  group: ['**/send/requestRunner', './requestRunner'],
  importNames: ['transmit'],
  message: 'Send through sendOperation/clearToSend in send/guardedSend.ts: it asks the LIVE, rules and password questions through the door\'s port.',
};

/** One send session: the guard's entry points are the session's to call (send/sendSession.ts). */
const onlySendSession = {
  group: ['**/send/guardedSend', './guardedSend'],
  importNames: ['clearToSend', 'sendOperation'],
  message: 'Send through SendSession in send/sendSession.ts: it claims the transaction id, records the order and tells History, around the guard.',
};

export default tseslint.config(
  // `npm run lint` and the lint tier lint `.`: the TypeScript of src/, test/, bench/ and scripts/. The root
  // build scripts are plain CommonJS/ESM outside the rules' reach.
  { ignores: ['out/**', 'dist/**', '.cache/**', 'node_modules/**', 'test-artifacts/**', '.vscode-test/**', '*.js', '*.mjs', '*.cjs'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { import: importPlugin },
    settings: {
      // eslint-import-resolver-typescript is not installed; the Node resolver with .ts first finds every
      // relative import (the project uses extensionless paths and folder index.ts files).
      'import/resolver': { node: { extensions: ['.ts', '.d.ts', '.js', '.json'] } },
      // no-cycle follows only files it can parse: without these it silently sees no .ts dependencies.
      'import/extensions': ['.ts', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
    rules: {
      // tsc reports unused names already (noUnusedLocals, noUnusedParameters), with the project's own exceptions.
      '@typescript-eslint/no-unused-vars': 'off',
      // `import Mocha = require('mocha')` is how a CommonJS `export =` module is typed; bare require() stays banned.
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // Skips `import type` by design (no option counts it): .dependency-cruiser.cjs checks the circles it misses.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: [...layerZones, webviewZone] }],
    },
  },
  {
    files: ['**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyGuardedSend] }] },
  },
  {
    files: filesUnder(ENGINE),
    rules: {
      'no-restricted-imports': ['error', { paths: [noVscode], patterns: [onlyGuardedSend] }],
      'no-restricted-syntax': ['error', ...noVscodeAtRunTime],
    },
  },
  {
    files: filesUnder(WEB_SAFE),
    rules: {
      'no-restricted-imports': ['error', { paths: [noVscode, noUndici], patterns: [onlyGuardedSend] }],
      'import/no-nodejs-modules': 'error',
    },
  },
  {
    files: ['src/send/guardedSend.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode] }] },
  },
  // One send session: a door of src/ sends through send/sendSession.ts (ids, records, sign-in, listeners
  // around the guard). typescript-eslint's own rule id, so the layers' no-restricted-imports stay as they are.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/send/sendSession.ts', 'src/send/guardedSend.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [onlySendSession] }] },
  },
);
