import { readTiers } from '../test/harness/summary';

// Closes `npm test` with one line per tier and the total, the last line in the plain "N passed, N failed" form.
const tiers = readTiers();
for (const t of tiers) console.log(`${t.tier.padEnd(12)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped (${(t.durationMs / 1000).toFixed(1)} s)`);
const expected = ['lint', 'unit', 'integration', 'e2e'];
const missing = expected.filter((e) => !tiers.some((t) => t.tier === e));
if (missing.length) console.log(`tiers that did not report: ${missing.join(', ')}`);
const sum = (k: 'passed' | 'failed' | 'skipped') => tiers.reduce((s, t) => s + t[k], 0);
console.log(`${sum('passed')} passed, ${sum('failed') + missing.length} failed, ${sum('skipped')} skipped`);
process.exit(sum('failed') + missing.length > 0 ? 1 : 0);
