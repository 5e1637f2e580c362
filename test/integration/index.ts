import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha = require('mocha');

/**
 * Entry the VS Code extension host calls (extensionTestsPath). The host's stdout is not visible
 * in code-server, so mocha's report goes to a file that the runner prints afterwards.
 */
export const REPORT_FILE = path.resolve(__dirname, '..', '..', '..', 'test-artifacts', 'integration-report.txt');
export const RESULT_FILE = path.resolve(__dirname, '..', '..', '..', 'test-artifacts', 'integration-result.json');
/** Written by the Restricted Mode suite when it wants trust granted; the runner then grants it through the workbench's UI. */
export const GRANT_TRUST_FILE = path.resolve(__dirname, '..', '..', '..', 'test-artifacts', 'integration-grant-trust');

class FileReporter extends Mocha.reporters.Base {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const lines: string[] = [];
    const depth: string[] = [];
    const c = Mocha.Runner.constants;
    runner.on(c.EVENT_SUITE_BEGIN, (s: Mocha.Suite) => {
      if (s.title) lines.push(`${'  '.repeat(depth.length)}${s.title}`);
      if (s.title) depth.push(s.title);
    });
    runner.on(c.EVENT_SUITE_END, (s: Mocha.Suite) => {
      if (s.title) depth.pop();
    });
    runner.on(c.EVENT_TEST_PASS, (t: Mocha.Test) => lines.push(`${'  '.repeat(depth.length)}✔ ${t.title} (${t.duration ?? 0} ms)`));
    runner.on(c.EVENT_TEST_PENDING, (t: Mocha.Test) => lines.push(`${'  '.repeat(depth.length)}- ${t.title} (skipped)`));
    runner.on(c.EVENT_TEST_FAIL, (t: Mocha.Test, err: Error) =>
      lines.push(`${'  '.repeat(depth.length)}✘ ${t.title}\n${String(err.stack ?? err).replace(/^/gm, '      ')}`),
    );
    runner.once(c.EVENT_RUN_END, () => {
      const s = this.stats;
      lines.push('', `${s.passes} passing, ${s.failures} failing, ${s.pending} pending (${s.duration ?? 0} ms)`);
      fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
      fs.writeFileSync(REPORT_FILE, lines.join('\n') + '\n');
      fs.writeFileSync(RESULT_FILE, JSON.stringify({ passed: s.passes, failed: s.failures, skipped: s.pending, durationMs: s.duration ?? 0 }));
    });
  }
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, reporter: FileReporter, color: false });
  const grep = process.env.PW_INTEGRATION_GREP;
  if (grep) mocha.grep(grep);
  for (const f of fs.readdirSync(__dirname).sort()) {
    if (f.endsWith('.test.js')) mocha.addFile(path.join(__dirname, f));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
