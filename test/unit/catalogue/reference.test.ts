/**
 * The field lists read from the gateway's API reference pages, and what the catalogue makes of them:
 * a documented version with the page's whole list knows every field of it and refuses any other name.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exampleBody, fieldsOf, validateBody, type OperationId } from '../../../src/catalogue';
import { refundBody } from '../../../src/catalogue/bodies/gateway';
import { checkedReference } from '../../../src/catalogue/reference/referenceFile';
import { droppedByReference, REFERENCE_FILES, referenceFile } from '../../../src/catalogue/reference';
import { pathSegments } from '../../../src/catalogue/validate';

const DATA = path.join(__dirname, '..', '..', '..', '..', 'src', 'catalogue', 'reference', 'data');

describe('catalogue: reference pages', () => {
  it('every data file is well formed: operation, version, fields with known types, enumerations with values', () => {
    const names = fs.readdirSync(DATA).filter((n) => n.endsWith('.json'));
    assert.ok(names.length > 0);
    for (const name of names) checkedReference(name, JSON.parse(fs.readFileSync(path.join(DATA, name), 'utf8')));
  });

  it('Refund v100 has every field of its page, lists as item[] and the custom map kept', () => {
    const file = referenceFile('gateway.refund', 100);
    assert.ok(file?.complete);
    const known = new Set(fieldsOf('gateway.refund', 100).map((f) => f.path));
    const leaves = file.fields.filter((f) => f.type !== 'object' && f.path !== 'order.custom').map((f) => f.path);
    assert.deepEqual(leaves.filter((p) => !known.has(p)), []);
    assert.ok(known.has('order.custom.{key}'), 'the page types order.custom as one string; the catalogue keeps the map');
  });

  it('leaves out only the hand-written fields the v100 page does not have (answer fields, and userId which moved to initiator.userId)', () => {
    assert.deepEqual(droppedByReference('gateway.refund', 100, refundBody(100)).sort(), [
      'airline.ticket.customerReference', 'billing.phone',
      'sourceOfFunds.provided.banktransfera', 'sourceOfFunds.provided.banktransferb',
      'sourceOfFunds.provided.card.brand', 'sourceOfFunds.provided.card.fundingMethod', 'sourceOfFunds.provided.card.holder',
      'sourceOfFunds.provided.card.localBrand', 'sourceOfFunds.provided.card.scheme', 'sourceOfFunds.provided.card.securityCodePresence',
      'sourceOfFunds.provided.card.trackDataProvided', 'sourceOfFunds.provided.walleta', 'userId',
    ]);
  });

  it('every field a page marks REQUIRED is required by the catalogue: leaving it out of a valid body is an error there', () => {
    const disagreements: string[] = [];
    for (const file of REFERENCE_FILES) {
      const id = file.operation as OperationId;
      const valid = exampleBody(id, file.version);
      assert.deepEqual(validateBody(id, file.version, valid).filter((i) => i.severity === 'error'), [], `${id}@${file.version}: its example is valid`);
      for (const field of file.fields.filter((f) => f.required === true && f.path !== 'apiOperation' && !f.path.includes('[]'))) {
        const body = structuredClone(valid) as Record<string, unknown>;
        if (!removeAt(body, field.path)) continue; // not in the example: inside an optional group the example leaves out
        const errors = validateBody(id, file.version, body).filter((i) => i.severity === 'error');
        if (!errors.some((i) => i.path === field.path || i.path.startsWith(`${field.path}.`))) disagreements.push(`${id}@${file.version} ${field.path}`);
      }
    }
    assert.deepEqual(disagreements, []);
  });

  const refund = (extra: Record<string, unknown>) => ({ apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'USD' }, ...extra });

  it('an unknown name at v100 is the gateway\'s error, with the closest field offered', () => {
    const issues = validateBody('gateway.refund', 100, refund({ order: { refrence: 'R-1' } }));
    assert.deepEqual(issues.map((i) => [i.path, i.rule, i.severity]), [['order.refrence', 'unknownParameter', 'error']]);
    assert.match(issues[0]?.message ?? '', /^order\.refrence: Unexpected parameter 'order\.refrence'; did you mean order\.reference\?/);
  });

  it('at v13, whose list is partial, the same name is a warning that says the list is not complete', () => {
    const issues = validateBody('gateway.refund', 13, refund({ order: { refrence: 'R-1' } }));
    assert.deepEqual(issues.map((i) => [i.rule, i.severity]), [['unknownField', 'warning']]);
    assert.match(issues[0]?.message ?? '', /did you mean order\.reference\?; that list is not complete/);
  });

  it('a version between the documented ones is checked with the nearest one\'s list: v57 with v100\'s, v14 with v13\'s', () => {
    assert.equal(validateBody('gateway.refund', 57, refund({ order: { refrence: 'x' } }))[0]?.severity, 'error');
    assert.equal(validateBody('gateway.refund', 14, refund({ order: { refrence: 'x' } }))[0]?.severity, 'warning');
  });

  it('lengths and values come from the page: transaction.reference is at most 40 characters at v100', () => {
    const issues = validateBody('gateway.refund', 100, refund({ transaction: { amount: '1.00', currency: 'USD', reference: 'r'.repeat(41) } }));
    assert.deepEqual(issues.map((i) => `${i.path}:${i.rule}`), ['transaction.reference:maxLength']);
  });

  it('3DSecure is "removed after version 99" on every operation at 100, also on one that never had it', () => {
    const checkout = {
      apiOperation: 'INITIATE_CHECKOUT', interaction: { operation: 'PURCHASE' }, order: { id: 'o-1', amount: '1.00', currency: 'USD' }, '3DSecure': { authenticationIndicator: 'PAYMENT' },
    };
    const issues = validateBody('gateway.initiateCheckout', 100, checkout);
    assert.deepEqual(issues.map((i) => [i.rule, i.severity, i.message]), [
      ['notInVersion', 'error', "3DSecure: Unexpected parameter '3DSecure': removed after version 99; this request uses version 100"],
    ]);
  });
});

/** Deletes the value at a dotted path; false when the path is not there. */
function removeAt(body: Record<string, unknown>, path: string): boolean {
  const steps = pathSegments(path);
  let at: unknown = body;
  for (const step of steps.slice(0, -1)) {
    if (typeof at !== 'object' || at === null) return false;
    at = (at as Record<string | number, unknown>)[step];
  }
  const last = steps[steps.length - 1];
  if (typeof at !== 'object' || at === null || last === undefined || !Object.hasOwn(at, last)) return false;
  delete (at as Record<string | number, unknown>)[last];
  return true;
}
