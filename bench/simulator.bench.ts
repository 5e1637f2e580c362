import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_MAX_ORDERS, SIMULATOR_DEFAULTS } from '../src/simulator';
import type { SimContext } from '../src/simulator/context';
import type { MerchantProfile } from '../src/simulator/gateway/auth';
import { authorize } from '../src/simulator/gateway/cardOperations';
import type { OpEnv } from '../src/simulator/gateway/opEnv';
import { OrderStore } from '../src/simulator/gateway/orders';
import { SessionStore } from '../src/simulator/gateway/sessions';
import { RequestLog } from '../src/simulator/requestLog';
import { redactAnswerBody, redactBody } from '../src/simulator/redact';
import { jsonText } from '../src/simulator/jsonText';
import { transactionResponse } from '../src/simulator/gateway/responseBody';
import { checkBody } from '../src/catalogue';
import { repoRoot } from '../test/harness/paths';
import { exportedOpenApi, prismEntry, runLoad, startPrism, startServer, type RunningServer } from './processes/run';
import type { LoadPlan } from './processes/loadClient';
import type { Report } from './report';

const AREA = 'simulator';
const CONNECTIONS = 8;
const ROUNDS = 8;
/** Requests per round for each server; Prism, several times slower, gets fewer so a round stays short. */
const PER_ROUND = { bare: 1200, simulator: 1200, prism: 300 };
const ORDERS = 100_000;
const VERSION = 100;

const AUTHORIZE_BODY = JSON.stringify({
  apiOperation: 'AUTHORIZE',
  order: { amount: '10.00', currency: 'USD' },
  sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * 1. Requests per second over loopback, the client in its own process and each server in its own:
 *    the simulator answering Authorize with a new order each (routing, Basic auth, catalogue checks,
 *    order store, outcome, request log with redaction; run in a worker thread as VS Code runs it;
 *    processingDelayMs 0, so the figure is CPU, not the simulated lock hold), a bare node:http
 *    server answering a fixed JSON, and Stoplight Prism mocking the same Authorize from the
 *    workbench's exported OpenAPI description (prism mock validates each request against it).
 * 2. Memory of 100,000 orders, each created by one approved Authorize: the in-memory store is
 *    driven directly through the Authorize operation (no HTTP, so the request log is not counted).
 */
export async function run(report: Report): Promise<void> {
  await throughputAcrossProcesses(report);
  perRequestParts(report, AUTHORIZE_BODY);
  memoryOfOrders(report, ORDERS, 'all kept');
  memoryOfOrders(report, DEFAULT_MAX_ORDERS, `default bound (${DEFAULT_MAX_ORDERS} kept)`);
}

const auth = 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');
const headers = { authorization: auth, 'content-type': 'application/json' };
const authorizePath = `/api/rest/version/${VERSION}/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/{order}/transaction/1`;

async function throughputAcrossProcesses(report: Report): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-'));
  const servers: RunningServer[] = [];
  try {
    const bare = await startServer('bare', repoRoot);
    servers.push(bare);
    const sim = await startServer('simulator', repoRoot);
    servers.push(sim);
    const prism = await prismServer(tmp);
    if ('running' in prism) servers.push(prism.running);
    const plans: Partial<Record<keyof typeof PER_ROUND, Omit<LoadPlan, 'count' | 'orderPrefix'>>> = {
      bare: { baseUrl: bare.baseUrl, path: '/', method: 'PUT', headers, body: AUTHORIZE_BODY, connections: CONNECTIONS },
      simulator: { baseUrl: sim.baseUrl, path: authorizePath, method: 'PUT', headers, body: AUTHORIZE_BODY, connections: CONNECTIONS },
      ...('running' in prism ? { prism: { baseUrl: prism.running.baseUrl, path: prism.path, method: 'PUT', headers, body: AUTHORIZE_BODY, connections: CONNECTIONS } } : {}),
    };
    const kinds = Object.keys(plans) as (keyof typeof PER_ROUND)[];
    const runs: Record<string, number[]> = { bare: [], simulator: [], prism: [] };
    // Warm-up (JIT, caches), and a check that every server answers the request with a 2xx.
    for (const kind of kinds) {
      const plan = plans[kind];
      if (!plan) continue;
      const warm = await runLoad({ ...plan, count: PER_ROUND[kind] / 2, orderPrefix: `WARM-${kind}-` });
      if (warm.refused > 0) throw new Error(`${kind} refused ${warm.refused} of ${warm.requests} requests, the first: ${warm.firstRefusal ?? ''}`);
    }
    // In rounds, each server in turn: on a shared machine the load changes from second to second, and
    // a ratio of figures taken far apart measures that change more than the servers.
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of kinds) {
        const plan = plans[kind];
        if (!plan) continue;
        const r = await runLoad({ ...plan, count: PER_ROUND[kind], orderPrefix: `R${round}-${kind}-` });
        if (r.refused > 0) throw new Error(`${kind} refused ${r.refused} of ${r.requests} requests in round ${round + 1}, the first: ${r.firstRefusal ?? ''}`);
        runs[kind]?.push(r.rps);
      }
    }
    const ratio = (of: number[], to: number[]) => median(of.map((x, i) => x / (to[i] ?? NaN)));
    const each = `${CONNECTIONS} connections, client and servers in separate processes, median of ${ROUNDS} rounds`;
    report(AREA, `bare node:http fixed JSON (${each})`, Math.round(median(runs.bare ?? [])), 'req/s');
    report(AREA, `simulator Authorize v${VERSION}, new order each (worker thread)`, Math.round(median(runs.simulator ?? [])), 'req/s');
    if ('running' in prism) report(AREA, `Stoplight Prism ${prism.version} mock, same Authorize, request validation on`, Math.round(median(runs.prism ?? [])), 'req/s');
    else report(AREA, 'Stoplight Prism mock, same Authorize', prism.skipped);
    report(AREA, 'simulator Authorize / bare ratio (target ≥ 0.35)', ratio(runs.simulator ?? [], runs.bare ?? []));
    if ('running' in prism) report(AREA, 'simulator Authorize / Prism ratio (target ≥ 4)', ratio(runs.simulator ?? [], runs.prism ?? []));
    else report(AREA, 'simulator Authorize / Prism ratio (target ≥ 4)', prism.skipped);
  } finally {
    for (const s of servers) await s.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Prism mocking the exported description's Authorize, or why its rows are skipped. */
async function prismServer(tmp: string): Promise<{ running: RunningServer; path: string; version: string } | { skipped: string }> {
  const entry = prismEntry(repoRoot);
  if (!entry) return { skipped: 'skipped: @stoplight/prism-cli is not installed (a dev dependency: npm ci)' };
  const exported = exportedOpenApi(repoRoot, VERSION, tmp);
  if ('missing' in exported) return { skipped: `skipped: ${exported.missing}` };
  const template = authorizeTemplate(JSON.parse(fs.readFileSync(exported.file, 'utf8')) as OpenApiPaths);
  if (!template) return { skipped: `skipped: the exported description has no PUT …/order/{…}/transaction/{…} path for Authorize` };
  const version = (JSON.parse(fs.readFileSync(path.join(path.dirname(path.dirname(entry)), 'package.json'), 'utf8')) as { version: string }).version;
  return { running: await startPrism(entry, exported.file), path: template, version };
}

interface OpenApiPaths {
  servers?: { url?: string }[];
  paths?: Record<string, Record<string, unknown>>;
}

/**
 * The Authorize path of the description, with its parameters filled in (`{order}` left for the
 * load client): the PUT whose path ends in /order/{…}/transaction/{…}, under the server's base path.
 */
export function authorizeTemplate(doc: OpenApiPaths): string | undefined {
  const found = Object.entries(doc.paths ?? {}).find(([p, ops]) => /\/order\/\{[^}]+\}\/transaction\/\{[^}]+\}\/?$/.test(p) && typeof ops['put'] === 'object');
  if (!found) return undefined;
  const filled = found[0].replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (/order/i.test(name)) return '{order}';
    if (/transaction/i.test(name)) return '1';
    if (/merchant/i.test(name)) return SIMULATOR_DEFAULTS.merchantId;
    if (/version/i.test(name)) return String(VERSION);
    return 'x';
  });
  let base = '';
  try {
    const server = doc.servers?.[0]?.url;
    if (server && !server.includes('{')) base = new URL(server, 'http://127.0.0.1').pathname.replace(/\/$/, '');
  } catch {
    base = '';
  }
  return base + filled;
}

const PART_CALLS = 20_000;

/** Mean µs of one call, the best of 5 runs (the parts of a request the throughput figures hide). */
function microseconds(call: () => unknown): number {
  for (let i = 0; i < PART_CALLS / 10; i++) call();
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    for (let i = 0; i < PART_CALLS / 5; i++) call();
    best = Math.min(best, ((performance.now() - started) * 1000) / (PART_CALLS / 5));
  }
  return best;
}

/** The per-request work of an Authorize that does not depend on the network: catalogue checks and the request log's redaction. */
function perRequestParts(report: Report, requestBody: string): void {
  const parsed: unknown = JSON.parse(requestBody);
  report(AREA, 'Authorize catalogue checkBody, one request', microseconds(() => checkBody('gateway.authorize', 11, parsed, new Date())), 'µs');
  report(AREA, 'Authorize request body redacted for the log', microseconds(() => redactBody(requestBody)), 'µs');
  const orders = new OrderStore(DEFAULT_MAX_ORDERS);
  const env = authorizeEnv(orders, parsed as OpEnv['body']);
  authorize({ ...env, orderId: 'ANSWER' });
  const answered = orders.get(SIMULATOR_DEFAULTS.merchantId, 'ANSWER');
  const txn = answered?.transactions.get('1');
  if (!answered || !txn) throw new Error('the Authorize of the answer row made no transaction');
  const answerValue = transactionResponse(SIMULATOR_DEFAULTS.merchantId, answered, txn, '11');
  const answerText = jsonText(answerValue);
  report(AREA, `Authorize answer redacted for the log (${answerText.length} characters)`, microseconds(() => redactBody(answerText)), 'µs');
  report(AREA, `Authorize answer redacted for the log from its object (${answerText.length} characters)`, microseconds(() => redactAnswerBody(answerText, answerValue)), 'µs');
  let order = 0;
  report(AREA, 'Authorize operation alone, new order each (store, outcome, risk, answer text and its log copy)', microseconds(() => authorize({ ...env, orderId: `PART-${order++}` })), 'µs');
}

/** An Authorize's environment without HTTP, on the default simulator merchant (auto-capture). */
function authorizeEnv(orders: OrderStore, body: OpEnv['body'], orderId = 'ORDER'): OpEnv {
  const merchant: MerchantProfile = { merchantId: SIMULATOR_DEFAULTS.merchantId, apiPassword: 'x', autoCapture: true, notificationSecret: 'x' };
  const ctx: SimContext = { baseUrl: 'http://127.0.0.1:0', now: () => new Date(), log: new RequestLog(1), notify: () => undefined, later: () => undefined, testReferenceDelaysMs: [] };
  return { ctx, orders, sessions: new SessionStore(), merchant, orderId, transactionId: '1', version: '11', body, registerBrowserPayment: () => undefined };
}

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Memory of ORDERS approved Authorizes in a store that keeps at most `maxOrders` of them (the oldest go first). */
function memoryOfOrders(report: Report, maxOrders: number, label: string): void {
  const orders = new OrderStore(maxOrders);
  const body = {
    apiOperation: 'AUTHORIZE',
    order: { amount: '10.00', currency: 'USD' },
    sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
    billing: { address: { street: 'Alpha St' } },
  };
  const env = authorizeEnv(orders, body);
  collect();
  const before = process.memoryUsage();
  const started = performance.now();
  for (let i = 0; i < ORDERS; i++) {
    const answer = authorize({ ...env, orderId: `ORDER-${i}` });
    if (answer.status !== 201) throw new Error(`authorize ${i}: ${answer.status}`);
  }
  const took = performance.now() - started;
  collect();
  const after = process.memoryUsage();
  const gcNote = (globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: includes garbage)';
  const kept = Math.min(ORDERS, maxOrders);
  report(AREA, `${ORDERS} Authorizes, ${label}: time`, Math.round(took), 'ms');
  report(AREA, `${ORDERS} Authorizes, ${label}: heapUsed delta${gcNote}`, (after.heapUsed - before.heapUsed) / 1024 / 1024, 'MiB');
  report(AREA, `${ORDERS} Authorizes, ${label}: heap bytes per order kept`, Math.round((after.heapUsed - before.heapUsed) / kept), 'B');
  if (orders.size !== kept) throw new Error(`store holds ${orders.size} orders, expected ${kept}`);
}
