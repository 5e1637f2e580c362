/** Cross-field rules, with exact decimals, each reported on the fields it involves. */
import * as assert from 'node:assert/strict';
import { crossFieldRules, validateBody, type ValidationIssue } from '../../../src/catalogue';
import { NOW } from './helpers';

const ibp16 = (over: Record<string, unknown> = {}) => ({
  apiOperation: 'INITIATE_BROWSER_PAYMENT',
  browserPayment: { returnUrl: 'https://merchant.example.com/return' },
  sourceOfFunds: { type: 'BANKTRANSFER_B' },
  ...over,
});
const rules = (issues: ValidationIssue[]) => issues.map((i) => `${i.path}:${i.rule}`);
/** The card Authorize and Verify present (the cardToCharge rule); expiry 01/39 approves. */
const CARD = { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' } } } };
const authorize = (order: Record<string, unknown>) => ({ apiOperation: 'AUTHORIZE', order, sourceOfFunds: CARD });
const verify = (over: Record<string, unknown>) => ({ apiOperation: 'VERIFY', order: { currency: 'USD' }, sourceOfFunds: CARD, ...over });

describe('catalogue: cross-field rules', () => {
  describe('sumOfSubtotals', () => {
    it('0.1 + 0.2 = 0.3 passes (exact decimals)', () => {
      assert.deepEqual(validateBody('gateway.initiateBrowserPayment', 16, ibp16({ order: { amount: '0.3', currency: 'USD', shippingAndHandlingAmount: '0.1', taxAmount: '0.2' } }), NOW), []);
    });
    it('10.005 against 10.004 fails on the total and every sub-total sent', () => {
      const issues = validateBody('gateway.authorize', 11, authorize({ amount: '10.005', currency: 'USD', itemAmount: '10', shippingAndHandlingAmount: '0.004' }), NOW);
      assert.deepEqual(rules(issues), ['order.amount:sumOfSubtotals', 'order.itemAmount:sumOfSubtotals', 'order.shippingAndHandlingAmount:sumOfSubtotals']);
      assert.equal(issues[0]!.message, "order.amount: must equal the sum of the sub-totals (itemAmount + shippingAndHandlingAmount = 10.004), got '10.005'");
    });
    it('does not apply without sub-totals, or without order.amount', () => {
      assert.deepEqual(validateBody('gateway.authorize', 11, authorize({ amount: '10.00', currency: 'USD' }), NOW), []);
      // Without order.amount only its own "required to pay" is reported, no sum.
      assert.deepEqual(rules(validateBody('gateway.authorize', 11, authorize({ currency: 'USD', itemAmount: '3', taxAmount: '1' }), NOW)), ['order.amount:requiredFor']);
    });
  });

  describe('taxAmountFromItems', () => {
    const body = (taxAmount: string) => ibp16({
      order: { amount: taxAmount, currency: 'USD', taxAmount },
      item: [
        { name: 'A', quantity: '3', unitPrice: '1', unitTaxAmount: '0.1' },
        { name: 'B', quantity: '1', unitPrice: '1' }, // no unitTaxAmount: counts as 0
      ],
    });
    it('3 × 0.1 = 0.3 passes', () => assert.deepEqual(validateBody('gateway.initiateBrowserPayment', 16, body('0.3'), NOW), []));
    it('0.30000000000000004 (the float answer) fails', () => {
      // A browser payment's order.amount keeps 3 decimals, so the 11-decimal tax is checked where order.amount is not sent (Update Session items).
      const session = { order: { taxAmount: '0.30000000001', items: [{ quantity: '3', unitPrice: '1', unitTaxAmount: '0.1' }, { quantity: '1', unitPrice: '1' }] } };
      const issues = validateBody('gateway.updateSession', 100, session, NOW);
      assert.deepEqual(rules(issues), ['order.taxAmount:taxAmountFromItems']);
      assert.equal(issues[0]!.message, "order.taxAmount: must equal the sum of quantity × unitTaxAmount over order.items (0.3), got '0.30000000001'");
    });
  });

  describe('itemAmountFromItems (Update Session items)', () => {
    const body = (itemAmount: string) => ({ order: { itemAmount, items: [{ quantity: '2.5', unitPrice: '1.25' }, { quantity: '1', unitPrice: '-0.125' }] } });
    it('2.5 × 1.25 + 1 × -0.125 = 3 passes', () => assert.deepEqual(validateBody('gateway.updateSession', 100, body('3.000'), NOW), []));
    it('3.001 fails', () => assert.deepEqual(rules(validateBody('gateway.updateSession', 100, body('3.001'), NOW)), ['order.itemAmount:itemAmountFromItems']));
    it('skipped while an item lacks its price (the field is being typed)', () => {
      assert.deepEqual(validateBody('gateway.updateSession', 100, { order: { itemAmount: '5', items: [{ quantity: '1' }] } }, NOW), []);
    });
  });

  describe('requiredFor', () => {
    it('banktransfera.bankIdentifier for BANKTRANSFER_A (both versions)', () => {
      for (const v of [16, 100]) {
        const base = v === 16 ? ibp16() : { ...ibp16(), browserPayment: { operation: 'PAY' } };
        const body = { ...base, order: { amount: '1', currency: 'EUR' }, sourceOfFunds: { type: 'BANKTRANSFER_A' } };
        const issues = validateBody('gateway.initiateBrowserPayment', v, body, NOW);
        assert.deepEqual(issues.map((i) => i.message), ['sourceOfFunds.provided.banktransfera.bankIdentifier: required when sourceOfFunds.type is BANKTRANSFER_A'], `v${v}`);
        const ok = { ...body, sourceOfFunds: { type: 'BANKTRANSFER_A', provided: { banktransfera: { bankIdentifier: '12345678' } } } };
        assert.deepEqual(validateBody('gateway.initiateBrowserPayment', v, ok, NOW), [], `v${v}`);
      }
    });
    it('walleta.operation and paymentConfirmation for WALLET_A in version 16 only', () => {
      const body = ibp16({ order: { amount: '1', currency: 'EUR' }, sourceOfFunds: { type: 'WALLET_A' } });
      assert.deepEqual(rules(validateBody('gateway.initiateBrowserPayment', 16, body, NOW)), ['browserPayment.walleta.operation:requiredFor', 'browserPayment.walleta.paymentConfirmation:requiredFor']);
      const ok = { ...body, browserPayment: { returnUrl: 'https://merchant.example.com/return', walleta: { operation: 'PAY', paymentConfirmation: 'CONFIRM_AT_PROVIDER' } } };
      assert.deepEqual(validateBody('gateway.initiateBrowserPayment', 16, ok, NOW), []);
      const v100 = { ...body, browserPayment: { operation: 'PAY' } };
      assert.deepEqual(validateBody('gateway.initiateBrowserPayment', 100, v100, NOW), []);
    });
    it('agreement.amountVariability for RECURRING agreements', () => {
      const body = (agreement: Record<string, unknown>) => verify({ agreement });
      assert.deepEqual(rules(validateBody('gateway.verify', 100, body({ type: 'RECURRING' }), NOW)), ['agreement.amountVariability:requiredFor']);
      assert.deepEqual(validateBody('gateway.verify', 100, body({ type: 'RECURRING', amountVariability: 'FIXED' }), NOW), []);
      assert.deepEqual(validateBody('gateway.verify', 100, body({ type: 'INSTALLMENT' }), NOW), []);
    });
    it('order.supplierName for B2B_PAYMENT purchases', () => {
      assert.deepEqual(rules(validateBody('gateway.updateSession', 100, { order: { purchaseType: 'B2B_PAYMENT' } }, NOW)), ['order.supplierName:requiredFor']);
      assert.deepEqual(validateBody('gateway.updateSession', 100, { order: { purchaseType: 'B2B_PAYMENT', supplierName: 'ACME' } }, NOW), []);
    });
    it('order.amount or netAmount when a merchant charge is sent; the charge is included in the amount', () => {
      assert.deepEqual(rules(validateBody('gateway.updateSession', 100, { order: { merchantCharge: { type: 'SURCHARGE' } } }, NOW)), ['order.amount:requiredFor', 'order.netAmount:requiredFor']);
      assert.deepEqual(validateBody('gateway.updateSession', 100, { order: { netAmount: '10', merchantCharge: { type: 'SURCHARGE' } } }, NOW), []);
      assert.deepEqual(validateBody('gateway.updateSession', 100, { order: { amount: '10', merchantCharge: { amount: '10.00' }, reward: { amount: '0.5' } } }, NOW), []);
      assert.deepEqual(rules(validateBody('gateway.updateSession', 100, { order: { amount: '10', merchantCharge: { amount: '10.01' }, reward: { amount: '10.001' } } }, NOW)), ['order.merchantCharge.amount:includedInAmount', 'order.reward.amount:includedInAmount']);
    });
  });

  describe('cruise', () => {
    const body = (cruise: Record<string, unknown>) => ({ order: { amount: '1', currency: 'USD' }, cruise });
    it('departureDate is required when cruise data is sent', () => {
      assert.deepEqual(validateBody('gateway.updateSession', 100, body({ bookingReference: 'B1' }), NOW).map((i) => i.message), ['cruise.departureDate: required']);
    });
    it('departureDate not later than returnDate (same day passes)', () => {
      assert.deepEqual(validateBody('gateway.updateSession', 100, body({ departureDate: '2027-03-01', returnDate: '2027-03-01' }), NOW), []);
      const issues = validateBody('gateway.initiateBrowserPayment', 100, { ...ibp16(), browserPayment: { operation: 'PAY' }, order: { amount: '1', currency: 'USD' }, cruise: { departureDate: '2027-03-02', returnDate: '2027-03-01' } }, NOW);
      assert.deepEqual(issues.map((i) => i.message), [
        "cruise.departureDate: must not be later than cruise.returnDate ('2027-03-01'), got '2027-03-02'",
        "cruise.returnDate: must not be earlier than cruise.departureDate ('2027-03-02'), got '2027-03-01'",
      ]);
    });
  });

  describe('agreement.startDate not in the past (UTC days)', () => {
    const body = (startDate: string) => verify({ agreement: { startDate } });
    it('today and later pass, yesterday fails', () => {
      const now = new Date('2026-06-01T23:59:59-05:00'); // already 2026-06-02 in UTC
      assert.deepEqual(validateBody('gateway.verify', 100, body('2026-06-02'), now), []);
      assert.deepEqual(validateBody('gateway.verify', 100, body('2027-01-01'), now), []);
      assert.deepEqual(validateBody('gateway.verify', 100, body('2026-06-01'), now).map((i) => i.message), ["agreement.startDate: must not be in the past (today is 2026-06-02 UTC), got '2026-06-01'"]);
    });
  });

  describe('cartTotal (the partner finances carts from 100 to 50000)', () => {
    const offers = (products: unknown[]) => ({ products });
    it('exact at both ends, with decimals and quantities', () => {
      assert.deepEqual(validateBody('financing.offers', undefined, offers([{ name: 'A', price: 33.34, quantity: 3 }]), NOW), []);
      assert.deepEqual(validateBody('financing.offers', undefined, offers([{ name: 'A', price: 25000, quantity: 2 }]), NOW), []);
      assert.deepEqual(rules(validateBody('financing.offers', undefined, offers([{ name: 'A', price: 33.33, quantity: 3 }]), NOW)), ['products:cartTotal']);
      assert.deepEqual(rules(validateBody('financing.offers', undefined, offers([{ name: 'A', price: 25000.01, quantity: 2 }]), NOW)), ['products:cartTotal']);
    });
    it('is not judged while a line has no valid price or quantity (its field rule says so)', () => {
      assert.deepEqual(rules(validateBody('financing.offers', undefined, offers([{ name: 'A', price: 1, quantity: 0 }]), NOW)), ['products[0].quantity:min']);
    });
  });

  describe('values that failed their own field rule never reach a cross-field rule', () => {
    it('an amount over its maximum length is reported once, by its length rule', () => {
      const long = `1${'0'.repeat(5000)}`;
      const issues = validateBody('gateway.authorize', 11, authorize({ amount: long, currency: 'USD', itemAmount: '10' }), NOW);
      assert.deepEqual(rules(issues), ['order.amount:maxLength']);
    });
    it('a conditional field present but invalid is not also "required"', () => {
      const issues = validateBody('gateway.verify', 100, verify({ agreement: { type: 'RECURRING', amountVariability: 'SOMETIMES' } }), NOW);
      assert.deepEqual(rules(issues), ['agreement.amountVariability:enum']);
    });
  });

  describe('payment rules: what the gateway needs to move money or check a card', () => {
    const errors = (issues: ValidationIssue[]) => issues.filter((i) => i.severity === 'error');
    const refund = (transaction: Record<string, unknown>) => ({ apiOperation: 'REFUND', transaction });
    it('authorizeAmount: an Authorize without order.amount or order.currency fails with the catalogue\'s message', () => {
      const why = 'required: the gateway answers "Missing parameter" for an authorization or payment without the amount and currency of the order';
      assert.deepEqual(validateBody('gateway.authorize', 11, authorize({ currency: 'USD' }), NOW).map((i) => i.message), [`order.amount: ${why}`]);
      assert.deepEqual(validateBody('gateway.authorize', 11, authorize({ amount: '10.00' }), NOW).map((i) => i.message), [`order.currency: ${why}`]);
      assert.deepEqual(validateBody('gateway.authorize', 11, authorize({ amount: '10.00', currency: 'USD' }), NOW), []);
    });
    it('verifyCurrency: a Verify without order.currency fails; it needs no amount', () => {
      assert.deepEqual(validateBody('gateway.verify', 100, verify({ order: {} }), NOW).map((i) => i.message), [
        'order.currency: required: the gateway answers "Missing parameter" for a verification without the order currency',
      ]);
      assert.deepEqual(validateBody('gateway.verify', 100, verify({}), NOW), []);
    });
    it('refundAmount: a Refund without transaction.amount or transaction.currency fails', () => {
      const why = 'required: the gateway answers "Missing parameter" for a refund without the amount and currency to refund';
      assert.deepEqual(validateBody('gateway.refund', 13, refund({}), NOW).map((i) => i.message), [`transaction.amount: ${why}`, `transaction.currency: ${why}`]);
      assert.deepEqual(validateBody('gateway.refund', 13, refund({ amount: '1.00', currency: 'USD' }), NOW), []);
    });
    it('captureAmount: a Capture without transaction.amount or transaction.currency fails', () => {
      const why = 'required: the gateway answers "Missing parameter" for a capture without the amount and currency to capture';
      assert.deepEqual(validateBody('gateway.capture', 100, { apiOperation: 'CAPTURE' }, NOW).map((i) => i.message), [`transaction.amount: ${why}`, `transaction.currency: ${why}`]);
      assert.deepEqual(validateBody('gateway.capture', 100, { apiOperation: 'CAPTURE', transaction: { amount: '1.00', currency: 'USD' } }, NOW), []);
    });
    it('cardToCharge: Authorize and Verify need a card number, and with it the expiry month and year', () => {
      const noCard = { ...authorize({ amount: '10.00', currency: 'USD' }), sourceOfFunds: {} };
      assert.deepEqual(validateBody('gateway.authorize', 11, noCard, NOW).map((i) => i.message), [
        "sourceOfFunds.provided.card.number: required: a card number (or sourceOfFunds.token, or a device payment's sourceOfFunds.provided.card.devicePayment.paymentToken) is needed to authorize, pay with or verify a card",
      ]);
      assert.deepEqual(rules(validateBody('gateway.verify', 100, { ...verify({}), sourceOfFunds: {} }, NOW)), ['sourceOfFunds.provided.card.number:requiredFor']);
      const noExpiry = verify({ sourceOfFunds: { provided: { card: { number: '5123450000000008' } } } });
      assert.deepEqual(validateBody('gateway.verify', 100, noExpiry, NOW).map((i) => i.message), [
        'sourceOfFunds.provided.card.expiry.month: required with a card number: the gateway needs the card expiry',
        'sourceOfFunds.provided.card.expiry.year: required with a card number: the gateway needs the card expiry',
      ]);
    });
    it('sourceOfFunds.token excuses the card; session.id excuses the card, amount and currency (a session holds them)', () => {
      const byToken = { ...authorize({ amount: '10.00', currency: 'USD' }), sourceOfFunds: { token: '9876543210987654' } };
      assert.deepEqual(validateBody('gateway.authorize', 11, byToken, NOW), []);
      assert.deepEqual(validateBody('gateway.verify', 100, { ...verify({}), sourceOfFunds: { token: '9876543210987654' } }, NOW), []);
      const session = { session: { id: 'SESSION0002ABCDEFGHIJKLMNOPQRST' } };
      assert.deepEqual(errors(validateBody('gateway.authorize', 11, { apiOperation: 'AUTHORIZE', ...session }, NOW)), []);
      assert.deepEqual(errors(validateBody('gateway.verify', 100, { apiOperation: 'VERIFY', ...session }, NOW)), []);
    });
    it('a device payment token excuses the card number (the gateway decrypts it), and names its wallet: walletForDeviceToken', () => {
      const device = (order: Record<string, unknown>) => ({ apiOperation: 'PAY', order: { amount: '10.00', currency: 'USD', ...order }, sourceOfFunds: { type: 'CARD', provided: { card: { devicePayment: { paymentToken: '{"protocolVersion":"ECv2"}' } } } } });
      assert.deepEqual(validateBody('gateway.pay', 100, device({ walletProvider: 'GOOGLE_PAY' }), NOW), []);
      assert.deepEqual(validateBody('gateway.pay', 100, device({}), NOW).map((i) => i.message), [
        'order.walletProvider: required with a device payment token: the gateway must know which wallet (APPLE_PAY, GOOGLE_PAY) encrypted it',
      ]);
      assert.deepEqual(rules(validateBody('gateway.authorize', 47, { ...device({}), apiOperation: 'AUTHORIZE' }, NOW)), ['order.walletProvider:requiredFor']);
      // A session may hold the token without the wallet (the vendor's Android sample updates it so).
      assert.deepEqual(errors(validateBody('gateway.pay', 100, { ...device({}), session: { id: 'SESSION0002ABCDEFGHIJKLMNOPQRST' } }, NOW)), []);
    });
    it('payment amounts: 0.00 and 1.0001 fail (Authorize and browser-payment order.amount, Refund and Update Authorization transaction.amount); 1.001 passes', () => {
      const cases: { what: string; check: (amount: string) => ValidationIssue[]; path: string }[] = [
        { what: 'Authorize', path: 'order.amount', check: (a) => validateBody('gateway.authorize', 11, authorize({ amount: a, currency: 'USD' }), NOW) },
        { what: 'Initiate Browser Payment v16', path: 'order.amount', check: (a) => validateBody('gateway.initiateBrowserPayment', 16, ibp16({ order: { amount: a, currency: 'USD' } }), NOW) },
        { what: 'Initiate Browser Payment v100', path: 'order.amount', check: (a) => validateBody('gateway.initiateBrowserPayment', 100, { ...ibp16({ order: { amount: a, currency: 'USD' } }), browserPayment: { operation: 'PAY' } }, NOW) },
        { what: 'Refund', path: 'transaction.amount', check: (a) => validateBody('gateway.refund', 13, refund({ amount: a, currency: 'USD' }), NOW) },
        { what: 'Update Authorization', path: 'transaction.amount', check: (a) => validateBody('gateway.updateAuthorization', 18, { apiOperation: 'UPDATE_AUTHORIZATION', transaction: { amount: a, currency: 'USD' } }, NOW) },
      ];
      for (const { what, path, check } of cases) {
        assert.deepEqual(check('0.00').map((i) => i.message), [`${path}: transaction or order amount must be greater than zero, got '0.00'`], what);
        assert.deepEqual(check('1.0001').map((i) => i.message), [`${path}: must have at most 3 digits after the decimal point, got '1.0001'`], what);
        assert.deepEqual(check('1.001'), [], what);
      }
    });
    it('an amount that is not a payment (Update Session order.amount) may still be 0 or carry 4 decimals', () => {
      assert.deepEqual(validateBody('gateway.updateSession', 100, { order: { amount: '0.00', currency: 'USD' } }, NOW), []);
      assert.deepEqual(validateBody('gateway.updateSession', 100, { order: { amount: '1.0001', currency: 'USD' } }, NOW), []);
    });
  });

  it('every declared rule is exercised by this file', () => {
    const ids = new Set(crossFieldRules.map((r) => r.id));
    assert.deepEqual([...ids].sort(), [
      'authorizeAmount', 'captureAmount', 'cardToCharge', 'refundAmount', 'verifyCurrency', 'walletForDeviceToken',
      'b2bSupplierName', 'bankTransferAIdentifier', 'cartTotal', 'dateOrder', 'includedInAmount', 'itemAmountFromItems',
      'merchantChargeBase', 'notInPast', 'recurringAmountVariability', 'selectFirstWithoutCategory', 'sumOfSubtotals', 'taxAmountFromItems', 'walletAChoices',
    ].sort());
  });
});
