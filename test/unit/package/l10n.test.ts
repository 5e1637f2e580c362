/**
 * Localization: every text the code localizes is in the English and the Romanian bundles, every %key% of
 * package.json in both package.nls files, every translation keeps the placeholders of its English text, no
 * bundle keeps a text the code no longer uses, and host code shows no raw English literal where a user reads it.
 * The strings come from @vscode/l10n-dev, the extractor `npm run l10n` runs, so this test and the bundle agree.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { getL10nJson } from '@vscode/l10n-dev';
import { MAX_BUNDLE_ENTRIES, parseBundle } from '../../../src/features/shared/app/webviewText';
import { webviewHtml } from '../../../src/features/shared/host/webviewHtml';
import { diagnoseRequestText } from '../../../src/editor/requestDiagnostics';

const root = process.cwd();
const SECOND_LANGUAGES = ['ro'];
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

function tsFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFilesUnder(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** A bundle's entries as text: a plain string, or the message of an entry with a translator's comment. */
function messages(bundle: Record<string, unknown>): Map<string, string> {
  return new Map(Object.entries(bundle).map(([key, value]) => [key, typeof value === 'string' ? value : String((value as { message?: unknown }).message)]));
}

/** The placeholders {0}, {1}… a text uses (named ones such as {merchantId} are text, not arguments). */
const placeholders = (text: string) => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();

/** The %key% references anywhere in package.json. */
function nlsReferences(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const m = /^%([^%]+)%$/.exec(value);
    if (m?.[1]) out.add(m[1]);
  } else if (Array.isArray(value)) value.forEach((v) => nlsReferences(v, out));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((v) => nlsReferences(v, out));
  return out;
}

describe('localization: bundles complete in English and Romanian', () => {
  let used: Map<string, string>;

  before(async function () {
    this.timeout(120_000);
    const files = tsFilesUnder(path.join(root, 'src')).map((f) => ({ contents: fs.readFileSync(f, 'utf8'), extension: '.ts' }));
    used = messages(await getL10nJson(files) as Record<string, unknown>);
    assert.ok(used.size > 400, `only ${used.size} localized texts found in src: the extractor no longer sees the l10n.t calls`);
  });

  it('every text src localizes is in l10n/bundle.l10n.json and in each translation', () => {
    for (const file of ['l10n/bundle.l10n.json', ...SECOND_LANGUAGES.map((lang) => `l10n/bundle.l10n.${lang}.json`)]) {
      const bundle = messages(readJson(file));
      const missing = [...used.keys()].filter((key) => !bundle.has(key));
      assert.deepEqual(missing, [], `${file} lacks ${missing.length} text(s) src uses: run \`npm run l10n\`${file.endsWith('.l10n.json') ? '' : ' and translate them'}`);
    }
  });

  it('no bundle keeps a text src no longer uses', () => {
    for (const file of ['l10n/bundle.l10n.json', ...SECOND_LANGUAGES.map((lang) => `l10n/bundle.l10n.${lang}.json`)]) {
      const stale = [...messages(readJson(file)).keys()].filter((key) => !used.has(key));
      assert.deepEqual(stale, [], `${file} has text(s) no code uses: run \`npm run l10n\` and remove them from the translations`);
    }
  });

  it('every %key% of package.json is in package.nls.json and each package.nls.<lang>.json, and no key is left over', () => {
    const referenced = nlsReferences(readJson('package.json'));
    assert.ok(referenced.size > 100, `only ${referenced.size} %keys% in package.json`);
    assert.equal(readJson('package.json')['l10n'], './l10n', 'package.json does not point VS Code at the l10n folder');
    for (const file of ['package.nls.json', ...SECOND_LANGUAGES.map((lang) => `package.nls.${lang}.json`)]) {
      const keys = new Set(Object.keys(readJson(file)));
      assert.deepEqual([...referenced].filter((k) => !keys.has(k)), [], `${file} lacks keys package.json uses`);
      assert.deepEqual([...keys].filter((k) => !referenced.has(k)), [], `${file} has keys package.json does not use`);
    }
  });

  it('every translation keeps the {N} placeholders of its English text and translates something', () => {
    const pairs: [string, string][] = [['package.nls.json', 'package.nls.ro.json'], ['l10n/bundle.l10n.json', 'l10n/bundle.l10n.ro.json']];
    for (const [englishFile, translatedFile] of pairs) {
      const english = messages(readJson(englishFile));
      const translated = messages(readJson(translatedFile));
      const wrong = [...translated].filter(([key, text]) => text.trim() === '' || placeholders(english.get(key) ?? key).join() !== placeholders(text).join()).map(([key, text]) => `${key} → ${text}`);
      assert.deepEqual(wrong, [], `${translatedFile}: translations that are empty or change the placeholders`);
    }
  });

  it('the Romanian bundle is Romanian: diacritics with comma below (ș ț), never the cedilla look-alikes', () => {
    for (const file of ['l10n/bundle.l10n.ro.json', 'package.nls.ro.json']) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      assert.ok(!/[şţŞŢ]/.test(text), `${file} uses ş or ţ (cedilla) instead of ș or ț`);
      assert.match(text, /[ăâîșț]/, `${file} has no Romanian letters`);
    }
  });
});

describe('localization: the text a user reads follows the bundle', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('a request file diagnostic reads in Romanian with the Romanian bundle and in English without one', () => {
    const english = diagnoseRequestText('{"operation": "gateway.nope"}')[0]?.message ?? '';
    assert.match(english, /^operation: unknown operation 'gateway\.nope'\. Valid operations: /);
    l10n.config({ contents: readJson('l10n/bundle.l10n.ro.json') as Record<string, string> });
    const romanian = diagnoseRequestText('{"operation": "gateway.nope"}')[0]?.message ?? '';
    assert.match(romanian, /^operation: operațiune necunoscută 'gateway\.nope'\. Operațiuni valide: /);
  });
});

describe('localization: the gateway code meanings follow the bundle loaded first', () => {
  /** codes.ts builds its tables when it loads, as the extension's bundles do after platform/localization.ts: load it afresh. */
  const codesModule = require.resolve('../../../src/catalogue/codes');
  const freshCodes = () => {
    delete require.cache[codesModule];
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second, fresh evaluation of the module is the point
    return require(codesModule) as typeof import('../../../src/catalogue/codes');
  };

  afterEach(() => {
    l10n.config({ contents: {} });
    delete require.cache[codesModule];
  });

  it('DECLINED, INSUFFICIENT_FUNDS and SUCCESS read in Romanian with the Romanian bundle, in English without', () => {
    assert.equal(freshCodes().GATEWAY_CODES.DECLINED.meaning, 'The issuer declined the transaction.');
    l10n.config({ contents: readJson('l10n/bundle.l10n.ro.json') as Record<string, string> });
    const ro = freshCodes();
    assert.equal(ro.GATEWAY_CODES.DECLINED.meaning, 'Emitentul a refuzat tranzacția.');
    assert.equal(ro.GATEWAY_CODES.INSUFFICIENT_FUNDS.nextStep, 'Cereți plătitorului alt card sau o sumă mai mică.');
    assert.match(ro.GATEWAY_CODES.SYSTEM_ERROR.nextStep, /^Reîncercați mai târziu\. O reîncercare are nevoie de un id de tranzacție NOU/);
    assert.equal(ro.RESULT_VALUES.SUCCESS.meaning, 'Operațiunea s-a încheiat cu succes.');
  });
});

describe('localization: host code shows no raw English literal', () => {
  /** Files of the extension host: what imports vscode, and host helpers beside them. */
  const hostFiles = tsFilesUnder(path.join(root, 'src')).filter((f) => /from 'vscode'/.test(fs.readFileSync(f, 'utf8')));
  /** A property a quick pick, input box, dialog, tree item or status bar item shows, given as a plain literal with a word in it. */
  const RAW_PROPERTY = /\b(placeHolder|prompt|title|tooltip|openLabel|detail)\s*:\s*(['"`])([^'"`\n]*[A-Za-z]{2}[^'"`\n]*)\2(?!\s+in\b)/g;
  /** A notification whose first argument starts with a plain literal (not l10n.t, not a variable). */
  const RAW_TOAST = /\.show(?:Information|Warning|Error)Message\(\s*(['"`])((?:\\.|(?!\1)[^\n])*)\1/g;
  /** Literals a user does not read as language: the product's name. */
  const ALLOWED = new Set(['Payment Workbench']);
  /** Words outside the template's holes: `${method} ${url}` or `${a} → ${b}` carry no text to translate. */
  const hasWords = (literal: string) => /[A-Za-z]{2}/.test(literal.replace(/\$\{[^}]*\}/g, ''));

  function rawTexts(source: string): string[] {
    const found: string[] = [];
    for (const m of source.matchAll(RAW_PROPERTY)) if (!ALLOWED.has(m[3] ?? '') && hasWords(m[3] ?? '')) found.push(m[0]);
    for (const m of source.matchAll(RAW_TOAST)) if (hasWords(m[2] ?? '')) found.push(m[0].slice(0, 100));
    return found;
  }

  it('every notification, quick pick, input box and dialog text of the host goes through vscode.l10n.t', () => {
    assert.ok(hostFiles.length > 30, `only ${hostFiles.length} host files found`);
    const problems = hostFiles.flatMap((file) => rawTexts(fs.readFileSync(file, 'utf8')).map((t) => `${path.relative(root, file)}: ${t}`));
    assert.deepEqual(problems, []);
  });

  it('the check itself spots a raw placeholder, title and notification, and lets a localized one pass', () => {
    assert.equal(rawTexts("showQuickPick(items, { placeHolder: 'Which order?' })").length, 1);
    assert.equal(rawTexts('showInputBox({ title: `Replay ${x}` })').length, 1);
    assert.equal(rawTexts("vscode.window.showWarningMessage('That call is gone.')").length, 1);
    assert.equal(rawTexts("showQuickPick(items, { placeHolder: vscode.l10n.t('Which order?') })").length, 0);
    assert.equal(rawTexts("vscode.window.showWarningMessage(vscode.l10n.t('That call is gone.'))").length, 0);
    assert.equal(rawTexts('showQuickPick(items, { title: `${op.title} → ${env.name}` })').length, 0);
  });
});

describe('localization: the webview gets the bundle as data, checked', () => {
  it('the page carries the bundle HTML-escaped in data-l10n and the display language in <html lang>', () => {
    const hostile = { 'Copy': '"><script>alert(1)</script>' };
    const html = webviewHtml({ view: 'response', title: 'T', cspSource: 'https://ext.example', nonce: 'n', scriptUri: 'https://ext.example/r.js', elementsUri: 'https://ext.example/elements.js', styleUris: [], codiconUri: 'https://ext.example/c.css', language: 'ro', l10n: hostile });
    assert.match(html, /<html lang="ro">/);
    assert.ok(!html.includes('<script>alert'), 'the bundle broke out of its attribute');
    const attribute = /data-l10n="([^"]*)"/.exec(html)?.[1] ?? '';
    const decoded = attribute.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    assert.deepEqual({ ...parseBundle(decoded) }, hostile);
    const english = webviewHtml({ view: 'form', title: 'T', cspSource: 'https://ext.example', nonce: 'n', scriptUri: 'https://ext.example/f.js', elementsUri: 'https://ext.example/elements.js', styleUris: [], codiconUri: 'https://ext.example/c.css' });
    assert.match(english, /<html lang="en">/);
    assert.ok(!english.includes('data-l10n'));
  });

  it('accepts a flat record of strings and refuses anything else (English then)', () => {
    assert.deepEqual({ ...parseBundle('{"Copy":"Copiază"}') }, { Copy: 'Copiază' });
    for (const bad of [undefined, '', 'not json', '[]', 'null', '"text"', '{"Copy":{"message":"x"}}', '{"Copy":1}', `{"a":"${'x'.repeat(5000)}"}`]) {
      assert.equal(parseBundle(bad), undefined, String(bad).slice(0, 40));
    }
    const tooMany = JSON.stringify(Object.fromEntries(Array.from({ length: MAX_BUNDLE_ENTRIES + 1 }, (_, i) => [`k${i}`, 'v'])));
    assert.equal(parseBundle(tooMany), undefined);
  });

  it('a bundle naming __proto__ or constructor changes no object and leaves other texts alone', () => {
    const bundle = parseBundle('{"__proto__":"x","constructor":"y","Copy":"Copiază"}');
    assert.ok(bundle);
    assert.equal(Object.getPrototypeOf(bundle), null);
    assert.equal(({} as Record<string, unknown>)['x'], undefined);
    l10n.config({ contents: bundle });
    try {
      assert.equal(l10n.t('Copy'), 'Copiază');
      assert.equal(l10n.t('toString'), 'toString');
      assert.equal(l10n.t('Paste'), 'Paste');
    } finally {
      l10n.config({ contents: {} });
    }
  });
});
