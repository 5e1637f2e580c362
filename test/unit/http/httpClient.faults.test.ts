import * as assert from 'node:assert/strict';
import { startSimulator } from '../../../src/simulator';
import { HttpClient } from '../../../src/http';
import { loginRequest } from './support/financingCalls';
import { closedPort, expectFailure } from './support/network';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/** Scheduling slack on a loaded CI machine; the budgets themselves are what is being tested. */
const SLACK_MS = 400;

describe('HttpClient against the simulator: network faults', function () {
  let sim: Simulator;
  let client: HttpClient;

  before(async () => {
    sim = await startSimulator({ port: 0 });
    client = new HttpClient();
  });

  after(async () => {
    await client.destroy();
    await sim.close();
  });

  it('answers normally, with timing figures', async () => {
    const response = await client.send(loginRequest(sim.baseUrl, {}, 'latency=150'));
    assert.equal(response.status, 200);
    assert.ok(typeof (response.json as { access_token?: unknown }).access_token === 'string');
    assert.equal(response.sizeBytes, Buffer.byteLength(response.bodyText));
    assert.ok(response.timing.ttfbMs >= 140, `ttfb ${response.timing.ttfbMs}`);
    assert.ok(response.timing.totalMs >= response.timing.ttfbMs);
  });

  it('refused: a closed port says so, and hints at the simulator only for a client of the simulator', async () => {
    const port = await closedPort();
    const { failure } = await expectFailure(client.send(loginRequest(`http://127.0.0.1:${port}`, { timeoutMs: 2000 })), 'refused', 2000);
    assert.equal(failure.message, `Connection refused by 127.0.0.1:${port} (ECONNREFUSED) — is the service running and the URL right?`);
    const simulatorClient = new HttpClient({}, { localSimulator: true });
    try {
      const { failure: toSimulator } = await expectFailure(simulatorClient.send(loginRequest(`http://127.0.0.1:${port}`, { timeoutMs: 2000 })), 'refused', 2000);
      assert.equal(toSimulator.message, `Connection refused by 127.0.0.1:${port} (ECONNREFUSED) — is the simulator running?`);
    } finally {
      await simulatorClient.destroy();
    }
  });

  it('timeout: latency beyond the budget ends at the budget', async () => {
    const { failure } = await expectFailure(client.send(loginRequest(sim.baseUrl, { timeoutMs: 300 }, 'latency=3000')), 'timeout', 300 + SLACK_MS);
    assert.match(failure.message, /^No response from 127\.0\.0\.1:\d+ within 300 ms$/);
  });

  it('reset: a dropped connection is a reset', async () => {
    const { failure } = await expectFailure(client.send(loginRequest(sim.baseUrl, { timeoutMs: 2000 }, 'reset')), 'reset', 2000);
    assert.match(failure.message, /127\.0\.0\.1:\d+ was reset/);
  });

  it('tooLarge: a 20 MB body is cut off at the 10 MB cap without reading it all', async () => {
    const { failure } = await expectFailure(
      client.send(loginRequest(sim.baseUrl, { timeoutMs: 5000, maxResponseBytes: 10 * 1024 * 1024 }, 'huge=20000000')),
      'tooLarge',
      5000,
    );
    assert.match(failure.message, /^Response from 127\.0\.0\.1:\d+ larger than 10 MB was cut off$/);
  });

  it('timeout: a slow-drip body is cut at the total budget, not per chunk', async () => {
    // 5 bytes every 100 ms: each chunk is "on time", only a total budget catches it.
    const { failure } = await expectFailure(client.send(loginRequest(sim.baseUrl, { timeoutMs: 600 }, 'drip=5')), 'timeout', 600 + SLACK_MS);
    assert.match(failure.message, /^Response from 127\.0\.0\.1:\d+ did not finish within 600 ms$/);
  });

  it('aborted: cancelling mid-flight ends the request at once', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { failure } = await expectFailure(
      client.send(loginRequest(sim.baseUrl, { timeoutMs: 5000, signal: controller.signal }, 'latency=3000')),
      'aborted',
      100 + SLACK_MS,
    );
    assert.match(failure.message, /cancelled/);
  });

  it('aborted: an already cancelled signal sends nothing', async () => {
    const before = sim.requestLog.entries.length;
    await expectFailure(client.send(loginRequest(sim.baseUrl, { signal: AbortSignal.abort() })), 'aborted', 100);
    assert.equal(sim.requestLog.entries.length, before);
  });

  it('a 5xx is a response, not a failure', async () => {
    const response = await client.send(loginRequest(sim.baseUrl, {}, 'status=503'));
    assert.equal(response.status, 503);
    assert.equal(response.jsonError, undefined);
  });

  it('malformed JSON is a response with json undefined and a jsonError', async () => {
    const response = await client.send(loginRequest(sim.baseUrl, {}, 'malformed'));
    assert.equal(response.status, 200);
    assert.equal(response.json, undefined);
    assert.match(response.jsonError ?? '', /not valid JSON/);
    assert.ok(response.bodyText.length > 0);
  });

  it('keeps working after every fault (the pool recovers)', async () => {
    const response = await client.send(loginRequest(sim.baseUrl));
    assert.equal(response.status, 200);
  });
});
