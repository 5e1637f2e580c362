/** Named rules with their exact messages, including the checks metadata alone cannot drive. */
import * as assert from 'node:assert/strict';
import { validateBody, validateField } from '../../../src/catalogue';
import { NOW } from './helpers';

const messages = (issues: { message: string }[]) => issues.map((i) => i.message);
/** What a refund needs (the refundAmount rule), so each test sees only the problem it is about. */
const REFUNDED = { amount: '1.00', currency: 'USD' };
const refund = (over: Record<string, unknown> = {}) => ({ apiOperation: 'REFUND', transaction: REFUNDED, ...over });

describe('catalogue: messages name the path, the rule and the value', () => {
  it('currency', () => {
    const issues = validateField('gateway.initiateBrowserPayment', 16, 'order.currency', 'usd');
    assert.deepEqual(issues, [{ path: 'order.currency', rule: 'pattern', message: "order.currency: must be 3 upper-case letters (ISO 4217), got 'usd'", severity: 'error', value: 'usd' }]);
  });
  it('a value at a secret field is never quoted (the message names the field), a card number is masked, a secret inside text redacted', () => {
    assert.deepEqual(messages(validateField('gateway.authorize', 11, 'sourceOfFunds.provided.card.securityCode', '12a')), ['sourceOfFunds.provided.card.securityCode: must be digits only, got <redacted>']);
    assert.deepEqual(messages(validateField('gateway.authorize', 11, 'sourceOfFunds.provided.card.securityCode', 123)), ['sourceOfFunds.provided.card.securityCode: must be text, got number <redacted>']);
    assert.deepEqual(messages(validateField('gateway.authorize', 11, 'sourceOfFunds.provided.card.number', 5123450000000008)), ['sourceOfFunds.provided.card.number: must be text, got number 512345xxxxxx0008']);
    assert.deepEqual(messages(validateField('gateway.authorize', 11, 'apiOperation', 'password=Hunter2Secret')), ["apiOperation: must be one of AUTHORIZE, got 'password=<redacted>'"]);
    assert.deepEqual(messages(validateField('gateway.authorize', 11, 'order.reference', 42)), ['order.reference: must be text, got number 42'], 'any other value is quoted as given');
  });
  it('maxLength', () => {
    assert.deepEqual(messages(validateField('gateway.refund', 13, 'order.reference', 'r'.repeat(41))), ['order.reference: must be at most 40 characters, got 41']);
    assert.deepEqual(validateField('gateway.refund', 13, 'order.reference', 'r'.repeat(40)), []);
  });
  it('required inside a list entry, with the real index', () => {
    const body = {
      apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { amount: '1.00', currency: 'USD' }, sourceOfFunds: { type: 'BANKTRANSFER_B' },
      browserPayment: { returnUrl: 'https://merchant.example.com/r' }, item: [{ name: 'A', unitPrice: '1.00' }],
    };
    const issues = validateBody('gateway.initiateBrowserPayment', 16, body, NOW);
    assert.deepEqual(issues.map((i) => [i.path, i.rule, i.message]), [['item[0].quantity', 'required', 'item[0].quantity: required']]);
  });
  it('quantity is a digits string from 1', () => {
    assert.deepEqual(validateField('gateway.authorize', 11, 'item[2].quantity', '1'), []);
    assert.deepEqual(validateField('gateway.authorize', 11, 'item[2].quantity', '9999999999999999'), []);
    assert.deepEqual(messages(validateField('gateway.authorize', 11, 'item[2].quantity', '0')), ["item[2].quantity: must be a whole number from 1 to 9999999999999999 written with digits, got '0'"]);
    assert.deepEqual(validateField('gateway.authorize', 11, 'item[2].quantity', '99999999999999999').map((i) => i.rule), ['maxLength']);
  });
  it('calendar dates: 2028-02-29 passes, 2027-02-29 fails', () => {
    assert.deepEqual(validateField('gateway.verify', 100, 'agreement.expiryDate', '2028-02-29'), []);
    assert.deepEqual(messages(validateField('gateway.verify', 100, 'agreement.expiryDate', '2027-02-29')), ["agreement.expiryDate: must be a real calendar date, got '2027-02-29'"]);
    assert.deepEqual(validateField('gateway.verify', 100, 'agreement.expiryDate', '2027-2-28').map((i) => i.rule), ['minLength', 'pattern']);
  });
  it('times: Z or an offset', () => {
    for (const ok of ['10:30Z', '10:30:15Z', '23:59+01:00', '00:00-05', '07:05:09+0530'.replace('0530', '05:30')]) {
      assert.deepEqual(validateField('gateway.authorize', 11, 'airline.itinerary.leg[0].departureTime', ok), [], ok);
    }
    for (const bad of ['10:30', '24:00Z', '10:60Z', '10:30+1']) {
      assert.deepEqual(validateField('gateway.authorize', 11, 'airline.itinerary.leg[0].departureTime', bad).map((i) => i.rule).filter((r) => r !== 'minLength'), ['pattern'], bad);
    }
  });
  it('Base64: authenticationToken 28 or 32, xid 28', () => {
    const b28 = 'A'.repeat(27) + '=';
    assert.deepEqual(validateField('gateway.authorize', 11, '3DSecure.authenticationToken', b28), []);
    assert.deepEqual(validateField('gateway.authorize', 11, '3DSecure.authenticationToken', 'B'.repeat(32)), []);
    assert.deepEqual(messages(validateField('gateway.authorize', 11, '3DSecure.authenticationToken', 'B'.repeat(30))), ["3DSecure.authenticationToken: must be Base64 text of exactly 28 or 32 characters, got 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'"]);
    // Over its maximum length a value is not run through the pattern: one issue, and hostile input stays cheap.
    assert.deepEqual(validateField('gateway.authorize', 11, '3DSecure.xid', 'B'.repeat(32)).map((i) => i.rule), ['maxLength']);
    assert.deepEqual(validateField('gateway.authorize', 11, '3DSecure.xid', 'B'.repeat(27) + '!').map((i) => i.rule), ['pattern']);
  });
  it('returnUrl longer than 11 characters', () => {
    assert.deepEqual(validateField('gateway.initiateBrowserPayment', 16, 'browserPayment.returnUrl', 'https://a.b'), [{ path: 'browserPayment.returnUrl', rule: 'minLength', message: 'browserPayment.returnUrl: must be at least 12 characters, got 11', severity: 'error', value: 'https://a.b' }]);
    assert.deepEqual(validateField('gateway.initiateBrowserPayment', 16, 'browserPayment.returnUrl', 'https://a.bc'), []);
    assert.deepEqual(validateField('gateway.initiateBrowserPayment', 16, 'browserPayment.returnUrl', 'merchant.example.com/x').map((i) => i.rule), ['pattern']);
  });
  it('session items: quantity greater than zero', () => {
    assert.deepEqual(validateField('gateway.updateSession', 100, 'order.items[0].quantity', '0.001'), []);
    assert.deepEqual(messages(validateField('gateway.updateSession', 100, 'order.items[0].quantity', '0.000')), ["order.items[0].quantity: must be greater than 0, got '0.000'"]);
  });
  it('decimal bounds and fraction digits', () => {
    assert.deepEqual(validateField('gateway.updateSession', 100, 'accountFunding.foreignExchangeFee', '1000000000000'), []);
    assert.deepEqual(messages(validateField('gateway.updateSession', 100, 'accountFunding.foreignExchangeFee', '1000000000001')), ["accountFunding.foreignExchangeFee: must be at most 1000000000000, got '1000000000001'"]);
    assert.deepEqual(validateField('gateway.updateSession', 100, 'order.shippingAndHandlingTaxRate', '0.0250'), []);
    assert.deepEqual(messages(validateField('gateway.updateSession', 100, 'order.shippingAndHandlingTaxRate', '0.02501')), ["order.shippingAndHandlingTaxRate: must have at most 4 digits after the decimal point, got '0.02501'"]);
  });
  it('signed amounts only where the spec allows the minus sign', () => {
    assert.deepEqual(validateField('gateway.updateSession', 100, 'order.items[0].unitPrice', '-1.50'), []);
    assert.deepEqual(validateField('gateway.verify', 100, 'order.tax[1].amount', '-0.10'), []);
    assert.deepEqual(validateField('gateway.updateSession', 100, 'order.amount', '-1.50').map((i) => i.rule), ['pattern']);
  });
  it('order.custom: key characters, value lengths and at most 50 keys', () => {
    assert.deepEqual(validateField('gateway.refund', 13, 'order.custom.abc123', 'v'), []);
    assert.deepEqual(messages(validateField('gateway.refund', 13, 'order.custom.a_b', 'v')), ["order.custom.a_b: key must be under 100 characters from A-Z a-z 0-9, got 'a_b'"]);
    assert.deepEqual(validateField('gateway.refund', 13, `order.custom.${'k'.repeat(99)}`, 'v'), []);
    assert.deepEqual(validateField('gateway.refund', 13, `order.custom.${'k'.repeat(100)}`, 'v').map((i) => i.rule), ['pattern']);
    assert.deepEqual(messages(validateField('gateway.refund', 13, 'order.custom.k', 'v'.repeat(251))), ['order.custom.k: must be at most 250 characters, got 251']);
    const custom = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    const body = (n: number) => refund({ order: { custom: custom(n) } });
    assert.deepEqual(validateBody('gateway.refund', 13, body(50), NOW), []);
    assert.deepEqual(messages(validateBody('gateway.refund', 13, body(51), NOW)), ['order.custom: must have at most 50 entries, got 51']);
    assert.deepEqual(validateBody('gateway.refund', 13, refund({ order: { custom: { 'bad key': 'v' } } }), NOW).map((i) => [i.path, i.rule]), [['order.custom.bad key', 'pattern']]);
  });
  it('unknown fields are warnings naming the closest known field (the spec shows only some fields)', () => {
    const issues = validateBody('gateway.refund', 13, { apiOperation: 'REFUND', somethingElse: { x: 1 }, order: { refrence: 'R1' }, transaction: { amount: '1.00', currency: 'USD' } }, NOW);
    assert.deepEqual(issues.map((i) => [i.path, i.rule, i.severity]), [['somethingElse', 'unknownField', 'warning'], ['order.refrence', 'unknownField', 'warning']]);
    assert.match(issues[1]?.message ?? '', /^order\.refrence: .*did you mean order\.reference\?/);
    assert.doesNotMatch(issues[0]?.message ?? '', /did you mean/, 'nothing is near somethingElse');
    assert.deepEqual(validateField('gateway.refund', 13, 'somethingElse.x', 1), []);
  });
  it('apiOperation is fixed per operation', () => {
    assert.deepEqual(messages(validateBody('gateway.refund', 13, refund({ apiOperation: 'PAY' }), NOW)), ["apiOperation: must be one of REFUND, got 'PAY'"]);
    assert.deepEqual(messages(validateBody('gateway.refund', 13, { transaction: REFUNDED }, NOW)), ['apiOperation: required']);
    assert.deepEqual(validateBody('gateway.updateSession', 100, {}, NOW), [], 'Update Session sends no apiOperation');
  });
  it('wrong types, bodies and versions are reported, never thrown', () => {
    assert.deepEqual(messages(validateBody('gateway.refund', 13, [], NOW)), ['body: must be a JSON object, got a list of 0']);
    assert.deepEqual(messages(validateBody('gateway.refund', 80, {}, NOW)), ['version: the gateway does not serve version 80; Refund is served at versions 1 to 100 (not 2, 5, 6, 22, 25, 80)']);
    assert.deepEqual(messages(validateBody('financing.logout', undefined, { a: 1 }, NOW)), ['body: financing.logout takes no body']);
    assert.deepEqual(validateBody('financing.logout', undefined, undefined, NOW), []);
    assert.deepEqual(messages(validateBody('nope' as never, undefined, {}, NOW)), ["operation: unknown operation, got 'nope'"]);
    assert.deepEqual(messages(validateField('gateway.refund', 13, 'order.reference', 5)), ['order.reference: must be text, got number 5']);
  });

  it('no body is the empty body the gateway reads: fine with nothing required, the required fields named otherwise', () => {
    assert.deepEqual(messages(validateBody('gateway.paymentOptionsInquiry', 100, undefined, NOW)), []);
    const pay = messages(validateBody('gateway.pay', 100, undefined, NOW));
    assert.ok(pay.includes('apiOperation: required'), pay.join('; '));
    assert.ok(!pay.some((m) => m.includes('must be a JSON object')), pay.join('; '));
  });
  it('financing offers: the cart, its lines and the partner rules are declared; category is not sent with selectFirst', () => {
    assert.deepEqual(messages(validateBody('financing.offers', undefined, {}, NOW)), ['products: required']);
    assert.deepEqual(validateBody('financing.offers', undefined, { products: [{ name: 'TV', category: 3, price: 100.5, quantity: 1 }] }, NOW), []);
    assert.deepEqual(messages(validateBody('financing.offers', undefined, { products: [{ name: 'TV', price: '100', quantity: 1 }] }, NOW)), ['products[0].price: must be a number, got text \'100\'']);
    assert.deepEqual(messages(validateBody('financing.offers', undefined, { products: [{ name: 'TV', price: 10.5, quantity: 1 }] }, NOW)), ['products: the cart total (price × quantity) must be from 100 to 50000, the partner\'s financing limits, got 10.5']);
    assert.deepEqual(messages(validateBody('financing.offersSelectFirst', undefined, { products: [{ name: 'TV', price: 100, quantity: 1 }, { name: 'B', category: 2, price: 1, quantity: 1 }], external_id: 7 }, NOW)), ['products[1].category: is not sent with selectFirst=true (products without category)']);
  });
});
