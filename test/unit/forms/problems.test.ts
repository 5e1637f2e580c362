/** Problems come from the catalogue's checks, verbatim, placed on the controls that show them. */
import * as assert from 'node:assert/strict';
import { exampleBody, fieldsOf, operations } from '../../../src/catalogue';
import type { OperationId } from '../../../src/catalogue/operations';
import { fieldLookup, placeOf, templateFor } from '../../../src/features/form/model/fieldLookup';
import type { JsonObject } from '../../../src/features/form/model/json';
import { buildLayout } from '../../../src/features/form/model/layout';
import { collectProblems, problemsBySection, sendLabel } from '../../../src/features/form/model/problems';
import { alwaysRequiredPaths } from '../../../src/features/form/model/requiredFields';

function problemsOf(id: OperationId, version: number | undefined, body: JsonObject, extra: Partial<Parameters<typeof collectProblems>[0]> = {}) {
  const fields = fieldsOf(id, version);
  const lookup = fieldLookup(fields);
  const required = alwaysRequiredPaths(id, version, fields);
  return { lookup, required, fields, problems: collectProblems({ operationId: id, version, body, lookup, required, now: new Date('2026-01-01T00:00:00Z'), ...extra }) };
}

/** What an Authorize needs besides the field under test: amount, currency and a card (the catalogue's payment rules). */
const CARD = { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' } } } };
const PAYS = { amount: '10.00', currency: 'USD' };
const authorize = (body: JsonObject): JsonObject => ({ apiOperation: 'AUTHORIZE', sourceOfFunds: CARD, ...body, order: { ...PAYS, ...(body['order'] as JsonObject | undefined) } });

describe('forms: problems', () => {
  it('warnings are counted apart from problems and never block: "Send · 1 problem, 2 warnings"', () => {
    const { problems } = problemsOf('gateway.authorize', 11, authorize({ order: { amount: 10.5, currency: 'usd', refrence: 'R1' } }));
    assert.equal(problems.count, 1);
    assert.deepEqual(problems.byPath.get('order.currency')?.length, 1);
    assert.equal(problems.warnings, 2);
    assert.match(problems.warningsByPath.get('order.amount')?.[0] ?? '', /^order\.amount: the spec asks for a decimal string/);
    assert.match(problems.unplacedWarnings[0] ?? problems.warningsByPath.get('order.refrence')?.[0] ?? '', /did you mean order\.reference\?/);
    assert.equal(sendLabel(problems.count, problems.warnings), 'Send · 1 problem, 2 warnings');
    assert.equal(sendLabel(0, 1), 'Send · 1 warning');
    assert.equal(sendLabel(2, 0), 'Send · 2 problems');
  });

  it('a body naming its session: each always-required field it leaves out is one warning, "needed in the request or in the session"; Send is free', () => {
    const body: JsonObject = { apiOperation: 'INITIATE_AUTHENTICATION', session: { id: 'SESSION0002ABCDEFGHIJKLMNOPQRST' } };
    const { problems } = problemsOf('gateway.initiateAuthentication', 100, body);
    assert.equal(problems.count, 0);
    assert.equal(problems.warnings, 2);
    assert.match(problems.warningsByPath.get('order.currency')?.[0] ?? '', /^order\.currency: needed in the request or in the session/);
    assert.match(problems.warningsByPath.get('authentication.channel')?.[0] ?? '', /^authentication\.channel: needed in the request or in the session/);
    const without = problemsOf('gateway.initiateAuthentication', 100, { apiOperation: 'INITIATE_AUTHENTICATION' }).problems;
    assert.equal(without.count, 2, 'without a session both are required');
  });

  it('a field introduced after the form\'s version is the gateway\'s "Unexpected parameter" problem at 57 and nothing at 100', () => {
    const body: JsonObject = { accountFunding: { senderIsRecipient: true } };
    const at57 = problemsOf('gateway.updateSession', 57, body).problems;
    assert.equal(at57.count, 1);
    assert.equal(sendLabel(at57.count, at57.warnings), 'Send · 1 problem');
    const messages = [...at57.byPath.values(), at57.unplaced].flat();
    assert.deepEqual(messages, ["accountFunding: Unexpected parameter 'accountFunding': introduced in version 80; this request uses version 57"]);
    const at100 = problemsOf('gateway.updateSession', 100, body).problems;
    assert.equal(at100.count + at100.warnings, 0);
  });

  it('a misspelt field of a Refund at 100 (the whole field list known) is a problem that blocks Send; at 13 a warning that does not', () => {
    const body: JsonObject = { apiOperation: 'REFUND', order: { refrence: 'R-1' }, transaction: { amount: '1.00', currency: 'USD' } };
    const at100 = problemsOf('gateway.refund', 100, body).problems;
    assert.equal(sendLabel(at100.count, at100.warnings), 'Send · 1 problem');
    assert.match([...at100.byPath.values(), at100.unplaced].flat()[0] ?? '', /Unexpected parameter 'order\.refrence'; did you mean order\.reference\?/);
    const at13 = problemsOf('gateway.refund', 13, body).problems;
    assert.equal(sendLabel(at13.count, at13.warnings), 'Send · 1 warning');
  });

  it('a too long reference is one problem, with the catalogue message, on its field', () => {
    const { problems } = problemsOf('gateway.authorize', 11, authorize({ order: { reference: 'x'.repeat(41) } }));
    assert.equal(problems.count, 1);
    assert.deepEqual(problems.byPath.get('order.reference'), ['order.reference: must be at most 40 characters, got 41']);
    assert.deepEqual(problemsOf('gateway.authorize', 11, authorize({ order: { reference: 'x'.repeat(40) } })).problems.count, 0);
  });

  it('a missing required object is reported on the required fields inside it, not twice', () => {
    const { problems } = problemsOf('gateway.initiateBrowserPayment', 100, { apiOperation: 'INITIATE_BROWSER_PAYMENT' });
    assert.deepEqual([...problems.byPath.keys()].sort(), ['browserPayment.operation', 'order.amount', 'order.currency', 'sourceOfFunds.type']);
    assert.deepEqual(problems.byPath.get('order.amount'), ['order.amount: required']);
    assert.equal(problems.count, 4);
    assert.deepEqual(problems.unplaced, []);
  });

  it('a cross-field rule shows on every field it names', () => {
    const { problems } = problemsOf('gateway.authorize', 11, authorize({ order: { amount: '10.00', currency: 'USD', itemAmount: '4.00', taxAmount: '1.00' } }));
    assert.match(problems.byPath.get('order.amount')?.[0] ?? '', /^order\.amount: must equal the sum of the sub-totals/);
    assert.match(problems.byPath.get('order.itemAmount')?.[0] ?? '', /^order\.itemAmount: the sub-totals/);
    assert.equal(problems.count, 3);
  });

  it('required fields of list rows show on the row fields', () => {
    const { problems } = problemsOf('gateway.authorize', 11, authorize({ item: [{ name: 'A', unitPrice: '1.00' }] }));
    assert.deepEqual([...problems.byPath.entries()], [['item[0].quantity', ['item[0].quantity: required']]]);
  });

  it('a bad map key shows on that entry', () => {
    const { problems } = problemsOf('gateway.authorize', 11, { apiOperation: 'AUTHORIZE', order: { custom: { 'bad key': 'v' } } });
    assert.deepEqual(problems.byPath.get('order.custom.bad key'), ["order.custom.bad key: key must be under 100 characters from A-Z a-z 0-9, got 'bad key'"]);
  });

  it('text in a number field is a problem, the value stays as typed', () => {
    const { problems } = problemsOf('financing.offers', undefined, { products: [{ name: 'A', price: 1, quantity: 1 }], credit_period: 'abc' });
    assert.deepEqual(problems.byPath.get('credit_period'), ["credit_period: must be a whole number, got text 'abc'"]);
  });

  it('URL parameter and host problems count; unknown paths are listed apart', () => {
    const { problems } = problemsOf('gateway.authorize', 11, authorize({}), {
      placed: [{ path: 'param:orderId', message: 'orderId: required' }],
      host: [{ path: 'merchantId', message: 'merchantId: required' }, { path: 'order.amount', message: 'order.amount: the host says no' }],
    });
    assert.equal(problems.count, 3);
    assert.deepEqual(problems.byPath.get('param:orderId'), ['orderId: required']);
    assert.deepEqual(problems.unplaced, ['merchantId: required']);
    assert.deepEqual(problems.byPath.get('order.amount'), ['order.amount: the host says no']);
  });

  it('counts problems per section for the folded groups', () => {
    const { problems, lookup, fields, required } = problemsOf('gateway.authorize', 11, { order: { ...PAYS, reference: 'x'.repeat(41) }, item: [{}], sourceOfFunds: CARD });
    const bySection = problemsBySection(problems, lookup, buildLayout(fields, 11, required));
    assert.equal(bySection.get('Required'), 1);
    assert.equal(bySection.get('Order'), 1);
    assert.equal(bySection.get('Item'), 3);
  });

  it('places issues on the nearest control', () => {
    const lookup = fieldLookup(fieldsOf('gateway.authorize', 11));
    assert.equal(placeOf(lookup, 'item[0]'), 'item');
    assert.equal(placeOf(lookup, 'order'), undefined);
    assert.equal(templateFor(lookup, 'order.custom.abc'), 'order.custom.{key}');
  });

  it('a fresh form (the catalogue\'s example body) has no problem on any operation, with the payment rules declared', () => {
    for (const op of operations) {
      for (const version of op.documentedVersions.length ? op.documentedVersions : [undefined]) {
        const body = exampleBody(op.id, version);
        if (!body) continue;
        const { problems } = problemsOf(op.id, version, body as JsonObject);
        assert.equal(problems.count, 0, `${op.id} v${String(version)}: ${[...problems.byPath.values()].flat().join('; ')}`);
      }
    }
  });

  it('the send button says how many problems remain', () => {
    assert.equal(sendLabel(0), 'Send');
    assert.equal(sendLabel(1), 'Send · 1 problem');
    assert.equal(sendLabel(2), 'Send · 2 problems');
  });
});
