import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import { startSimulator, SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../src/simulator';
import { createTestPki } from '../harness/certificates';
import { extensionApi, send } from './support';

/** The path from "I want to call Refund" to a decoded answer, driven through the extension's commands. */
describe('Sending requests from VS Code to the simulator', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  const envId = 'it-sim';
  let simulatorAheadMs = 0;

  before(async () => {
    await extensionApi();
    // A simulator of the test's own, whose clock the test can move: a token expires on the server at once.
    sim = await startSimulator({ port: 0, now: () => new Date(Date.now() + simulatorAheadMs) });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', {
      id: envId,
      name: 'Integration simulator',
      financingBaseUrl: sim.baseUrl,
      gatewayUrl: sim.baseUrl,
      merchantId: SIMULATOR_DEFAULTS.merchantId,
      timeoutMs: 2000,
    });
    await vscode.commands.executeCommand('paymentWorkbench.signIn', { environmentId: envId, email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword });
  });

  after(async () => {
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await sim?.close();
  });

  it('gets offers with the signed-in token and decodes them', async () => {
    const x = await send({ environmentId: envId, operationId: 'financing.offers', body: exampleBody('financing.offers') });
    assert.ok(x?.response, x?.failure?.message);
    assert.equal(x.response.status, 200);
    assert.ok((x.decoded?.financing?.offers?.length ?? 0) >= 2, 'several offers expected');
    assert.ok(!JSON.stringify(x).includes('Bearer ey'), 'no bearer token in the exchange');
  });

  it('refreshes an expired token once for 50 concurrent calls', async () => {
    // Two hours later on the server: the extension still believes its one-hour token, every call meets a 401.
    simulatorAheadMs += 2 * 3_600_000;
    const before = sim.requestLog.entries.filter((e) => e.url.startsWith('/api/online/refreshToken')).length;
    const all = await Promise.all(Array.from({ length: 50 }, () => send({ environmentId: envId, operationId: 'financing.offers', body: exampleBody('financing.offers') })));
    const refreshes = sim.requestLog.entries.filter((e) => e.url.startsWith('/api/online/refreshToken')).length - before;
    assert.equal(refreshes, 1, `expected one refresh, saw ${refreshes}`);
    assert.deepEqual(all.map((x) => x?.response?.status), Array(50).fill(200));
  });

  it('signs out: the session ends and the next call asks to sign in', async () => {
    await vscode.commands.executeCommand('paymentWorkbench.signOut', { environmentId: envId });
    const logouts = sim.requestLog.entries.filter((e) => e.url.startsWith('/api/online/logout'));
    assert.equal(logouts.at(-1)?.status, 200);
    const x = await send({ environmentId: envId, operationId: 'financing.offers', body: exampleBody('financing.offers') });
    assert.ok(x === undefined || x.failure, 'a call without a session must not succeed');
    await vscode.commands.executeCommand('paymentWorkbench.signIn', { environmentId: envId, email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword });
  });

  it('authorizes with a test card, then refunds the captured amount', async () => {
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: envId, value: SIMULATOR_DEFAULTS.apiPassword });
    const orderId = `IT-${Date.now()}`;
    const auth = await send({ environmentId: envId, operationId: 'gateway.authorize', params: { orderId }, body: exampleBody('gateway.authorize') });
    assert.equal(auth?.response?.status, 201, auth?.failure?.message ?? auth?.response?.bodyText);
    assert.equal(auth?.decoded?.outcome?.gatewayCode?.code, 'APPROVED');
    assert.equal(auth?.decoded?.risk?.gatewayCode?.code, 'ACCEPTED');
    // A public test card on a TEST environment is kept in the body (so Re-send works); cURL masks every card.
    assert.ok(!auth?.request.curl.includes('5123450000000008'), 'the card number is masked in the cURL');
    const refund = await send({ environmentId: envId, operationId: 'gateway.refund', params: { orderId }, body: { apiOperation: 'REFUND', transaction: { amount: '4.00', currency: 'USD' } } });
    assert.equal(refund?.decoded?.outcome?.gatewayCode?.code, 'APPROVED', refund?.response?.bodyText);
    assert.equal(refund?.decoded?.order?.totalRefundedAmount, '4.00');
    const tooMuch = await send({ environmentId: envId, operationId: 'gateway.refund', params: { orderId }, body: { apiOperation: 'REFUND', transaction: { amount: '7.00', currency: 'USD' } } });
    assert.notEqual(tooMuch?.decoded?.outcome?.gatewayCode?.code, 'APPROVED', 'a refund above the captured amount must not be approved');
  });

  it('ends each network fault with a clear message within the timeout', async () => {
    const faults: [string, RegExp][] = [
      ['reset', /reset|closed/i],
      ['latency=4000', /within 2000 ms/i],
    ];
    for (const [fault, expected] of faults) {
      sim.setFaults({ fault, count: 1 });
      const x = await send({ environmentId: envId, operationId: 'gateway.updateSession', params: { sessionId: 'SESSION0002ABCDEFGHIJ0123456789' }, body: {} });
      assert.ok(x?.failure, `${fault}: expected a failure, got HTTP ${x?.response?.status}`);
      // "within 2000 ms" in the message is the timeout's own verdict: the 4 s latency did not run out.
      assert.match(x.failure.message, expected);
    }
    sim.setFaults(undefined);
    const refused = 'it-refused';
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: refused, name: 'Nobody home', gatewayUrl: 'http://127.0.0.1:9', merchantId: 'TESTNOBODY', timeoutMs: 2000 });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: refused, value: 'x' });
    const x = await send({ environmentId: refused, operationId: 'gateway.updateSession', params: { sessionId: 'SESSION0002ABCDEFGHIJ0123456789' }, body: {} });
    assert.equal(x?.failure?.kind, 'refused');
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: refused, confirmed: true });
  });

  it('authenticates with a client certificate on the simulator’s certificate port', async () => {
    const pki = createTestPki();
    const mtlsSim = await startSimulator({ port: 0, mtls: { port: 0, key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert } });
    try {
      const id = 'it-cert';
      await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', {
        id,
        name: 'Certificate auth',
        gatewayUrl: mtlsSim.mtlsUrl,
        merchantId: SIMULATOR_DEFAULTS.merchantId,
        gatewayAuth: 'certificate',
        certificate: { certPath: pki.file('client.crt'), keyPath: pki.file('client.key'), caPath: pki.file('ca.crt') },
      });
      const x = await send({ environmentId: id, operationId: 'gateway.authorize', params: { orderId: `CERT-${Date.now()}` }, body: exampleBody('gateway.authorize') });
      assert.equal(x?.decoded?.outcome?.gatewayCode?.code, 'APPROVED', x?.failure?.message ?? x?.response?.bodyText);
      assert.ok(!x?.request.headers.Authorization, 'no Basic header on a certificate-authenticated request');
      await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: id, confirmed: true });
    } finally {
      await mtlsSim.close();
      pki.remove();
    }
  });
});
