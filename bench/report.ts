/** One printed benchmark figure. Every area's bench module reports through this so `npm run bench` prints one table. */
export type Report = (area: string, name: string, value: number | string, unit?: string) => void;

export function printReport(area: string, name: string, value: number | string, unit = ''): void {
  const shown = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(3)) : value;
  console.log(`${area.padEnd(12)} ${name.padEnd(58)} ${shown}${unit ? ' ' + unit : ''}`);
}

/** p50/p99 of a list of durations, in the unit the samples are in. */
export function percentiles(samples: number[]): { p50: number; p99: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length) };
}

/**
 * The tools a row needs that `npm run bench` could not install (no network, no sudo): the row says
 * so and which command brings them, and every other figure is still printed.
 */
export function missingTools(tools: readonly { name: string; path: string }[], exists: (path: string) => boolean): string | undefined {
  const missing = tools.filter((t) => !exists(t.path)).map((t) => `${t.name} (${t.path})`);
  return missing.length === 0 ? undefined : `skipped: no ${missing.join(', no ')}; \`bash scripts/ensure-code-server.sh\` installs what is missing`;
}
