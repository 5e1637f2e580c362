import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFlowText } from '../../../src/flows';
import { importFiles, importReport } from '../../../src/interop';

const fixtureDir = path.join(process.cwd(), 'test', 'fixtures', 'interop');
const fixture = (name: string) => ({ name, text: fs.readFileSync(path.join(fixtureDir, name), 'utf8') });
const noFiles = (name: string): string => {
  throw new Error(name);
};

describe('import into workbench files', () => {
  const outcome = importFiles([fixture('card-order.postman_collection.json'), fixture('simulator.postman_environment.json')], noFiles);

  it('makes a folder of three requests one flow: fresh order id first, later steps refer to it', () => {
    const flowFile = outcome.files.find((f) => f.name.endsWith('.payflow.json'));
    assert.ok(flowFile);
    const parsed = parseFlowText(flowFile.text);
    assert.ok(parsed.ok, JSON.stringify(parsed));
    assert.equal(parsed.flow.environment, 'simulator-from-postman');
    assert.deepEqual(parsed.flow.steps.map((s) => [s.id, s.operation, s.version, s.params]), [
      ['authorize', 'gateway.authorize', 11, undefined],
      ['partialRefund', 'gateway.refund', 13, { orderId: '{{authorize.params.orderId}}' }],
      ['orderStatus', 'gateway.retrieveOrder', 100, { orderId: '{{authorize.params.orderId}}' }],
    ]);
    assert.deepEqual((parsed.flow.steps[0]?.body as { order: unknown }).order, { amount: '100.00', currency: 'EUR' }, 'collection variables are expanded in bodies');
  });

  it('makes the environment from the base URL, the merchant and the Postman environment\'s name', () => {
    assert.deepEqual(outcome.environments, [{ id: 'simulator-from-postman', name: 'Simulator from Postman', gatewayUrl: 'http://127.0.0.1:4477', merchantId: 'TESTSIMULATOR01' }]);
  });

  it('sets the secret aside for the adapter, and no file holds it', () => {
    assert.deepEqual(outcome.secrets.map((s) => [s.environmentId, s.name, s.value]), [['simulator-from-postman', 'gatewayApiPassword', 'simulator-api-password']]);
    for (const f of outcome.files) assert.doesNotMatch(f.text, /simulator-api-password/, f.name);
    const report = importReport(outcome, 'out', (id, name) => `store ${name} of ${id}`);
    assert.doesNotMatch(report, /simulator-api-password/);
    assert.match(report, /store gatewayApiPassword of simulator-from-postman/);
  });

  it('keeps a request that matches no operation as a plain .http request, with the reason in the report', () => {
    const http = importFiles([fixture('verify.http')], noFiles);
    const plain = http.files.find((f) => f.name === 'verify.unmatched.http');
    assert.ok(plain);
    assert.match(plain.text, /GET https:\/\/example\.com\/status/);
    assert.match(http.leftOut.join('\n'), /verify\.http:19: kept as a plain HTTP request: its path has no \/api\/rest/);
  });

  it('validates the body as the form would, and a literal cURL password lands in no file', () => {
    const curl = importFiles([{ name: 'a.sh', text: "curl -X PUT https://gw.test/api/rest/version/100/merchant/TESTM/order/1/transaction/1 -u merchant.TESTM:hunter2-secret -d '{\"apiOperation\":\"PAY\",\"order\":{\"amount\":\"-1\",\"currency\":\"EUR\"}}'" }], noFiles);
    assert.equal(curl.files[0]?.name, 'pay.payreq.json');
    assert.match(curl.checks.join('\n'), /error: order\.amount/);
    for (const f of curl.files) assert.doesNotMatch(f.text, /hunter2/);
    assert.equal(curl.secrets[0]?.value, 'hunter2-secret');
  });
});

describe('import: ids an earlier request set', () => {
  it('a later body that reuses an earlier request\'s transaction id refers to that step; a plain request keeps no literal password', () => {
    const collection = {
      info: { name: 'Void', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      auth: { type: 'basic', basic: [{ key: 'username', value: 'merchant.TESTM' }, { key: 'password', value: 'literal-secret-1' }] },
      variable: [{ key: 'base', value: 'https://gw.test/api/rest/version/100/merchant/TESTM' }, { key: 'txn', value: 'T-1' }],
      item: [
        { name: 'Pay', request: { method: 'PUT', url: '{{base}}/order/{{order}}/transaction/{{txn}}', body: { mode: 'raw', raw: '{"apiOperation":"PAY","order":{"amount":"5.00","currency":"EUR"}}' } } },
        { name: 'Void', request: { method: 'PUT', url: '{{base}}/order/{{order}}/transaction/V-1', body: { mode: 'raw', raw: '{"apiOperation":"VOID","transaction":{"targetTransactionId":"{{txn}}"}}' } } },
        { name: 'Elsewhere', request: { method: 'GET', url: 'https://example.com/ping' } },
      ],
    };
    const outcome = importFiles([{ name: 'void.json', text: JSON.stringify(collection) }], noFiles);
    const flowFile = outcome.files.find((f) => f.name.endsWith('.payflow.json'));
    assert.ok(flowFile);
    const parsed = parseFlowText(flowFile.text);
    assert.ok(parsed.ok, JSON.stringify(parsed));
    assert.deepEqual(parsed.flow.steps[1]?.body, { apiOperation: 'VOID', transaction: { targetTransactionId: '{{pay.params.transactionId}}' } });
    assert.deepEqual(parsed.flow.steps[1]?.params, { orderId: '{{pay.params.orderId}}' });
    for (const f of outcome.files) assert.doesNotMatch(f.text, /literal-secret-1/, f.name);
    assert.match(outcome.files.find((f) => f.name.endsWith('.unmatched.http'))?.text ?? '', /Authorization: Basic merchant\.TESTM:\{\{password\}\}/);
  });
});
