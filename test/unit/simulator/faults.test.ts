import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import { type SimulatorHandle } from '../../../src/simulator';
import { parseFault } from '../../../src/simulator/faults';
import { authorizeBody, curl, field, gatewayPut, send, useSimulator } from './helpers';

describe('simulator: fault injection', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  let n = 0;
  const order = () => `FAULT-${++n}`;
  const put = (headers: Record<string, string> = {}) => gatewayPut(agent, sim.baseUrl, 11, order(), '1', authorizeBody(), undefined, headers);

  useSimulator({ processingDelayMs: 0 }, (s, a) => {
    sim = s;
    agent = a;
  });
  afterEach(() => sim.setFaults(undefined));

  it('is off by default', async () => {
    const r = await put();
    assert.equal(r.status, 201);
    assert.equal(field(r.json, 'result'), 'SUCCESS');
  });

  it('latency=60 delays the answer, which is otherwise normal', async () => {
    const t0 = Date.now();
    const r = await put({ 'X-Simulator-Fault': 'latency=60' });
    // A lower bound only: a delay cannot come early, however loaded the machine.
    assert.ok(Date.now() - t0 >= 59, `took ${Date.now() - t0} ms`);
    assert.equal(field(r.json, 'result'), 'SUCCESS');
  });

  it('reset destroys the connection: the client gets a socket error, no response', async () => {
    await assert.rejects(put({ 'X-Simulator-Fault': 'reset' }), (e: Error & { code?: string }) => {
      assert.match(`${e.code ?? ''} ${e.message}`, /ECONNRESET|UND_ERR_SOCKET|other side closed|socket/i);
      return true;
    });
    const viaCurl = await curl(['-H', 'X-Simulator-Fault: reset', `${sim.baseUrl}/api/online/login`]);
    assert.notEqual(viaCurl.code, 0, 'curl saw no error');
    assert.equal(sim.requestLog.entries.at(-1)?.error, 'connection reset by fault');
  });

  it('status=503 answers 503 with SERVER_BUSY in the gateway envelope (and the financing body on financing paths)', async () => {
    const r = await put({ 'X-Simulator-Fault': 'status=503' });
    assert.equal(r.status, 503);
    assert.equal(field(r.json, 'error.cause'), 'SERVER_BUSY');
    const f = await send(agent, `${sim.baseUrl}/api/online/login`, { method: 'POST', headers: { 'X-Simulator-Fault': 'status=500' }, body: {} });
    assert.equal(f.status, 500);
    assert.equal(field(f.json, 'success'), false);
  });

  it('malformed answers a body that JSON.parse rejects', async () => {
    const r = await put({ 'X-Simulator-Fault': 'malformed' });
    assert.equal(r.status, 201);
    assert.match(String(r.headers['content-type']), /application\/json/);
    assert.throws(() => JSON.parse(r.text));
  });

  it('huge=20000000 answers exactly that many bytes of valid JSON', async () => {
    const r = await put({ 'X-Simulator-Fault': 'huge=20000000' });
    assert.equal(Buffer.byteLength(r.text), 20_000_000);
    assert.equal(r.headers['content-length'], '20000000');
    assert.equal(field(JSON.parse(r.text), 'result'), 'SUCCESS');
  });

  it('drip=N sends N bytes every 100 ms (200 on a gateway answer, 50 on a small financing one)', async () => {
    const t0 = Date.now();
    const r = await put({ 'X-Simulator-Fault': 'drip=200' });
    const took = Date.now() - t0;
    const expected = Math.floor((Buffer.byteLength(r.text) - 1) / 200) * 100;
    assert.ok(took >= expected - 20, `${Buffer.byteLength(r.text)} bytes in ${took} ms, expected ≥ ${expected}`);
    assert.equal(field(r.json, 'result'), 'SUCCESS');
    // The exact rate the brief names, measured on a small financing error body.
    const t1 = Date.now();
    const small = await send(agent, `${sim.baseUrl}/api/online/login`, { method: 'POST', headers: { 'X-Simulator-Fault': 'drip=50' }, body: {} });
    const bytes = Buffer.byteLength(small.text);
    assert.ok(Date.now() - t1 >= Math.floor((bytes - 1) / 50) * 100 - 20);
  });

  it('POST /_simulator/faults applies a fault to the next N requests only, and the control endpoint is never faulted', async () => {
    const set = await send(agent, `${sim.controlUrl}/faults`, { method: 'POST', body: { fault: 'status=502', count: 2 } });
    assert.equal(set.status, 200);
    assert.deepEqual(field(set.json, 'plan'), { fault: 'status=502', remaining: 2 });
    assert.equal((await put()).status, 502);
    assert.equal((await send(agent, `${sim.controlUrl}/faults`)).status, 200);
    assert.equal((await put()).status, 502);
    assert.equal((await put()).status, 201);
    const bad = await send(agent, `${sim.controlUrl}/faults`, { method: 'POST', body: { fault: 'explode' } });
    assert.equal(bad.status, 400);
  });

  it('setFaults() on the handle works like the control endpoint; the header wins over the plan', async () => {
    sim.setFaults({ fault: 'status=503' });
    assert.equal((await put()).status, 503);
    assert.equal((await put({ 'X-Simulator-Fault': 'latency=0' })).status, 201);
    sim.setFaults(undefined);
    assert.equal((await put()).status, 201);
  });

  it('parses combined faults and rejects unknown ones with a clear message', () => {
    assert.deepEqual(parseFault('latency=10, status=500'), { latencyMs: 10, status: 500 });
    assert.throws(() => parseFault('status=200'), /status needs an integer from 400 to 599/);
    assert.throws(() => parseFault('boom'), /unknown/);
  });
});
