import { ESLint } from 'eslint';
import { recordTier } from '../test/harness/summary';
import { findImportCycles, IMPORT_CYCLE_ROOTS } from './importCycles';

/**
 * The lint tier of `npm test`: the same check as `npm run lint` (eslint.config.mjs decides which
 * files), counted like a test tier (a clean file passes, a file with any problem fails) so the
 * closing total includes it and a broken boundary fails the run. The import-circle check
 * (scripts/importCycles.ts, which counts type-only imports) counts as one more check.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const eslint = new ESLint();
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const report = await formatter.format(results);
  if (report) console.log(report);
  const cycles = await findImportCycles(IMPORT_CYCLE_ROOTS, process.cwd());
  if (cycles.text) console.log(cycles.text);
  const failedFiles = results.filter((r) => r.errorCount + r.warningCount > 0).length;
  const failed = failedFiles + (cycles.circles.length > 0 ? 1 : 0);
  const passed = results.length - failedFiles + (cycles.circles.length > 0 ? 0 : 1);
  const durationMs = Date.now() - started;
  console.log(`  ${results.length - failedFiles} files clean, ${failedFiles} with problems; ${cycles.circles.length} import circles in ${cycles.modules} modules (${(durationMs / 1000).toFixed(1)} s)`);
  recordTier({ tier: 'lint', passed, failed, skipped: 0, durationMs });
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
