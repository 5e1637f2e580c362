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

describe('import: collections as the gateway\'s public samples write them', () => {
  const outcome = importFiles([fixture('saved-card.postman_collection.json')], noFiles);
  const flow = () => {
    const file = outcome.files.find((f) => f.name.endsWith('.payflow.json'));
    const parsed = parseFlowText(file?.text ?? '');
    assert.ok(parsed.ok, JSON.stringify(parsed));
    return parsed.flow;
  };

  it('ids a test script carried from one answer to the next become references to that answer; {{$guid}} a fresh value; comments in a body are dropped', () => {
    const steps = flow().steps;
    assert.deepEqual(steps.map((s) => s.operation), ['gateway.createSession', 'gateway.updateSession', 'gateway.createToken', 'gateway.pay', 'gateway.retrieveToken']);
    assert.equal(steps[1]?.params?.['sessionId'], '{{createSession.response.session.id}}');
    assert.deepEqual((steps[2]?.body as { session: unknown }).session, { id: '{{createSession.response.session.id}}' });
    assert.deepEqual((steps[3]?.body as { sourceOfFunds: unknown }).sourceOfFunds, { token: '{{saveTheCard.response.token}}' });
    assert.equal((steps[3]?.body as { order: { reference: string } }).order.reference, '{{fresh.orderId.guid}}');
    assert.equal(steps[4]?.params?.['tokenId'], '{{saveTheCard.response.token}}', 'a Postman path variable (:tokenId) is read');
    const report = outcome.leftOut.join('\n');
    assert.match(report, /Pay with the token: \{\{Token\}\} became \{\{saveTheCard\.response\.token\}\} \(the earlier answer that sets it\)/);
    assert.match(report, /Pay with the token: the comments in its body were left out/);
    assert.doesNotMatch(report, /variable "Token": a secret/, 'a card token carried between steps is not called a secret');
  });

  it('no file holds a credential: the password in a Basic header variable, an API key header, a password in a form body', () => {
    assert.deepEqual(outcome.secrets.map((x) => [x.name, x.value]), [['gatewayApiPassword', 'simulator-api-password']], 'the Basic header built from a variable is read for the password');
    const basicAuth = Buffer.from('merchant.TESTSIMULATOR01:simulator-api-password').toString('base64');
    for (const f of outcome.files) {
      for (const secret of ['simulator-api-password', basicAuth, 'status-key-4f1d', 'form-password-77b2']) assert.ok(!f.text.includes(secret), `${secret} in ${f.name}`);
    }
    const plain = outcome.files.find((f) => f.name.endsWith('.unmatched.http'))?.text ?? '';
    assert.match(plain, /^x-api-key: \{\{x_api_key\}\}$/m);
    assert.match(plain, /apiPassword=<redacted>/);
  });

  it('.http variables built from other variables are expanded (REST Client\'s own pattern), and a REST Client response reference becomes the flow\'s', () => {
    const http = importFiles([{ name: 'nested.http', text: [
      '@host = https://gw.test',
      '@version = 100',
      '@merchantId = TESTM',
      '@baseUrl = {{host}}/api/rest/version/{{version}}/merchant/{{merchantId}}',
      '',
      '# @name createSession',
      'POST {{baseUrl}}/session',
      'Content-Type: application/json',
      '',
      '{}',
      '',
      '###',
      '# @name fill',
      'PUT {{baseUrl}}/session/{{createSession.response.body.session.id}}',
      'Content-Type: application/json',
      '',
      '{"order": {"amount": "5.00", "currency": "EUR"}}',
    ].join('\n') }], noFiles);
    const parsed = parseFlowText(http.files.find((f) => f.name.endsWith('.payflow.json'))?.text ?? '');
    assert.ok(parsed.ok, JSON.stringify(http.leftOut));
    assert.deepEqual(parsed.flow.steps.map((s) => [s.operation, s.params?.['sessionId']]), [['gateway.createSession', undefined], ['gateway.updateSession', '{{createSession.response.session.id}}']]);
    assert.deepEqual(http.environments.map((e) => [e.gatewayUrl, e.merchantId]), [['https://gw.test', 'TESTM']]);
  });
});

describe('import: what documentation and other tools hand over', () => {
  it('a documentation cURL with its prompt, a byte-order mark and placeholders: imported, placeholders taken for no value', () => {
    const outcome = importFiles([{ name: 'doc.sh', text: '\uFEFF$ curl -X PUT https://<your_gateway_host>/api/rest/version/100/merchant/<merchant_id>/order/<order_id>/transaction/1 -u merchant.<merchant_id>:<your_api_password> -d \'{"apiOperation":"PAY","order":{"amount":"5.00","currency":"EUR"}}\'' }], noFiles);
    assert.deepEqual(outcome.files.map((f) => f.name), ['pay.payreq.json']);
    assert.equal((JSON.parse(outcome.files[0]?.text ?? '{}') as { params?: unknown }).params, undefined, 'no <order_id> as an order id');
    assert.deepEqual(outcome.environments, [], 'no <your_gateway_host> as the gateway URL');
    assert.deepEqual(outcome.secrets.map((x) => x.value), [''], 'no <your_api_password> as the password');
    assert.match(outcome.leftOut.join('\n'), /the base URL "https:\/\/<your_gateway_host>" has no known value; set it in the environment/);
  });

  it('an Authorization header the shell builds ($(… | base64)) is named in the report, not passed over', () => {
    const outcome = importFiles([{ name: 'sub.sh', text: 'curl -X PUT https://gw.test/api/rest/version/100/merchant/M/order/O/transaction/1 -H "Authorization: Basic $(printf merchant.M:$PW | base64)" -d \'{"apiOperation":"PAY","order":{"amount":"5.00","currency":"EUR"}}\'' }], noFiles);
    assert.deepEqual(outcome.secrets, []);
    assert.match(outcome.leftOut.join('\n'), /sub\.sh: its Authorization header could not be read \(Basic …, built by the shell or a script\?\); store the environment's gateway API password yourself/);
  });

  it('a file saved as UTF-16 is refused with what to do', () => {
    assert.throws(() => importFiles([{ name: 'ps.txt', text: 'c\u0000u\u0000r\u0000l\u0000' }], noFiles), /ps\.txt: saved as UTF-16 \(NUL bytes in the text\); save it as UTF-8 and import it again/);
  });

  it('a request named in capitals ("PAY") gets a readable step id', () => {
    const url = 'https://gw.test/api/rest/version/100/merchant/M/order/O-1/transaction/1';
    const collection = { info: { name: 'c', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: [
      { name: 'AUTHORIZE', request: { method: 'PUT', url, body: { mode: 'raw', raw: '{"apiOperation":"AUTHORIZE","order":{"amount":"5.00","currency":"EUR"}}' } } },
      { name: 'CAPTURE', request: { method: 'PUT', url: url.replace(/1$/, '2'), body: { mode: 'raw', raw: '{"apiOperation":"CAPTURE","transaction":{"amount":"5.00","currency":"EUR"}}' } } },
    ] };
    const flow = parseFlowText(importFiles([{ name: 'c.json', text: JSON.stringify(collection) }], noFiles).files.find((f) => f.name.endsWith('.payflow.json'))?.text ?? '');
    assert.ok(flow.ok);
    assert.deepEqual(flow.flow.steps.map((s) => s.id), ['authorize', 'capture']);
  });
});
