import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFlowText } from '../../../src/flows';
import { environmentsFileText, ImportError, importFiles, importReport, type ImportOutcome } from '../../../src/interop';
import { environmentSchema } from '../../../src/environments/environment';

const fixtureDir = path.join(process.cwd(), 'test', 'fixtures', 'interop');
const fixture = (name: string) => ({ name, text: fs.readFileSync(path.join(fixtureDir, name), 'utf8') });
/** A fixture pointing at a sandbox gateway instead of the local simulator's own address (which is the built-in environment). */
const sandbox = (name: string) => ({ name, text: fixture(name).text.replaceAll('http://127.0.0.1:4477', 'https://sandbox.gw.test') });
const noFiles = (name: string): string => {
  throw new Error(name);
};

describe('import into workbench files', () => {
  const outcome = importFiles([sandbox('card-order.postman_collection.json'), sandbox('simulator.postman_environment.json')], noFiles);

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
    assert.deepEqual(outcome.environments, [{ id: 'simulator-from-postman', name: 'Simulator from Postman', gatewayUrl: 'https://sandbox.gw.test', merchantId: 'TESTSIMULATOR01' }]);
  });

  it('on the local simulator\'s own address the flow names the built-in environment, whatever the Postman environment calls it (run examples --simulator runs it)', () => {
    const local = importFiles([fixture('card-order.postman_collection.json'), fixture('simulator.postman_environment.json')], noFiles);
    assert.deepEqual(local.environments, []);
    assert.equal(parseFlowText(local.files[0]?.text ?? '').ok && (JSON.parse(local.files[0]?.text ?? '{}') as { environment?: string }).environment, 'local-simulator');
    assert.match(local.leftOut.join('\n'), /they run on the built-in environment local-simulator, with the simulator's own test credentials/);
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
    const elsewhere = importFiles([{ name: 's.json', text: fixture('saved-card.postman_collection.json').text.replace('http://127.0.0.1:4477', 'https://gw.test') }], noFiles);
    assert.deepEqual(elsewhere.secrets.map((x) => [x.name, x.value]), [['gatewayApiPassword', 'simulator-api-password']], 'the Basic header built from a variable is read for the password');
    assert.deepEqual(outcome.secrets, [], 'on the local simulator the built-in environment\'s own credentials are used');
    assert.equal(outcome.builtInEnvironment, 'local-simulator');
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
    assert.deepEqual(outcome.secrets, [], 'no <your_api_password> as the password, and no environment to keep one for');
    assert.match(outcome.leftOut.join('\n'), /the base URL "https:\/\/<your_gateway_host>" has no known value; set it in the environment/);
    assert.match(outcome.leftOut.join('\n'), /no environment was made; run the files with --env/);
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

describe('import: variables that refer to each other', () => {
  const pay = (url: string, body = '{"apiOperation":"PAY","order":{"amount":"5.00","currency":"EUR"}}') => `PUT ${url}\nContent-Type: application/json\n\n${body}\n`;

  it('a cycle (a -> b -> c -> a, each named ten times) is refused with the chain named, instead of growing for ever', () => {
    const text = ['@a = {{b}}'.padEnd(100, '{{b}}'), '@b = {{c}}'.padEnd(100, '{{c}}'), '@c = {{a}}'.padEnd(100, '{{a}}'), '', pay('https://gw.test/api/rest/version/100/merchant/M/order/{{a}}/transaction/1')].join('\n');
    assert.throws(() => importFiles([{ name: 'cycle.http', text }], noFiles), (e: unknown) => e instanceof ImportError && /^cycle\.http: the variables refer to each other in a cycle: a -> b -> c -> a;/.test(e.message));
  });

  it('values that multiply (ten levels, each naming the one below ten times) are refused past the bound, naming the chain', () => {
    const levels = Array.from({ length: 8 }, (_, i) => (i === 0 ? '@v0 = 0123456789' : `@v${i} = ${`{{v${i - 1}}}`.repeat(10)}`));
    const text = [...levels, '', pay('https://gw.test/api/rest/version/100/merchant/M/order/O/transaction/1', '{"apiOperation":"PAY","x":"{{v7}}"}')].join('\n');
    assert.ok(text.length < 700, `${text.length} bytes`);
    assert.throws(() => importFiles([{ name: 'grow.http', text }], noFiles), (e: unknown) => e instanceof ImportError && /^grow\.http: variable "v\d" expands past 1000000 characters \(through v7 -> v6[^)]*\); the variables multiply each other/.test(e.message));
  });

  it('each variable is expanded once: a value named 20 000 times costs its length, and Postman variables chain too', () => {
    const text = ['@host = https://gw.test', `@base = {{host}}/api/rest/version/100/merchant/M`, `@ref = ${'r'.repeat(10)}`, '', pay('{{base}}/order/O/transaction/1', `{"apiOperation":"PAY","order":{"amount":"5.00","currency":"EUR","description":"${'{{ref}}'.repeat(20_000)}"}}`)].join('\n');
    const outcome = importFiles([{ name: 'many.http', text }], noFiles);
    assert.equal(outcome.environments[0]?.gatewayUrl, 'https://gw.test');
    const collection = { info: { name: 'c', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, variable: [{ key: 'x', value: '{{y}}' }, { key: 'y', value: '{{x}}' }], item: [{ name: 'Pay', request: { method: 'PUT', url: '{{x}}/api/rest/version/100/merchant/M/order/O/transaction/1' } }] };
    assert.throws(() => importFiles([{ name: 'c.json', text: JSON.stringify(collection) }], noFiles), /c\.json: the variables refer to each other in a cycle: x -> y -> x/);
  });
});

describe('import: no secret in a written file or a printed line, and the report lists each', () => {
  const payBody = '{"apiOperation":"PAY","order":{"amount":"5.00","currency":"EUR"}}';
  const everything = (o: ImportOutcome) => [...o.files.map((f) => f.text), importReport(o, 'out', () => ''), environmentsFileText(o)].join('\n');

  it('a password in the URL\'s user info is the gateway password (secret storage), not the environment URL; the report does not say "None found"', () => {
    const outcome = importFiles([{ name: 'pay.sh', text: `curl -X PUT 'https://merchant.TESTSHOP:s3cr3t-Pw@gw.test/api/rest/version/100/merchant/TESTSHOP/order/1/transaction/1' -d '${payBody}'` }], noFiles);
    assert.deepEqual(outcome.environments, [{ id: 'testshop', name: 'TESTSHOP on gw.test', gatewayUrl: 'https://gw.test', merchantId: 'TESTSHOP' }]);
    assert.deepEqual(outcome.secrets.map((x) => [x.environmentId, x.name, x.value]), [['testshop', 'gatewayApiPassword', 's3cr3t-Pw']]);
    assert.doesNotMatch(everything(outcome), /s3cr3t-Pw/);
    assert.doesNotMatch(importReport(outcome, 'out', () => ''), /None found/);
    const plain = importFiles([{ name: 'p.sh', text: 'curl https://partner:p4ss-w0rd@status.example.com/check' }], noFiles);
    assert.match(plain.files[0]?.text ?? '', /^GET https:\/\/status\.example\.com\/check$/m);
    assert.match(plain.files[0]?.text ?? '', /Authorization: Basic \{\{user\}\}:\{\{password\}\}/, 'a user name that is no merchant may be an API key');
    assert.doesNotMatch(everything(plain), /p4ss-w0rd/);
    assert.match(importReport(plain, 'out', () => ''), /- The password of its Basic auth, from p\.sh: kept out of every file/);
  });

  it('secret query parameters (api_key, access_token, password) become variables, listed by name', () => {
    const outcome = importFiles([{ name: 'q.sh', text: 'curl "https://status.example.com/check?api_key=QK-9999&x=1&access_token=AT-7777&Password=PW-5555"' }], noFiles);
    const plain = outcome.files[0]?.text ?? '';
    assert.match(plain, /check\?api_key=\{\{api_key\}\}&x=1&access_token=\{\{access_token\}\}&Password=\{\{password\}\}/);
    assert.doesNotMatch(everything(outcome), /QK-9999|AT-7777|PW-5555/);
    const report = importReport(outcome, 'out', () => '');
    for (const name of ['api_key', 'access_token', 'Password']) assert.match(report, new RegExp(`- Query parameter "${name}", from q\\.sh: kept out of every file`));
  });

  it('variables named like a key, token, secret or password in any casing and compound (privateKey, signingKey, API_TOKEN) stay out of every file', () => {
    const collection = {
      info: { name: 'Keys', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      variable: [{ key: 'privateKey', value: 'PK-secret-1' }, { key: 'signingKey', value: 'SK-secret-2' }, { key: 'API_TOKEN', value: 'TK-secret-3' }, { key: 'clientsecret', value: 'CS-secret-4' }, { key: 'region', value: 'eu' }],
      item: [{ name: 'Status', request: { method: 'POST', url: 'https://status.example.com/{{region}}', header: [{ key: 'X-Signing-Key', value: 'HDR-secret-5' }], body: { mode: 'raw', raw: 'a=1' } } }],
    };
    const outcome = importFiles([{ name: 'keys.json', text: JSON.stringify(collection) }], noFiles);
    assert.doesNotMatch(everything(outcome), /secret-[1-5]/);
    assert.match(outcome.files[0]?.text ?? '', /^@region = eu$/m);
    assert.match(outcome.files[0]?.text ?? '', /^X-Signing-Key: \{\{x_signing_key\}\}$/m);
    const report = importReport(outcome, 'out', () => '');
    for (const name of ['privateKey', 'signingKey', 'API_TOKEN', 'clientsecret']) assert.match(report, new RegExp(`- Variable "${name}", from keys\\.json: kept out`));
    assert.match(report, /- Header X-Signing-Key, from keys\.json: Status: kept out/);
  });

  it('a financing Login request gives the partner e-mail and password to secret storage and no step: a financing run signs in by itself', () => {
    const collection = { info: { name: 'Financing', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, variable: [{ key: 'partnerPassword', value: 'Fin-Pass-123' }], item: [
      { name: 'Login', request: { method: 'POST', url: 'https://partner.test/api/online/login', body: { mode: 'raw', raw: '{"email":"me@shop.test","password":"{{partnerPassword}}"}' } } },
      { name: 'Offers', request: { method: 'POST', url: 'https://partner.test/api/online/offers', header: [{ key: 'Authorization', value: 'Bearer eyJhbGciOi.abc.def' }], body: { mode: 'raw', raw: '{"products":[{"name":"Laptop","price":999.99,"quantity":1}],"credit_period":12}' } } },
      { name: 'Logout', request: { method: 'POST', url: 'https://partner.test/api/online/logout', header: [{ key: 'Authorization', value: 'Bearer eyJhbGciOi.abc.def' }] } },
    ] };
    const outcome = importFiles([{ name: 'fin.json', text: JSON.stringify(collection) }], noFiles);
    assert.deepEqual(outcome.secrets.map((x) => [x.environmentId, x.name, x.value]), [['partner-test', 'partnerEmail', 'me@shop.test'], ['partner-test', 'partnerPassword', 'Fin-Pass-123']]);
    assert.doesNotMatch(everything(outcome), /Fin-Pass-123|me@shop\.test|eyJhbGciOi/);
    const flow = parseFlowText(outcome.files.find((f) => f.name.endsWith('.payflow.json'))?.text ?? '');
    assert.ok(flow.ok);
    assert.deepEqual(flow.flow.steps.map((s) => s.operation), ['financing.offers', 'financing.logout']);
    assert.equal(flow.flow.environment, 'partner-test');
  });

  it('a credential at a secret key of a gateway body (apiPassword, clientSecret) is taken out of the step; a card\'s security code stays', () => {
    const body = '{"apiOperation":"PAY","order":{"amount":"5.00","currency":"EUR"},"apiPassword":"BODY-secret-1","device":{"clientSecret":"BODY-secret-2"},"sourceOfFunds":{"provided":{"card":{"securityCode":"100"}}}}';
    const outcome = importFiles([{ name: 'b.sh', text: `curl -X PUT https://gw.test/api/rest/version/100/merchant/M/order/1/transaction/1 -d '${body}'` }], noFiles);
    assert.doesNotMatch(everything(outcome), /BODY-secret/);
    assert.match(outcome.files[0]?.text ?? '', /"securityCode": "100"/);
    assert.match(importReport(outcome, 'out', () => ''), /- Body field device\.clientSecret, from b\.sh: kept out/);
  });

  it('an error that quotes a line masks a card number and hides a secret variable\'s value', () => {
    const card = () => importFiles([{ name: 'c.http', text: 'POST https://h/x\n"number": "5123450000000008"\n' }], noFiles);
    assert.throws(card, (e: unknown) => e instanceof ImportError && e.message.includes('512345xxxxxx0008') && !e.message.includes('5123450000000008'));
    const secret = () => importFiles([{ name: 's.http', text: '@apiPassword = hunter2-pass\n\nhunter2-pass is not a request\n' }], noFiles);
    assert.throws(secret, (e: unknown) => e instanceof ImportError && /s\.http:3:1: expected a request line/.test(e.message) && !e.message.includes('hunter2-pass'));
    const curl = () => importFiles([{ name: 'u.sh', text: "curl https://h/x -u 'merchant.M:pw-in-quote" }], noFiles);
    assert.throws(curl, (e: unknown) => e instanceof ImportError && /the value of -u/.test(e.message) && !e.message.includes('pw-in-quote'));
  });

  it('no card number in full in a line of the report (a request named after its card)', () => {
    const outcome = importFiles([{ name: 'n.http', text: `### Pay with 5123 4500 0000 0008\nPUT https://gw.test/api/rest/version/100/merchant/M/order/1/transaction/1\n\n${payBody}\n` }], noFiles);
    const report = importReport(outcome, 'out', () => '');
    assert.match(report, /512345xxxxxx0008/);
    assert.doesNotMatch(report, /5123 4500 0000 0008|5123450000000008/);
    assert.deepEqual(outcome.files.map((f) => f.name), ['pay-with-512345xxxxxx0008.payreq.json'], 'nor in a file name');
    const flow = importFiles([{ name: 'f.http', text: `### Pay 5123450000000008\nPUT https://gw.test/api/rest/version/100/merchant/M/order/1/transaction/1\n\n${payBody}\n###\nGET https://gw.test/api/rest/version/100/merchant/M/order/1\n` }], noFiles);
    assert.doesNotMatch(flow.files[0]?.text ?? '', /5123450000000008/, 'nor in a step id');
  });
});

describe('import: file names and environments', () => {
  const request = (name: string) => ({ name, request: { method: 'GET', url: 'https://gw.test/api/rest/version/100/merchant/TESTM/order/O-1' } });
  /** Each item in a folder of its own (a request file each), or all in one folder (a flow). */
  const collection = (items: unknown[], name = 'c', oneFolder = false) => JSON.stringify({ info: { name, schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: oneFolder ? [{ name: 'Folder', item: items }] : items.map((i) => ({ name: 'Folder', item: [i] })) });

  it('one rule for every name: Windows device names changed, separators, .., NUL and control characters gone, accents kept as letters, long names cut with a stable hash, collisions distinct', () => {
    const long = `${'Retrieve the order of a long name '.repeat(4)}`;
    const names = ['CON', 'aux.txt', 'Com1', 'lpt9', '../../etc/passwd', 'a\u0000b\\c/d', 'Zahlung prüfen', '支付', `${long}A`, `${long}B`, 'same', 'SAME'];
    const files = (text: string) => importFiles([{ name: 'n.json', text }], noFiles).files.map((f) => f.name);
    const first = files(collection(names.map(request)));
    assert.deepEqual(first.slice(0, 8), ['con-request.payreq.json', 'aux-txt.payreq.json', 'com1-request.payreq.json', 'lpt9-request.payreq.json', 'etc-passwd.payreq.json', 'a-b-c-d.payreq.json', 'zahlung-prufen.payreq.json', first[7]]);
    assert.match(first[7] ?? '', /^request-[0-9a-f]{8}\.payreq\.json$/);
    assert.match(first[8] ?? '', /^retrieve-the-order-of-a-long-name-retrieve-the-orde-[0-9a-f]{8}\.payreq\.json$/);
    assert.notEqual(first[8], first[9]);
    assert.deepEqual(first.slice(10), ['same.payreq.json', 'same-2.payreq.json']);
    assert.deepEqual(files(collection(names.map(request))), first, 'the same names on every run');
    for (const name of first) assert.ok(name.length <= 80 && /^[a-z0-9-]+\.payreq\.json$/.test(name), name);
  });

  it('two collections in one import never write one name or share an id for two places', () => {
    const a = collection([request('Read'), request('Read 2')], 'Orders');
    const b = collection([request('Read'), request('Folder')], 'Orders').replaceAll('https://gw.test', 'https://other.test');
    const outcome = importFiles([{ name: 'a.json', text: a }, { name: 'b.json', text: b }], noFiles);
    const names = outcome.files.map((f) => f.name);
    assert.equal(new Set(names.map((n) => n.toLowerCase())).size, names.length, names.join(', '));
    assert.deepEqual(outcome.environments.map((e) => [e.id, e.gatewayUrl]), [['testm', 'https://gw.test'], ['testm-2', 'https://other.test']]);
  });

  it('an environment from where the requests go (the merchant, else the host); the name the source gives cut to the schema\'s 80 characters; an id held elsewhere for another place not taken', () => {
    const curl = importFiles([{ name: 'whatever-file-name.sh', text: 'curl https://gw.test/api/rest/version/100/merchant/TESTSHOP01/order/O-1' }], noFiles);
    assert.deepEqual(curl.environments, [{ id: 'testshop01', name: 'TESTSHOP01 on gw.test', gatewayUrl: 'https://gw.test', merchantId: 'TESTSHOP01' }]);
    const fin = importFiles([{ name: 'f.sh', text: 'curl -X POST https://partner.example.com:8443/api/online/logout' }], noFiles);
    assert.deepEqual(fin.environments.map((e) => [e.id, e.name]), [['partner-example-com-8443', 'partner.example.com:8443']]);
    const held = importFiles([{ name: 'x.sh', text: 'curl https://gw.test/api/rest/version/100/merchant/TESTSHOP01/order/O-1' }], noFiles, { existing: [{ id: 'testshop01', gatewayUrl: 'https://elsewhere.test', merchantId: 'TESTSHOP01' }] });
    assert.equal(held.environments[0]?.id, 'testshop01-2');
    const same = importFiles([{ name: 'x.sh', text: 'curl https://gw.test/api/rest/version/100/merchant/TESTSHOP01/order/O-1' }], noFiles, { existing: [{ id: 'testshop01', name: 'Mine', gatewayUrl: 'https://gw.test/', merchantId: 'TESTSHOP01' }] });
    assert.deepEqual(same.environments.map((e) => [e.id, e.name]), [['testshop01', 'Mine']], 'the same place keeps its id and name');
    const env = JSON.stringify({ name: `  ${'Very long environment name '.repeat(5)}😀  `, values: [] });
    const named = importFiles([{ name: 'c.json', text: collection([request('Read'), request('Again')], 'c', true) }, { name: 'e.json', text: env }], noFiles);
    const parsed = environmentSchema.safeParse(named.environments[0]);
    assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
    assert.ok((named.environments[0]?.name.length ?? 0) <= 80 && named.environments[0]?.name.endsWith('…'));
    const flow = parseFlowText(named.files.find((f) => f.name.endsWith('.payflow.json'))?.text ?? '');
    assert.ok(flow.ok);
    assert.equal(flow.flow.environment, named.environments[0]?.id);
  });

  it('requests to the local simulator run on its built-in environment; a flow names no environment nobody wrote', () => {
    const sim = importFiles([{ name: 'sim.json', text: collection([request('A'), request('B')], 'c', true).replaceAll('https://gw.test', 'http://127.0.0.1:4477').replaceAll('TESTM', 'TESTSIMULATOR01') }], noFiles);
    assert.deepEqual(sim.environments, []);
    assert.equal(sim.builtInEnvironment, 'local-simulator');
    const simFlow = parseFlowText(sim.files[0]?.text ?? '');
    assert.ok(simFlow.ok);
    assert.equal(simFlow.flow.environment, 'local-simulator');
    const nowhere = importFiles([{ name: 'n.json', text: collection([request('A'), request('B')], 'c', true).replaceAll('https://gw.test', '{{host}}').replaceAll('TESTM', '{{merchant}}') }], noFiles);
    const flow = parseFlowText(nowhere.files[0]?.text ?? '');
    assert.ok(flow.ok);
    assert.equal(flow.flow.environment, undefined);
  });

  it('a URL with a trailing or doubled slash is the catalogue operation it names', () => {
    const text = collection([request('Read'), { name: 'Session', request: { method: 'POST', url: '{{base}}/session/' } }]).replace('"item"', '"variable":[{"key":"base","value":"https://gw.test/api/rest/version/100/merchant/TESTM/"}],"item"');
    const outcome = importFiles([{ name: 's.json', text: text.replace('/order/O-1"', '/order/O-1/"') }], noFiles);
    assert.deepEqual(outcome.rows.map((r) => r.became.replace(/^[^(]*/, '')), ['(gateway.retrieveOrder v100)', '(gateway.createSession v100)']);
  });
});

describe('import: crafted input (red-team pass)', () => {
  const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

  it('a name, URL, header or body cannot start another request in the written .http file, nor hide in a control or bidi character', () => {
    const collection = { info: { name: 'c', schema }, item: [{ name: 'x\n###\nPOST https://evil.test/a\u202e', request: { method: 'POST', url: 'https://status.test/x\nPOST https://evil.test/b', header: [{ key: 'X-A', value: 'v\r\n\r\nPOST https://evil.test/c' }, { key: 'Bad\nName', value: 'x' }], body: { mode: 'raw', raw: 'a=1\n###\nGET https://evil.test/d' } } }] };
    const outcome = importFiles([{ name: 'i.json', text: JSON.stringify(collection) }], noFiles);
    const lines = (outcome.files[0]?.text ?? '').split('\n');
    assert.deepEqual(lines.filter((l) => /^\s*###/.test(l)), ['### x ### POST https://evil.test/a'], 'one request: the body with a ### line is not in the .http');
    assert.equal(lines[lines.indexOf('### x ### POST https://evil.test/a') + 3], 'POST https://status.test/xPOST%20https://evil.test/b');
    assert.ok(lines.includes('X-A: v POST https://evil.test/c'));
    const bodyFile = outcome.files.find((f) => f.name.endsWith('.body.txt'));
    assert.equal(bodyFile?.text, 'a=1\n###\nGET https://evil.test/d', 'the body is kept whole in a file of its own');
    assert.ok(lines.includes(`< ./${bodyFile.name}`), 'the .http sends it from that file');
    assert.match(outcome.leftOut.join('\n'), /a header "Bad Name" left out: not a header name/);
    const report = importReport(outcome, 'out', () => '');
    assert.ok(![...report].some((ch) => (ch < ' ' && ch !== '\n') || (ch >= '\u202a' && ch <= '\u202e')), JSON.stringify(report));
  });

  it('variables named like Object\'s own members ({{constructor}}, {{__proto__}}) are plain names', () => {
    const collection = { info: { name: 'c', schema }, variable: [{ key: 'constructor', value: 'C-1' }], item: [{ name: 'F', item: [
      { name: 'p', request: { method: 'PUT', url: 'https://gw.test/api/rest/version/100/merchant/M/order/{{__proto__}}/transaction/1', body: { mode: 'raw', raw: '{"apiOperation":"PAY","order":{"amount":"1.00","currency":"EUR","reference":"{{constructor}}","description":"{{toString}}"}}' } } },
      // After a first step, a body's variable is looked up among the ids earlier answers give: {{constructor}} there threw a TypeError.
      { name: 'q', request: { method: 'PUT', url: 'https://gw.test/api/rest/version/100/merchant/M/order/{{hasOwnProperty}}/transaction/2', body: { mode: 'raw', raw: '{"apiOperation":"REFUND","transaction":{"amount":"1.00","currency":"EUR","reference":"{{constructor}}{{valueOf}}"}}' } } },
    ] }] };
    const flow = parseFlowText(importFiles([{ name: 'p.json', text: JSON.stringify(collection) }], noFiles).files[0]?.text ?? '');
    assert.ok(flow.ok);
    assert.deepEqual((flow.flow.steps[0]?.body as { order: unknown }).order, { amount: '1.00', currency: 'EUR', reference: 'C-1', description: '' });
    assert.deepEqual((flow.flow.steps[1]?.body as { transaction: unknown }).transaction, { amount: '1.00', currency: 'EUR', reference: 'C-1' });
  });

  it('a Postman URL given in parts keeps its port and query (Offers select-first is told apart by it)', () => {
    const collection = { info: { name: 'c', schema }, item: [{ name: 'first', request: { method: 'POST', url: { protocol: 'https', host: ['fin', 'test'], port: '8443', path: ['api', 'online', 'offers'], query: [{ key: 'selectFirst', value: 'true' }, { key: 'debug', value: '1', disabled: true }] }, body: { mode: 'raw', raw: '{}' } } }] };
    const outcome = importFiles([{ name: 'q.json', text: JSON.stringify(collection) }], noFiles);
    assert.match(outcome.rows[0]?.became ?? '', /financing\.offersSelectFirst/);
    assert.equal(outcome.environments[0]?.financingBaseUrl, 'https://fin.test:8443');
  });

  it('an API key or OAuth authentication the workbench does not send is named among the secrets; another Authorization scheme in a plain request becomes a variable', () => {
    const collection = { info: { name: 'c', schema }, auth: { type: 'apikey', apikey: [{ key: 'key', value: 'x-api-key' }, { key: 'value', value: 'AK-secret-9' }] }, item: [
      { name: 'oauth', request: { method: 'GET', url: 'https://status.test/a', auth: { type: 'oauth2', oauth2: [{ key: 'accessToken', value: 'OA-secret-8' }, { key: 'clientSecret', value: 'OC-secret-7' }] } } },
      { name: 'digest', request: { method: 'GET', url: 'https://status.test/b', header: [{ key: 'Authorization', value: 'Digest username="u", response="DG-secret-6"' }] } },
    ] };
    const outcome = importFiles([{ name: 'a.json', text: JSON.stringify(collection) }], noFiles);
    const report = importReport(outcome, 'out', () => '');
    assert.doesNotMatch(report + (outcome.files[0]?.text ?? ''), /secret-[6-9]/);
    assert.match(report, /- Value of the "apikey" authentication, from a\.json: collection: kept out/);
    assert.match(report, /- ClientSecret of the "oauth2" authentication, from a\.json: oauth: kept out/);
    assert.match(outcome.files[0]?.text ?? '', /^Authorization: \{\{authorization\}\}$/m);
  });

  it('a long body the source wrote is no variable growth: left out for its size, not refused as a cycle', () => {
    const collection = { info: { name: 'c', schema }, item: [{ name: 'big', request: { method: 'PUT', url: 'https://gw.test/api/rest/version/100/merchant/M/order/1/transaction/1', body: { mode: 'raw', raw: `{"apiOperation":"PAY","x":"${'a'.repeat(2_100_000)}"}` } } }] };
    const outcome = importFiles([{ name: 'b.json', text: JSON.stringify(collection) }], noFiles);
    assert.match(outcome.leftOut.join('\n'), /b\.json: big: left out: its request file would be \d+ bytes; the workbench reads at most 2000000/);
  });
});
