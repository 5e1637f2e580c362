import * as assert from 'node:assert/strict';
import { cliConnections } from '../../../src/cli/connections';
import { parseFlowText, runFlow } from '../../../src/flows';
import { flowFileName, flowFromExchanges } from '../../../src/history/saveAsFlow';
import { Credentials } from '../../../src/credentials/credentials';
import { LOCAL_SIMULATOR_AUTH_ONLY_ID, localSimulatorEnvironment, localSimulatorEnvironments } from '../../../src/environments/environment';
import type { Exchange } from '../../../src/send/exchange';
import { sendOperation } from '../../../src/send/guardedSend';
import { answerYes } from '../../harness/sendPorts';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

describe('Save as Flow (History → flow file)', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let connections: ReturnType<typeof cliConnections>;
  const sent: Exchange[] = [];

  before(async () => {
    sim = await startSimulator({ port: 0 });
    connections = cliConnections(new Credentials({ get: async () => undefined }), undefined);
    const env = localSimulatorEnvironment(sim.port);
    const send = (operationId: string, transactionId: string, body: object) => sendOperation(connections.runnerDeps(), answerYes, { env, operationId, params: { orderId: 'HIST-ORDER-1', transactionId }, body });
    sent.push(await send('gateway.authorize', 't1', { apiOperation: 'AUTHORIZE', order: { amount: '50.00', currency: 'EUR' }, sourceOfFunds: card }));
    sent.push(await send('gateway.refund', 't2', { apiOperation: 'REFUND', transaction: { amount: '20.00', currency: 'EUR' } }));
    sent.push(await send('gateway.refund', 't3', { apiOperation: 'REFUND', transaction: { amount: '30.00', currency: 'EUR' } }));
  });
  after(async () => {
    await connections.close();
    await sim.close();
  });

  it('puts references in place of the repeated order id, a fresh one for the payment, and what came back as the expectations', () => {
    const flow = flowFromExchanges([sent[2]!, sent[0]!, sent[1]!]);
    assert.equal(flow.name, 'Authorize → Refund → Refund');
    assert.deepEqual(flow.steps.map((s) => [s.id, s.params?.['orderId']]), [['authorize', '{{fresh.orderId}}'], ['refund', '{{authorize.params.orderId}}'], ['refund2', '{{authorize.params.orderId}}']]);
    assert.deepEqual(flow.steps[0]?.expect, { status: 200, result: 'SUCCESS', 'response.gatewayCode': 'APPROVED' });
    assert.ok(flow.steps.every((s) => s.params?.['transactionId'] === undefined), 'each run draws its transaction ids');
    assert.deepEqual(flow.incomplete, [], 'the public test card is kept for a TEST environment');
  });

  it('the saved flow is a valid flow file that passes against the simulator again', async () => {
    const { incomplete: _none, ...flow } = flowFromExchanges(sent);
    const parsed = parseFlowText(JSON.stringify(flow));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const result = await runFlow(parsed.flow, { env: localSimulatorEnvironment(sim.port), deps: connections.runnerDeps(), port: answerYes, signIn: async () => undefined });
    assert.deepEqual(result.steps.map((s) => s.status), ['passed', 'passed', 'passed'], JSON.stringify(result.steps.map((s) => s.failures)));
  });

  it('a session of authorize, capture, refund and void on the authorize-only merchant replays green: ids from earlier steps become references, the environment is recorded', async () => {
    const authOnly = localSimulatorEnvironments(sim.port).find((e) => e.id === LOCAL_SIMULATOR_AUTH_ONLY_ID)!;
    const orderId = 'HIST-SESSION-1';
    const send = (operationId: string, transactionId: string, body: object) => sendOperation(connections.runnerDeps(), answerYes, { env: authOnly, operationId, params: { orderId, transactionId }, body });
    const session = [
      await send('gateway.authorize', 'S-AUTH', { apiOperation: 'AUTHORIZE', order: { amount: '50.00', currency: 'EUR' }, sourceOfFunds: card }),
      await send('gateway.capture', 'S-CAPTURE', { apiOperation: 'CAPTURE', transaction: { amount: '50.00', currency: 'EUR' } }),
      await send('gateway.refund', 'S-REFUND', { apiOperation: 'REFUND', transaction: { amount: '20.00', currency: 'EUR' } }),
      await send('gateway.void', 'S-VOID', { apiOperation: 'VOID', transaction: { targetTransactionId: 'S-REFUND' } }),
    ];
    assert.deepEqual(session.map((e) => e.decoded?.outcome?.result), ['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS'], 'the session itself went through');

    const { incomplete: _none, ...saved } = flowFromExchanges(session);
    assert.equal(saved.environment, LOCAL_SIMULATOR_AUTH_ONLY_ID, 'the environment it was sent to');
    const voidStep = saved.steps.find((s) => s.id === 'void');
    assert.deepEqual(voidStep?.body, { apiOperation: 'VOID', transaction: { targetTransactionId: '{{refund.params.transactionId}}' } });
    assert.ok(!JSON.stringify(saved).includes('S-'), `no id of the recorded session is left: ${JSON.stringify(saved)}`);

    const parsed = parseFlowText(JSON.stringify(saved));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const result = await runFlow(parsed.flow, { env: authOnly, deps: connections.runnerDeps(), port: answerYes, signIn: async () => undefined });
    assert.deepEqual(result.steps.map((s) => s.status), ['passed', 'passed', 'passed', 'passed'], JSON.stringify(result.steps.map((s) => [s.message, s.failures])));
  });

  it('names the file *.payflow.json once, whatever the save dialog appended', () => {
    assert.equal(flowFileName('/w/checkout.payflow.json.payflow.json'), '/w/checkout.payflow.json');
    assert.equal(flowFileName('/w/checkout.payflow.json'), '/w/checkout.payflow.json');
    assert.equal(flowFileName('/w/checkout.json'), '/w/checkout.payflow.json');
    assert.equal(flowFileName('/w/checkout'), '/w/checkout.payflow.json');
    assert.equal(flowFileName('C:\\w\\Checkout.PAYFLOW.JSON.payflow.json'), 'C:\\w\\Checkout.payflow.json');
  });
});
