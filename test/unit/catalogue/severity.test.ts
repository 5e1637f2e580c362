/**
 * Errors are what the real gateway rejects, warnings what it accepts although the spec says
 * otherwise (what real integrations send, from the reference's "What real integrations send").
 */
import * as assert from 'node:assert/strict';
import { fieldsOf, validateBody, validateField, type ValidationIssue } from '../../../src/catalogue';
import { NOW } from './helpers';

const summary = (issues: ValidationIssue[]) => issues.map((i) => `${i.path}:${i.rule}:${i.severity}`);
const card = { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' };
const authorize = (order: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ apiOperation: 'AUTHORIZE', order, sourceOfFunds: { type: 'CARD', provided: { card } }, ...extra });

describe('catalogue: severity (error = the real gateway rejects it, warning = it accepts it)', () => {
  it('every issue carries a severity', () => {
    const issues = validateBody('gateway.authorize', 11, authorize({ amount: 'ten', currency: 'usd', description: null, refrence: 'x' }), NOW);
    assert.ok(issues.length >= 4);
    for (const i of issues) assert.ok(i.severity === 'error' || i.severity === 'warning', JSON.stringify(i));
  });

  it('JSON null for an optional field is a warning and counts as absent', () => {
    assert.deepEqual(summary(validateBody('gateway.authorize', 11, authorize({ amount: '10.00', currency: 'USD', description: null }), NOW)), ['order.description:null:warning']);
    assert.deepEqual(summary(validateBody('gateway.authorize', 11, { ...authorize({ amount: '10.00', currency: 'USD' }), apiOperation: null }, NOW)), ['apiOperation:enum:error'], 'a required field may not be null');
  });

  it('an amount sent as a JSON number is a warning, in the words of the issue, and still judged by its rules', () => {
    const issues = validateBody('gateway.authorize', 11, authorize({ amount: 0.5, currency: 'USD' }), NOW);
    assert.deepEqual(summary(issues), ['order.amount:numberAmount:warning']);
    assert.match(issues[0]?.message ?? '', /the spec asks for a decimal string.*a number can lose precision/);
    assert.deepEqual(summary(validateBody('gateway.authorize', 11, authorize({ amount: 1e21, currency: 'USD' }), NOW)), ['order.amount:pattern:error', 'order.amount:numberAmount:warning']);
  });

  it('a digit string where the spec says integer is a warning; other text stays an error', () => {
    assert.deepEqual(summary(validateField('gateway.verify', 100, 'agreement.numberOfPayments', '12')), ['agreement.numberOfPayments:digitString:warning']);
    assert.deepEqual(summary(validateField('gateway.verify', 100, 'agreement.numberOfPayments', 'twelve')), ['agreement.numberOfPayments:type:error']);
  });

  it('the financing external_id as a string is a warning (the real partner accepts an order reference)', () => {
    const body = { products: [{ name: 'TV', price: 500, quantity: 1 }], external_id: 'SHOP-ORDER-1001' };
    assert.deepEqual(summary(validateBody('financing.offersSelectFirst', undefined, body, NOW)), ['external_id:textForInteger:warning']);
    assert.deepEqual(summary(validateBody('financing.offers', undefined, { ...body, external_id: '1001' }, NOW)), ['external_id:digitString:warning']);
  });

  it('an unknown parameter is a warning naming the closest known field, in lists and next to maps too', () => {
    const issues = validateBody('gateway.authorize', 11, authorize({ amount: '10.00', currency: 'USD', refrence: 'R1', custom: { anyKey: 'v' } }, { item: [{ name: 'A', quantity: '1', unitPrice: '10.00', skuu: 'X' }] }), NOW);
    assert.deepEqual(summary(issues), ['order.refrence:unknownField:warning', 'item[0].skuu:unknownField:warning']);
    assert.match(issues[0]?.message ?? '', /did you mean order\.reference\?/);
    assert.match(issues[1]?.message ?? '', /did you mean item\[\]\.sku\?/);
  });

  it('an unknown name far from every known one gets no guess, and a hostile one is quoted short', () => {
    const key = 'z'.repeat(100_000);
    const issues = validateBody('gateway.authorize', 11, authorize({ amount: '10.00', currency: 'USD' }, { [key]: 1, qqqqqqqq: 2 }), NOW);
    assert.deepEqual(issues.map((i) => i.rule), ['unknownField', 'unknownField']);
    for (const i of issues) {
      assert.doesNotMatch(i.message, /did you mean/);
      assert.ok(i.message.length < 400, `message of ${i.message.length} characters`);
    }
  });
});

describe('catalogue: Initiate Browser Payment v100 sourceOfFunds.type', () => {
  const body = (type: unknown) => ({ apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { amount: '10.00', currency: 'USD' }, sourceOfFunds: { type }, browserPayment: { operation: 'PAY', returnUrl: 'https://merchant.example.com/return' } });

  it('accepts any value of the documented shape in v100 (BROWSER_PAYMENT, UNION_PAY, KNET…)', () => {
    for (const type of ['BROWSER_PAYMENT', 'UNION_PAY', 'KNET', 'BANKTRANSFER_B', 'SOME_NEW_PROVIDER_2']) {
      assert.deepEqual(validateBody('gateway.initiateBrowserPayment', 100, body(type), NOW), [], type);
    }
    assert.deepEqual(validateBody('gateway.initiateBrowserPayment', 100, body('union pay'), NOW).map((i) => i.rule), ['pattern']);
    assert.deepEqual(validateBody('gateway.initiateBrowserPayment', 100, body('X'.repeat(51)), NOW).map((i) => i.rule), ['maxLength']);
  });

  it('offers the known values as suggestions; v16 keeps its three', () => {
    const v100 = fieldsOf('gateway.initiateBrowserPayment', 100).find((f) => f.path === 'sourceOfFunds.type');
    assert.equal(v100?.enum, undefined);
    assert.ok(v100?.suggestions?.includes('BROWSER_PAYMENT') && v100.suggestions.includes('KNET') && v100.suggestions.includes('UNION_PAY'));
    assert.deepEqual(validateBody('gateway.initiateBrowserPayment', 16, { ...body('KNET'), browserPayment: { returnUrl: 'https://merchant.example.com/return' } }, NOW).map((i) => i.rule), ['enum']);
  });
});
