import * as assert from 'node:assert/strict';
import { decimalText, parseDecimal, type Decimal } from '../../../src/catalogue/decimal';
import { applyTransaction, type OrderState, type TransactionFacts } from '../../../src/orders/applyTransaction';

/** What one transaction does to its order: the status and the totals after it, in exact decimals. */

const d = (text: string): Decimal => {
  const value = parseDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};

const state = (status: string, authorized: string, captured: string, refunded: string): OrderState => ({ status, totals: { authorized: d(authorized), captured: d(captured), refunded: d(refunded) } });

/** "AUTHORIZED 100 / 0 / 0", totals compared by value (10.50 reads as 10.5). */
function show(s: OrderState): string {
  const text = (x: Decimal) => decimalText(x).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return `${s.status} ${text(s.totals.authorized)} / ${text(s.totals.captured)} / ${text(s.totals.refunded)}`;
}

const approved = (type: string, amount: string, target?: { type: string; amount: string }): TransactionFacts => ({
  type, amount: d(amount), result: 'SUCCESS', gatewayCode: 'APPROVED', ...(target ? { target: { type: target.type, amount: d(target.amount) } } : {}),
});
const declined = (type: string, amount: string, gatewayCode = 'DECLINED'): TransactionFacts => ({ type, amount: d(amount), result: 'FAILURE', gatewayCode });

describe('applyTransaction: the order after one transaction', () => {
  // [order before (undefined: the transaction opens it), transaction, order after]
  const table: [string, OrderState | undefined, TransactionFacts, string][] = [
    ['an approved authorization opens an order', undefined, approved('AUTHORIZATION', '100.00'), 'AUTHORIZED 100 / 0 / 0'],
    ['an approved payment authorizes and captures', undefined, approved('PAYMENT', '100.00'), 'CAPTURED 100 / 100 / 0'],
    ['a declined authorization fails the order', undefined, declined('AUTHORIZATION', '100.00'), 'FAILED 0 / 0 / 0'],
    ['a payment blocked by risk fails the order', undefined, declined('PAYMENT', '60000.00', 'BLOCKED'), 'FAILED 0 / 0 / 0'],
    ['a retry after a decline takes the failed order', state('FAILED', '0', '0', '0'), approved('AUTHORIZATION', '10.00'), 'AUTHORIZED 10 / 0 / 0'],
    ['a verification that opens an order names it VERIFIED', undefined, approved('VERIFICATION', '0.00'), 'VERIFIED 0 / 0 / 0'],
    ['a failed verification that opens an order fails it', undefined, declined('VERIFICATION', '0.00', 'EXPIRED_CARD'), 'FAILED 0 / 0 / 0'],
    ['a verification on an authorized order changes nothing', state('AUTHORIZED', '10', '0', '0'), approved('VERIFICATION', '0.00'), 'AUTHORIZED 10 / 0 / 0'],
    ['a failed verification on an authorized order changes nothing', state('AUTHORIZED', '10', '0', '0'), declined('VERIFICATION', '0.00'), 'AUTHORIZED 10 / 0 / 0'],
    ['an UNKNOWN outcome leaves a new order INITIATED', undefined, { type: 'VERIFICATION', amount: d('0'), result: 'UNKNOWN', gatewayCode: 'UNKNOWN' }, 'INITIATED 0 / 0 / 0'],
    ['a submitted browser payment leaves the order INITIATED', state('FAILED', '0', '0', '0'), { type: 'PAYMENT', amount: d('25.50'), result: 'SUCCESS', gatewayCode: 'SUBMITTED' }, 'INITIATED 0 / 0 / 0'],
    ['a pending browser payment changes nothing', state('INITIATED', '0', '0', '0'), { type: 'PAYMENT', amount: d('25.50'), result: 'PENDING', gatewayCode: 'PENDING' }, 'INITIATED 0 / 0 / 0'],
    ['a browser payment the payer aborted cancels the order', state('INITIATED', '0', '0', '0'), declined('AUTHORIZATION', '25.50', 'ABORTED'), 'CANCELLED 0 / 0 / 0'],
    ['a part captured', state('AUTHORIZED', '100.00', '0', '0'), approved('CAPTURE', '40.00'), 'PARTIALLY_CAPTURED 100 / 40 / 0'],
    ['the rest captured', state('PARTIALLY_CAPTURED', '100.00', '40.00', '0'), approved('CAPTURE', '60.00'), 'CAPTURED 100 / 100 / 0'],
    ['a capture of 10.5 on 10.50 authorized captures it all (scale does not matter)', state('AUTHORIZED', '10.50', '0', '0'), approved('CAPTURE', '10.5'), 'CAPTURED 10.5 / 10.5 / 0'],
    ['a declined capture leaves the order as it was', state('AUTHORIZED', '100', '0', '0'), declined('CAPTURE', '40.00'), 'AUTHORIZED 100 / 0 / 0'],
    ['a part refunded', state('CAPTURED', '100', '100', '0'), approved('REFUND', '30.00'), 'PARTIALLY_REFUNDED 100 / 100 / 30'],
    ['the rest refunded', state('PARTIALLY_REFUNDED', '100', '100', '30'), approved('REFUND', '70.00'), 'REFUNDED 100 / 100 / 100'],
    ['a refund after a partial capture refunds against what was captured', state('PARTIALLY_CAPTURED', '100', '40', '0'), approved('REFUND', '40.00'), 'REFUNDED 100 / 40 / 40'],
    ['a standalone refund opens a REFUNDED order', undefined, approved('REFUND', '12.34'), 'REFUNDED 0 / 0 / 12.34'],
    ['a declined refund leaves the order as it was', state('CAPTURED', '100', '100', '0'), declined('REFUND', '30.00'), 'CAPTURED 100 / 100 / 0'],
    ['an authorization update sets the authorized amount, down', state('AUTHORIZED', '100', '0', '0'), approved('AUTHORIZATION_UPDATE', '75.25'), 'AUTHORIZED 75.25 / 0 / 0'],
    ['an authorization update sets the authorized amount, up', state('AUTHORIZED', '100', '0', '0'), approved('AUTHORIZATION_UPDATE', '120.00'), 'AUTHORIZED 120 / 0 / 0'],
    ['a void of the authorization cancels the order', state('AUTHORIZED', '100', '0', '0'), approved('VOID_AUTHORIZATION', '100', { type: 'AUTHORIZATION', amount: '100' }), 'CANCELLED 0 / 0 / 0'],
    ['a void of an authorization updated to 120 leaves nothing authorized', state('AUTHORIZED', '120', '0', '0'), approved('VOID_AUTHORIZATION', '100', { type: 'AUTHORIZATION', amount: '100' }), 'CANCELLED 0 / 0 / 0'],
    ['a void of the payment cancels the order and gives the authorization and the capture back', state('CAPTURED', '100', '100', '0'), approved('VOID_PAYMENT', '100', { type: 'PAYMENT', amount: '100' }), 'CANCELLED 0 / 0 / 0'],
    ['a void of the only capture leaves the order AUTHORIZED', state('CAPTURED', '100', '100', '0'), approved('VOID_CAPTURE', '100', { type: 'CAPTURE', amount: '100' }), 'AUTHORIZED 100 / 0 / 0'],
    ['a void of one of two captures leaves it PARTIALLY_CAPTURED', state('CAPTURED', '100', '100', '0'), approved('VOID_CAPTURE', '60', { type: 'CAPTURE', amount: '60' }), 'PARTIALLY_CAPTURED 100 / 40 / 0'],
    ['a void of one of two refunds leaves it PARTIALLY_REFUNDED', state('REFUNDED', '100', '100', '100'), approved('VOID_REFUND', '30', { type: 'REFUND', amount: '30' }), 'PARTIALLY_REFUNDED 100 / 100 / 70'],
    ['a void of the only refund of a captured order leaves it CAPTURED', state('PARTIALLY_REFUNDED', '100', '100', '30'), approved('VOID_REFUND', '30', { type: 'REFUND', amount: '30' }), 'CAPTURED 100 / 100 / 0'],
    ['a void of the only refund of a partly captured order leaves it PARTIALLY_CAPTURED', state('REFUNDED', '100', '40', '40'), approved('VOID_REFUND', '40', { type: 'REFUND', amount: '40' }), 'PARTIALLY_CAPTURED 100 / 40 / 0'],
    ['a void of a standalone refund cancels the order (it moved no money)', state('REFUNDED', '0', '0', '12.34'), approved('VOID_REFUND', '12.34', { type: 'REFUND', amount: '12.34' }), 'CANCELLED 0 / 0 / 0'],
    ['a declined void leaves the order as it was', state('AUTHORIZED', '100', '0', '0'), { ...declined('VOID_AUTHORIZATION', '100'), target: { type: 'AUTHORIZATION', amount: d('100') } }, 'AUTHORIZED 100 / 0 / 0'],
    ['a transaction of a type the order model does not know changes nothing', state('AUTHORIZED', '100', '0', '0'), approved('DISBURSEMENT', '5'), 'AUTHORIZED 100 / 0 / 0'],
  ];
  for (const [title, before, t, after] of table) {
    it(title, () => assert.equal(show(applyTransaction(before, t)), after));
  }

  it('sums exactly: 0.1 + 0.2 captured of 0.3 authorized is CAPTURED, not PARTIALLY_CAPTURED', () => {
    const once = applyTransaction(state('AUTHORIZED', '0.3', '0', '0'), approved('CAPTURE', '0.1'));
    const twice = applyTransaction(once, approved('CAPTURE', '0.2'));
    assert.equal(show(twice), 'CAPTURED 0.3 / 0.3 / 0');
  });

  it('sums exactly with many decimals and large amounts, in any order of scales', () => {
    let order: OrderState | undefined = applyTransaction(undefined, approved('AUTHORIZATION', '123456789012.345678901'));
    for (const part of ['0.000000001', '23456789012.345678900', '99999999999.999999999', '0.000000001']) order = applyTransaction(order, approved('CAPTURE', part));
    assert.equal(decimalText(order.totals.captured).replace(/0+$/, ''), '123456789012.345678901');
    assert.equal(order.status, 'CAPTURED');
  });

  it('a capture one millionth short of the authorized amount stays PARTIALLY_CAPTURED', () => {
    const after = applyTransaction(state('AUTHORIZED', '10.000001', '0', '0'), approved('CAPTURE', '10'));
    assert.equal(after.status, 'PARTIALLY_CAPTURED');
  });

  it('refunded in thirds: 33.33 + 33.33 + 33.34 of 100.00 is REFUNDED only at the last', () => {
    let order: OrderState = state('CAPTURED', '100.00', '100.00', '0');
    const statuses: string[] = [];
    for (const part of ['33.33', '33.33', '33.34']) {
      order = applyTransaction(order, approved('REFUND', part));
      statuses.push(order.status);
    }
    assert.deepEqual(statuses, ['PARTIALLY_REFUNDED', 'PARTIALLY_REFUNDED', 'REFUNDED']);
    assert.equal(decimalText(order.totals.refunded), '100.00');
  });

  it('leaves the order it was given as it was (a new state each time)', () => {
    const before = state('AUTHORIZED', '100', '0', '0');
    applyTransaction(before, approved('CAPTURE', '40'));
    assert.equal(show(before), 'AUTHORIZED 100 / 0 / 0');
  });
});
