import * as assert from 'node:assert/strict';
import { exampleBody, getOperation } from '../../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator } from '../../../src/simulator';
import { buildRequest, HttpClient, type OutgoingRequest, type TransportOptions } from '../../../src/http';
import { createTestPki, type TestPki } from '../../harness/certificates';
import { loginRequest } from './support/financingCalls';
import { startConnectProxy, type TestProxy } from './support/connectProxy';
import { closedPort, expectFailure } from './support/network';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

describe('HttpClient through a proxy', function () {
  this.timeout(60_000); // key generation with openssl
  let pki: TestPki;
  let sim: Simulator;
  let proxy: TestProxy;
  const clients: HttpClient[] = [];

  const clientWith = (transport: TransportOptions) => {
    const client = new HttpClient(transport);
    clients.push(client);
    return client;
  };

  // Order ids stay within the gateway's 40 characters (a Math.random() suffix sometimes made 41).
  let orders = 0;
  const verifyOverMtls = (): OutgoingRequest => {
    const op = getOperation('gateway.verify');
    assert.ok(op && sim.mtlsUrl);
    return buildRequest(op, {
      baseUrl: sim.mtlsUrl,
      params: { merchantId: SIMULATOR_DEFAULTS.merchantId, orderId: `PROXY-${Date.now()}-${++orders}`, transactionId: 'T1' },
      credentials: { clientCertificate: true },
      body: JSON.stringify(exampleBody('gateway.verify')),
      timeoutMs: 5000,
    });
  };

  before(async () => {
    pki = createTestPki();
    sim = await startSimulator({ port: 0, mtls: { port: 0, key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert } });
    proxy = await startConnectProxy();
  });

  beforeEach(() => {
    proxy.tunnels.length = 0;
  });

  after(async () => {
    await Promise.all(clients.map((c) => c.destroy()));
    await proxy.close();
    await sim.close();
    pki.remove();
  });

  it('tunnels requests through the configured proxy (ProxyAgent)', async () => {
    const response = await clientWith({ proxy: { url: proxy.url } }).send(loginRequest(sim.baseUrl));
    assert.equal(response.status, 200);
    assert.deepEqual(proxy.tunnels, [new URL(sim.baseUrl).host]);
  });

  it('carries the client certificate through the tunnel', async () => {
    const tls = { cert: pki.clientCert, key: pki.clientKey, passphrase: pki.clientKeyPassphrase, ca: pki.caCert };
    const response = await clientWith({ tls, proxy: { url: proxy.url } }).send(verifyOverMtls());
    assert.equal((response.json as { result?: string }).result, 'SUCCESS', response.bodyText);
    assert.equal(proxy.tunnels.length, 1);
  });

  it('strictSSL false accepts an untrusted server certificate; strictSSL true does not', async () => {
    const tls = { cert: pki.clientCert, key: pki.clientKey, passphrase: pki.clientKeyPassphrase };
    const relaxed = await clientWith({ tls, proxy: { url: proxy.url, strictSSL: false } }).send(verifyOverMtls());
    assert.equal((relaxed.json as { result?: string }).result, 'SUCCESS', relaxed.bodyText);
    await expectFailure(clientWith({ tls, proxy: { url: proxy.url, strictSSL: true } }).send(verifyOverMtls()), 'tls', 5000);
  });

  it('reports an unreachable proxy as a proxy failure naming the proxy', async () => {
    const port = await closedPort();
    const client = clientWith({ proxy: { url: `http://127.0.0.1:${port}` } });
    const { failure } = await expectFailure(client.send(loginRequest(sim.baseUrl, { timeoutMs: 2000 })), 'proxy', 2000);
    assert.match(failure.message, new RegExp(`Proxy 127\\.0\\.0\\.1:${port} could not reach`));
  });
});
