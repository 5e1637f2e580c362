/** What `npm run package` puts in the VSIX, listed by vsce itself from the built dist/ (run `npm run build` first). */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { listFiles } from '@vscode/vsce';

const root = process.cwd();

interface Manifest {
  contributes: { jsonValidation: { url: string }[]; snippets: { path: string }[] };
}

function readJson(rel: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
}

/** The packed schema with every `#/definitions/shared.N` reference replaced by what it names (esbuild.js shares repeats). */
function withSharedExpanded(json: unknown): unknown {
  const definitions = (json as { definitions?: Record<string, unknown> }).definitions ?? {};
  const expand = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(expand);
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/definitions/shared.')) return expand(definitions[ref.slice('#/definitions/'.length)]);
    return Object.fromEntries(Object.entries(node).filter(([key]) => !key.startsWith('shared.')).map(([key, value]) => [key, expand(value)]));
  };
  return expand(json);
}

describe('package: what the VSIX carries', () => {
  let packed: string[];

  before(async function () {
    assert.ok(fs.existsSync(path.join(root, 'dist', 'extension.js')), 'dist/ is not built: run `npm run build`');
    packed = await listFiles({ cwd: root, dependencies: false });
  });

  it('carries no source maps, while dist/ keeps them beside the bundles for development and tests', () => {
    assert.ok(packed.includes('dist/extension.js'), packed.join(', '));
    for (const bundle of ['dist/extension.js', 'dist/webview/form.js', 'dist/webview/response.js']) {
      assert.ok(fs.existsSync(path.join(root, `${bundle}.map`)), `${bundle}.map is missing from dist/`);
    }
    assert.deepEqual(packed.filter((f) => f.endsWith('.map')), []);
  });

  it('carries the simulator once: its worker-thread bundle, which the extension host starts; the terminal bundle stays in the repository', () => {
    assert.ok(fs.existsSync(path.join(root, 'dist', 'simulator.js')), 'dist/simulator.js (npm run simulator) is not built');
    // tapNodePreload.js: required into Node programs in a terminal through the tap (its undici half, tapNodeFetchProxy.js, stays out).
    assert.deepEqual(packed.filter((f) => f.startsWith('dist/') && f.endsWith('.js') && !f.startsWith('dist/webview/')).sort(), ['dist/extension.js', 'dist/features.js', 'dist/simulatorWorker.js', 'dist/tapNodePreload.js']);
    // The gateway's "unknown order" answer is the simulator's own text: the bundles on the editor's thread do not carry it.
    for (const bundle of ['extension.js', 'features.js']) assert.ok(!fs.readFileSync(path.join(root, 'dist', bundle), 'utf8').includes('Unable to find order'), `dist/${bundle} carries the simulator`);
    assert.ok(fs.readFileSync(path.join(root, 'dist', 'simulatorWorker.js'), 'utf8').includes('Unable to find order'), 'dist/simulatorWorker.js lost the simulator');
  });

  it('carries no bench tool: Stoplight Prism is a dev dependency for `npm run bench` only', () => {
    const manifest = readJson('package.json') as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    assert.ok(!Object.keys(manifest.dependencies ?? {}).some((d) => d.startsWith('@stoplight/')), 'Prism is a runtime dependency');
    assert.deepEqual(packed.filter((f) => /prism|stoplight/i.test(f)), []);
    for (const bundle of packed.filter((f) => f.endsWith('.js'))) assert.ok(!fs.readFileSync(path.join(root, bundle), 'utf8').includes('@stoplight/'), `${bundle} carries Prism`);
  });

  it('carries the codicon font cut down to the icons, yet every icon a page names is in it', () => {
    assert.ok(packed.includes('dist/codicons/codicon.ttf') && packed.includes('dist/codicons/codicon.css'));
    const css = fs.readFileSync(path.join(root, 'dist', 'codicons', 'codicon.css'), 'utf8');
    const shipped = new Set([...css.matchAll(/\.codicon-([a-z0-9-]+):before/g)].map((m) => m[1]));
    // The ways the pages name an icon: <vscode-icon name>, <vscode-button icon>, the verdict icons by tone, and codiconClass('…') on the browser's own elements.
    const named = new Set<string>();
    const appDirs = ['form', 'response', 'shared'].map((f) => path.join(root, 'src', 'features', f, 'app'));
    for (const dir of appDirs) {
      for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        for (const m of text.matchAll(/\b(?:name|icon): '([a-z0-9-]+)'/g)) named.add(m[1] ?? '');
        for (const m of text.matchAll(/\b(?:success|warning|error|info): '([a-z0-9-]+)'/g)) named.add(m[1] ?? '');
        for (const m of text.matchAll(/\bcodiconClass\('([a-z0-9-]+)'\)/g)) named.add(m[1] ?? '');
      }
    }
    assert.ok(named.size >= 10, `found ${named.size} icon names in the pages`);
    assert.deepEqual([...named].filter((n) => !shipped.has(n)), [], 'icons the pages name but the cut-down font lacks');
    assert.ok(fs.statSync(path.join(root, 'dist', 'codicons', 'codicon.ttf')).size < 20_000, 'the font is the cut-down one');
  });

  it('activates on wiring alone: the HTTP client is in the feature bundle, which the activation bundle requires on first use', () => {
    const activation = fs.readFileSync(path.join(root, 'dist', 'extension.js'), 'utf8');
    const features = fs.readFileSync(path.join(root, 'dist', 'features.js'), 'utf8');
    assert.ok(activation.includes('require("./features.js")'), 'dist/extension.js does not load dist/features.js');
    assert.ok(!activation.includes('undici'), 'dist/extension.js carries undici');
    assert.ok(features.includes('undici'), 'dist/features.js lost the HTTP client');
    // The Gateway Tap (a server) loads when it is started: the Tap view at activation holds none of it.
    assert.ok(!activation.includes('x-gateway-tap'), 'dist/extension.js carries the Gateway Tap');
    assert.ok(features.includes('x-gateway-tap'), 'dist/features.js lost the Gateway Tap');
  });

  it('carries the schema and snippets VS Code reads compact, equal to the readable generated files', () => {
    const manifest = readJson('package.json') as Manifest;
    const read = [...manifest.contributes.jsonValidation.map((j) => j.url), ...manifest.contributes.snippets.map((s) => s.path)].map((p) => path.posix.normalize(p));
    assert.deepEqual(read, ['dist/schemas/payreq.schema.json', 'dist/schemas/payflow.schema.json', 'dist/snippets/payreq.code-snippets', 'dist/snippets/payflow.code-snippets']);
    for (const rel of read) {
      assert.ok(packed.includes(rel), `${rel} is not packed`);
      const text = fs.readFileSync(path.join(root, rel), 'utf8');
      assert.ok(!text.includes('\n'), `${rel} is not compact`);
      assert.deepEqual(withSharedExpanded(JSON.parse(text)), readJson(rel.replace(/^dist\//, '')), `${rel} differs from its readable source`);
    }
    assert.deepEqual(packed.filter((f) => /^(schemas|snippets)\//.test(f)), [], 'the readable copies stay out of the package');
  });
});
