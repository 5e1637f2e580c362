/**
 * The simulator delivers to the local inbox as the gateway does: the merchant's secret, one
 * notification id on every attempt, an attempt counter, and retries while the receiver refuses.
 */
import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import { startReceiver, type NotificationReceiver } from '../../../src/notifications';
import type { SimulatorHandle } from '../../../src/simulator';
import { MID, authorizeBody, gatewayPut, useSimulator, waitUntil } from '../simulator/helpers';

describe('simulator → local inbox delivery', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({ processingDelayMs: 0, notificationRetryDelaysMs: [50, 50, 50] }, (s, a) => {
    sim = s;
    agent = a;
  });
  let inbox: NotificationReceiver;
  let secret = 'not the merchant secret';
  before(async () => {
    inbox = await startReceiver({ secret: () => secret });
  });
  after(() => inbox.close());

  it('retries a refused webhook with the same notification id and the next attempt number, until it is taken', async () => {
    const refused = new Promise<void>((resolve) => {
      const sub = inbox.onEvent((e) => {
        if (e.verified !== false) return;
        sub.dispose();
        secret = `${MID}-notification-secret`; // the receiver is fixed: the next attempt is taken
        resolve();
      });
    });
    const body = { ...authorizeBody(), order: { amount: '5.00', currency: 'USD', notificationUrl: inbox.urlFor('gateway') } };
    assert.equal((await gatewayPut(agent, sim.baseUrl, 11, 'D-1', 'T-1', body)).status, 201);
    await refused;
    const taken = await inbox.waitFor((e) => e.orderId === 'D-1' && e.verified === true, 5000);
    assert.ok(taken, 'the retry arrived and was verified');
    assert.equal(taken.attempts, 2, 'one event, two deliveries');
    assert.equal(taken.summary.transactionType, 'PAYMENT');
    await waitUntil(() => sim.requestLog.entries.filter((e) => e.kind === 'webhook').length === 2, 'two logged attempts');
    const attempts = sim.requestLog.entries.filter((e) => e.kind === 'webhook');
    assert.deepEqual(attempts.map((a) => [a.status, a.requestHeaders['x-notification-attempt']]), [[401, '1'], [200, '2']]);
    assert.equal(attempts[0]?.requestHeaders['x-notification-id'], attempts[1]?.requestHeaders['x-notification-id']);
    assert.equal(attempts[0]?.requestHeaders['x-notification-secret'], '<redacted>');
  });

  it('gives up after the last retry of the schedule: 1 + 3 attempts to a receiver that never takes it', async () => {
    secret = 'wrong again';
    const before = sim.requestLog.entries.filter((e) => e.kind === 'webhook').length;
    const body = { ...authorizeBody(), order: { amount: '5.00', currency: 'USD', notificationUrl: inbox.urlFor('gateway') } };
    await gatewayPut(agent, sim.baseUrl, 11, 'D-2', 'T-1', body);
    await waitUntil(() => sim.requestLog.entries.filter((e) => e.kind === 'webhook').length - before === 4, 'four attempts');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(sim.requestLog.entries.filter((e) => e.kind === 'webhook').length - before, 4, 'no fifth attempt');
    const event = inbox.events().find((e) => e.orderId === 'D-2');
    assert.deepEqual([event?.attempts, event?.verified], [4, false]);
  });
});
