import { ESLint } from 'eslint';
import { recordTier } from '../test/harness/summary';

/**
 * The lint tier of `npm test`: the same check as `npm run lint` (eslint.config.mjs decides which
 * files), counted like a test tier (a clean file passes, a file with any problem fails) so the
 * closing total includes it and a broken boundary fails the run.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const eslint = new ESLint();
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const report = await formatter.format(results);
  if (report) console.log(report);
  const failed = results.filter((r) => r.errorCount + r.warningCount > 0).length;
  const durationMs = Date.now() - started;
  console.log(`  ${results.length - failed} files clean, ${failed} with problems (${(durationMs / 1000).toFixed(1)} s)`);
  recordTier({ tier: 'lint', passed: results.length - failed, failed, skipped: 0, durationMs });
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
