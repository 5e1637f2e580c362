/**
 * What the Visual Studio Marketplace and Open VSX show and check: licence, icon, changelog, categories,
 * keywords, repository, and a `vsce package` that warns about nothing (run `npm run build` first).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { listFiles } from '@vscode/vsce';

const root = process.cwd();

interface Manifest {
  license?: string;
  icon?: string;
  categories?: string[];
  keywords?: string[];
  repository?: unknown;
  version: string;
  scripts: Record<string, string>;
}

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

/** VS Code's own list of extension categories (EXTENSION_CATEGORIES in src/vs/platform/extensions/common/extensions.ts); the Marketplace files any other under nothing. */
const vscodeCategories = ['AI', 'Azure', 'Chat', 'Data Science', 'Debuggers', 'Extension Packs', 'Education', 'Formatters', 'Keymaps', 'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing', 'Themes', 'Visualization', 'Other'];

/** Width and height from a PNG's IHDR chunk, which the format puts first, right after the 8-byte signature. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  assert.ok(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), `${file} is not a PNG`);
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR', `${file} has no IHDR chunk first`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The options `vsce package` gets from the `package` script's flags; a flag this test does not know fails it, so the check follows the script. */
function packageScriptOptions(script: string): Record<string, boolean | string> {
  const args = script.split(/\s+/);
  assert.deepEqual(args.slice(0, 3), ['vsce', 'package', '--no-dependencies'], script);
  const options: Record<string, boolean | string> = { dependencies: false };
  for (let i = 3; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-o' || arg === '--out') i++;
    else if (arg === '--allow-missing-repository') options.allowMissingRepository = true;
    else if (arg === '--skip-license') options.skipLicense = true;
    else if (arg === '--readme-path') options.readmePath = args[++i] ?? '';
    else assert.fail(`the package script passes ${arg}, which this test does not map to a vsce option`);
  }
  return options;
}

type Pack = (options: Record<string, unknown>) => Promise<{ packagePath: string }>;

describe('package: what the Marketplace shows', () => {
  let packed: string[];

  before(async function () {
    assert.ok(fs.existsSync(path.join(root, 'dist', 'extension.js')), 'dist/ is not built: run `npm run build`');
    packed = await listFiles({ cwd: root, dependencies: false });
  });

  it('has an MIT LICENSE file, as package.json says, and packs it', () => {
    assert.equal(manifest.license, 'MIT');
    const license = fs.readFileSync(path.join(root, 'LICENSE'), 'utf8');
    assert.match(license, /^MIT License\n/);
    assert.match(license, /^Copyright \(c\) \d{4} \S.*$/m);
    assert.match(license, /Permission is hereby granted, free of charge/);
    assert.ok(packed.includes('LICENSE'), 'LICENSE is not in the VSIX');
  });

  it('packs the localization: package.nls.json, each package.nls.<lang>.json and each translated l10n bundle', () => {
    const languages = fs.readdirSync(root).filter((f) => /^package\.nls\.[a-z-]+\.json$/.test(f));
    assert.ok(languages.length > 0, 'no package.nls.<lang>.json beside package.json');
    const bundles = fs.readdirSync(path.join(root, 'l10n')).filter((f) => f.endsWith('.json')).map((f) => `l10n/${f}`);
    assert.ok(bundles.includes('l10n/bundle.l10n.json'), 'no English bundle in l10n/');
    const translated = bundles.filter((f) => f !== 'l10n/bundle.l10n.json');
    for (const file of ['package.nls.json', ...languages, ...translated]) assert.ok(packed.includes(file), `${file} is not in the VSIX`);
    // VS Code loads no bundle for English (the source texts are English): the generated one is for translators only.
    assert.ok(!packed.includes('l10n/bundle.l10n.json'), 'the English bundle is packed: VS Code never reads it');
  });

  it('has a 128×128 PNG icon (the Marketplace takes no SVG) and packs it', () => {
    assert.equal(manifest.icon, 'media/icon.png');
    assert.deepEqual(pngSize(path.join(root, 'media', 'icon.png')), { width: 128, height: 128 });
    assert.ok(packed.includes('media/icon.png'), 'the icon is not in the VSIX');
  });

  it('has a CHANGELOG.md with an entry for this version, and packs it', () => {
    const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
    assert.match(changelog, /^## \[Unreleased\]$/m);
    assert.ok(changelog.includes(`## [${manifest.version}]`), `CHANGELOG.md has no entry for ${manifest.version}`);
    assert.ok(packed.includes('CHANGELOG.md'), 'CHANGELOG.md is not in the VSIX');
  });

  it('files itself under VS Code categories and at most 30 distinct keywords a payment developer searches for', () => {
    const categories = manifest.categories ?? [];
    assert.ok(categories.length > 0);
    assert.deepEqual(categories.filter((c) => !vscodeCategories.includes(c)), [], 'categories VS Code does not know');
    const keywords = manifest.keywords ?? [];
    assert.ok(keywords.length <= 30, `${keywords.length} keywords: the Marketplace takes 30`);
    assert.equal(new Set(keywords.map((k) => k.toLowerCase())).size, keywords.length, 'a keyword repeats');
    for (const wanted of ['payments', 'payment gateway', 'mastercard', 'webhooks', 'simulator']) assert.ok(keywords.includes(wanted), `no keyword "${wanted}"`);
  });

  it('names no placeholder repository: none until a real one exists', () => {
    const repository = manifest.repository;
    if (repository === undefined) return;
    const url = typeof repository === 'string' ? repository : (repository as { url?: unknown }).url;
    assert.equal(typeof url, 'string', 'repository has no url');
    const host = new URL(String(url).replace(/^git\+/, '')).hostname;
    assert.ok(!/(^|\.)(invalid|example|test|localhost)$|(^|\.)example\.(com|org|net)$/.test(host), `repository points at the placeholder host ${host}`);
  });

  it('the VSIX `npm run package` writes is at most 612 KiB with the icon, plus 25 KiB for each translation it ships', () => {
    const vsix = path.join(root, 'dist', 'payment-workbench.vsix');
    assert.ok(fs.existsSync(vsix), 'dist/payment-workbench.vsix is missing: run `npm run package`');
    // Issue 36 set 550 KiB before the Romanian translation existed; its texts (l10n bundle and
    // package.nls) deflate to about 22.5 KiB and the wrappers add about 4.5: each language is budgeted.
    // Issue 43 moved it to 600 (measured 572 → 612 KiB): the catalogue now carries the reference pages'
    // field lists and the real answers' fields, about 10 KiB deflated in each bundle that checks or
    // answers requests (the form webview, the extension's features, the simulator's worker), and the
    // request-file schema 6 KiB more for the new documented versions.
    // Then 605 (measured 629 KiB with one translation): the answer shapes of every operation and outcome
    // (issue 43) and the hardening of issues 44 and 45 (about 4 KiB deflated); 2.4 KiB of it was taken
    // back by leaving the README's repository-only sections out of the package and the answer-field table
    // out of the form webview.
    // Then 612 (measured 635 KiB): issue 46's interception proxy, per-run CA and trust files in the
    // features bundle (about 2 KiB deflated), the Node preload a terminal through the tap requires (1 KiB;
    // its fetch half, undici, 160 KiB deflated, stays out: Node 24+ proxies fetch itself) and the README's
    // section on what trusting the interception CA means with the terminals through the tap (about 3.5 KiB).
    const translations = packed.filter((f) => /^l10n\/bundle\.l10n\.[a-z-]+\.json$/.test(f)).length;
    const budget = (612 + 25 * translations) * 1024;
    const bytes = fs.statSync(vsix).size;
    assert.ok(bytes <= budget, `the VSIX is ${(bytes / 1024).toFixed(1)} KiB, over ${budget / 1024} KiB (612 + 25 for each of ${translations} translation(s))`);
    assert.deepEqual(packed.filter((f) => f.startsWith('docs/') || f.endsWith('.map') || /\.(ts|tsx)$/.test(f)), [], 'packed files that are not for users');
  });

  it("shows the README's screenshots from docs/images: each there, a PNG at most 1,280 px wide and 150 KB, none packed", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const images = [...readme.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map((m) => ({ alt: m[1] ?? '', link: m[2] ?? '' }));
    const local = images.filter((i) => !/^\w+:\/\//.test(i.link));
    assert.ok(local.length >= 4, `the README shows the form, the response panel, the Orders view and a flow run: ${local.map((i) => i.link).join(', ')}`);
    for (const { alt, link } of local) {
      assert.match(link, /^docs\/images\/[\w-]+\.png$/, `${link}: README pictures live in docs/images`);
      assert.ok(alt.length >= 20, `${link} says what it shows in its alt text`);
      const file = path.join(root, link);
      assert.ok(fs.existsSync(file), `${link} is missing: run \`npm run screenshots\``);
      assert.ok(pngSize(file).width <= 1280, `${link} is wider than 1,280 px`);
      assert.ok(fs.statSync(file).size <= 150 * 1024, `${link} weighs more than 150 KB`);
    }
    // The Marketplace would show them only from a repository (none is named): the package stays small.
    assert.deepEqual(packed.filter((f) => f.startsWith('docs/')), [], 'docs/ is in the VSIX');
    const packedReadme = fs.readFileSync(path.join(root, 'dist', 'README.md'), 'utf8');
    assert.deepEqual([...packedReadme.matchAll(/!\[[^\]]*\]\((?!\w+:)[^)]*\)/g)].map((m) => m[0]), [], "the package's README (dist/README.md) shows a picture the VSIX does not carry");
    assert.match(manifest.scripts.package ?? '', /--readme-path dist\/README\.md(\s|$)/, 'the package script packs README.md, pictures and all');
  });

  it('`npm run package` packs with the licence and warns about nothing', async function () {
    this.timeout(120_000);
    const options = packageScriptOptions(manifest.scripts.package ?? '');
    assert.ok(!options.skipLicense, 'the package script still skips the licence check');
    // vsce's pack without its prepublish step (the production build), which `npm run package` runs first: dist/ stays as the test tiers built it.
    const { pack } = createRequire(__filename)('@vscode/vsce/out/package') as { pack: Pack };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-vsix-'));
    const said: string[] = [];
    const saved = { warn: console.warn, error: console.error, log: console.log };
    console.warn = (...args: unknown[]) => said.push(args.map(String).join(' '));
    console.error = console.warn;
    console.log = () => undefined;
    try {
      const { packagePath } = await pack({ cwd: root, ...options, packagePath: path.join(dir, 'x.vsix') });
      assert.ok(fs.statSync(packagePath).size > 0);
    } finally {
      Object.assign(console, saved);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(said, [], 'vsce warned');
  });
});
