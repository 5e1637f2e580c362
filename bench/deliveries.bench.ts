import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { SIMULATOR_DEFAULTS, startSimulator, type NotificationDelivery, type SimulatorHandle } from '../src/simulator';
import { SETTLED_STATES, type DeliveriesPage } from '../src/simulator/deliveries/wire';
import { freePort } from '../test/harness/codeServer';
import { repoRoot } from '../test/harness/paths';
import { runLoad, startServer, type RunningServer } from './processes/run';
import type { LoadPlan, LoadResult } from './processes/loadClient';
import type { Report } from './report';

const AREA = 'deliveries';
const MERCHANT = SIMULATOR_DEFAULTS.merchantId;
/** Notifications timed in each throughput row (the API path is bounded by Pay's own rate), and the issue's target. */
const API_COUNT = 2000;
const DIRECT_COUNT = 5000;
const THROUGHPUT_CONNECTIONS = 8;
const TARGET_PER_SECOND = 1000;
/** Sequential Pay requests (one in flight) per latency run, and runs per endpoint, alternating. */
const LATENCY_CALLS = 300;
const LATENCY_ROUNDS = 3;
const LATENCY_WARM_UP = 150;
const SLOW_ANSWER_MS = 2000;
/** Notifications sent before each memory reading; the log keeps its default 1000. */
const MEMORY_MARKS = [1000, 10_000, 100_000] as const;
const MEMORY_BATCH = 1000;
const POLL_MS = 10;

const PAY_BODY = JSON.stringify({
  apiOperation: 'PAY',
  order: { amount: '10.00', currency: 'USD' },
  sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
});
const headers = { authorization: 'Basic ' + Buffer.from(`merchant.${MERCHANT}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64'), 'content-type': 'application/json' };
const payPath = `/api/rest/version/100/merchant/${MERCHANT}/order/{order}/transaction/1`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const round2 = (x: number) => Math.round(x * 100) / 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function payPlan(baseUrl: string, connections: number): Omit<LoadPlan, 'count' | 'orderPrefix'> {
  return { baseUrl, path: payPath, method: 'PUT', headers, body: PAY_BODY, connections };
}

async function pay(baseUrl: string, connections: number, count: number, prefix: string, latencies = false): Promise<LoadResult> {
  const r = await runLoad({ ...payPlan(baseUrl, connections), count, orderPrefix: prefix, latencies });
  if (r.refused > 0) throw new Error(`${r.refused} of ${r.requests} Pay requests refused, the first: ${r.firstRefusal ?? ''}`);
  return r;
}

/**
 * The simulator's notification delivery (issue 35), its endpoint always in a process of its own
 * (bench/processes/endpoint.ts), and every load client too:
 * 1. Throughput to a fast endpoint (204 at once): notifications made by Pay requests through the API,
 *    and made by NotificationDelivery.send directly, timed until the delivery log says each one is
 *    delivered (target ≥ 1000/s).
 * 2. API latency (sequential Pay, one in flight) with no webhook URL, with a dead endpoint (one that
 *    accepts and never answers, one that refuses) and a slow one (answers after 2 s): each simulator
 *    in a process of its own, as VS Code runs it (worker thread, processing delay 0 so the figure is
 *    the CPU a request takes and any delivery work on the same thread shows in it).
 * 3. Memory of the delivery log, a bounded ring (default 1000): heap and RSS after 1,000, 10,000 and
 *    100,000 notifications delivered to the fast endpoint.
 */
export async function run(report: Report): Promise<void> {
  await throughput(report);
  await latencyBesideBadEndpoints(report);
  await memory(report);
}

interface Endpoint {
  url: string;
  /** Ends the endpoint (once, however often called); resolves with the POSTs it read whole. */
  stop(): Promise<number>;
}

/** An endpoint process: `fast` answers 204 at once, `slow` after SLOW_ANSWER_MS, `hang` never. */
async function startEndpoint(kind: 'fast' | 'slow' | 'hang'): Promise<Endpoint> {
  const child = spawn(process.execPath, [path.join(__dirname, 'processes', 'endpoint.js'), kind, String(SLOW_ANSWER_MS)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async <T>(): Promise<T> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the ${kind} endpoint ended (exit ${child.exitCode}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    return JSON.parse(line.value) as T;
  };
  const { port } = await next<{ port: number }>();
  let stopped: Promise<number> | undefined;
  const stop = async (): Promise<number> => {
    child.stdin?.end();
    const timer = setTimeout(() => child.kill(), 5000);
    try {
      return (await next<{ received: number }>()).received;
    } finally {
      clearTimeout(timer);
    }
  };
  return { url: `http://127.0.0.1:${port}/webhook`, stop: () => (stopped ??= stop()) };
}

/** Until `expected` of the log's notifications are delivered; throws at the first that settles otherwise. */
async function untilDelivered(delivery: NotificationDelivery, expected: number, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    let delivered = 0;
    for (const r of delivery.log.list()) {
      if (r.state === 'delivered') delivered++;
      else if (SETTLED_STATES.includes(r.state)) throw new Error(`notification ${r.seq} ended ${r.state}: ${r.note ?? r.attempts.at(-1)?.error ?? `status ${r.attempts.at(-1)?.status ?? '?'}`}`);
    }
    if (delivered >= expected) return;
    if (performance.now() > deadline) throw new Error(`only ${delivered} of ${expected} notifications delivered within ${timeoutMs / 1000} s`);
    await sleep(POLL_MS);
  }
}

/** A webhook as the gateway sends it: the transaction answer of a Pay (about 1 KB). */
function webhookBody(n: number): string {
  return JSON.stringify({
    merchant: MERCHANT, result: 'SUCCESS', timeOfRecord: '2026-11-24T12:00:00.000Z', version: '100',
    order: { id: `DIRECT-${n}`, amount: 10.0, currency: 'USD', status: 'CAPTURED', totalAuthorizedAmount: 10.0, totalCapturedAmount: 10.0, totalRefundedAmount: 0.0 },
    response: { gatewayCode: 'APPROVED', acquirerCode: '00', acquirerMessage: 'Approved' },
    sourceOfFunds: { type: 'CARD', provided: { card: { brand: 'MASTERCARD', number: '512345xxxxxx0008', expiry: { month: '1', year: '39' } } } },
    transaction: { id: '1', type: 'PAYMENT', amount: 10.0, currency: 'USD', authorizationCode: '123456', acquirer: { id: 'SIMULATOR_ACQ', batch: 20261124 } },
  });
}

function sendDirect(delivery: NotificationDelivery, url: string, from: number, count: number): void {
  for (let i = from; i < from + count; i++) {
    delivery.send({ kind: 'webhook', url, body: webhookBody(i), headers: { 'X-Notification-Secret': 'bench-secret' }, merchantId: MERCHANT, orderId: `DIRECT-${i}` });
  }
}

/** CPU time of this process (the simulator's) since `from`, in µs. */
function cpuMicros(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return used.user + used.system;
}

/** 1. Notifications a second to a fast endpoint, made through the API and made directly. */
async function throughput(report: Report): Promise<void> {
  const endpoint = await startEndpoint('fast');
  let sent = 0;
  let sim: SimulatorHandle | undefined;
  try {
    // The simulator here (its delivery log is read directly), the Pay client and the endpoint in processes of their own.
    sim = await startSimulator({ port: 0, runBy: 'test', processingDelayMs: 0, deliveryLogCapacity: DIRECT_COUNT, merchants: [{ merchantId: MERCHANT, apiPassword: SIMULATOR_DEFAULTS.apiPassword, webhookUrl: endpoint.url }] });
    const delivery = sim.deliveries;
    // Warm-up (JIT, keep-alive sockets), and a check that both paths deliver at all.
    await pay(sim.baseUrl, THROUGHPUT_CONNECTIONS, 300, 'WARM-');
    await untilDelivered(delivery, 300);
    sendDirect(delivery, endpoint.url, 0, 500);
    await untilDelivered(delivery, 800);
    sent += 800;

    delivery.log.clear();
    let cpu = process.cpuUsage();
    let started = performance.now();
    const load = await pay(sim.baseUrl, THROUGHPUT_CONNECTIONS, API_COUNT, 'API-');
    await untilDelivered(delivery, API_COUNT);
    const viaApi = API_COUNT / ((performance.now() - started) / 1000);
    const apiCpu = cpuMicros(cpu) / API_COUNT;
    sent += API_COUNT;

    delivery.log.clear();
    cpu = process.cpuUsage();
    started = performance.now();
    sendDirect(delivery, endpoint.url, 1000, DIRECT_COUNT);
    const madeMs = performance.now() - started;
    await untilDelivered(delivery, DIRECT_COUNT);
    const direct = DIRECT_COUNT / ((performance.now() - started) / 1000);
    const directCpu = cpuMicros(cpu) / DIRECT_COUNT;
    sent += DIRECT_COUNT;

    report(AREA, `via the API: ${API_COUNT} Pay, ${THROUGHPUT_CONNECTIONS} connections, until each delivered (target ≥ ${TARGET_PER_SECOND})`, Math.round(viaApi), 'notifications/s');
    report(AREA, '  the Pay requests alone, answered (as the client saw them)', Math.round(load.rps), 'req/s');
    report(AREA, '  simulator CPU per Pay and its delivery (API, checks, order, webhook)', Math.round(apiCpu), 'µs');
    report(AREA, `deliveries.send() direct: ${DIRECT_COUNT} at once, until each delivered (target ≥ ${TARGET_PER_SECOND})`, Math.round(direct), 'notifications/s');
    report(AREA, `  making the ${DIRECT_COUNT} records (send() returning)`, Math.round(madeMs), 'ms');
    report(AREA, '  simulator CPU per notification delivered (one core: ≈ 1e6 / this a second)', Math.round(directCpu), 'µs');
  } finally {
    await sim?.close();
    const received = await endpoint.stop();
    report(AREA, 'endpoint received / notifications sent (warm-up included)', `${received} / ${sent}`);
  }
}

interface LatencyCase {
  name: string;
  url?: string;
  endpoint?: Endpoint;
  sim?: RunningServer;
  runs: LoadResult[];
  /** What its deliveries did meanwhile, read once the runs are over. */
  meanwhile?: string;
}

/** 2. Pay latency, one request in flight, while the merchant's webhook endpoint is absent, dead or slow. */
async function latencyBesideBadEndpoints(report: Report): Promise<void> {
  const hang = await startEndpoint('hang');
  const slow = await startEndpoint('slow');
  const refusedPort = await freePort();
  const cases: LatencyCase[] = [
    { name: 'no webhook URL', runs: [] },
    { name: 'dead endpoint (accepts, never answers)', url: hang.url, endpoint: hang, runs: [] },
    { name: 'dead endpoint (connection refused)', url: `http://127.0.0.1:${refusedPort}/webhook`, runs: [] },
    { name: `slow endpoint (answers after ${SLOW_ANSWER_MS / 1000} s)`, url: slow.url, endpoint: slow, runs: [] },
  ];
  try {
    for (const c of cases) {
      c.sim = await startServer('simulator', repoRoot);
      if (c.url) await setWebhook(c.sim.baseUrl, c.url);
      // Warm-up, which also fills the endpoint's queue: the runs below find deliveries waiting, timing out and retrying.
      await pay(c.sim.baseUrl, 1, LATENCY_WARM_UP, 'WARM-');
    }
    const started = performance.now();
    // In rounds, each endpoint in turn, the order rotated each round: the machine's load changes from second to second.
    for (let round = 0; round < LATENCY_ROUNDS; round++) {
      for (let i = 0; i < cases.length; i++) {
        const c = cases[(i + round) % cases.length];
        c?.runs.push(await pay(c.sim?.baseUrl ?? '', 1, LATENCY_CALLS, `R${round}-`, true));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    for (const c of cases) if (c.url && c.sim) c.meanwhile = await deliveryStates(c.sim.baseUrl);
    for (const c of cases) await c.sim?.stop();
    for (const c of cases) if (c.endpoint && c.meanwhile !== undefined) c.meanwhile += `; the endpoint read ${await c.endpoint.stop()} POSTs`;

    const p = (c: LatencyCase, key: 'p50Ms' | 'p99Ms') => median(c.runs.map((r) => r[key] ?? NaN));
    const [none] = cases;
    if (!none) return;
    report(AREA, `Pay latency: median of ${LATENCY_ROUNDS} runs of ${LATENCY_CALLS} sequential Pay each (${Math.round(seconds)} s in all)`, 'simulator in a worker thread, delay 0');
    for (const c of cases) {
      report(AREA, `Pay p50 / p99, ${c.name}`, `${round2(p(c, 'p50Ms'))} / ${round2(p(c, 'p99Ms'))}`, 'ms');
      if (c === none) continue;
      report(AREA, '  ratio to no webhook URL, p50 / p99 (target ≈ 1)', `${round2(p(c, 'p50Ms') / p(none, 'p50Ms'))} / ${round2(p(c, 'p99Ms') / p(none, 'p99Ms'))}`);
      report(AREA, '  its deliveries meanwhile', c.meanwhile ?? '');
    }
  } finally {
    for (const c of cases) await c.sim?.stop();
    await hang.stop();
    await slow.stop();
  }
}

async function setWebhook(baseUrl: string, url: string): Promise<void> {
  const res = await fetch(`${baseUrl}/_simulator/merchants/${MERCHANT}/webhook`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  if (!res.ok) throw new Error(`PUT webhook answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}

/** "1230 made; newest 1000: 992 delivering, 8 retrying, 24 attempts ended (24 not taken)", from GET /_simulator/deliveries. */
async function deliveryStates(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/_simulator/deliveries`);
  const page = (await res.json()) as DeliveriesPage;
  const byState = new Map<string, number>();
  let attempts = 0;
  let notTaken = 0;
  let made = 0;
  for (const n of page.notifications) {
    byState.set(n.state, (byState.get(n.state) ?? 0) + 1);
    attempts += n.attempts.length;
    notTaken += n.attempts.filter((a) => a.error !== undefined || a.status < 200 || a.status > 299).length;
    made = Math.max(made, n.seq);
  }
  const states = [...byState].map(([s, k]) => `${k} ${s}`).join(', ');
  return `${made} made; newest ${page.notifications.length}: ${states}, ${attempts} attempts ended (${notTaken} not taken)`;
}

function memoryNow(): { heapMb: number; rssMb: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { heapMb: m.heapUsed / 1024 / 1024, rssMb: m.rss / 1024 / 1024 };
}

/** 3. The delivery log's memory as notifications pass through it (default capacity), sent directly in batches of its size. */
async function memory(report: Report): Promise<void> {
  const endpoint = await startEndpoint('fast');
  const sim = await startSimulator({ port: 0, runBy: 'test', processingDelayMs: 0 });
  const readings: { heapMb: number; rssMb: number }[] = [];
  const started = performance.now();
  try {
    let sent = 0;
    for (const mark of MEMORY_MARKS) {
      while (sent < mark) {
        sendDirect(sim.deliveries, endpoint.url, sent, MEMORY_BATCH);
        sent += MEMORY_BATCH;
        await untilDelivered(sim.deliveries, MEMORY_BATCH);
      }
      readings.push(memoryNow());
    }
    const took = (performance.now() - started) / 1000;
    const kept = sim.deliveries.log.list().length;
    const gcNote = (globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: includes garbage)';
    const marks = MEMORY_MARKS.join(' / ');
    report(AREA, `heapUsed after ${marks} notifications (log keeps ${kept})${gcNote}`, readings.map((r) => round2(r.heapMb)).join(' / '), 'MB');
    report(AREA, `RSS after ${marks} notifications`, readings.map((r) => Math.round(r.rssMb)).join(' / '), 'MB');
    const [, at10k, at100k] = readings;
    if (at10k && at100k) {
      report(AREA, `heapUsed growth from ${MEMORY_MARKS[1]} to ${MEMORY_MARKS[2]} (flat: a bounded ring)`, round2(at100k.heapMb - at10k.heapMb), 'MB');
      report(AREA, `RSS growth from ${MEMORY_MARKS[1]} to ${MEMORY_MARKS[2]}`, round2(at100k.rssMb - at10k.rssMb), 'MB');
    }
    report(AREA, `${MEMORY_MARKS[2]} notifications sent and delivered, in batches of ${MEMORY_BATCH}`, round2(took), 's');
  } finally {
    await sim.close();
    await endpoint.stop();
  }
}
