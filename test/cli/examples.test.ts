/**
 * Every shipped example (the request files in examples/ and the flows in examples/flows/) runs green
 * through the real CLI on both built-in simulator merchants: the auto-capture one (each flow's own
 * environment, or the default) and the authorize-only one chosen with --env.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli, repoRoot } from './cliProcess';

function shippedExamples(): string[] {
  const top = fs.readdirSync(path.join(repoRoot, 'examples')).filter((f) => f.endsWith('.payreq.json') || f.endsWith('.payflow.json')).map((f) => `examples/${f}`);
  const flows = fs.readdirSync(path.join(repoRoot, 'examples', 'flows')).filter((f) => f.endsWith('.payflow.json')).map((f) => `examples/flows/${f}`);
  return [...top, ...flows];
}

describe('the shipped examples through the real CLI', function () {
  this.timeout(120_000);

  before(() => assert.ok(fs.existsSync(path.join(repoRoot, 'dist', 'cli.js')), 'dist/cli.js is not built: run `node esbuild.js`'));

  const runs: [string, string[]][] = [
    ['each on its own environment (--simulator)', []],
    ['all on the authorize-only merchant (--env local-simulator-authorize-only)', ['--env', 'local-simulator-authorize-only']],
  ];
  for (const [title, extra] of runs) {
    it(`runs every example green, ${title}`, async () => {
      const r = await cli(['run', 'examples', '--simulator', ...extra]);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^\d+ passed, 0 failed, 0 skipped$/m);
      for (const file of shippedExamples()) assert.ok(r.stdout.includes(`(${file}, `), `${file} did not run`);
    });
  }

  it('on the auto-capture merchant (--env local-simulator) every example adapts, and the one that needs authorize-only fails unsent, naming the capability', async () => {
    const r = await cli(['run', 'examples', '--simulator', '--env', 'local-simulator']);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    const failedFlows = r.stdout.split('\n').filter((_line, i, lines) => lines[i + 1]?.includes('✗')).map((line) => /\((examples\/[^,]+),/.exec(line)?.[1]);
    assert.deepEqual(failedFlows, ['examples/flows/card-capture.payflow.json'], r.stdout);
    assert.match(r.stdout, /needs an environment with "authorizeOnly" .*environment "Local simulator" \(local-simulator\) has autoCapture.*such as the flow's own "local-simulator-authorize-only"/);
  });
});
