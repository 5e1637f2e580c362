/**
 * The send-time rule for payment sessions, through the real send path against the simulator over
 * loopback: an operation naming a session the workbench updated at another API version is an error
 * (the gateway refuses it) in the "rules fail" question, with Review / Send Anyway; a session the
 * workbench never saw updated gets no question (only the gateway knows its version).
 */
import * as assert from 'node:assert/strict';
import { cliConnections } from '../../../src/cli/connections';
import { parseFlowText, runFlow } from '../../../src/flows';
import { Credentials } from '../../../src/credentials/credentials';
import { environmentSchema, type Environment } from '../../../src/environments/environment';
import type { Exchange } from '../../../src/send/exchange';
import { SendDeclined, sendOperation } from '../../../src/send/guardedSend';
import { SessionVersions, sessionVersionIssues } from '../../../src/send/sessionVersions';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { RecordingPort } from '../../harness/sendPorts';

const CARD = { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' } } } };
const MID = SIMULATOR_DEFAULTS.merchantId;

describe('send path: a payment session is used at the API version it was updated with', function () {
  this.timeout(30_000);
  let sim: SimulatorHandle;
  let env: Environment;
  const connections = cliConnections(new Credentials({ get: async (_id, name) => (name === 'gatewayApiPassword' ? SIMULATOR_DEFAULTS.apiPassword : undefined) }), undefined);
  let n = 0;
  const orderParams = () => ({ orderId: `SV-${Date.now().toString(36)}-${++n}`, transactionId: '1' });
  const paid = () => sim.requestLog.entries.filter((e) => e.url.includes('/order/')).length;

  before(async () => {
    sim = await startSimulator({ port: 0 });
    env = environmentSchema.parse({ id: 'sim', name: 'Local simulator', gatewayUrl: sim.baseUrl, merchantId: MID, timeoutMs: 5000 });
  });
  after(async () => {
    await connections.close();
    await sim.close();
  });

  async function sessionOnSimulator(): Promise<string> {
    const auth = `Basic ${Buffer.from(`merchant.${MID}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64')}`;
    const r = await fetch(`${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session`, { method: 'POST', headers: { authorization: auth }, body: '{}' });
    return ((await r.json()) as { session: { id: string } }).session.id;
  }

  async function updateThroughWorkbench(sessionId: string, version: number): Promise<void> {
    const x = await sendOperation(connections.runnerDeps(), new RecordingPort(), { env, operationId: 'gateway.updateSession', version, params: { sessionId }, body: { order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: CARD } });
    assert.equal(x.response?.status, 200, x.response?.bodyText);
  }

  it('asks "rules fail" before a Pay at 100 on a session updated at 72, naming both versions; declined, nothing is sent', async () => {
    const sessionId = await sessionOnSimulator();
    await updateThroughWorkbench(sessionId, 72);
    const port = new RecordingPort();
    const before = paid();
    await assert.rejects(
      sendOperation(connections.runnerDeps(), port, { env, operationId: 'gateway.pay', version: 100, params: orderParams(), body: { apiOperation: 'PAY', session: { id: sessionId } } }),
      (err: unknown) => err instanceof SendDeclined && /session\.id: session .* was updated at API version 72 .*this Pay is version 100/.test(err.message),
    );
    assert.deepEqual(port.kinds(), ['rules']);
    const asked = port.asked[0];
    assert.ok(asked?.kind === 'rules');
    assert.deepEqual(asked.sendTime.map((i) => `${i.path}:${i.rule}`), ['session.id:sessionVersion']);
    assert.deepEqual(asked.catalogue, [], 'the catalogue itself finds nothing wrong: amount and card may come from the session');
    assert.equal(paid(), before, 'nothing reached the gateway');
  });

  it('Send Anyway sends it, and the gateway refuses the mismatch; at the matching version nothing is asked and it pays', async () => {
    const sessionId = await sessionOnSimulator();
    await updateThroughWorkbench(sessionId, 72);
    const anyway = await sendOperation(connections.runnerDeps(), new RecordingPort({ rules: true }), { env, operationId: 'gateway.pay', version: 100, params: orderParams(), body: { apiOperation: 'PAY', session: { id: sessionId } } });
    assert.equal(anyway.response?.status, 400);
    const port = new RecordingPort();
    const matching = await sendOperation(connections.runnerDeps(), port, { env, operationId: 'gateway.pay', version: 72, params: orderParams(), body: { apiOperation: 'PAY', session: { id: sessionId } } });
    assert.deepEqual(port.kinds(), []);
    assert.equal(matching.decoded?.outcome?.result, 'SUCCESS', matching.response?.bodyText);
  });

  it('a session the workbench never saw updated gets no question', async () => {
    const sessionId = await sessionOnSimulator();
    const port = new RecordingPort();
    await sendOperation(connections.runnerDeps(), port, { env, operationId: 'gateway.pay', version: 100, params: orderParams(), body: { apiOperation: 'PAY', session: { id: sessionId }, order: { amount: '1.00', currency: 'EUR' }, sourceOfFunds: CARD } });
    assert.deepEqual(port.kinds(), []);
  });

  it('a flow that updates its session at 72 and pays at the default 100 stops at the question, naming the session rule', async () => {
    const parsed = parseFlowText(JSON.stringify({ name: 'mismatch', steps: [
      { id: 's', operation: 'gateway.createSession', body: {} },
      { id: 'fill', operation: 'gateway.updateSession', version: 72, params: { sessionId: '{{s.response.session.id}}' }, body: { order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: CARD } },
      { id: 'pay', operation: 'gateway.pay', body: { apiOperation: 'PAY', session: { id: '{{s.response.session.id}}' } } },
    ] }));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const port = new RecordingPort();
    const result = await runFlow(parsed.flow, { env, deps: connections.runnerDeps(), port, signIn: async () => undefined });
    assert.equal(result.steps[2]?.status, 'failed');
    assert.match(result.steps[2]?.message ?? '', /^Not sent \(rules fail\): .*was updated at API version 72/);
  });

  it('remembers only updates the gateway took, per environment and merchant, a bounded number', () => {
    const known = new SessionVersions(2);
    const exchange = (sessionId: string, status: number, environmentId = 'sim'): Exchange => ({
      id: sessionId, startedAt: '2026-01-01T10:00:00.000Z', environment: { id: environmentId, name: 'Local simulator', live: false }, operationId: 'gateway.updateSession', operationTitle: 'Update Session', version: 72,
      params: { merchantId: MID, sessionId }, request: { method: 'PUT', url: '', headers: {}, bodyWasMasked: false, curl: '' },
      response: { status, headers: {}, bodyText: '', sizeBytes: 0, truncated: false, timing: { totalMs: 1, ttfbMs: 1 } },
    });
    const use = (sessionId: string, environmentId = 'sim') => sessionVersionIssues(known, { env: { ...env, id: environmentId }, op: { id: 'gateway.pay', api: 'gateway', title: 'Pay' }, version: 100, merchantId: undefined, body: { session: { id: sessionId } } }, () => '10:00:00');
    known.record(exchange('SESSION0002refusedrefusedrefused', 400));
    assert.deepEqual(use('SESSION0002refusedrefusedrefused'), [], 'a refused update changed nothing');
    known.record(exchange('SESSION0002aaaaaaaaaaaaaaaaaaaa1', 200));
    assert.equal(use('SESSION0002aaaaaaaaaaaaaaaaaaaa1').length, 1);
    assert.deepEqual(use('SESSION0002aaaaaaaaaaaaaaaaaaaa1', 'other'), [], 'another environment is another gateway');
    known.record(exchange('SESSION0002aaaaaaaaaaaaaaaaaaaa2', 200));
    known.record(exchange('SESSION0002aaaaaaaaaaaaaaaaaaaa3', 200));
    assert.deepEqual(use('SESSION0002aaaaaaaaaaaaaaaaaaaa1'), [], 'the oldest is forgotten past the bound');
    assert.equal(use('SESSION0002aaaaaaaaaaaaaaaaaaaa3')[0]?.severity, 'error');
  });
});
