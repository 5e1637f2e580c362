// Builds the bundles the extension ships. Type checking stays with `tsc --noEmit` (npm run typecheck).
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  minify: production,
  // Linked maps in every build, so dist/ never holds a map of another build; .vscodeignore keeps them out of the VSIX.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
};

// jsonc-parser's UMD entry hides its requires from the bundler; its ES module entry does not.
const nodeMainFields = ['module', 'main'];

/** extension.ts requires './features' on first use: it stays a require of dist/features.js, not a copy inside extension.js. */
const featureBundleStaysApart = {
  name: 'feature-bundle-stays-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/features$/ }, () => ({ path: './features.js', external: true }));
  },
};

/**
 * Every `import * as vscode` of a bundle becomes one namespace object, copied once from the host's
 * API: esbuild otherwise wraps `require("vscode")` per importing module (18 in dist/extension.js),
 * each copying every property of the API, which showed in the profile of evaluating the bundle.
 */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'one-vscode' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'one-vscode' }));
    build.onLoad({ filter: /.*/, namespace: 'one-vscode' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * Parts of undici the extension's requests never reach, left out of the extension bundle (the VSIX is
 * size-bound). Each is replaced by a module that throws a clear error if it is ever reached, so a
 * missed case fails loudly instead of quietly.
 * - The HTTP parser is carried twice, as SIMD and as plain WebAssembly (about 70 KiB each, base64),
 *   and undici falls back to the plain one when the SIMD module cannot be built: answers are small.
 *   The plain one ships as dist/llhttp.wasm, read on the first request: base64 text deflates to
 *   24 KB, the binary to 18.
 * - fetch's body helpers (with FormData, WebIDL, data: URLs): client-h1 loads them only for a
 *   FormData or Blob body; the extension sends text.
 * - The HTTP/2 client: used only when a dispatcher allows h2 (allowH2), which ours never do.
 * - SOCKS proxies: VS Code's http.proxy is an http(s) proxy here; a socks URL gets this error.
 */
const UNDICI_PARTS_LEFT_OUT = [
  { filter: /llhttp_simd-wasm\.js$/, contents: 'module.exports = undefined;' },
  { filter: /llhttp-wasm\.js$/, contents: "module.exports = require('node:fs').readFileSync(require('node:path').join(__dirname, 'llhttp.wasm'));" },
  { filter: /\/web\/fetch\/body\.js$/, reason: 'a FormData or Blob request body is not supported' },
  { filter: /\/client-h2\.js$/, reason: 'HTTP/2 is not used by the extension' },
  { filter: /\/socks5-proxy-agent$/, reason: 'a SOCKS proxy is not supported in VS Code: set http.proxy to an http:// or https:// proxy' },
];

const undiciUnusedPartsLeftOut = {
  name: 'undici-unused-parts-left-out',
  setup(build) {
    UNDICI_PARTS_LEFT_OUT.forEach((part, index) => {
      build.onResolve({ filter: part.filter }, (args) => (args.importer.includes(`${path.sep}undici${path.sep}`) ? { path: String(index), namespace: 'undici-left-out' } : undefined));
    });
    build.onLoad({ filter: /.*/, namespace: 'undici-left-out' }, (args) => {
      const part = UNDICI_PARTS_LEFT_OUT[Number(args.path)];
      const contents = part.contents ?? `module.exports = function leftOut() { throw new Error(${JSON.stringify(`Payment Workbench: ${part.reason}.`)}); };`;
      return { contents, loader: 'js' };
    });
  },
};

// The extension host bundles: Node, CommonJS, `vscode` provided by the host.
// `navigator` is replaced because VS Code's extension host throws on any read of it (even typeof),
// and zod probes it once to decide whether it may compile validators.
const extensionHost = { ...common, platform: 'node', mainFields: nodeMainFields, format: 'cjs', target: 'node20', external: ['vscode'], define: { navigator: 'undefined' }, plugins: [oneVscodeNamespace] };

const webview = { ...common, platform: 'browser', format: 'iife', target: 'es2022' };

/** A view bundle may not import the shared web components: elements.js carries them once for both pages. */
const sharedElementsOnly = {
  name: 'shared-elements-only',
  setup(build) {
    build.onResolve({ filter: /^(@vscode-elements\/|lit($|\/)|@lit\/)/ }, (args) => ({
      errors: [{ text: `${args.path} is imported by ${args.importer}: import web components in src/features/shared/app/elements.ts (dist/webview/elements.js), which every page loads first` }],
    }));
  },
};

const builds = [
  // Evaluated at activation: the views and the wiring only.
  { ...extensionHost, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', plugins: [oneVscodeNamespace, featureBundleStaysApart],
    // The first and last statements of the bundle: let the benchmark time evaluating the bundle.
    banner: { js: '"use strict";var __pwBundleStart = performance.now();' },
    footer: { js: 'var __pwBundleEnd = performance.now();' } },
  // Loaded on first use: sending, forms, the response panel, request files, the simulator.
  { ...extensionHost, entryPoints: ['src/features.ts'], outfile: 'dist/features.js', plugins: [oneVscodeNamespace, undiciUnusedPartsLeftOut] },
  // The CLI (`payment-workbench`, bin/payment-workbench.js): the same engine, no VS Code.
  { ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', platform: 'node', mainFields: nodeMainFields, format: 'cjs', target: 'node20' },
  // Required into Node programs started through the Gateway Tap (tap -- COMMAND): fetch and https honour HTTPS_PROXY.
  { ...common, entryPoints: ['src/tap/runtimes/nodePreload.ts'], outfile: 'dist/tapNodePreload.js', platform: 'node', format: 'cjs', target: 'node18' },
  { ...common, entryPoints: ['src/tap/runtimes/nodeFetchProxy.ts'], outfile: 'dist/tapNodeFetchProxy.js', platform: 'node', mainFields: nodeMainFields, format: 'cjs', target: 'node18', plugins: [undiciUnusedPartsLeftOut] },
  // The local simulator as a stand-alone command (`npm run simulator`).
  { ...common, entryPoints: ['src/simulator/cli.ts'], outfile: 'dist/simulator.js', platform: 'node', mainFields: nodeMainFields, format: 'cjs', target: 'node20' },
  // The simulator as VS Code runs it: a worker thread of the extension host (src/simulator/thread.ts starts it).
  { ...common, entryPoints: ['src/simulator/worker.ts'], outfile: 'dist/simulatorWorker.js', platform: 'node', mainFields: nodeMainFields, format: 'cjs', target: 'node20' },
  // The Gateway Tap's checker: a worker thread beside the thread that forwards (src/tap/analyser.ts).
  { ...common, entryPoints: ['src/tap/analysisWorker.ts'], outfile: 'dist/tapWorker.js', platform: 'node', mainFields: nodeMainFields, format: 'cjs', target: 'node20' },
  // The webview UIs: browser, one IIFE each, loaded by a nonce'd <script>. The form carries the
  // catalogue (it validates every keystroke with the same code as the host); the response panel does not.
  // Both pages first load elements.js, the web components they share; a view importing them itself
  // would carry a second copy, and the build refuses it.
  ...['form', 'response'].map((view) => ({ ...webview, entryPoints: [`src/features/${view}/app/main.ts`], outfile: `dist/webview/${view}.js`, plugins: [sharedElementsOnly] })),
  { ...webview, entryPoints: ['src/features/shared/app/elements.ts'], outfile: 'dist/webview/elements.js' },
].filter((b) => b.entryPoints.every((e) => fs.existsSync(path.join(__dirname, e))));

/**
 * The form's always-required fields of every operation and version, worked out here once (by the
 * catalogue's own validation, src/features/form/model/requiredFields.ts) instead of in the webview
 * on each first render. Watch builds leave it out: the catalogue may change under them, and the
 * form then asks the validation itself.
 */
async function formRequiredPaths() {
  const entry = path.join(__dirname, 'src', 'features', 'form', 'model', 'requiredFields.ts');
  const out = await esbuild.build({ ...common, sourcemap: false, minify: false, entryPoints: [entry], platform: 'node', mainFields: nodeMainFields, format: 'cjs', target: 'node20', write: false });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require);
  return mod.exports.requiredPathsTable();
}


/**
 * Webviews may only load files under localResourceRoots, so the codicon font ships inside dist/, cut
 * down to the icons the webview code names: any string literal in src/features/*\/app that is a codicon
 * name is kept (126 KiB of font become a few KiB). A package test checks every icon the pages name is there.
 */
async function buildCodicons() {
  const subsetFont = require('subset-font');
  const from = path.join(__dirname, 'node_modules', '@vscode', 'codicons', 'dist');
  const to = path.join(__dirname, 'dist', 'codicons');
  fs.mkdirSync(to, { recursive: true });
  const css = fs.readFileSync(path.join(from, 'codicon.css'), 'utf8');
  const ICON_RULE = /^\.codicon-([a-z0-9-]+):before \{ content: "\\([0-9a-f]+)" \}$/;
  const codePoints = new Map();
  for (const line of css.split('\n')) {
    const m = ICON_RULE.exec(line);
    if (m) codePoints.set(m[1], parseInt(m[2], 16));
  }
  const used = new Set();
  for (const file of appSources(path.join(__dirname, 'src', 'features'))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/'([a-z][a-z0-9-]*)'/g)) if (codePoints.has(m[1])) used.add(m[1]);
  }
  const kept = css.split('\n').filter((line) => {
    const m = ICON_RULE.exec(line);
    return !m || used.has(m[1]);
  });
  fs.writeFileSync(path.join(to, 'codicon.css'), kept.join('\n'));
  const glyphs = [...used].map((name) => String.fromCodePoint(codePoints.get(name))).join('');
  fs.writeFileSync(path.join(to, 'codicon.ttf'), await subsetFont(fs.readFileSync(path.join(from, 'codicon.ttf')), glyphs, { targetFormat: 'truetype' }));
}

function appSources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return appSources(full);
    return e.name.endsWith('.ts') && full.includes(`${path.sep}app${path.sep}`) ? [full] : [];
  });
}

/**
 * The schema and snippets VS Code reads, compacted into dist/ for the package: schemas/ and snippets/
 * stay readable (a unit test checks them against the catalogue). The per-operation schemas are for
 * tools outside the editor and stay in the repository.
 */
function compactEditorJson() {
  for (const rel of ['schemas/payreq.schema.json', 'snippets/payreq.code-snippets', 'schemas/payflow.schema.json', 'snippets/payflow.code-snippets']) {
    const to = path.join(__dirname, 'dist', rel);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const json = JSON.parse(fs.readFileSync(path.join(__dirname, rel), 'utf8'));
    fs.writeFileSync(to, JSON.stringify(rel === 'schemas/payreq.schema.json' ? shareRepeatedPropertySchemas(json) : json));
  }
}

/**
 * A property schema written out more than once (the same address, card or airline block under
 * every operation and version) becomes one entry of `definitions` named `shared.N` and a `$ref` to it
 * in each place: the repeats sit further apart than deflate's 32 KiB window, so the VSIX carried each
 * again. The package test expands the references and compares with schemas/.
 */
function shareRepeatedPropertySchemas(schema) {
  const MIN_CHARS = 200;
  const counts = new Map();
  const countIn = (node) => {
    if (Array.isArray(node)) return node.forEach(countIn);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const prop of Object.values(value)) {
          const text = JSON.stringify(prop);
          if (text.length >= MIN_CHARS) counts.set(text, (counts.get(text) ?? 0) + 1);
        }
      }
      countIn(value);
    }
  };
  countIn(schema);
  const names = new Map();
  const definitions = { ...(schema.definitions ?? {}) };
  const share = (node) => {
    if (Array.isArray(node)) return node.map(share);
    if (node === null || typeof node !== 'object') return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, prop]) => [name, refOrShared(prop)]));
      } else out[key] = share(value);
    }
    return out;
  };
  const refOrShared = (prop) => {
    const text = JSON.stringify(prop);
    if ((counts.get(text) ?? 0) < 2) return share(prop);
    if (!names.has(text)) {
      const name = `shared.${names.size + 1}`;
      names.set(text, name);
      definitions[name] = share(prop);
    }
    return { $ref: `#/definitions/${names.get(text)}` };
  };
  const shared = share(schema);
  for (const [name, def] of Object.entries(schema.definitions ?? {})) definitions[name] = share(def);
  return { ...shared, definitions };
}

/**
 * The README the package carries (vsce --readme-path): README.md without its pictures. They live in
 * docs/images/, which the VSIX leaves out to stay small, and with no repository named yet nothing can
 * show them from elsewhere: VS Code's extension page would show each as broken.
 */
function packageReadme() {
  const PICTURE_LINE = /^[ \t]*!\[[^\]\n]*\]\((?![a-z][a-z0-9+.-]*:)[^)\n]*\)[ \t]*\n/gm;
  // Sections for people working on this repository (its npm commands, its docs), not for the extension's users.
  const REPOSITORY_ONLY = /^<!-- repository only -->\n[\s\S]*?^<!-- \/repository only -->\n/gm;
  const readme = fs.readFileSync(path.join(__dirname, 'README.md'), 'utf8');
  fs.writeFileSync(path.join(__dirname, 'dist', 'README.md'), readme.replace(REPOSITORY_ONLY, '').replace(PICTURE_LINE, '').replace(/\n{3,}/g, '\n\n'));
}

async function main() {
  fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });
  packageReadme();
  await buildCodicons();
  compactEditorJson();
  fs.writeFileSync(path.join(__dirname, 'dist', 'llhttp.wasm'), require('undici/lib/llhttp/llhttp-wasm.js'));
  if (watch) {
    const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
    await Promise.all(contexts.map((c) => c.watch()));
    console.log(`[esbuild] watching ${builds.length} bundles`);
    return;
  }
  const started = Date.now();
  const form = builds.find((b) => b.outfile === 'dist/webview/form.js');
  if (form) form.define = { 'globalThis.pwFormRequiredPaths': JSON.stringify(await formRequiredPaths()) };
  await Promise.all(builds.map((b) => esbuild.build(b)));
  console.log(`[esbuild] built ${builds.map((b) => b.outfile).join(', ')} in ${Date.now() - started} ms${production ? ' (production)' : ''}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
