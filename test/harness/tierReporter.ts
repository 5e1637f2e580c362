import Mocha = require('mocha');
import { recordTier } from './summary';

/**
 * The spec reporter plus one line per tier in test-artifacts/summary.jsonl, so `npm test` can close
 * with one total. The tier name comes from PW_TEST_TIER.
 */
class TierReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const started = Date.now();
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const s = this.stats;
      recordTier({ tier: process.env.PW_TEST_TIER ?? 'tests', passed: s.passes, failed: s.failures, skipped: s.pending, durationMs: Date.now() - started });
    });
  }
}

export = TierReporter;
