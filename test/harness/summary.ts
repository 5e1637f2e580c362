import * as fs from 'node:fs';
import * as path from 'node:path';
import { artifactsDir } from './paths';

/** Each tier appends its counts here; `npm test` prints the total as its last line. */
export const summaryFile = path.join(artifactsDir, 'summary.jsonl');

export interface TierSummary {
  tier: string;
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number;
}

export function recordTier(s: TierSummary): void {
  fs.mkdirSync(artifactsDir, { recursive: true });
  fs.appendFileSync(summaryFile, JSON.stringify(s) + '\n');
}

export function readTiers(): TierSummary[] {
  if (!fs.existsSync(summaryFile)) return [];
  return fs
    .readFileSync(summaryFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as TierSummary);
}
