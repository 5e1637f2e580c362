/** The order the Environments tree and the palette list operations in: the payment's life, sessions and tokens apart. */
import * as assert from 'node:assert/strict';
import { operations } from '../../../src/catalogue/operations';
import { operationGroups, operationsInLifeOrder, unplacedOperations } from '../../../src/features/environments/operationOrder';

const titles = (api: 'gateway' | 'financing') => operationGroups(api).map((g) => [g.label, g.operations.map((op) => op.title)]);

describe('environments: operations in the order of a payment’s life', () => {
  it('the card gateway lists start, authenticate, pay or authorize, capture, refund and void, then the reads; sessions and saved cards apart', () => {
    assert.deepEqual(titles('gateway'), [
      ['Card gateway', [
        'Check Gateway', 'Payment Options Inquiry', 'Payment Options Inquiry (GET)', 'Initiate Checkout', 'Initiate Browser Payment',
        'Initiate Authentication', 'Authenticate Payer', 'Verify', 'Authorize', 'Pay',
        'Update Authorization', 'Capture', 'Refund', 'Void',
        'Retrieve Order', 'Retrieve Transaction',
      ]],
      ['Sessions', ['Create Session', 'Update Session', 'Update Session (as the payer)', 'Retrieve Session']],
      ['Saved cards (tokens)', ['Create Token', 'Create or Update Token', 'Retrieve Token', 'Delete Token']],
    ]);
  });

  it('Capture, Void and Pay are not after the seed operations: each follows what it follows', () => {
    const order: string[] = operationsInLifeOrder().map((op) => op.id);
    const at = (id: string) => order.indexOf(id);
    assert.ok(at('gateway.pay') < at('gateway.capture') && at('gateway.authorize') < at('gateway.capture'));
    assert.ok(at('gateway.capture') < at('gateway.refund') && at('gateway.capture') < at('gateway.void'));
    assert.ok(at('gateway.void') < at('gateway.retrieveOrder'));
    assert.ok(at('gateway.initiateAuthentication') < at('gateway.authorize'));
  });

  it('every operation of the catalogue has its place, once', () => {
    assert.deepEqual(unplacedOperations(), []);
    const listed = operationsInLifeOrder().map((op) => op.id);
    assert.equal(new Set(listed).size, listed.length, 'listed once');
    assert.deepEqual([...listed].sort(), operations.map((op) => op.id).sort());
  });

  it('the financing API keeps sign-in first and sign-out last', () => {
    assert.deepEqual(titles('financing'), [['Financing API', ['Login', 'Offers', 'Offers (select first)', 'Refresh token', 'Logout']]]);
  });
});
