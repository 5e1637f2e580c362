import * as assert from 'node:assert/strict';
import { exitStatus, RUN_EXIT, summarize, type ReportedFlow, type ReportedStep } from '../../../src/cli/report';
import { MAX_SHARDS, parseShard, shardKey, shardOf } from '../../../src/cli/shard';
import { UsageError } from '../../../src/cli/usage';

const files = (count: number) => Array.from({ length: count }, (_, i) => `flows/f${String(i).padStart(3, '0')}.payflow.json`);
const identity = (s: string) => s;

describe('run --shard: the split of flows over CI machines', () => {
  it('over n = 1..7 shards every file lands in exactly one shard, and shard sizes differ by at most one', () => {
    for (const count of [0, 1, 2, 3, 5, 11, 20, 64]) {
      for (let total = 1; total <= 7; total++) {
        const parts = Array.from({ length: total }, (_, i) => shardOf(files(count), identity, { index: i + 1, total }));
        const all = parts.flat();
        assert.equal(all.length, count, `${count} files over ${total}: ${JSON.stringify(parts)}`);
        assert.deepEqual([...all].sort(), files(count), `${count} files over ${total}: each once`);
        const sizes = parts.map((p) => p.length);
        assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `${count} over ${total}: sizes ${sizes.join(',')}`);
      }
    }
  });

  it('is the same split whatever order the files were collected in (sorted by path, consecutive parts, the first parts larger)', () => {
    const sorted = files(7);
    const shuffled = [sorted[4], sorted[0], sorted[6], sorted[2], sorted[1], sorted[5], sorted[3]] as string[];
    for (let index = 1; index <= 3; index++) assert.deepEqual(shardOf(shuffled, identity, { index, total: 3 }), shardOf(sorted, identity, { index, total: 3 }));
    assert.deepEqual(shardOf(shuffled, identity, { index: 1, total: 3 }), sorted.slice(0, 3));
    assert.deepEqual(shardOf(shuffled, identity, { index: 2, total: 3 }), sorted.slice(3, 5));
    assert.deepEqual(shardOf(shuffled, identity, { index: 3, total: 3 }), sorted.slice(5, 7));
  });

  it('orders by code point, not by locale (capitals first, é after z), and with / between folders on every system', () => {
    const names = ['zeta.payflow.json', 'Zeta.payflow.json', 'éclair.payflow.json', 'alpha.payflow.json'];
    assert.deepEqual(shardOf(names, identity, { index: 1, total: 1 }), ['Zeta.payflow.json', 'alpha.payflow.json', 'zeta.payflow.json', 'éclair.payflow.json']);
    assert.equal(shardKey('examples\\flows\\a.payflow.json'), 'examples/flows/a.payflow.json');
    assert.equal(shardKey('cre\u0300me.payflow.json'), 'cr\u00e8me.payflow.json', 'a name macOS hands out decomposed sorts as it does elsewhere');
    const windows = ['b\\x.payflow.json', 'a\\y.payflow.json'];
    const posix = ['b/x.payflow.json', 'a/y.payflow.json'];
    assert.deepEqual(shardOf(windows, shardKey, { index: 1, total: 2 }).map(shardKey), shardOf(posix, shardKey, { index: 1, total: 2 }));
  });

  it('runs a file named twice once', () => {
    const twice = ['a.payflow.json', 'b.payflow.json', 'a.payflow.json'];
    assert.deepEqual([1, 2].flatMap((index) => shardOf(twice, identity, { index, total: 2 })), ['a.payflow.json', 'b.payflow.json']);
  });

  it('leaves a shard beyond the number of files empty', () => {
    assert.deepEqual(shardOf(files(2), identity, { index: 3, total: 3 }), []);
    assert.deepEqual(shardOf(files(2), identity, { index: MAX_SHARDS, total: MAX_SHARDS }), []);
  });

  it('reads i/n with 1 ≤ i ≤ n ≤ 1000 and refuses anything else, naming what was given', () => {
    assert.deepEqual(parseShard('2/3'), { index: 2, total: 3 });
    assert.deepEqual(parseShard('1/1'), { index: 1, total: 1 });
    assert.deepEqual(parseShard('1000/1000'), { index: 1000, total: 1000 });
    assert.deepEqual(parseShard('007/010'), { index: 7, total: 10 });
    for (const bad of ['0/3', '4/3', '1/0', '0/0', '1/1001', '2', '', 'a/b', '1/3/5', '-1/3', '1.5/3', ' 1/3', '1 / 3', '１/３', '99999999999999999999/1']) {
      assert.throws(() => parseShard(bad), (err: unknown) => err instanceof UsageError && err.message.includes(`got ${JSON.stringify(bad)}`) && /1 ≤ i ≤ n ≤ 1000/.test(err.message), `"${bad}"`);
    }
    assert.throws(() => parseShard('4/3'), /i must be 1 to 3/);
    assert.throws(() => parseShard('1/1001'), /n must be 1 to 1000/);
  });
});

describe('run: the exit status of a report', () => {
  const step = (status: ReportedStep['status'], extra: Partial<ReportedStep> = {}): ReportedStep => ({ id: 's', operation: 'gateway.pay', title: 'Pay', status, durationMs: 1, failures: [], ...extra });
  const flow = (...steps: ReportedStep[]): ReportedFlow => ({ name: 'f', file: 'f.payflow.json', environment: 'e', passed: steps.every((s) => s.status !== 'failed'), durationMs: 1, steps, secretsSent: [] });
  const status = (...flows: ReportedFlow[]) => exitStatus(summarize(flows));

  it('0 when every step passed (and for a shard with no flows), 1 when a step failed, 3 when only unreachable steps failed, 2 past a bound', () => {
    assert.equal(status(flow(step('passed'))), RUN_EXIT.passed);
    assert.equal(status(), RUN_EXIT.passed);
    assert.equal(status(flow(step('passed'), step('failed'), step('skipped'))), RUN_EXIT.failed);
    assert.equal(status(flow(step('passed')), flow(step('failed', { unreachable: true }), step('skipped'))), RUN_EXIT.unreachable);
    assert.equal(status(flow(step('failed', { unreachable: true })), flow(step('failed'))), RUN_EXIT.failed, 'a failure of its own wins: a retry would not fix it');
    assert.equal(status(flow(step('failed', { unreachable: true })), flow(step('failed', { exceededLimit: true }))), RUN_EXIT.refused);
    assert.deepEqual(Object.values(RUN_EXIT), [0, 1, 2, 3, 4], '4: a pinned host refused before the run (secretHosts.ts), never a report');
  });
});
