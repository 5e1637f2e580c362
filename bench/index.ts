import * as fs from 'node:fs';
import * as path from 'node:path';
import { printReport, type Report } from './report';

/** `npm run bench`: every area's figures in one table. Areas are the *.bench.js files beside this one. */
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.js'))
    .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
    .sort();
  const report: Report = printReport;
  console.log(`${'area'.padEnd(12)} ${'figure'.padEnd(58)} value`);
  for (const f of files) {
    const mod = (await import(path.join(__dirname, f))) as { run?: (r: Report) => Promise<void> };
    if (typeof mod.run !== 'function') continue;
    try {
      await mod.run(report);
    } catch (err) {
      report(f.replace('.bench.js', ''), 'failed', err instanceof Error ? err.message : String(err));
      process.exitCode = 1;
    }
  }
}

void main();
