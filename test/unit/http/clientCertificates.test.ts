import * as assert from 'node:assert/strict';
import { exampleBody, getOperation } from '../../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator } from '../../../src/simulator';
import { buildRequest, HttpClient, type OutgoingRequest, type TransportOptions } from '../../../src/http';
import { createTestPki, type TestPki } from '../../harness/certificates';
import { expectFailure } from './support/network';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

describe('client certificates against the simulator mTLS port', function () {
  this.timeout(60_000); // key generation with openssl
  let pki: TestPki;
  let sim: Simulator;
  let mtlsUrl: string;
  const clients: HttpClient[] = [];

  const clientWith = (transport: TransportOptions) => {
    const client = new HttpClient(transport);
    clients.push(client);
    return client;
  };

  // Order ids stay within the gateway's 40 characters (a Math.random() suffix could make 41).
  let orders = 0;
  /** Verify with no Basic header: on this port the certificate is the credential. */
  const verifyRequest = (): OutgoingRequest => {
    const op = getOperation('gateway.verify');
    assert.ok(op);
    return buildRequest(op, {
      baseUrl: mtlsUrl,
      params: { merchantId: SIMULATOR_DEFAULTS.merchantId, orderId: `CERT-${Date.now()}-${++orders}`, transactionId: 'T1' },
      credentials: { clientCertificate: true },
      body: JSON.stringify(exampleBody('gateway.verify')),
      timeoutMs: 5000,
    });
  };

  before(async () => {
    pki = createTestPki();
    sim = await startSimulator({ port: 0, mtls: { port: 0, key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert } });
    assert.ok(sim.mtlsUrl);
    mtlsUrl = sim.mtlsUrl;
  });

  after(async () => {
    await Promise.all(clients.map((c) => c.destroy()));
    await sim.close();
    pki.remove();
  });

  it('authenticates with a client certificate whose key needs a passphrase', async () => {
    const client = clientWith({ tls: { cert: pki.clientCert, key: pki.clientKey, passphrase: pki.clientKeyPassphrase, ca: pki.caCert } });
    const request = verifyRequest();
    assert.equal(request.headers.Authorization, undefined);
    const response = await client.send(request);
    assert.ok(response.status < 300, response.bodyText);
    assert.equal((response.json as { result?: string }).result, 'SUCCESS', response.bodyText);
  });

  it('fails with a tls failure when the server certificate is not trusted (no CA given)', async () => {
    const client = clientWith({ tls: { cert: pki.clientCert, key: pki.clientKey, passphrase: pki.clientKeyPassphrase } });
    const { failure } = await expectFailure(client.send(verifyRequest()), 'tls', 5000);
    assert.match(failure.message, /^TLS handshake with 127\.0\.0\.1:\d+ failed/);
  });

  // With TLS 1.3 the server checks the client certificate after the handshake and usually just closes
  // the socket (a reset); if its alert arrives first it is a tls failure. Either way the message points at certificates.
  const REFUSED_CERTIFICATE = ['reset', 'tls'] as const;
  it('is refused without a client certificate, with a hint at the certificate', async () => {
    const client = clientWith({ tls: { ca: pki.caCert } });
    const { failure } = await expectFailure(client.send(verifyRequest()), REFUSED_CERTIFICATE, 5000);
    assert.match(failure.message, /certificate/);
  });

  it('is refused with a certificate from an untrusted CA', async () => {
    const client = clientWith({ tls: { cert: pki.strangerCert, key: pki.strangerKey, ca: pki.caCert } });
    const { failure } = await expectFailure(client.send(verifyRequest()), REFUSED_CERTIFICATE, 5000);
    assert.match(failure.message, /certificate/);
  });

  it('a wrong key passphrase is a tls failure that does not repeat the passphrase', async () => {
    const client = clientWith({ tls: { cert: pki.clientCert, key: pki.clientKey, passphrase: 'SENTINEL-wrong-passphrase', ca: pki.caCert } });
    const { failure } = await expectFailure(client.send(verifyRequest()), 'tls', 5000);
    assert.ok(!failure.message.includes('SENTINEL'));
  });
});
