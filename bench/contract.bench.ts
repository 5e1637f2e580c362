import * as path from 'node:path';
import { Agent } from 'undici';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS, startSimulator } from '../src/simulator';
import { repoRoot } from '../test/harness/paths';
import { compareExchange, figuresBy, figuresOf, loadCorpus, percent, replayExchange, type Comparison, type Figures } from '../test/contract/replay';
import type { Report } from './report';

const AREA = 'contract';

const row = (f: Figures) => `${f.agreeing}/${f.exchanges} agree, real paths present ${percent(f.presentShare)}, simulator paths extra ${percent(f.extraShare)}`;

/**
 * How close the simulator's answers are to the real gateway's recorded ones (test/contract): every
 * exchange of the corpus replayed on an in-process simulator, known gaps included. Agreement is on the
 * HTTP status, result, gatewayCode, error and status fields; the shares are of field paths, pooled over
 * the exchanges (test/contract/README.md has the rules). Per operation, then per API version.
 */
export async function run(report: Report): Promise<void> {
  const corpus = loadCorpus(path.join(repoRoot, 'test', 'contract', 'corpus'));
  const sim = await startSimulator({ port: 0 });
  const agent = new Agent({ connections: 4 });
  const comparisons: Comparison[] = [];
  try {
    const target = { baseUrl: sim.baseUrl, merchantId: SIMULATOR_AUTH_ONLY_MERCHANT_ID, apiPassword: SIMULATOR_DEFAULTS.apiPassword, agent };
    let n = 0;
    for (const e of corpus) comparisons.push(compareExchange(e, await replayExchange(target, e, `bench-${++n}`)));
  } finally {
    await agent.close();
    await sim.close();
  }
  const all = figuresOf(comparisons);
  report(AREA, 'exchanges agreeing with the real answer', `${all.agreeing}/${all.exchanges}`);
  report(AREA, "share of the real answers' field paths present", all.presentShare * 100, '%');
  report(AREA, "share of the simulator's field paths extra", all.extraShare * 100, '%');
  for (const [operation, f] of figuresBy(comparisons, (c) => c.operation)) report(AREA, `  ${operation}`, row(f));
  for (const [version, f] of figuresBy(comparisons, (c) => `version ${c.version}`)) report(AREA, `  ${version}`, row(f));
}
