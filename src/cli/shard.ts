/**
 * `run --shard i/n`: the flows split over n CI machines, each running one part, as Playwright's
 * `--shard` does. Every machine collects the same files, so each computes the same split without
 * talking to the others: the flows sorted by their path relative to the working folder ("/" between
 * folders on every system, compared by code point, so no locale or OS changes the order), then cut
 * into n consecutive parts whose sizes differ by at most one (the first parts take the extra flows).
 * A file named twice runs once. A shard with no flow left passes.
 */
import { UsageError } from './usage';

export interface Shard {
  /** 1-based: which part this machine runs. */
  index: number;
  total: number;
}

export const MAX_SHARDS = 1000;

const SHARD_TEXT = /^(\d{1,7})\/(\d{1,7})$/;

/** "2/3" read as shard 2 of 3; anything else, or outside 1 ≤ i ≤ n ≤ 1000, is a UsageError naming what was given. */
export function parseShard(text: string): Shard {
  const match = SHARD_TEXT.exec(text);
  const why = `--shard must be i/n, this machine's part and how many there are, with 1 ≤ i ≤ n ≤ ${MAX_SHARDS} (2/3: the second of three)`;
  if (!match) throw new UsageError(`run: ${why}, got ${JSON.stringify(text)}`);
  const index = Number(match[1]);
  const total = Number(match[2]);
  if (total < 1 || total > MAX_SHARDS) throw new UsageError(`run: ${why}, got ${JSON.stringify(text)}: n must be 1 to ${MAX_SHARDS}`);
  if (index < 1 || index > total) throw new UsageError(`run: ${why}, got ${JSON.stringify(text)}: i must be 1 to ${total}`);
  return { index, total };
}

/**
 * The path a flow is ordered by: relative, with "/" between folders whatever the system writes, and in
 * NFC (macOS file systems hand out accented names decomposed, Linux and Windows as written).
 */
export const shardKey = (relativePath: string): string => relativePath.replace(/\\/g, '/').normalize('NFC');

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** This shard's items: sorted by key, duplicates dropped, the part `shard.index` of `shard.total` consecutive parts. */
export function shardOf<T>(items: readonly T[], keyOf: (item: T) => string, shard: Shard): T[] {
  const unique = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    if (!unique.has(key)) unique.set(key, item);
  }
  const sorted = [...unique.entries()].sort((a, b) => byCodePoint(a[0], b[0])).map((e) => e[1]);
  const base = Math.floor(sorted.length / shard.total);
  const extra = sorted.length % shard.total;
  const before = shard.index - 1;
  const start = before * base + Math.min(before, extra);
  const size = base + (before < extra ? 1 : 0);
  return sorted.slice(start, start + size);
}
