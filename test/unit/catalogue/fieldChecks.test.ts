/**
 * What a value that breaks several field rules at once is told (fieldChecks.ts decides the order and
 * where checking stops): the user sees one issue per cause, the most basic first.
 */
import * as assert from 'node:assert/strict';
import { validateBody, validateField } from '../../../src/catalogue';
import { NOW } from './helpers';

const rules = (issues: { path: string; rule: string }[]) => issues.map((i) => `${i.path}:${i.rule}`);

describe('catalogue: field rules, several at once', () => {
  it('a value of the wrong type is told its type only: no length, pattern or bound after it', () => {
    assert.deepEqual(rules(validateField('gateway.authorize', 11, 'order.currency', 5)), ['order.currency:type']);
    assert.deepEqual(rules(validateField('financing.offers', undefined, 'products[0].price', 'x')), ['products[0].price:type']);
    assert.deepEqual(validateField('financing.offers', undefined, 'products[0].quantity', 1.5).map((i) => i.message), ['products[0].quantity: must be a whole number, got 1.5']);
  });

  it('a text too short and of the wrong shape is told both, its length first', () => {
    assert.deepEqual(validateField('gateway.authorize', 11, 'order.currency', 'u').map((i) => i.message), [
      'order.currency: must be at least 3 characters, got 1',
      "order.currency: must be 3 upper-case letters (ISO 4217), got 'u'",
    ]);
  });

  it('a value of the wrong shape is not also judged by the check its shape feeds (a date that is no date)', () => {
    const path = 'airline.ticket.issue.date';
    assert.deepEqual(rules(validateField('gateway.authorize', 11, path, '2030-13-01')), [`${path}:pattern`]);
    assert.deepEqual(rules(validateField('gateway.authorize', 11, path, '2030-02-30')), [`${path}:date`]);
  });

  it('characters are counted as the user counts them: 40 emoji fit a 40-character reference', () => {
    assert.deepEqual(validateField('gateway.authorize', 11, 'order.reference', '😀'.repeat(40)), []);
    assert.deepEqual(rules(validateField('gateway.authorize', 11, 'order.reference', '😀'.repeat(41))), ['order.reference:maxLength']);
  });

  it('in a whole body, issues come in the order of the declared fields, each list entry at its own index', () => {
    const body = { apiOperation: 'AUTHORIZE', order: { currency: 'usd', amount: 'x' }, item: [{ name: 'A', quantity: '1', unitPrice: '1.00' }, { quantity: '1', unitPrice: '1.00' }], sourceOfFunds: { token: '9'.repeat(16) } };
    const found = rules(validateBody('gateway.authorize', 11, body, NOW)).filter((r) => !r.startsWith('sourceOfFunds'));
    assert.deepEqual(found.slice(0, 3), ['order.amount:pattern', 'order.currency:pattern', 'item[1].name:required']);
  });
});
