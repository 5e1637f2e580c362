import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import type { Agent } from 'undici';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, type SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, basicAuth, field, MID, send, useSimulator, type Answer } from './helpers';

/**
 * Whatever a client sends, in whatever order, an order never gives back more than it took and never
 * takes more than was authorized: refunded ≤ captured ≤ authorized. An order opened by a standalone
 * refund took nothing, and stays so (captured = authorized = 0).
 */

type Step =
  | { op: 'authorize'; order: number; amount: string }
  | { op: 'update'; order: number; amount: string }
  | { op: 'refund'; order: number; amount: string }
  | { op: 'standaloneRefund'; order: number; amount: string }
  | { op: 'verify'; order: number };

// Orders 0 and 1 belong to the auto-capture merchant, 2 and 3 to the authorize-only one.
const ORDERS = 4;
const merchantOf = (order: number): string => (order < 2 ? MID : SIMULATOR_AUTH_ONLY_MERCHANT_ID);

const amount = fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 99 })).filter(([u, c]) => u + c > 0).map(([u, c]) => `${u}.${String(c).padStart(2, '0')}`);
const order = fc.integer({ min: 0, max: ORDERS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('authorize' as const), order, amount }),
  fc.record({ op: fc.constant('update' as const), order, amount }),
  fc.record({ op: fc.constant('refund' as const), order, amount }),
  fc.record({ op: fc.constant('standaloneRefund' as const), order, amount }),
  fc.record({ op: fc.constant('verify' as const), order }),
);

const card = { number: '5123450000000008', expiry: { month: '1', year: '39' } };

function bodyOf(s: Step): Record<string, unknown> {
  switch (s.op) {
    case 'authorize': return authorizeBody({ amount: s.amount });
    case 'update': return { apiOperation: 'UPDATE_AUTHORIZATION', transaction: { amount: s.amount, currency: 'USD' } };
    case 'refund': return { apiOperation: 'REFUND', transaction: { amount: s.amount, currency: 'USD' } };
    case 'standaloneRefund': return { apiOperation: 'REFUND', transaction: { amount: s.amount, currency: 'USD' }, sourceOfFunds: { type: 'CARD', provided: { card } } };
    case 'verify': return { apiOperation: 'VERIFY', order: { currency: 'USD' }, sourceOfFunds: { provided: { card } } };
  }
}

/** A total as exact thousandths, read from the JSON text (a parsed float could hide an inexactness). */
function total(answer: Answer, name: string): bigint {
  const text = new RegExp(`"${name}":(\\d+)(?:\\.(\\d{1,3}))?[,}]`).exec(answer.text);
  assert.ok(text, `${name} missing in ${answer.text.slice(0, 300)}`);
  return BigInt(text[1]!) * 1000n + BigInt((text[2] ?? '').padEnd(3, '0'));
}

describe('simulator: refunded ≤ captured ≤ authorized for every sequence of operations (property)', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  let agent: Agent;
  let run = 0;

  useSimulator({ processingDelayMs: 0 }, (s, a) => {
    sim = s;
    agent = a;
  });

  const orderUrl = (runId: number, o: number): string => `${sim.baseUrl}/api/rest/version/100/merchant/${merchantOf(o)}/order/INV-${runId}-${o}`;
  const auth = (o: number): string => basicAuth(`merchant.${merchantOf(o)}`);

  it('holds after every step of random authorize / update / refund / verify / standalone refund sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const runId = ++run;
        const standalone = new Set<number>();
        for (const [i, s] of steps.entries()) {
          const version = s.op === 'update' ? 18 : s.op === 'verify' ? 100 : s.op === 'authorize' ? 11 : 13;
          const url = `${orderUrl(runId, s.order).replace('/version/100/', `/version/${version}/`)}/transaction/T${i}`;
          const answer = await send(agent, url, { method: 'PUT', headers: { authorization: auth(s.order) }, body: bodyOf(s) });
          assert.ok(answer.status === 201 || answer.status === 400, `${s.op}: HTTP ${answer.status} ${answer.text}`);
          if (s.op === 'standaloneRefund' && answer.status === 201 && field(answer.json, 'transaction.type') === 'REFUND') {
            const txns = await send(agent, orderUrl(runId, s.order), { headers: { authorization: auth(s.order) } });
            if ((field(txns.json, 'transaction') as unknown[] | undefined)?.length === 1) standalone.add(s.order);
          }
          const read = await send(agent, orderUrl(runId, s.order), { headers: { authorization: auth(s.order) } });
          if (read.status !== 200) continue; // no order yet (every step on it so far was refused)
          const authorized = total(read, 'totalAuthorizedAmount');
          const captured = total(read, 'totalCapturedAmount');
          const refunded = total(read, 'totalRefundedAmount');
          const where = `after ${JSON.stringify(steps.slice(0, i + 1))}: authorized ${authorized}, captured ${captured}, refunded ${refunded} (thousandths)`;
          if (standalone.has(s.order)) {
            assert.equal(captured, 0n, `an order opened by a standalone refund took money ${where}`);
            assert.equal(authorized, 0n, `an order opened by a standalone refund took money ${where}`);
          } else {
            assert.ok(refunded <= captured, `refunded > captured ${where}`);
            assert.ok(captured <= authorized, `captured > authorized ${where}`);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses an Authorize on an order opened by a standalone refund: a new sale needs a new order id', async () => {
    const url = `${sim.baseUrl}/api/rest/version/13/merchant/${MID}/order/INV-SA/transaction`;
    const refunded = await send(agent, `${url}/r`, { method: 'PUT', headers: { authorization: basicAuth() }, body: bodyOf({ op: 'standaloneRefund', order: 0, amount: '100.00' }) });
    assert.equal(refunded.status, 201, refunded.text);
    const authorized = await send(agent, `${url.replace('/13/', '/11/')}/a`, { method: 'PUT', headers: { authorization: basicAuth() }, body: authorizeBody({ amount: '10.00' }) });
    assert.equal(authorized.status, 400, authorized.text);
    assert.equal(field(authorized.json, 'error.cause'), 'INVALID_REQUEST');
    assert.match(String(field(authorized.json, 'error.explanation')), /Order INV-SA is already REFUNDED; a new payment needs a new order id/);
  });
});
