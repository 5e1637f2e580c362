import { performance } from 'node:perf_hooks';
import { textStepLine } from '../src/cli/reporters';
import type { ReportedStep } from '../src/cli/report';
import type { Report } from './report';

const STEPS = 20_000;
/** A verdict a server filled: a field name of wide characters and emoji, a megabyte long. */
const HUGE_VERDICT = `Field ${'金額の値💳'.repeat(200_000)} is invalid`;

const step = (i: number, verdict: string): ReportedStep => ({ id: `step${i}-${'x'.repeat(50)}`, operation: 'gateway.refund', title: 'Refund', status: 'failed', durationMs: 12, httpStatus: 400, verdict, failures: [{ path: 'result', expected: '"SUCCESS"', actual: '"ERROR"' }] });

/** The text reporter's line per step: a run of many steps, and one step whose verdict is a megabyte of wide characters. */
export async function run(report: Report): Promise<void> {
  const steps = Array.from({ length: STEPS }, (_, i) => step(i, `Field 金額 ${i} is invalid`));
  let start = performance.now();
  for (const s of steps) textStepLine(s);
  report('cliReport', `text lines of ${STEPS} steps (wide verdicts)`, performance.now() - start, 'ms');
  start = performance.now();
  const line = textStepLine(step(0, HUGE_VERDICT));
  report('cliReport', 'text line of a 1.2M-character wide verdict', performance.now() - start, 'ms');
  report('cliReport', 'that line\'s length', line.length, 'chars');
}
