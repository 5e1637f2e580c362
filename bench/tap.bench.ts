import * as path from 'node:path';
import { SIMULATOR_DEFAULTS } from '../src/simulator';
import { startTap } from '../src/tap';
import { MAX_BEHIND } from '../src/tap/analyser';
import { repoRoot } from '../test/harness/paths';
import { runLoad, startServer, type RunningServer } from './processes/run';
import type { LoadPlan, LoadResult } from './processes/loadClient';
import type { Report } from './report';

const AREA = 'tap';
const ROUNDS = 6;
/** One request in flight: latency is each call's own time, not queueing behind others. */
const LATENCY_CALLS = 1500;
const THROUGHPUT_CONNECTIONS = 8;
const THROUGHPUT_CALLS = 2400;
const MEMORY_CALLS = { first: 1000, warm: 10_000, total: 100_000 };

const AUTHORIZE_BODY = JSON.stringify({
  apiOperation: 'AUTHORIZE',
  order: { amount: '10.00', currency: 'USD' },
  sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
});
const headers = { authorization: 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64'), 'content-type': 'application/json' };
const authorizePath = `/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/{order}/transaction/1`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const round2 = (x: number) => Math.round(x * 100) / 100;

function plan(baseUrl: string, connections: number): Omit<LoadPlan, 'count' | 'orderPrefix'> {
  return { baseUrl, path: authorizePath, method: 'PUT', headers, body: AUTHORIZE_BODY, connections };
}

async function load(p: Omit<LoadPlan, 'count' | 'orderPrefix'>, count: number, prefix: string, latencies = false): Promise<LoadResult> {
  const r = await runLoad({ ...p, count, orderPrefix: prefix, latencies });
  if (r.refused > 0) throw new Error(`${r.refused} of ${r.requests} calls refused, the first: ${r.firstRefusal ?? ''}`);
  return r;
}

/**
 * The Gateway Tap against calling the simulator directly: the client, the tap and the simulator
 * each in a process of their own (as a merchant's server, `payment-workbench tap` and the
 * simulator run), Authorize with a new order each, rounds alternating direct and tapped.
 * 1. Latency, one call in flight: ratio of medians and of p99s (targets ≤ 1.10 and ≤ 1.25).
 * 2. Throughput, 8 connections: tapped / direct (target ≥ 0.8).
 * 3. Memory: the tap's RSS after 100,000 calls against after 1,000 (target within 20 MB).
 */
export async function run(report: Report): Promise<void> {
  const servers: RunningServer[] = [];
  try {
    // The simulator as a developer runs it (its default processing delay) and as pure CPU (no delay).
    for (const simulatorKind of ['simulator-default', 'simulator'] as const) {
      const sim = await startServer(simulatorKind, repoRoot);
      servers.push(sim);
      const tap = await startServer('tap', repoRoot, sim.baseUrl);
      servers.push(tap);
      const floor = await startServer('bare-proxy', repoRoot, sim.baseUrl);
      servers.push(floor);
      await latencyAndThroughput(report, sim, tap, floor, simulatorKind === 'simulator' ? 'simulator without its 5 ms processing delay' : 'simulator as run (5 ms processing delay)');
    }
    await memory(report, servers);
  } finally {
    for (const s of servers) await s.stop();
  }
}

async function latencyAndThroughput(report: Report, sim: RunningServer, tap: RunningServer, floor: RunningServer, what: string): Promise<void> {
  const direct = { latency: [] as LoadResult[], rps: [] as number[] };
  const tapped = { latency: [] as LoadResult[], rps: [] as number[] };
  const bare = { latency: [] as LoadResult[], rps: [] as number[] };
  await load(plan(floor.baseUrl, 1), 300, 'WARM-B-');
  await load(plan(sim.baseUrl, 1), 300, 'WARM-D-');
  await load(plan(tap.baseUrl, 1), 300, 'WARM-T-');
  for (let i = 0; i < ROUNDS; i++) {
    direct.latency.push(await load(plan(sim.baseUrl, 1), LATENCY_CALLS, `L${i}-D-`, true));
    tapped.latency.push(await load(plan(tap.baseUrl, 1), LATENCY_CALLS, `L${i}-T-`, true));
    bare.latency.push(await load(plan(floor.baseUrl, 1), LATENCY_CALLS, `L${i}-B-`, true));
    direct.rps.push((await load(plan(sim.baseUrl, THROUGHPUT_CONNECTIONS), THROUGHPUT_CALLS, `T${i}-D-`)).rps);
    tapped.rps.push((await load(plan(tap.baseUrl, THROUGHPUT_CONNECTIONS), THROUGHPUT_CALLS, `T${i}-T-`)).rps);
    bare.rps.push((await load(plan(floor.baseUrl, THROUGHPUT_CONNECTIONS), THROUGHPUT_CALLS, `T${i}-B-`)).rps);
  }
  const p = (rs: LoadResult[], key: 'p50Ms' | 'p99Ms') => median(rs.map((r) => r[key] ?? NaN));
  report(AREA, `${what}: direct p50 / p99`, `${round2(p(direct.latency, 'p50Ms'))} / ${round2(p(direct.latency, 'p99Ms'))}`, 'ms');
  report(AREA, `${what}: through the tap p50 / p99`, `${round2(p(tapped.latency, 'p50Ms'))} / ${round2(p(tapped.latency, 'p99Ms'))}`, 'ms');
  report(AREA, `${what}: latency ratio of medians (target ≤ 1.10)`, round2(p(tapped.latency, 'p50Ms') / p(direct.latency, 'p50Ms')));
  report(AREA, `${what}: latency ratio of p99s (target ≤ 1.25)`, round2(p(tapped.latency, 'p99Ms') / p(direct.latency, 'p99Ms')));
  report(AREA, `${what}: direct / tapped, ${THROUGHPUT_CONNECTIONS} connections`, `${Math.round(median(direct.rps))} / ${Math.round(median(tapped.rps))}`, 'req/s');
  report(AREA, `${what}: throughput tapped / direct (target ≥ 0.8)`, round2(median(tapped.rps.map((r, i) => r / (direct.rps[i] ?? NaN)))));
  // The same two ratios for the least a Node proxy does: how much of the tap's cost is the hop itself.
  report(AREA, `${what}: minimal node proxy, latency ratio of medians / p99s`, `${round2(p(bare.latency, 'p50Ms') / p(direct.latency, 'p50Ms'))} / ${round2(p(bare.latency, 'p99Ms') / p(direct.latency, 'p99Ms'))}`);
  report(AREA, `${what}: minimal node proxy, throughput / direct`, round2(median(bare.rps.map((r, i) => r / (direct.rps[i] ?? NaN)))));
}

/** The tap in this process (so its RSS can be read), the simulator and the client in their own. */
async function memory(report: Report, servers: RunningServer[]): Promise<void> {
  const sim = await startServer('simulator', repoRoot);
  servers.push(sim);
  const tap = await startTap({ upstream: { url: sim.baseUrl, environment: { id: 'bench', name: 'bench', live: false } }, analysisWorker: path.join(repoRoot, 'dist', 'tapWorker.js') });
  const rss = () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage().rss / 1024 / 1024;
  };
  try {
    // Calls are counted as the checker hands them over: a call it was too far behind to check comes first.
    let done = 0;
    tap.onCall(() => done++);
    const settle = async (n: number) => {
      while (done < n) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await load(plan(tap.url, THROUGHPUT_CONNECTIONS), MEMORY_CALLS.first, 'M0-');
    await settle(MEMORY_CALLS.first);
    const after1k = rss();
    await load(plan(tap.url, THROUGHPUT_CONNECTIONS), MEMORY_CALLS.warm - MEMORY_CALLS.first, 'M1-');
    await settle(MEMORY_CALLS.warm);
    const after10k = rss();
    await load(plan(tap.url, THROUGHPUT_CONNECTIONS), MEMORY_CALLS.total - MEMORY_CALLS.warm, 'M2-');
    await settle(MEMORY_CALLS.total);
    const after100k = rss();
    report(AREA, `RSS after ${MEMORY_CALLS.first} / ${MEMORY_CALLS.warm} / ${MEMORY_CALLS.total} calls (ring of ${tap.calls().length})`, `${Math.round(after1k)} / ${Math.round(after10k)} / ${Math.round(after100k)}`, 'MB');
    report(AREA, `RSS growth from ${MEMORY_CALLS.first} to ${MEMORY_CALLS.total} calls (target ≤ 20)`, round2(after100k - after1k), 'MB');
    // The checker thread's buffers reach their high-water mark in the first thousands of calls; after it, flat.
    report(AREA, `RSS growth from ${MEMORY_CALLS.warm} to ${MEMORY_CALLS.total} calls (flat once warm)`, round2(after100k - after10k), 'MB');
    const unchecked = tap.calls().filter((c) => c.unrecognisedWhy?.startsWith('not checked')).length;
    report(AREA, `calls kept unchecked of the last ${tap.calls().length} (the checker fell ${MAX_BEHIND} behind under 8 connections)`, unchecked);
  } finally {
    await tap.close();
  }
}
