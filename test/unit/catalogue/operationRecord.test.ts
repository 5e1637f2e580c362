import * as assert from 'node:assert/strict';
import {
  continuationOf, crossFieldRules, fieldsOf, OPERATION_RECORDS, operations, recordOf, SELECTED_OPERATIONS, transactionTypeOf,
  type OperationKey, type SelectedOperationId,
} from '../../../src/catalogue';
import { allOperationVersions } from '../../../src/catalogue/bodies';
import { TRANSACTION_TYPES } from '../../../src/catalogue/codes';
import { bodyBuilder } from '../../../src/catalogue/operationRecord';
import { createsTransaction, orderRole } from '../../../src/catalogue/orderRole';
import { responseSchemaFor } from '../../../src/catalogue/responses';
import type { CrossFieldRule } from '../../../src/catalogue/rules';

/**
 * What no longer compiles: `npm run typecheck` covers test/, and each `@ts-expect-error` below fails
 * the typecheck if the line after it ever compiles again (a typo'd key would fail silently before).
 */
export const keysTheCompilerRefuses = (): unknown[] => [
  // @ts-expect-error Authorize has no body documented at version 12 (its rules are version 11's)
  ((): OperationKey => 'gateway.authorize@12')(),
  // @ts-expect-error a misspelt operation
  ((): OperationKey => 'gateway.authorise@11')(),
  // @ts-expect-error an operation without versions takes no @version
  ((): OperationKey => 'financing.offers@100')(),
  // @ts-expect-error Retrieve Order is routed by its path, not selected by apiOperation
  ((): SelectedOperationId => 'gateway.retrieveOrder')(),
  ((): CrossFieldRule['onlyFor'] => [
    'gateway.pay@100',
    // @ts-expect-error a rule bound to a version of Pay the catalogue does not document
    'gateway.pay@11',
  ])(),
];

describe('catalogue: one record per operation', () => {
  it('has a record for every operation and none for an unknown one', () => {
    assert.deepEqual(Object.keys(OPERATION_RECORDS).sort(), operations.map((o) => o.id).sort());
    assert.equal(recordOf('gateway.authorise'), undefined);
    assert.equal(recordOf('__proto__'), undefined);
    assert.equal(recordOf('toString'), undefined);
  });

  it('declares the documented versions of every operation and a body for each when the operation has one', () => {
    for (const op of operations) {
      const record = recordOf(op.id);
      assert.ok(record, op.id);
      assert.deepEqual(record.versions, op.documentedVersions, `${op.id}: versions`);
      if (!op.hasBody) {
        assert.equal(record.body, undefined, `${op.id} has no body`);
        continue;
      }
      const versions = op.documentedVersions.length ? op.documentedVersions : [undefined];
      for (const v of versions) assert.equal(typeof bodyBuilder(op.id, v), 'function', `${op.id}@${v}: body builder`);
      if (typeof record.body === 'object') assert.deepEqual(Object.keys(record.body).map(Number), op.documentedVersions, `${op.id}: no body for an undocumented version`);
    }
  });

  it('binds every rule only to keys the records declare', () => {
    const keys = new Set(allOperationVersions().map((r) => r.key));
    for (const rule of crossFieldRules) for (const key of rule.onlyFor ?? []) assert.ok(keys.has(key), `${rule.id}: ${key}`);
  });

  it('names a response shape for every operation', () => {
    for (const op of operations) assert.ok(responseSchemaFor(op.id), op.id);
  });

  it('keeps the order roles: initial, follow-up, lookup, and a transaction created by every operation but a read', () => {
    const roles = Object.fromEntries(operations.filter((o) => orderRole(o.id)).map((o) => [o.id, orderRole(o.id)]));
    assert.deepEqual(roles, {
      'gateway.authorize': 'initial', 'gateway.updateAuthorization': 'followUp', 'gateway.refund': 'followUp', 'gateway.verify': 'initial',
      'gateway.initiateBrowserPayment': 'initial', 'gateway.capture': 'followUp', 'gateway.void': 'followUp', 'gateway.pay': 'initial',
      'gateway.retrieveOrder': 'lookup', 'gateway.retrieveTransaction': 'lookup',
    });
    assert.equal(createsTransaction('gateway.retrieveOrder'), false);
    assert.equal(createsTransaction('gateway.authenticatePayer'), true);
    assert.equal(orderRole('gateway.authorise'), undefined);
  });

  it('selects by apiOperation exactly the transaction operations, each with the type its transaction records', () => {
    assert.deepEqual(SELECTED_OPERATIONS, [
      'gateway.authorize', 'gateway.updateAuthorization', 'gateway.refund', 'gateway.verify', 'gateway.initiateBrowserPayment',
      'gateway.capture', 'gateway.void', 'gateway.pay', 'gateway.initiateAuthentication', 'gateway.authenticatePayer',
    ]);
    for (const id of SELECTED_OPERATIONS) {
      assert.ok(operations.find((o) => o.id === id)?.apiOperation, `${id} has an apiOperation name`);
      assert.ok(Object.hasOwn(TRANSACTION_TYPES, transactionTypeOf(id)), id);
    }
    assert.equal(transactionTypeOf('gateway.void'), 'VOID_AUTHORIZATION');
  });

  it('says which operation continues which, and the field that carries the earlier transaction', () => {
    assert.deepEqual(continuationOf('gateway.authenticatePayer'), { from: 'gateway.initiateAuthentication', transaction: 'same' });
    for (const id of ['gateway.authorize', 'gateway.pay'] as const) {
      const c = continuationOf(id);
      assert.equal(c?.transaction, 'new');
      assert.ok(c?.carries && fieldsOf(id, 100).some((f) => f.path === c.carries), `${id} has ${c?.carries} at version 100`);
    }
    assert.equal(continuationOf('gateway.refund'), undefined);
  });
});
