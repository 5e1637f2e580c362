import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseRequestFileAsFlow } from '../../../src/flows';
import { exportCode, FILE_NAMES, LANGUAGES, type ExportInput, type Language } from '../../../src/interop';
import { localSimulatorEnvironment } from '../../../src/environments/environment';
import { problemsOf } from './codeTrees';

const fixtures = path.join(process.cwd(), 'test', 'fixtures', 'interop');
const PASSWORD_VARIABLES = ['PAYMENT_WORKBENCH_SHOP_TEST_GATEWAY_API_PASSWORD', 'PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD'];

function input(): ExportInput {
  const parsed = parseRequestFileAsFlow(fs.readFileSync(path.join(fixtures, 'authorize.payreq.json'), 'utf8'), 'authorize');
  assert.ok(parsed.ok);
  let n = 0;
  const environment = { ...localSimulatorEnvironment(4477), id: 'shop-test', name: 'Shop test', simulator: false };
  return { flow: parsed.flow, environment, where: 'authorize.payreq.json', freshId: () => `ID-${++n}` };
}

/**
 * What ends a string or a comment, or turns text into code, in one of the six languages, each
 * followed by a call of `pwned`: a line break of any language (C# ends lines at U+0085, U+2028 and
 * U+2029; JavaScript at the last two), PHP's `?>` (it ends PHP mode inside a // comment), a block
 * comment's end, the quotes of every language, interpolations (`${}`, `#{}`, `{$}`), a NUL (Python and
 * Go refuse it in source), Java's `\u000a` (read before comments and strings), templates of .http and
 * Postman, bidi and byte-order marks.
 */
const BREAKOUTS = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\u000b', '\u000c', '\u0000', '?>', '*/', '"""', "'''", '`', '"', "'", '\\', '\\u000a', '\\u0022', '\\"'];
const MARKER = 'pwned';
const HOSTILE = `${BREAKOUTS.map((b) => `${b}${MARKER}();`).join(' ')} \${${MARKER}()} #{${MARKER}()} {$${MARKER}} {{apiPassword}} $HOME %s \u202e\ufeff ü 😀`;

/** The request file with hostile values in its body, read from a hostile file name, for a hostile environment (its URL's path too: a query or fragment is refused). */
function hostileInput(name = HOSTILE): ExportInput {
  const parsed = parseRequestFileAsFlow(JSON.stringify({
    operation: 'gateway.authorize',
    version: 11,
    body: { apiOperation: 'AUTHORIZE', order: { amount: '12.50', currency: 'EUR', reference: HOSTILE }, [HOSTILE]: HOSTILE, sourceOfFunds: { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } } },
  }), name);
  assert.ok(parsed.ok);
  const environment = { ...localSimulatorEnvironment(4477), id: 'shop-test', name, gatewayUrl: `http://127.0.0.1:4477/${HOSTILE.replace(/[?#]/g, '')}`, simulator: false };
  return { flow: parsed.flow, environment, where: `${name}.payreq.json`, freshId: () => 'ID-1' };
}

/** Each toolchain's check of a file, or why it cannot run here (a missing toolchain is a skip, never a failure). */
const CHECKS: Record<Language, { tool: string; args: (file: string, dir: string) => string[] } | undefined> = {
  node: { tool: process.execPath, args: (file) => ['--check', file] },
  python: { tool: 'python3', args: (file) => ['-m', 'py_compile', file] },
  php: { tool: 'php', args: (file) => ['-l', file] },
  java: { tool: 'javac', args: (file, dir) => ['-d', dir, file] },
  csharp: undefined, // needs a project: checked by `dotnet build` below when dotnet is present
  go: { tool: 'gofmt', args: (file) => ['-e', '-l', file] },
};

/** How each program runs from its one file, where the toolchain may be present. */
const RUNS: Partial<Record<Language, { tool: string; args: (file: string) => string[] }>> = {
  node: { tool: process.execPath, args: (file) => [file] },
  python: { tool: 'python3', args: (file) => [file] },
  php: { tool: 'php', args: (file) => [file] },
  java: { tool: 'java', args: (file) => [file] },
};

const hasTool = (tool: string) => spawnSync(tool, ['--version'], { encoding: 'utf8' }).error === undefined;
/** No password variable of the machine running the tests reaches a program run here. */
const withoutPasswords = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PAYMENT_WORKBENCH_')));

/** Skips with the reason in the test's title, so the report says why. */
function skipBecause(context: Mocha.Context, reason: string): never {
  if (context.test) context.test.title += ` — skipped: ${reason}`;
  context.skip();
}

describe('Copy as code: six languages, compared with reviewed files and checked by their toolchains', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-code-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const language of LANGUAGES) {
    it(`${language}: matches test/fixtures/interop/code/${FILE_NAMES[language]}, reads the password from the CLI's variables and inlines no secret`, function () {
      const { text } = exportCode(input(), language, PASSWORD_VARIABLES);
      const golden = path.join(fixtures, 'code', FILE_NAMES[language]);
      if (process.env['PW_UPDATE_GOLDEN'] === '1') fs.writeFileSync(golden, text);
      assert.equal(text, fs.readFileSync(golden, 'utf8'));
      for (const variable of PASSWORD_VARIABLES) assert.ok(text.includes(variable), `${language} reads ${variable}`);
      assert.doesNotMatch(text, /simulator-api-password/);
      assert.match(text, /gatewayCode/);
    });

    it(`${language}: draws a new order id and transaction id on each run instead of writing the export's ids into the program`, () => {
      const { text } = exportCode(input(), language, PASSWORD_VARIABLES);
      assert.doesNotMatch(text, /ID-\d/, 'no id drawn at export time is in the program');
      assert.match(text, /"ORD-"|'ORD-'/);
      assert.match(text, /"TXN-"|'TXN-'/);
    });

    it(`${language}: hostile names and values (environment, file, URL, body) parse as strings and comments only, by ${language}'s grammar`, async () => {
      const { text } = exportCode(hostileInput(), language, PASSWORD_VARIABLES);
      assert.deepEqual(await problemsOf(language, text, MARKER), []);
      assert.ok(!['\u0000', '\ufeff', '\u2028', '\u2029', '\u0085', '\u202e'].some((c) => text.includes(c)), 'no NUL, byte-order mark, bidi control or line separator of any language is raw in the file');
      if (language === 'java') assert.ok([...text].every((c) => c.charCodeAt(0) < 0x80), 'Java source is ASCII: javac before 18 reads files in the platform encoding');
    });

    it(`${language}: its toolchain parses or compiles it, hostile names and values included (skipped when the toolchain is absent)`, function () {
      const check = CHECKS[language];
      const file = path.join(dir, FILE_NAMES[language]);
      for (const given of [input(), hostileInput()]) {
        fs.writeFileSync(file, exportCode(given, language, PASSWORD_VARIABLES).text);
        if (language === 'csharp') {
          if (!hasTool('dotnet')) skipBecause(this, 'dotnet is not installed here');
          const project = path.join(dir, 'cs');
          assert.equal(spawnSync('dotnet', ['new', 'console', '-o', project, '--force'], { encoding: 'utf8' }).status, 0);
          fs.copyFileSync(file, path.join(project, 'Program.cs'));
          const built = spawnSync('dotnet', ['build', project], { encoding: 'utf8' });
          assert.equal(built.status, 0, built.stdout + built.stderr);
          continue;
        }
        if (!check || !hasTool(check.tool)) skipBecause(this, `${check?.tool ?? language} is not installed here`);
        const result = spawnSync(check.tool, check.args(file, dir), { encoding: 'utf8' });
        assert.equal(result.status, 0, `${check.tool}: ${result.stdout}${result.stderr}`);
        if (language === 'go') assert.equal(result.stdout.trim(), '', 'gofmt would reformat it');
      }
    });

    it(`${language}: run with hostile names and values and no password, it runs nothing of them and stops before sending (skipped when the toolchain is absent)`, function () {
      const run = RUNS[language];
      if (!run || !hasTool(run.tool)) skipBecause(this, `${run?.tool ?? language} cannot run programs here`);
      // "coding: utf-7" in Python's first two lines would decode "+AAo-" as a line break: no line break needed.
      for (const name of [HOSTILE, `coding: utf-7 +AAo-${MARKER}() +AAo-`]) {
        const file = path.join(dir, FILE_NAMES[language]);
        fs.writeFileSync(file, exportCode(hostileInput(name), language, PASSWORD_VARIABLES).text);
        const ran: { status: number | null; stdout: string; stderr: string } = spawnSync(run.tool, run.args(file), { cwd: dir, encoding: "utf8", env: withoutPasswords() });
        assert.equal(ran.stderr.trim(), `Set the environment variable ${PASSWORD_VARIABLES.join(' or ')} to the gateway API password.`);
        assert.equal(ran.stdout, '', 'nothing of the names was printed or run');
        assert.equal(ran.status, 2);
      }
    });
  }
});
