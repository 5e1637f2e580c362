/**
 * The one time format (src/format/time.ts) against what the Orders and Notifications views used
 * before it (toLocaleTimeString), over a long list's worth of entries: a tree view formats every
 * visible entry on each refresh.
 */
import { formatTime } from '../src/format/time';
import type { Report } from './report';

const AREA = 'format';
const ENTRIES = 10_000;

function timesOf(count: number): string[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 61_000).toISOString());
}

function msPer(entries: readonly string[], format: (iso: string) => string): number {
  let chars = 0;
  const t0 = performance.now();
  for (const iso of entries) chars += format(iso).length;
  const ms = performance.now() - t0;
  if (chars === 0) throw new Error('nothing formatted');
  return ms;
}

export async function run(report: Report): Promise<void> {
  const entries = timesOf(ENTRIES);
  const now = new Date();
  msPer(entries, (iso) => formatTime(iso, now));
  report(AREA, `formatTime, ${ENTRIES.toLocaleString('en')} list entries`, msPer(entries, (iso) => formatTime(iso, now)), 'ms');
  msPer(entries, (iso) => new Date(iso).toLocaleTimeString());
  report(AREA, `toLocaleTimeString (before), ${ENTRIES.toLocaleString('en')} entries`, msPer(entries, (iso) => new Date(iso).toLocaleTimeString()), 'ms');
  return Promise.resolve();
}
