import * as assert from 'node:assert/strict';
import { decimalText, parseDecimal, type Decimal } from '../../../src/catalogue/decimal';
import { orderOf, type Order, type OrderTransaction } from '../../../src/orders/model';
import { whatCanFollow, whyNotVoidable, whyRefused, type FollowUp, type FollowUpRequest } from '../../../src/orders/whatCanFollow';

/** What can follow an order in each state, and why the gateway refuses a step: the rules next steps and the simulator share. */

const d = (text: string): Decimal => parseDecimal(text) ?? (() => { throw new Error(text); })();

const txn = (id: string, type: string, amount: string, approved = true, targetTransactionId?: string): OrderTransaction => ({
  id, type, amount: d(amount), approved, result: approved ? 'SUCCESS' : 'FAILURE', gatewayCode: approved ? 'APPROVED' : 'DECLINED',
  ...(targetTransactionId ? { targetTransactionId } : {}),
});

function order(status: string, authorized: string, captured: string, refunded: string, transactions: OrderTransaction[] = []): Order {
  return orderOf({ id: 'O-1', status, currency: 'EUR', totals: { authorized: d(authorized), captured: d(captured), refunded: d(refunded) }, transactions });
}

/** "capture 60.00", "void T2", "retrieveOrder" */
function step(f: FollowUp): string {
  switch (f.kind) {
    case 'capture':
    case 'refund':
    case 'updateAuthorization':
      return `${f.kind} ${decimalText(f.amount)}`;
    case 'void':
      return `void ${f.target.id}`;
    case 'retrieveOrder':
      return f.why ? `retrieveOrder (${f.why})` : 'retrieveOrder';
    default:
      return `${f.kind} ${f.transactionId}`;
  }
}

const AUTH = txn('A1', 'AUTHORIZATION', '100.00');
const PAY = txn('P1', 'PAYMENT', '100.00');

describe('whatCanFollow: what an order in each state offers', () => {
  const table: [string, Order, string[]][] = [
    ['AUTHORIZED, nothing captured: capture all, update, void the authorization', order('AUTHORIZED', '100.00', '0.00', '0.00', [AUTH]), ['capture 100.00', 'updateAuthorization 100.00', 'void A1', 'retrieveOrder']],
    ['PARTIALLY_CAPTURED: capture the rest, refund the captured, void the newest capture (not the authorization)', order('PARTIALLY_CAPTURED', '100.00', '40.00', '0.00', [AUTH, txn('C1', 'CAPTURE', '40.00')]), ['capture 60.00', 'refund 40.00', 'void C1', 'retrieveOrder']],
    ['CAPTURED by a payment: refund all, void the payment', order('CAPTURED', '100.00', '100.00', '0.00', [PAY]), ['refund 100.00', 'void P1', 'retrieveOrder']],
    ['PARTIALLY_REFUNDED: refund the rest, void the refund (the payment was refunded from)', order('PARTIALLY_REFUNDED', '100.00', '100.00', '30.00', [PAY, txn('R1', 'REFUND', '30.00')]), ['refund 70.00', 'void R1', 'retrieveOrder']],
    ['REFUNDED: nothing left; void the last refund', order('REFUNDED', '100.00', '100.00', '100.00', [PAY, txn('R1', 'REFUND', '100.00')]), ['void R1', 'retrieveOrder']],
    ['CANCELLED: only reading it again', order('CANCELLED', '100.00', '0.00', '0.00', [AUTH, txn('V1', 'VOID_AUTHORIZATION', '100.00', true, 'A1')]), ['retrieveOrder']],
    ['FAILED (declined): nothing to void, nothing to capture', order('FAILED', '0.00', '0.00', '0.00', [txn('A1', 'AUTHORIZATION', '100.00', false)]), ['retrieveOrder']],
    ['VERIFIED: a verification moves no money, nothing to void', order('VERIFIED', '0.00', '0.00', '0.00', [txn('V1', 'VERIFICATION', '0.00')]), ['retrieveOrder']],
    ['AUTHORIZED with a voided capture: the void target is the authorization again', order('AUTHORIZED', '100.00', '0.00', '0.00', [AUTH, txn('C1', 'CAPTURE', '40.00'), txn('V1', 'VOID_CAPTURE', '40.00', true, 'C1')]), ['capture 100.00', 'updateAuthorization 100.00', 'void A1', 'retrieveOrder']],
    ['totals that do not add up: only reading it again, with the reason', order('CAPTURED', '100.00', '150.00', '0.00', [AUTH]), ['retrieveOrder (the totals in this answer are inconsistent: captured 150.00 is more than authorized 100.00)']],
    ['a standalone refund: nothing else, void the refund', order('REFUNDED', '0', '0', '12.34', [txn('R1', 'REFUND', '12.34')]), ['void R1', 'retrieveOrder']],
  ];
  for (const [title, o, steps] of table) it(title, () => assert.deepEqual(whatCanFollow(o).map(step), steps));

  it('3-D Secure: Authenticate Payer after Initiate; read again during the challenge; pay with Y or A; nothing after N', () => {
    const base = { id: 'O-1', status: 'AUTHENTICATION_INITIATED', currency: 'EUR', totals: {}, transactions: [] };
    const at = (stage: 'initiated' | 'challenge' | 'done', proceed: boolean, available = true) =>
      whatCanFollow(orderOf({ ...base, authentication: { transactionId: 'T3', stage, available, proceed, amount: d('10.00') } })).map(step);
    assert.deepEqual(at('initiated', false), ['authenticatePayer T3']);
    assert.deepEqual(at('initiated', false, false), ['retrieveOrder (3-D Secure is not available for this card: pay without authentication.transactionId)']);
    assert.deepEqual(at('challenge', false), ['retrieveAuthentication T3']);
    assert.deepEqual(at('done', true), ['payWithAuthentication T3', 'payWithAuthentication T3', 'retrieveOrder']);
    assert.deepEqual(at('done', false), ['retrieveOrder (the authentication did not succeed: no payment may use it)']);
  });

  it('every step offered is a step accepted (the simulator refuses none of them)', () => {
    for (const [, o] of table) {
      for (const f of whatCanFollow(o)) {
        const request: FollowUpRequest | undefined =
          f.kind === 'capture' || f.kind === 'refund' ? { kind: f.kind, amount: f.amount, amountText: decimalText(f.amount), currency: 'EUR' }
            : f.kind === 'updateAuthorization' ? { kind: 'updateAuthorization' }
              : f.kind === 'void' ? { kind: 'void', targetTransactionId: f.target.id } : undefined;
        if (request) assert.equal(whyRefused(o, request), undefined, `${o.status}: ${step(f)}`);
      }
    }
  });
});

describe('whyRefused and whyNotVoidable: why the gateway refuses a step', () => {
  const captured = order('PARTIALLY_CAPTURED', '100.00', '40.00', '10.00', [AUTH, txn('C1', 'CAPTURE', '40.00'), txn('R1', 'REFUND', '10.00')]);
  const money = (kind: 'capture' | 'refund', amountText: string, currency = 'EUR'): FollowUpRequest => ({ kind, amount: d(amountText), amountText, currency });
  const table: [string, Order, FollowUpRequest, string | undefined][] = [
    ['capture of what is left', captured, money('capture', '60.00'), undefined],
    ['capture beyond what is left (one cent)', captured, money('capture', '60.01'), "transaction.amount: Value '60.01' is invalid. Requested capture amount exceeds the authorized amount left to capture (60.00 EUR)"],
    ['capture in another currency', captured, money('capture', '1.00', 'USD'), "transaction.currency: Value 'USD' is invalid. Currency must match the order currency EUR"],
    ['capture on a CAPTURED order', order('CAPTURED', '100', '100', '0', [PAY]), money('capture', '1.00'), 'Capture is not allowed for order O-1: its status is CAPTURED; only an authorized order not fully captured can be captured'],
    ['capture on a CANCELLED order', order('CANCELLED', '100', '0', '0', [AUTH]), money('capture', '1.00'), 'Capture is not allowed for order O-1: its status is CANCELLED; only an authorized order not fully captured can be captured'],
    ['refund of what is left', captured, money('refund', '30.00'), undefined],
    ['refund beyond what is left', captured, money('refund', '30.001'), "transaction.amount: Value '30.001' is invalid. Requested refund amount exceeds the captured amount available for refund (30.00 EUR)"],
    ['update on an AUTHORIZED order', order('AUTHORIZED', '100', '0', '0', [AUTH]), { kind: 'updateAuthorization' }, undefined],
    ['update once something is captured', captured, { kind: 'updateAuthorization' }, 'Update Authorization is not allowed for order O-1: its status is PARTIALLY_CAPTURED, it must be AUTHORIZED (funds already captured cannot be re-authorized)'],
    ['void of an unknown transaction', captured, { kind: 'void', targetTransactionId: 'NOPE' }, "transaction.targetTransactionId: Value 'NOPE' is invalid. Order O-1 has no transaction NOPE"],
    ['void of the authorization with captures on it', captured, { kind: 'void', targetTransactionId: 'A1' }, 'The authorization A1 has captures on it; void the captures first, or refund what was captured'],
    ['void of a capture refunded from', captured, { kind: 'void', targetTransactionId: 'C1' }, 'Capture C1 cannot be voided: 10.00 EUR of it was refunded (captured 40.00, refunded 10.00 EUR); void the refunds first'],
    ['void of the refund', captured, { kind: 'void', targetTransactionId: 'R1' }, undefined],
    ['void of a declined transaction', order('FAILED', '0', '0', '0', [txn('A1', 'AUTHORIZATION', '100.00', false)]), { kind: 'void', targetTransactionId: 'A1' }, 'Transaction A1 was not approved (result FAILURE, gatewayCode DECLINED); there is nothing to void'],
    ['void of a void', order('CANCELLED', '100', '0', '0', [AUTH, txn('V1', 'VOID_AUTHORIZATION', '100', true, 'A1')]), { kind: 'void', targetTransactionId: 'V1' }, 'Transaction V1 is a VOID_AUTHORIZATION, which cannot be voided; only an authorization, capture, payment or refund can'],
    ['void twice', order('AUTHORIZED', '100', '0', '0', [AUTH, txn('C1', 'CAPTURE', '40'), txn('V1', 'VOID_CAPTURE', '40', true, 'C1')]), { kind: 'void', targetTransactionId: 'C1' }, 'Transaction C1 is already voided'],
    ['void of a verification', order('VERIFIED', '0', '0', '0', [txn('V1', 'VERIFICATION', '0')]), { kind: 'void', targetTransactionId: 'V1' }, 'Transaction V1 is a VERIFICATION, which cannot be voided; only an authorization, capture, payment or refund can'],
  ];
  for (const [title, o, request, refusal] of table) {
    it(`${title}: ${refusal === undefined ? 'accepted' : 'refused'}`, () => {
      const r = whyRefused(o, request);
      assert.equal(r && (r.field ? `${r.field}: ${r.explanation}` : r.explanation), refusal);
    });
  }

  it('whyNotVoidable names the reason for each transaction of an order, and undefined for the one that can be voided', () => {
    const reasons = captured.transactions.map((t) => [t.id, whyNotVoidable(captured, t) === undefined ? 'voidable' : 'not voidable']);
    assert.deepEqual(reasons, [['A1', 'not voidable'], ['C1', 'not voidable'], ['R1', 'voidable']]);
  });
});
