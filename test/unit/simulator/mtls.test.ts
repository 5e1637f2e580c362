import * as assert from 'node:assert/strict';
import { Agent, request } from 'undici';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { createTestPki, hasOpenssl, type TestPki } from '../../harness/certificates';
import { authorizeBody, MID } from './helpers';

describe('simulator: mTLS port', function () {
  let sim: SimulatorHandle | undefined;
  let pki: TestPki | undefined;

  before(async function () {
    if (!hasOpenssl()) {
      console.log('    (skipped: openssl is not installed, so no certificates can be generated)');
      this.skip();
    }
    this.timeout(60_000);
    pki = createTestPki();
    sim = await startSimulator({ port: 0, processingDelayMs: 0, mtls: { port: 0, key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert } });
  });
  after(async () => {
    await sim?.close();
    pki?.remove();
  });

  const url = () => `${sim?.mtlsUrl ?? ''}/api/rest/version/11/merchant/${MID}/order/M-${Date.now()}/transaction/1`;

  it('rejects a client without a certificate (TLS handshake fails)', async () => {
    const agent = new Agent({ connect: { ca: pki?.caCert } });
    try {
      await assert.rejects(request(url(), { dispatcher: agent, method: 'PUT', body: JSON.stringify(authorizeBody()) }).then((r) => r.body.text()));
    } finally {
      await agent.close();
    }
  });

  it('accepts a client certificate signed by the CA, without Basic auth', async () => {
    assert.ok(sim?.mtlsUrl?.startsWith('https://127.0.0.1:'));
    const agent = new Agent({ connect: { ca: pki?.caCert, cert: pki?.clientCert, key: pki?.clientKey, passphrase: pki?.clientKeyPassphrase } });
    try {
      const res = await request(url(), { dispatcher: agent, method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(authorizeBody()) });
      const body = JSON.parse(await res.body.text()) as { result?: string };
      assert.equal(res.statusCode, 201);
      assert.equal(body.result, 'SUCCESS');
    } finally {
      await agent.close();
    }
  });

  it('rejects a certificate from another CA', async () => {
    const agent = new Agent({ connect: { ca: pki?.caCert, cert: pki?.strangerCert, key: pki?.strangerKey } });
    try {
      await assert.rejects(request(url(), { dispatcher: agent, method: 'PUT', body: JSON.stringify(authorizeBody()) }).then((r) => r.body.text()));
    } finally {
      await agent.close();
    }
  });
});
