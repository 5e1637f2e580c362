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
