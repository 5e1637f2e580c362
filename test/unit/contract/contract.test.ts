/**
 * The simulator against the real gateway's own answers: every exchange of test/contract/corpus is
 * replayed on one simulator over loopback (its prerequisites first, fresh ids, the simulator's merchant,
 * a public test card of the recorded outcome) and must agree on the HTTP status, result,
 * response.gatewayCode, the error envelope and the status fields and totals (COMPARISON_RULES in
 * test/contract/replay.ts). Exchanges marked knownGap are skipped and listed; one test fails when a
 * known gap has closed, so the mark does not outlive it. A summary table (share of the real answer's
 * paths the simulator has, share of its paths the real one lacks) is printed after the tests.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Agent } from 'undici';
import { TEST_CARD_LIST } from '../../../src/catalogue/testCards';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { repoRoot } from '../../harness/paths';
import {
  compareExchange, loadCorpus, replayExchange, sourceLabel, summaryTable, type Comparison, type CorpusExchange, type Json, type SimulatorTarget,
} from '../../contract/replay';

const corpus: CorpusExchange[] = loadCorpus(path.join(repoRoot, 'test', 'contract', 'corpus'));
const gaps = corpus.filter((e) => e.knownGap !== undefined);

/** Every string value under a key, with its key, through the whole body. */
function entries(v: Json, out: [string, Json][] = []): [string, Json][] {
  if (Array.isArray(v)) for (const x of v) entries(x, out);
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.push([k, x]); entries(x, out); }
  return out;
}

describe('contract: the simulator answers as the real gateway did', function () {
  this.timeout(60_000);
  let sim: SimulatorHandle | undefined;
  let target: SimulatorTarget | undefined;
  const results = new Map<string, Comparison>();

  before(async () => {
    sim = await startSimulator({ port: 0 });
    // An authorize-only merchant, as most real merchants are: an Authorize answers AUTHORIZATION and leaves the order AUTHORIZED.
    target = { baseUrl: sim.baseUrl, merchantId: SIMULATOR_AUTH_ONLY_MERCHANT_ID, apiPassword: SIMULATOR_DEFAULTS.apiPassword, agent: new Agent({ connections: 4 }) };
    // Each exchange once, in corpus order; the tests below read the comparisons.
    let n = 0;
    const run = `${Date.now().toString(36)}`;
    for (const e of corpus) results.set(e.id, compareExchange(e, await replayExchange(target, e, `${run}-${++n}`)));
  });

  after(async () => {
    if (results.size > 0) {
      console.log(`\n${summaryTable(corpus.map((e) => results.get(e.id)).filter((c): c is Comparison => c !== undefined))}`);
      if (gaps.length > 0) console.log(`\nSkipped, known gaps (${gaps.length}):\n${gaps.map((e) => `  ${e.id}: ${e.knownGap ?? ''}`).join('\n')}`);
    }
    await target?.agent.close();
    await sim?.close();
  });

  describe('the corpus', () => {
    it('holds at least 25 exchanges at versions 49 to 100, each saying where it was found and why it is believed captured', () => {
      assert.ok(corpus.length >= 25, `${corpus.length} exchanges`);
      for (const e of corpus) {
        assert.ok(e.version >= 49 && e.version <= 100, `${e.id}: version ${e.version}`);
        assert.ok(e.source.why.length >= 40, `${e.id}: the why is too thin to judge`);
      }
    });

    it('keeps no secret: no password, key or Authorization field, every card number masked or a public test card', () => {
      const testCards = new Set(TEST_CARD_LIST.map((c) => c.number));
      for (const e of corpus) {
        const bodies: Json[] = [e.response.body, ...(e.request.body ? [e.request.body] : []), ...e.prerequisites.flatMap((p) => (typeof p === 'string' || !p.body ? [] : [p.body]))];
        for (const [key, value] of bodies.flatMap((b) => entries(b))) {
          assert.doesNotMatch(key, /password|secret|apiKey|^authorization$/i, `${e.id}: a ${key} field`);
          if (key === 'number' && typeof value === 'string') {
            assert.ok(/x/.test(value) || /^\{.*\}$/.test(value) || testCards.has(value), `${e.id}: card number ${value} is neither masked nor a test card`);
          }
          if (typeof value === 'string') assert.doesNotMatch(value, /^Basic [A-Za-z0-9+/=]{12,}$/, `${e.id}: a Basic credential`);
        }
      }
    });
  });

  describe('each exchange agrees on status, result, gatewayCode, error and status fields', () => {
    for (const e of corpus) {
      const name = `${e.id} (${sourceLabel(e)}, v${e.version} ${e.operation})`;
      if (e.knownGap !== undefined) {
        it.skip(`${name}: known gap, ${e.knownGap}`);
        continue;
      }
      it(name, () => {
        const c = results.get(e.id);
        assert.ok(c, 'the exchange was replayed');
        assert.deepEqual(c.differences, [], `${e.id} differs from the real answer`);
      });
    }
  });

  it('every known gap still differs (a closed gap loses its mark in the corpus)', () => {
    const closed = gaps.filter((e) => results.get(e.id)?.agrees === true).map((e) => e.id);
    assert.deepEqual(closed, [], 'these exchanges now agree: remove their knownGap');
  });
});
