/**
 * The simulator as VS Code runs it: in a worker thread (src/simulator/worker.ts) started by
 * startSimulatorThread. Over loopback, as every simulator test; the worker is the tsc-compiled entry.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { threadId } from 'node:worker_threads';
import { SIMULATOR_DEFAULTS } from '../../../src/simulator';
import { startSimulatorThread, SimulatorThreadError, type SimulatorThread } from '../../../src/simulator/thread';
import { MAX_LOG_BATCH, MAX_LOGGED_URL, type LoggedExchange } from '../../../src/simulator/threadProtocol';

const WORKER = path.join(__dirname, '..', '..', '..', 'src', 'simulator', 'worker.js');
const auth = 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');
const authorizeBody = JSON.stringify({
  apiOperation: 'AUTHORIZE',
  order: { amount: '10.00', currency: 'USD' },
  sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
});

function authorize(sim: SimulatorThread, orderId: string): Promise<Response> {
  return fetch(`${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/${orderId}/transaction/1`, { method: 'PUT', headers: { authorization: auth, 'content-type': 'application/json' }, body: authorizeBody });
}

/** Resolves when `listen` on the port succeeds (then lets it go), rejects with the listen error. */
function portIsFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Log lines until `count` exchanges were reported (written or counted as left out). */
function logged(sim: SimulatorThread, count: number): Promise<{ entries: LoggedExchange[]; omitted: number; batches: number }> {
  return new Promise((resolve) => {
    const seen = { entries: [] as LoggedExchange[], omitted: 0, batches: 0 };
    sim.onLog((entries, omitted) => {
      seen.entries.push(...entries);
      seen.omitted += omitted;
      seen.batches++;
      if (seen.entries.length + seen.omitted >= count) resolve(seen);
    });
  });
}

describe('simulator: run in a worker thread, as VS Code starts it', () => {
  let sim: SimulatorThread | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('answers while the thread that started it is blocked, from a thread of its own', async () => {
    sim = await startSimulatorThread(WORKER, { port: 0, maxOrders: 100, runBy: 'test' });
    assert.notEqual(sim.threadId, threadId);
    // spawnSync holds this thread until the child has its answer: a simulator on this thread could not give one.
    const child = spawnSync(process.execPath, ['-e', `fetch(${JSON.stringify(`${sim.baseUrl}/_simulator`)}).then((r) => r.text()).then((t) => process.stdout.write(t))`], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(child.error, undefined, `the child got no answer: ${String(child.error)}`);
    const info = JSON.parse(child.stdout) as { runBy?: string; pid?: string };
    assert.equal(info.runBy, 'test');
    assert.equal(info.pid, String(process.pid), 'a worker thread is in the same process: Stop Local Simulator names this pid');
  });

  it('serves the gateway and reports each exchange to the starting thread as a log line', async () => {
    sim = await startSimulatorThread(WORKER, { port: 0, maxOrders: 100, runBy: 'test' });
    const lines = logged(sim, 2);
    const first = await authorize(sim, 'THREAD-1');
    assert.equal(first.status, 201);
    assert.equal(((await first.json()) as { result?: string }).result, 'SUCCESS');
    await (await authorize(sim, 'THREAD-1')).text();
    const seen = await lines;
    assert.deepEqual(seen.entries.map((e) => [e.method, e.url, e.status]), [
      ['PUT', `/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/THREAD-1/transaction/1`, 201],
      ['PUT', `/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/THREAD-1/transaction/1`, 400],
    ]);
  });

  it('frees its port and ends its thread on close', async () => {
    const started = await startSimulatorThread(WORKER, { port: 0, maxOrders: 100, runBy: 'test' });
    await (await authorize(started, 'CLOSE-1')).text();
    let unexpected: string | undefined;
    started.onUnexpectedExit((r) => (unexpected = r));
    await started.close();
    await portIsFree(started.port);
    await assert.rejects(fetch(`${started.baseUrl}/_simulator`));
    await started.close();
    assert.equal(unexpected, undefined, 'an asked-for stop is not reported as a crash');
  });

  it("refuses a taken port with Node's code, so the editor can tell whose the port is", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      await assert.rejects(startSimulatorThread(WORKER, { port, maxOrders: 100, runBy: 'test' }), (err: unknown) => err instanceof SimulatorThreadError && err.code === 'EADDRINUSE' && /EADDRINUSE/.test(err.message));
    } finally {
      holder.close();
    }
  });

  it('refuses options it does not accept, saying which', async () => {
    await assert.rejects(startSimulatorThread(WORKER, { port: 70_000, maxOrders: 100, runBy: 'test' }), /options it does not accept: port: /);
    await assert.rejects(startSimulatorThread(WORKER, { port: 0, maxOrders: 0, runBy: 'test' }), /maxOrders: /);
  });

  it('cuts a hostile URL to a bounded log line, and stays up', async () => {
    sim = await startSimulatorThread(WORKER, { port: 0, maxOrders: 100, runBy: 'test' });
    const lines = logged(sim, 1);
    const long = `/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/${'X'.repeat(12_000)}`;
    await (await fetch(sim.baseUrl + long, { headers: { authorization: auth } })).text();
    const [entry] = (await lines).entries;
    assert.ok(entry && entry.url.length <= MAX_LOGGED_URL && entry.url.endsWith('…'), entry?.url.slice(-20));
    assert.equal((await fetch(`${sim.baseUrl}/_simulator`)).status, 200);
  });

  it('under a flood, sends the log in bounded batches and counts what it left out', async () => {
    sim = await startSimulatorThread(WORKER, { port: 0, maxOrders: 10_000, runBy: 'test', processingDelayMs: 0 });
    const total = 3 * MAX_LOG_BATCH;
    const lines = logged(sim, total);
    let next = 0;
    const one = sim;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next++ < total) await (await fetch(`${one.baseUrl}/_simulator`)).text();
    }));
    const seen = await lines;
    assert.ok(seen.entries.length + seen.omitted >= total);
    assert.ok(seen.entries.length <= seen.batches * MAX_LOG_BATCH);
  });

  it('stops, and says why, a thread that sends a message the host does not accept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-thread-'));
    const rogue = path.join(dir, 'rogue.js');
    fs.writeFileSync(rogue, "require('node:worker_threads').parentPort.postMessage({ type: 'started', baseUrl: 'http://example.invalid', port: 1 }); setInterval(() => {}, 1000);");
    try {
      await assert.rejects(startSimulatorThread(rogue, { port: 0, maxOrders: 1, runBy: 'test' }), /sent a message the editor does not accept \(baseUrl: /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells the starting thread when the simulator thread ends unasked', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-thread-'));
    const crashing = path.join(dir, 'crashing.js');
    fs.writeFileSync(crashing, "require('node:worker_threads').parentPort.postMessage({ type: 'started', baseUrl: 'http://127.0.0.1:1', port: 1 }); setTimeout(() => { throw new Error('boom'); }, 50);");
    try {
      const started = await startSimulatorThread(crashing, { port: 0, maxOrders: 1, runBy: 'test' });
      const reason = await new Promise<string>((resolve) => started.onUnexpectedExit(resolve));
      assert.match(reason, /boom/);
      await started.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends a thread that does not answer stop (bounded wait), so no thread outlives Stop', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-thread-'));
    const deaf = path.join(dir, 'deaf.js');
    // It listens, says it started, and ignores stop: only ending the thread frees its port.
    fs.writeFileSync(deaf, "const { parentPort } = require('node:worker_threads'); const s = require('node:net').createServer().listen(0, '127.0.0.1', () => parentPort.postMessage({ type: 'started', baseUrl: 'http://127.0.0.1:' + s.address().port, port: s.address().port })); parentPort.on('message', () => {});");
    try {
      const started = await startSimulatorThread(deaf, { port: 0, maxOrders: 1, runBy: 'test' });
      await assert.rejects(portIsFree(started.port), /EADDRINUSE/);
      await started.close();
      await portIsFree(started.port);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

