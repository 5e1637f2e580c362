import * as assert from 'node:assert/strict';
import { exampleBody, getOperation, operations, type OperationDef, type OperationId } from '../../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator } from '../../../src/simulator';
import { buildRequest, HttpClient, RequestBuildError } from '../../../src/http';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

const { merchantId, apiPassword } = SIMULATOR_DEFAULTS;
const BASE = 'http://127.0.0.1:4477/';
const SESSION_ID = 'SESSION0002ABCDEFGHIJ0123456789';

function op(id: OperationId): OperationDef {
  const found = getOperation(id);
  assert.ok(found, id);
  return found;
}

function basicUser(header: string | undefined): string {
  assert.ok(header !== undefined && header.startsWith('Basic '), header);
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  return decoded.slice(0, decoded.indexOf(':'));
}

const credentials = { accessToken: 'AT', refreshToken: 'RT', apiPassword };
const params = { merchantId, orderId: 'O-1', transactionId: 'T-1', sessionId: SESSION_ID, tokenId: '9123456789012345' };

describe('buildRequest from catalogue operations', () => {
  it('covers every operation: method, JSON content type, auth header by kind, body only when the operation has one', () => {
    for (const operation of operations) {
      const request = buildRequest(operation, { baseUrl: BASE, params, credentials, body: '{"x":1}' });
      assert.equal(request.method, operation.method, operation.id);
      assert.equal(request.headers['Content-Type'], 'application/json', operation.id);
      assert.equal(request.body, operation.hasBody ? '{"x":1}' : undefined, operation.id);
      assert.ok(!request.url.includes('{'), `${operation.id}: ${request.url}`);
      assert.ok(!request.url.includes('4477//'), 'base URL trailing slash is not doubled');
      switch (operation.auth) {
        case 'none':
          assert.equal(request.headers.Authorization, undefined);
          break;
        case 'bearer':
          assert.equal(request.headers.Authorization, 'Bearer AT');
          break;
        case 'refreshToken':
          assert.equal(request.headers.RefreshToken, 'RT');
          assert.equal(request.headers.Authorization, undefined);
          break;
        case 'basicMerchant':
          assert.equal(basicUser(request.headers.Authorization), `merchant.${merchantId}`);
          break;
        case 'basicEmptyUser':
          assert.equal(basicUser(request.headers.Authorization), '');
          break;
        case 'basicSession':
          // Session authentication: the session id is the password, never the API password.
          assert.equal(Buffer.from((request.headers.Authorization ?? '').slice(6), 'base64').toString('utf8'), `merchant.${merchantId}:${SESSION_ID}`);
          break;
      }
    }
  });

  it('fills version and ids into the gateway path, and the selectFirst query for financing', () => {
    assert.equal(
      buildRequest(op('gateway.refund'), { baseUrl: BASE, params, credentials }).url,
      `http://127.0.0.1:4477/api/rest/version/100/merchant/${merchantId}/order/O-1/transaction/T-1`,
    );
    assert.equal(
      buildRequest(op('gateway.initiateBrowserPayment'), { baseUrl: BASE, version: 16, params, credentials }).url,
      `http://127.0.0.1:4477/api/rest/version/16/merchant/${merchantId}/order/O-1/transaction/T-1`,
    );
    assert.equal(
      buildRequest(op('gateway.updateSession'), { baseUrl: BASE, params, credentials }).url,
      `http://127.0.0.1:4477/api/rest/version/100/merchant/${merchantId}/session/${SESSION_ID}`,
    );
    assert.equal(buildRequest(op('financing.offersSelectFirst'), { baseUrl: BASE, params: {}, credentials }).url, 'http://127.0.0.1:4477/api/online/offers?selectFirst=true');
  });

  it('sends no Basic header when the environment uses a client certificate', () => {
    const request = buildRequest(op('gateway.verify'), { baseUrl: BASE, params, credentials: { clientCertificate: true } });
    assert.equal(request.headers.Authorization, undefined);
  });

  it('says which credential is missing, without any secret in the message', () => {
    assert.throws(
      () => buildRequest(op('gateway.refund'), { baseUrl: BASE, params, credentials: { accessToken: 'SENTINEL-AT' } }),
      (e: unknown) => e instanceof RequestBuildError && /gateway API password/.test(e.message) && !e.message.includes('SENTINEL'),
    );
    assert.throws(() => buildRequest(op('financing.offers'), { baseUrl: BASE, params: {}, credentials: {} }), /access token/);
  });
});

describe('buildRequest against the simulator', () => {
  let sim: Simulator;
  let client: HttpClient;

  before(async () => {
    sim = await startSimulator({ port: 0 });
    client = new HttpClient();
  });

  after(async () => {
    await client.destroy();
    await sim.close();
  });

  const send = (id: OperationId, orderId: string, transactionId: string, password: string = apiPassword) =>
    client.send(
      buildRequest(op(id), {
        baseUrl: sim.baseUrl,
        params: { merchantId, orderId, transactionId },
        credentials: { apiPassword: password },
        body: JSON.stringify(exampleBody(id)),
      }),
    );

  it('an order id with slash, space, hash and unicode reaches the gateway as one id (Authorize, empty user id)', async () => {
    const orderId = `A/B #1 é€ ${Date.now()}`;
    const response = await send('gateway.authorize', orderId, 'T 1/a');
    assert.ok(response.status === 200 || response.status === 201, response.bodyText);
    const json = response.json as { result?: string; order?: { id?: string }; transaction?: { id?: string } };
    assert.equal(json.result, 'SUCCESS', response.bodyText);
    assert.equal(json.order?.id, orderId);
    assert.equal(json.transaction?.id, 'T 1/a');
  });

  it('Refund with merchant.<id> Basic credentials is accepted on the authorized order', async () => {
    const orderId = `ORD-${Date.now()}`;
    assert.equal((await send('gateway.authorize', orderId, 'T1')).status < 300, true);
    const refund = await send('gateway.refund', orderId, 'T2');
    assert.ok(refund.status < 300, refund.bodyText);
    assert.equal((refund.json as { result?: string }).result, 'SUCCESS', refund.bodyText);
  });

  it('a wrong API password is a 401 response (not a failure of send)', async () => {
    const response = await send('gateway.verify', `ORD-${Date.now()}`, 'T1', 'wrong-password');
    assert.equal(response.status, 401);
  });
});
