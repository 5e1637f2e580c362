import * as assert from 'node:assert/strict';
import {
  apiOperationAt, exampleBody, fieldsOf, getOperation, parseRequestFile, validateBody, versionChoices, versionProblem, type OperationDef,
} from '../../../src/catalogue';
import { compile } from '../../../src/catalogue/compiled';

const op = (id: string): OperationDef => {
  const found = getOperation(id);
  assert.ok(found, id);
  return found;
};

describe('catalogue: API versions', () => {
  it('resolves any served version of an operation, with the rules of the nearest documented version (the newer on a tie)', () => {
    // Authorize is documented at 11 and 100: 55 is nearer 11, 56 a tie, 57 nearer 100.
    assert.deepEqual([55, 56, 57].map((v) => compile('gateway.authorize', v).resolved.rulesFrom), [11, 100, 100]);
    assert.equal(compile('gateway.pay', 51).resolved.rulesFrom, 100);
    // Initiate Browser Payment is documented at 16 and 100: 57 is nearer 16, 58 is a tie, 59 nearer 100.
    assert.deepEqual([57, 58, 59].map((v) => compile('gateway.initiateBrowserPayment', v).resolved.rulesFrom), [16, 100, 100]);
    assert.equal(compile('gateway.refund').resolved.version, 100, 'the default is the newest');
  });

  it('names the range when a version is out of it, deactivated or unserved', () => {
    assert.equal(versionProblem(op('gateway.void'), 3), 'Void is served at versions 4 to 100 (not 5, 6, 22, 25, 80), not 3');
    assert.equal(versionProblem(op('gateway.authorize'), 101), 'Authorize is served at versions 1 to 100 (not 2, 5, 6, 22, 25, 80), not 101');
    assert.equal(versionProblem(op('gateway.capture'), 25), 'the gateway does not serve version 25; Capture is served at versions 1 to 100 (not 2, 5, 6, 22, 25, 80)');
    assert.equal(versionProblem(op('gateway.capture'), 57), undefined);
    assert.deepEqual(validateBody('gateway.pay', 80, {}).map((i) => i.message), [
      'version: the gateway does not serve version 80; Pay is served at versions 1 to 100 (not 2, 5, 6, 22, 25, 80)',
    ]);
    const file = parseRequestFile(JSON.stringify({ operation: 'gateway.updateSession', version: 17 }));
    assert.deepEqual(file, { ok: false, message: 'version: Update Session is served at versions 18 to 100 (not 22, 25, 80), not 17' });
  });

  it('offers the pinned and documented versions first, then every other served version, newest first', () => {
    const choices = versionChoices(op('gateway.authorize'));
    assert.deepEqual(choices.slice(0, 8), [100, 78, 72, 63, 61, 57, 51, 11]);
    assert.equal(choices.length, 94);
    assert.ok(!choices.includes(80) && !choices.includes(22));
  });

  it('a field introduced later is the gateway\'s "Unexpected parameter" error at an earlier version, and clean at 100', () => {
    const body = { accountFunding: { senderIsRecipient: true } };
    const at57 = validateBody('gateway.updateSession', 57, body);
    assert.deepEqual(at57.map((i) => [i.severity, i.message]), [
      ['error', "accountFunding: Unexpected parameter 'accountFunding': introduced in version 80; this request uses version 57"],
    ]);
    assert.deepEqual(validateBody('gateway.updateSession', 100, body), []);
  });

  it('surcharging (order.netAmount, order.merchantCharge) is an error below version 50 only; account funding below 65 (80 in Update Session)', () => {
    const surcharge = { order: { netAmount: '10.00', currency: 'USD', merchantCharge: { type: 'SURCHARGE' } } };
    assert.deepEqual(validateBody('gateway.updateSession', 49, surcharge).map((i) => i.path), ['order.netAmount', 'order.merchantCharge']);
    assert.deepEqual(validateBody('gateway.updateSession', 50, surcharge), []);
    const verify = { ...exampleBody('gateway.verify', 100) as Record<string, unknown>, accountFunding: { senderIsRecipient: true } };
    assert.deepEqual(validateBody('gateway.verify', 64, verify).map((i) => i.message), [
      "accountFunding: Unexpected parameter 'accountFunding': introduced in version 65; this request uses version 64",
    ]);
    assert.deepEqual(validateBody('gateway.verify', 65, verify), []);
  });

  it('a field removed later is an error after its last version: 3DSecure at 100, fine at 57', () => {
    const body = { ...exampleBody('gateway.authorize', 57) as Record<string, unknown>, '3DSecureId': 'id-1' };
    assert.deepEqual(validateBody('gateway.authorize', 57, body), []);
    assert.deepEqual(validateBody('gateway.authorize', 100, body).map((i) => i.message), [
      "3DSecureId: Unexpected parameter '3DSecureId': removed after version 99; this request uses version 100",
    ]);
    assert.ok(fieldsOf('gateway.authorize', 57).some((f) => f.path === '3DSecureId'));
    assert.ok(!fieldsOf('gateway.authorize', 100).some((f) => f.path.startsWith('3DSecure')), 'the form at 100 has no 3DSecure fields');
  });

  it('a name no version knows stays a warning', () => {
    const issues = validateBody('gateway.updateSession', 57, { order: { refrence: 'x' } });
    assert.deepEqual(issues.map((i) => [i.severity, i.rule]), [['warning', 'unknownField']]);
  });

  it('carries the apiOperation name per range of versions', () => {
    const renamed: OperationDef = { ...op('gateway.pay'), apiOperation: [{ from: 1, name: 'CREATE_CHECKOUT_SESSION' }, { from: 63, name: 'INITIATE_CHECKOUT' }] };
    assert.deepEqual([51, 62, 63, 100].map((v) => apiOperationAt(renamed, v)), ['CREATE_CHECKOUT_SESSION', 'CREATE_CHECKOUT_SESSION', 'INITIATE_CHECKOUT', 'INITIATE_CHECKOUT']);
    assert.equal(apiOperationAt(op('gateway.updateSession'), 57), undefined);
  });
});
