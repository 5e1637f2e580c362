import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, basicAuth, field, gatewayPut, MID, send, useSimulator } from './helpers';

describe('simulator: API versions', () => {
  let sim: SimulatorHandle;
  let agent: Agent;

  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });

  it('serves Authorize at every pinned version with AUTHORIZE, and the answer carries the request\'s version', async () => {
    for (const version of [51, 57, 61, 63, 72, 78, 100]) {
      const r = await gatewayPut(agent, sim.baseUrl, version, `VER-${version}`, '1', authorizeBody());
      assert.equal(r.status, 201, `v${version}: ${r.text}`);
      assert.equal(field(r.json, 'version'), String(version));
      assert.equal(field(r.json, 'result'), 'SUCCESS');
    }
  });

  it('answers 404 "Unsupported value for \'version = N\'" at a deactivated version, at 80, above 100 and below an operation\'s first version', async () => {
    for (const [version, body] of [[22, authorizeBody()], [80, authorizeBody()], [101, authorizeBody()], [6, { apiOperation: 'VERIFY' }], [10, { apiOperation: 'UPDATE_AUTHORIZATION' }]] as const) {
      const r = await gatewayPut(agent, sim.baseUrl, version, `VER-X${version}`, '1', body);
      assert.equal(r.status, 404, `v${version}: ${r.text}`);
      assert.equal(field(r.json, 'error.explanation'), `Unsupported value for 'version = ${version}'`);
    }
    const order = await send(agent, `${sim.baseUrl}/api/rest/version/10/merchant/${MID}/order/VER-51`, { headers: { authorization: basicAuth() } });
    assert.equal(order.status, 404, 'Retrieve Order starts at 11');
    const session = await send(agent, `${sim.baseUrl}/api/rest/version/17/merchant/${MID}/session/SESSION0002versionsversionsversi`, { method: 'PUT', headers: { authorization: basicAuth() }, body: {} });
    assert.equal(session.status, 404, 'Update Session starts at 18');
  });

  it('takes a blank Basic user up to version 11 and only merchant.<id> from 12', async () => {
    const blank = basicAuth('');
    assert.equal((await gatewayPut(agent, sim.baseUrl, 11, 'VER-B11', '1', authorizeBody(), blank)).status, 201);
    assert.equal((await gatewayPut(agent, sim.baseUrl, 57, 'VER-B57', '1', authorizeBody(), blank)).status, 401);
    assert.equal((await gatewayPut(agent, sim.baseUrl, 57, 'VER-B57', '1', authorizeBody())).status, 201);
  });

  it('rejects a field of other versions with "Unexpected parameter" and no field or validationType, as a recorded real answer: 3DSecure at 100, accepted at 57', async () => {
    const threeDS = { ...authorizeBody(), '3DSecureId': 'abc' };
    const at100 = await gatewayPut(agent, sim.baseUrl, 100, 'VER-3DS100', '1', threeDS);
    assert.equal(at100.status, 400);
    assert.deepEqual(at100.json, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: "Unexpected parameter '3DSecureId'" } });
    assert.equal((await gatewayPut(agent, sim.baseUrl, 57, 'VER-3DS57', '1', threeDS)).status, 201);
  });

  it('answers order.merchantAmount and merchantCurrency from 56 (recorded answers at 57, 70, 74, 78 carry them; src/catalogue/answerFields.ts)', async () => {
    const at100 = await gatewayPut(agent, sim.baseUrl, 100, 'VER-M100', '1', authorizeBody({ amount: '12.50' }));
    assert.equal(field(at100.json, 'order.merchantAmount'), 12.5);
    assert.equal(field(at100.json, 'order.merchantCurrency'), 'USD');
    const at78 = await gatewayPut(agent, sim.baseUrl, 78, 'VER-M78', '1', authorizeBody({ amount: '12.50' }));
    assert.equal(field(at78.json, 'order.merchantAmount'), 12.5);
    const at55 = await gatewayPut(agent, sim.baseUrl, 55, 'VER-M55', '1', authorizeBody({ amount: '12.50' }));
    assert.equal(field(at55.json, 'order.merchantAmount'), undefined);
  });
});
