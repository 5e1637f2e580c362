/**
 * A webhook receiver that takes the connection and never finishes its answer (headers, then a byte
 * now and then) must not hold the simulator: each attempt has a total deadline, and closing the
 * simulator waits only a short grace for attempts in flight.
 */
import * as assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, gatewayPut, newAgent, waitUntil } from './helpers';

async function startDrippingReceiver(): Promise<{ url: string; requests(): number; close(): Promise<void> }> {
  const open = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    req.resume();
    open.add(res);
    res.writeHead(200, { 'content-type': 'text/plain' });
    // A byte every 100 ms keeps the socket busy, so an idle timeout never fires.
    const timer = setInterval(() => res.write('.'), 100);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway`,
    requests: () => requests,
    close: async () => {
      for (const t of timers) clearInterval(t);
      for (const r of open) r.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('simulator: outbound notifications to a receiver that never finishes answering', function () {
  this.timeout(30_000);
  let receiver: Awaited<ReturnType<typeof startDrippingReceiver>>;
  beforeEach(async () => {
    receiver = await startDrippingReceiver();
  });
  afterEach(() => receiver.close());

  async function simulatorWithWebhookInFlight(): Promise<SimulatorHandle> {
    const sim = await startSimulator({ port: 0, processingDelayMs: 0, notificationRetryDelaysMs: [] });
    const agent = newAgent();
    const body = { ...authorizeBody(), order: { amount: '5.00', currency: 'USD', notificationUrl: receiver.url } };
    assert.equal((await gatewayPut(agent, sim.baseUrl, 11, 'DRIP-1', '1', body)).status, 201);
    await agent.close();
    await waitUntil(() => receiver.requests() === 1, 'the webhook reached the receiver');
    return sim;
  }

  it('an attempt ends at its total deadline, logged with what happened', async () => {
    const sim = await simulatorWithWebhookInFlight();
    try {
      await waitUntil(() => sim.requestLog.entries.some((e) => e.kind === 'webhook'), 'the attempt ended', 15_000);
      const [attempt] = sim.requestLog.entries.filter((e) => e.kind === 'webhook');
      assert.equal(attempt?.status, 0);
      assert.match(attempt?.error ?? '', /no complete answer within \d+ ms/);
    } finally {
      await sim.close();
    }
  });

  it('closing the simulator does not wait for it: the attempt in flight is stopped and logged as such', async () => {
    const sim = await simulatorWithWebhookInFlight();
    await sim.close();
    const [attempt] = sim.requestLog.entries.filter((e) => e.kind === 'webhook');
    assert.match(attempt?.error ?? '', /the simulator stopped/);
  });
});
