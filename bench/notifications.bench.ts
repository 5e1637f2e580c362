import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { startReceiver } from '../src/notifications';
import type { Report } from './report';

const AREA = 'inbox';
const CONNECTIONS = 8;
const EVENTS = 4000;

/** A realistic webhook body: the Retrieve Transaction response of a capture (about 1 KB). */
function webhook(n: number): string {
  return JSON.stringify({
    merchant: 'TESTSIMULATOR01', result: 'SUCCESS', timeOfRecord: '2026-11-24T12:00:00.000Z', version: '100',
    order: { id: `ORD-BENCH-${n}`, amount: 100.0, currency: 'EUR', status: 'CAPTURED', totalAuthorizedAmount: 100.0, totalCapturedAmount: 100.0, totalRefundedAmount: 0.0 },
    response: { gatewayCode: 'APPROVED', acquirerCode: '00', acquirerMessage: 'Approved' },
    sourceOfFunds: { type: 'CARD', provided: { card: { brand: 'MASTERCARD', number: '512345xxxxxx0008', expiry: { month: '1', year: '39' } } } },
    transaction: { id: `T-${n}`, type: 'CAPTURE', amount: 100.0, currency: 'EUR', authorizationCode: '123456', acquirer: { id: 'SIMULATOR_ACQ', batch: 20261124 } },
  });
}

/** How many notifications a second the local inbox takes (parse, secret check, decode, redact, keep), over 8 connections. */
export async function run(report: Report): Promise<void> {
  const inbox = await startReceiver({ secret: () => 'bench-secret', maxEvents: 500 });
  const agent = new Agent({ connections: CONNECTIONS, keepAliveTimeout: 10_000 });
  let n = 0;
  const post = async (): Promise<void> => {
    const i = n++;
    const res = await request(inbox.urlFor('gateway'), { dispatcher: agent, method: 'POST', headers: { 'content-type': 'application/json', 'x-notification-secret': 'bench-secret', 'x-notification-id': `N-${i}` }, body: webhook(i) });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`the inbox answered ${res.statusCode}`);
  };
  const burst = async (count: number): Promise<number> => {
    const started = performance.now();
    let left = count;
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (left-- > 0) await post();
    }));
    return count / ((performance.now() - started) / 1000);
  };
  try {
    await burst(500);
    const rate = await burst(EVENTS);
    report(AREA, `webhooks taken per second (${CONNECTIONS} connections, ${EVENTS} events, ~1 KB)`, Math.round(rate), 'events/s');
    report(AREA, 'events kept after the run (bound 500)', inbox.events().length);
  } finally {
    await agent.close();
    await inbox.close();
  }
}
