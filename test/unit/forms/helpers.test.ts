/** Version switch, test-mode triggers and the starting state. */
import * as assert from 'node:assert/strict';
import { fieldsOf, getOperation, validateField } from '../../../src/catalogue';
import { EXPIRY_OUTCOMES } from '../../../src/catalogue/testData';
import { getAt } from '../../../src/features/form/model/bodyPath';
import { fieldLookup } from '../../../src/features/form/model/fieldLookup';
import { effectiveVersion, formPathParams, startingState } from '../../../src/features/form/model/formState';
import { applyExpiryOutcome, applyTestCard, availableTriggers, TRIGGER_PATHS } from '../../../src/features/form/model/testTriggers';
import { carryOver } from '../../../src/features/form/model/versionSwitch';
import { ensureRowsFor } from '../../../src/features/form/model/rows';
import { sectionsWithValues } from '../../../src/features/form/model/openSections';
import { buildLayout } from '../../../src/features/form/model/layout';

describe('forms: version switch', () => {
  it('keeps values of fields both versions have and drops the others', () => {
    const v100 = fieldLookup(fieldsOf('gateway.initiateBrowserPayment', 100));
    const v16 = fieldLookup(fieldsOf('gateway.initiateBrowserPayment', 16));
    const body = {
      apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { reference: 'R1', amount: '1.00' },
      airline: { itinerary: { leg: [{ fare: '1.00' }] } }, browserPayment: { operation: 'PAY' }, extra: { kept: true },
    };
    const out = carryOver(body, v100, v16);
    assert.deepEqual(out, { apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { reference: 'R1', amount: '1.00' }, extra: { kept: true } });
  });
});

describe('forms: test-mode triggers', () => {
  const triggersOf = (id: string, version?: number) => {
    const op = getOperation(id);
    assert.ok(op);
    return availableTriggers(op, fieldsOf(id as never, version));
  };
  const NONE = { cards: [], outcomes: [], csc: [], avs: [] };

  it('are offered only when the operation has the fields', () => {
    const authorize = triggersOf('gateway.authorize', 11);
    assert.ok(authorize.cards.length > 0 && authorize.outcomes.length > 0 && authorize.csc.length > 0 && authorize.avs.length > 0);
    assert.ok(triggersOf('gateway.verify', 100).cards.length > 0);
    assert.deepEqual(triggersOf('financing.login'), NONE);
  });

  it('are not offered where no card is sent for processing: Refund and Update Session, although their catalogues list a card', () => {
    assert.ok(fieldsOf('gateway.refund', 13).some((f) => f.path === TRIGGER_PATHS.cardNumber), 'the catalogue lists a card for a standalone refund');
    assert.deepEqual(triggersOf('gateway.refund', 13), NONE);
    assert.deepEqual(triggersOf('gateway.updateSession', 100), NONE);
    assert.deepEqual(triggersOf('gateway.updateAuthorization', 18), NONE);
  });

  it('a 3-D Secure test card fills its expiry and security code, but keeps an expiry or code already chosen', () => {
    const fields = fieldsOf('gateway.initiateAuthentication', 100);
    const body = applyTestCard({}, '5123450000002004', fields);
    assert.deepEqual(getAt(body, 'sourceOfFunds.provided.card'), { number: '5123450000002004', expiry: { month: '1', year: '39' }, securityCode: '100' });
    const chosen = applyTestCard({ sourceOfFunds: { provided: { card: { expiry: { month: '5', year: '39' }, securityCode: '102' } } } }, '5123450000002004', fields);
    assert.deepEqual(getAt(chosen, 'sourceOfFunds.provided.card'), { expiry: { month: '5', year: '39' }, securityCode: '102', number: '5123450000002004' });
  });

  it('a card and an outcome fill number and expiry with values the catalogue accepts', () => {
    const fields = fieldsOf('gateway.authorize', 11);
    const declined = Object.entries(EXPIRY_OUTCOMES).find(([, code]) => code === 'DECLINED')?.[0] ?? '';
    const body = applyExpiryOutcome(applyTestCard({}, '5123450000000008', fields), declined);
    assert.equal(getAt(body, TRIGGER_PATHS.cardNumber), '5123450000000008');
    assert.equal(getAt(body, TRIGGER_PATHS.fundsType), 'CARD');
    assert.equal(getAt(body, TRIGGER_PATHS.expiryMonth), '5');
    assert.equal(getAt(body, TRIGGER_PATHS.expiryYear), '39');
    for (const p of [TRIGGER_PATHS.expiryMonth, TRIGGER_PATHS.expiryYear, TRIGGER_PATHS.cardNumber]) {
      assert.deepEqual(validateField('gateway.authorize', 11, p, getAt(body, p)), []);
    }
  });
});

describe('forms: starting state', () => {
  const init = { operationId: 'gateway.authorize', version: 11, params: { orderId: 'o1' }, body: { apiOperation: 'AUTHORIZE' } };
  it('prefers what the webview kept for the same operation', () => {
    const saved = { ...init, body: { apiOperation: 'AUTHORIZE', order: { reference: 'kept' } }, params: { orderId: 'o2' } };
    assert.deepEqual(startingState(init, saved).body, saved.body);
    assert.deepEqual(startingState(init, saved).params, { orderId: 'o2' });
  });
  it('ignores a kept state that is invalid or for another operation', () => {
    assert.equal(startingState(init, { junk: true }), init);
    assert.equal(startingState(init, { ...init, operationId: 'gateway.refund' }), init);
  });
  it('resolves the version and the URL parameters the form asks for', () => {
    const op = getOperation('gateway.initiateBrowserPayment');
    assert.ok(op);
    assert.equal(effectiveVersion(op, undefined), 100);
    assert.equal(effectiveVersion(op, 16), 16);
    assert.equal(effectiveVersion(op, 7), 100);
    assert.deepEqual(formPathParams(op).map((p) => p.name), ['orderId', 'transactionId']);
  });
});

describe('forms: jumping to a row', () => {
  it('creates the rows up to the one named, keeping the existing ones', () => {
    const lookup = fieldLookup(fieldsOf('gateway.authorize', 11));
    assert.deepEqual(ensureRowsFor({ item: [{ name: 'a' }] }, 'item[2].name', lookup), { item: [{ name: 'a' }, {}, {}] });
    const body = { item: [{ name: 'a' }] };
    assert.equal(ensureRowsFor(body, 'item[0].name', lookup), body);
  });
  it('a list of plain values gets empty text rows', () => {
    const lookup = fieldLookup(fieldsOf('gateway.initiateBrowserPayment', 100));
    assert.deepEqual(ensureRowsFor({}, 'constraints.paymentPlans.supported[1]', lookup), { constraints: { paymentPlans: { supported: ['', ''] } } });
  });
});

describe('forms: groups open at start', () => {
  it('are the ones holding values', () => {
    const fields = fieldsOf('gateway.authorize', 11);
    const lookup = fieldLookup(fields);
    const layout = buildLayout(fields, 11, new Set(['apiOperation']));
    const open = sectionsWithValues({ apiOperation: 'AUTHORIZE', sourceOfFunds: { provided: { card: { number: '1' } } }, item: [{}], extra: 1 }, lookup, layout);
    assert.deepEqual([...open].sort(), ['Card', 'Required']);
  });
});
