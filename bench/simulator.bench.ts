import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { DEFAULT_MAX_ORDERS, SIMULATOR_DEFAULTS, startSimulator } from '../src/simulator';
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
import type { Report } from './report';

const AREA = 'simulator';
const REQUESTS = 4000;
const WARM_UP = 400;
const CONNECTIONS = 8;
const ROUNDS = 8;
const ORDERS = 100_000;

/** Sends `count` requests over CONNECTIONS keep-alive connections, CONNECTIONS in flight; requests per second. */
async function throughput(count: number, send: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) await send(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/**
 * 1. Requests per second over loopback: the simulator answering Update Session (full path: routing,
 *    Basic auth, catalogue validation, session store, request log with redaction) and Authorize
 *    (plus order store, test-card outcome, risk; processingDelayMs 0 so the figure is CPU, not the
 *    simulated lock hold), against a bare node:http server answering a fixed JSON, same client.
 * 2. Memory of 100,000 orders, each created by one approved Authorize: the in-memory store is
 *    driven directly through the Authorize operation (no HTTP, so the request log is not counted).
 */
export async function run(report: Report): Promise<void> {
  const sim = await startSimulator({ port: 0, processingDelayMs: 0 });
  const bare: Server = createServer((_req, res) => {
    _req.resume();
    _req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"SUCCESS","session":{"id":"SESSION0002abcdefghijABCDEFGHIJ","updateStatus":"SUCCESS"}}'));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const agent = new Agent({ connections: CONNECTIONS, keepAliveTimeout: 10_000 });
  const auth = 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');
  const headers = { authorization: auth, 'content-type': 'application/json' };
  const sessionUrl = `${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/session/SESSION0002benchbenchbenchbench`;
  const sessionBody = JSON.stringify({ order: { amount: '10.00', currency: 'USD', reference: 'bench' }, billing: { address: { street: 'Alpha St', city: 'Town' } } });
  const authorizeBody = JSON.stringify({
    apiOperation: 'AUTHORIZE',
    order: { amount: '10.00', currency: 'USD' },
    sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
  });
  let lastAnswer = '';
  const call = async (url: string, body: string): Promise<void> => {
    const res = await request(url, { dispatcher: agent, method: 'PUT', headers, body });
    lastAnswer = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  };

  try {
    await throughput(WARM_UP, () => call(sessionUrl, sessionBody));
    await throughput(WARM_UP, () => call(bareUrl, sessionBody));
    // In rounds, each server in turn: on a shared machine the load changes from second to second, and
    // a ratio of figures taken a few seconds apart measured that change more than the simulator.
    let order = 0;
    const runs = { bare: [] as number[], session: [] as number[], authorize: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.bare.push(await throughput(REQUESTS / ROUNDS, () => call(bareUrl, sessionBody)));
      runs.session.push(await throughput(REQUESTS / ROUNDS, () => call(sessionUrl, sessionBody)));
      runs.authorize.push(await throughput(REQUESTS / ROUNDS, () => call(`${sim.baseUrl}/api/rest/version/11/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/BENCH-${order++}/transaction/1`, authorizeBody)));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
    const ratio = (xs: number[]) => median(xs.map((x, i) => x / (runs.bare[i] ?? NaN)));
    const [bareRps, sessionRps, authorizeRps] = [median(runs.bare), median(runs.session), median(runs.authorize)];
    report(AREA, `bare node:http fixed JSON (${CONNECTIONS} connections, ${REQUESTS} req in ${ROUNDS} rounds)`, Math.round(bareRps), 'req/s');
    report(AREA, 'simulator Update Session', Math.round(sessionRps), 'req/s');
    report(AREA, 'simulator Authorize (new order each)', Math.round(authorizeRps), 'req/s');
    report(AREA, `Update Session / bare ratio, median of ${ROUNDS} rounds`, ratio(runs.session));
    report(AREA, `Authorize / bare ratio, median of ${ROUNDS} rounds`, ratio(runs.authorize));
  } finally {
    await agent.close();
    await sim.close();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }

  perRequestParts(report, authorizeBody, lastAnswer);
  memoryOfOrders(report, ORDERS, 'all kept');
  memoryOfOrders(report, DEFAULT_MAX_ORDERS, `default bound (${DEFAULT_MAX_ORDERS} kept)`);
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
function perRequestParts(report: Report, requestBody: string, responseBody: string): void {
  const parsed: unknown = JSON.parse(requestBody);
  report(AREA, 'Authorize catalogue checkBody, one request', microseconds(() => checkBody('gateway.authorize', 11, parsed, new Date())), 'µs');
  report(AREA, 'Authorize request body redacted for the log', microseconds(() => redactBody(requestBody)), 'µs');
  report(AREA, `Authorize answer redacted for the log (${responseBody.length} characters)`, microseconds(() => redactBody(responseBody)), 'µs');
  const orders = new OrderStore(DEFAULT_MAX_ORDERS);
  const env = authorizeEnv(orders, parsed as OpEnv['body']);
  authorize({ ...env, orderId: 'ANSWER' });
  const answered = orders.get(SIMULATOR_DEFAULTS.merchantId, 'ANSWER');
  const txn = answered?.transactions.get('1');
  if (!answered || !txn) throw new Error('the Authorize of the answer row made no transaction');
  const answerValue = transactionResponse(SIMULATOR_DEFAULTS.merchantId, answered, txn, '11');
  const answerText = jsonText(answerValue);
  report(AREA, `Authorize answer redacted for the log from its object (${answerText.length} characters)`, microseconds(() => redactAnswerBody(answerText, answerValue)), 'µs');
  let order = 0;
  report(AREA, 'Authorize operation alone, new order each (store, outcome, risk, answer text and its log copy)', microseconds(() => authorize({ ...env, orderId: `PART-${order++}` })), 'µs');
}

/** An Authorize's environment without HTTP, on the default simulator merchant (auto-capture). */
function authorizeEnv(orders: OrderStore, body: OpEnv['body'], orderId = 'ORDER'): OpEnv {
  const merchant: MerchantProfile = { merchantId: SIMULATOR_DEFAULTS.merchantId, apiPassword: 'x', autoCapture: true, notificationSecret: 'x' };
  const ctx: SimContext = { baseUrl: 'http://127.0.0.1:0', now: () => new Date(), log: new RequestLog(1), notify: () => undefined };
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
    if (answer.status !== 200) throw new Error(`authorize ${i}: ${answer.status}`);
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
