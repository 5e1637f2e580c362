import * as assert from 'node:assert/strict';
import { parseRequestFile, requestFileJsonSchema, requestSchema } from '../../../src/catalogue';

describe('catalogue: request files', () => {
  it('parses a valid file', () => {
    const r = parseRequestFile(JSON.stringify({ operation: 'gateway.refund', version: 13, params: { orderId: 'O1', transactionId: 'T1' }, body: { apiOperation: 'REFUND' } }));
    assert.ok(r.ok);
    assert.equal(r.file.operation, 'gateway.refund');
  });
  it('explains what is wrong', () => {
    const msg = (text: string) => { const r = parseRequestFile(text); return r.ok ? 'ok' : r.message; };
    assert.match(msg('{"operation": '), /^not valid JSON: /);
    assert.equal(msg('{}'), 'operation: required');
    assert.match(msg('{"operation":"gateway.disbursement"}'), /^operation: must be one of financing.login, /);
    assert.equal(msg('{"operation":"gateway.refund","version":80}'), 'version: the gateway does not serve version 80; Refund is served at versions 1 to 100 (not 2, 5, 6, 22, 25, 80)');
    assert.equal(msg('{"operation":"financing.login","version":1}'), 'version: financing.login has no version, got 1');
    assert.equal(msg('{"operation":"financing.logout","body":{"a":1}}'), 'body: financing.logout takes no body');
    assert.match(msg('{"operation":"gateway.refund","body":[1]}'), /^body: must be a JSON object/);
  });
  it('accepts a file that starts with a UTF-8 BOM (as editors on Windows write it)', () => {
    const r = parseRequestFile(`\uFEFF${JSON.stringify({ operation: 'gateway.verify', body: { apiOperation: 'VERIFY' } })}`);
    assert.ok(r.ok, JSON.stringify(r));
  });
  it('quotes no card number or secret from the file in its messages', () => {
    const msg = (text: string) => { const r = parseRequestFile(text); return r.ok ? 'ok' : r.message; };
    assert.equal(msg('{"operation":"gateway.pay","params":{"orderId":5123450000000008}}'), 'params.orderId: must be text, got number 512345xxxxxx0008');
    assert.equal(msg('{"operation":"5123450000000008"}').includes('5123450000000008'), false);
    const syntax = msg('{"operation":"gateway.pay","body":{"apiPassword": Hunter2Secret}}');
    assert.ok(!syntax.includes('Hunter2Secret'), syntax);
    assert.match(syntax, /^not valid JSON: .* at line 1, column 51/);
  });
  it('JSON Schema selects the body schema with if/then on operation and version', () => {
    const s = requestFileJsonSchema() as { allOf: { if: { properties: { operation: { const: string } } }; then: { properties: Record<string, unknown> } }[]; definitions: Record<string, unknown> };
    const ibp = s.allOf.filter((b) => b.if.properties.operation.const === 'gateway.initiateBrowserPayment' && b.then.properties['body']);
    assert.equal(ibp.length, 2);
    assert.ok(s.definitions['gateway.initiateBrowserPayment.v16'] && s.definitions['gateway.initiateBrowserPayment.v100']);
    const text = JSON.stringify(s);
    assert.ok(text.includes('"examples":["ELECTRONIC","GROUND","OVERNIGHT","PRIORITY","SAME_DAY"]'), 'enum values are kept for completion, as examples (no rule: the catalogue reports it)');
    assert.ok(text.includes('"description":"Optional, 1 to 100 characters; not validated'), 'descriptions are kept for hovers');
  });
  it('requestSchema includes the cross-field rules', () => {
    const schema = requestSchema('gateway.initiateBrowserPayment', 16);
    const body = { apiOperation: 'INITIATE_BROWSER_PAYMENT', browserPayment: { returnUrl: 'https://merchant.example.com/r' }, sourceOfFunds: { type: 'BANKTRANSFER_A' }, order: { amount: '1', currency: 'USD' } };
    const r = schema.safeParse(body);
    assert.equal(r.success, false);
    assert.deepEqual(r.error?.issues.map((i) => [i.path.join('.'), i.message]), [['sourceOfFunds.provided.banktransfera.bankIdentifier', 'required when sourceOfFunds.type is BANKTRANSFER_A']]);
  });
});
