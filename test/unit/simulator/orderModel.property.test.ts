/**
 * Property, over loopback against the real simulator through the core (request runner, decoder, next
 * steps): whatever operations a client sends on an order — authorize, pay, capture, refund, void of any
 * of its transactions, with random amounts — the order keeps refunded ≤ captured ≤ authorized, and every
 * next step an answer offers is accepted when sent as offered. Seeded, and bounded to stay a few seconds.
 */
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { compare, parseDecimal } from '../../../src/catalogue/decimal';
import type { Exchange } from '../../../src/send/exchange';
import { nextStepsFor } from '../../../src/orders/answers/nextSteps';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID } from '../../../src/simulator';
import { useSimulatorSender, type SimulatorSender } from '../../harness/simulatorSender';

type Step =
  | { op: 'authorize' | 'pay' | 'capture' | 'refund'; amount: string }
  | { op: 'void'; pick: number }
  | { op: 'next'; pick: number };

const CARD = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
const amount = fc.integer({ min: 1, max: 15_000 }).map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
const pick = fc.nat({ max: 1000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constantFrom('authorize' as const, 'pay' as const, 'capture' as const, 'refund' as const), amount }),
  fc.record({ op: fc.constant('void' as const), pick }),
  fc.record({ op: fc.constant('next' as const), pick }),
  fc.record({ op: fc.constant('next' as const), pick }),
);

const OPERATION = { authorize: 'gateway.authorize', pay: 'gateway.pay', capture: 'gateway.capture', refund: 'gateway.refund' } as const;

function bodyOf(s: Extract<Step, { amount: string }>): Record<string, unknown> {
  if (s.op === 'authorize' || s.op === 'pay') return { apiOperation: s.op.toUpperCase(), order: { amount: s.amount, currency: 'EUR' }, sourceOfFunds: CARD };
  return { apiOperation: s.op.toUpperCase(), transaction: { amount: s.amount, currency: 'EUR' } };
}

const accepted = (e: Exchange): boolean => (e.response?.status === 200 || e.response?.status === 201) && e.decoded?.outcome?.result === 'SUCCESS';

describe('simulator and next steps: one order model (property, seeded)', function () {
  this.timeout(120_000);
  let sender: SimulatorSender;
  useSimulatorSender((s) => { sender = s; });
  let run = 0;
  let n = 0;

  it('keeps refunded ≤ captured ≤ authorized, and every next step offered is accepted as offered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(step, { minLength: 1, maxLength: 10 }), async (authorizeOnly, steps) => {
        const orderId = `PROP-${++run}`;
        const env = authorizeOnly ? { ...sender.env, merchantId: SIMULATOR_AUTH_ONLY_MERCHANT_ID } : sender.env;
        const send = (operationId: string, body?: Record<string, unknown>, params: Record<string, string> = {}) =>
          sender.send({ operationId, params: { orderId, transactionId: `T-${++n}`, ...params }, ...(body ? { body } : {}) }, env);
        const answers: Exchange[] = [];
        let transactionIds: string[] = [];
        for (const [i, s] of steps.entries()) {
          let sent: Exchange | undefined;
          const where = `order ${orderId} (${authorizeOnly ? 'authorize-only' : 'auto-capture'}) after ${JSON.stringify(steps.slice(0, i + 1))}`;
          if (s.op === 'next') {
            const offered = answers.flatMap((a) => nextStepsFor(a)).filter((x) => x.operationId !== 'gateway.retrieveOrder');
            const chosen = offered[s.pick % Math.max(1, offered.length)];
            if (chosen) {
              sent = await send(chosen.operationId, chosen.body, chosen.params);
              assert.ok(accepted(sent), `the offered step "${chosen.label}" was refused: ${sent.response?.bodyText ?? ''} — ${where}`);
            }
          } else if (s.op === 'void') {
            const target = transactionIds[s.pick % Math.max(1, transactionIds.length)];
            if (target) sent = await send('gateway.void', { apiOperation: 'VOID', transaction: { targetTransactionId: target } });
          } else {
            sent = await send(OPERATION[s.op], bodyOf(s));
          }
          const read = await send('gateway.retrieveOrder');
          if (read.response?.status !== 200) continue; // no order yet: every step so far was refused
          const o = read.decoded?.order;
          const [authorized, captured, refunded] = [o?.totalAuthorizedAmount, o?.totalCapturedAmount, o?.totalRefundedAmount].map((t) => parseDecimal(t));
          assert.ok(authorized && captured && refunded, `totals missing ${where}: ${read.response.bodyText}`);
          assert.ok(compare(refunded, captured) <= 0, `refunded ${o?.totalRefundedAmount} > captured ${o?.totalCapturedAmount} ${where}`);
          assert.ok(compare(captured, authorized) <= 0, `captured ${o?.totalCapturedAmount} > authorized ${o?.totalAuthorizedAmount} ${where}`);
          transactionIds = (o?.transactions ?? []).map((t) => t.id).filter((id) => id !== undefined);
          // The next steps of the order's state now: those of the answer to the step, and of Retrieve Order.
          answers.splice(0, answers.length, ...(sent && accepted(sent) ? [sent] : []), read);
        }
      }),
      { seed: 2107, numRuns: 100 },
    );
  });
});
