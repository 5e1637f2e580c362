import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseRequestFileAsFlow } from '../../../src/flows';
import { exportCode, FILE_NAMES, LANGUAGES, type ExportInput, type Language } from '../../../src/interop';
import { localSimulatorEnvironment } from '../../../src/send/environment';

const fixtures = path.join(process.cwd(), 'test', 'fixtures', 'interop');
const PASSWORD_VARIABLES = ['PAYMENT_WORKBENCH_SHOP_TEST_GATEWAY_API_PASSWORD', 'PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD'];

function input(): ExportInput {
  const parsed = parseRequestFileAsFlow(fs.readFileSync(path.join(fixtures, 'authorize.payreq.json'), 'utf8'), 'authorize');
  assert.ok(parsed.ok);
  let n = 0;
  const environment = { ...localSimulatorEnvironment(4477), id: 'shop-test', name: 'Shop test', simulator: false };
  return { flow: parsed.flow, environment, where: 'authorize.payreq.json', freshId: () => `ID-${++n}` };
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

const hasTool = (tool: string) => spawnSync(tool, ['--version'], { encoding: 'utf8' }).error === undefined;

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

    it(`${language}: its toolchain parses or compiles it (skipped when the toolchain is absent)`, function () {
      const check = CHECKS[language];
      const file = path.join(dir, FILE_NAMES[language]);
      fs.writeFileSync(file, exportCode(input(), language, PASSWORD_VARIABLES).text);
      if (language === 'csharp') {
        if (!hasTool('dotnet')) skipBecause(this, 'dotnet is not installed here');
        const project = path.join(dir, 'cs');
        assert.equal(spawnSync('dotnet', ['new', 'console', '-o', project, '--force'], { encoding: 'utf8' }).status, 0);
        fs.copyFileSync(file, path.join(project, 'Program.cs'));
        const built = spawnSync('dotnet', ['build', project], { encoding: 'utf8' });
        assert.equal(built.status, 0, built.stdout + built.stderr);
        return;
      }
      if (!check || !hasTool(check.tool)) skipBecause(this, `${check?.tool ?? language} is not installed here`);
      const result = spawnSync(check.tool, check.args(file, dir), { encoding: 'utf8' });
      assert.equal(result.status, 0, `${check.tool}: ${result.stdout}${result.stderr}`);
      if (language === 'go') assert.equal(result.stdout.trim(), '', 'gofmt would reformat it');
    });
  }
});
