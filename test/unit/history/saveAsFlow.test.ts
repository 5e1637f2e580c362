import * as assert from 'node:assert/strict';
import { cliConnections } from '../../../src/cli/connections';
import { parseFlowText, runFlow } from '../../../src/flows';
import { flowFileName, flowFromExchanges, flowFromExchangesWithNotes, NOT_LITERAL_NOTE } from '../../../src/history/saveAsFlow';
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
    assert.deepEqual(flow.steps[0]?.expect, { status: 201, result: 'SUCCESS', 'response.gatewayCode': 'APPROVED' });
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

  it('a Hosted Session + 3-D Secure checkout replays green on a fresh simulator and twice on the same one: session ids from answers, the authentication transaction, a fresh order from its first call', async () => {
    const env = localSimulatorEnvironment(sim.port);
    const orderId = 'HIST-3DS-1';
    const card3ds = { type: 'CARD', provided: { card: { number: '5123456789012346', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
    const send = (operationId: string, params: Record<string, string>, body?: object) => sendOperation(connections.runnerDeps(), answerYes, { env, operationId, params, ...(body ? { body } : {}) });
    const created = await send('gateway.createSession', {}, {});
    const sessionId = (JSON.parse(created.response?.bodyText ?? '{}') as { session: { id: string } }).session.id;
    const checkout = [
      created,
      await send('gateway.updateSession', { sessionId }, { order: { amount: '50.00', currency: 'EUR' }, sourceOfFunds: card3ds }),
      await send('gateway.initiateAuthentication', { orderId, transactionId: '3DS-1' }, { apiOperation: 'INITIATE_AUTHENTICATION', session: { id: sessionId }, order: { currency: 'EUR' }, authentication: { channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION' } }),
      await send('gateway.authenticatePayer', { orderId, transactionId: '3DS-1' }, { apiOperation: 'AUTHENTICATE_PAYER', session: { id: sessionId }, order: { amount: '50.00', currency: 'EUR' }, authentication: { redirectResponseUrl: 'https://shop.example.com/back' } }),
      await send('gateway.pay', { orderId, transactionId: 'PAY-1' }, { apiOperation: 'PAY', session: { id: sessionId }, authentication: { transactionId: '3DS-1' }, order: { amount: '50.00', currency: 'EUR' } }),
      await send('gateway.retrieveOrder', { orderId }),
    ];
    assert.equal(checkout[4]?.decoded?.outcome?.gatewayCode?.code, 'APPROVED', 'the checkout itself went through');

    const { incomplete, ...saved } = flowFromExchanges(checkout);
    assert.deepEqual(incomplete, [], 'the public 3-D Secure test card is kept on a TEST environment');
    const step = (id: string) => saved.steps.find((s) => s.id === id);
    assert.deepEqual(step('updateSession')?.params, { sessionId: '{{createSession.response.session.id}}' }, 'the session Create Session answered');
    assert.deepEqual(step('initiateAuthentication')?.params, { orderId: '{{fresh.orderId}}' }, 'the authentication opens the order: fresh per run');
    assert.deepEqual(step('authenticatePayer')?.params, { orderId: '{{initiateAuthentication.params.orderId}}', transactionId: '{{initiateAuthentication.params.transactionId}}' });
    assert.deepEqual((step('pay')?.body as { authentication: unknown; session: unknown }).authentication, { transactionId: '{{initiateAuthentication.params.transactionId}}' });
    assert.deepEqual((step('pay')?.body as { session: unknown }).session, { id: '{{createSession.response.session.id}}' });
    assert.ok(!JSON.stringify(saved).includes(sessionId) && !JSON.stringify(saved).includes(orderId) && !JSON.stringify(saved).includes('3DS-1'), `no recorded id is left: ${JSON.stringify(saved)}`);

    const parsed = parseFlowText(JSON.stringify(saved));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const fresh = await startSimulator({ port: 0 });
    try {
      const runs = [
        await runFlow(parsed.flow, { env: localSimulatorEnvironment(fresh.port), deps: connections.runnerDeps(), port: answerYes, signIn: async () => undefined }),
        await runFlow(parsed.flow, { env, deps: connections.runnerDeps(), port: answerYes, signIn: async () => undefined }),
        await runFlow(parsed.flow, { env, deps: connections.runnerDeps(), port: answerYes, signIn: async () => undefined }),
      ];
      for (const result of runs) assert.ok(result.steps.every((s) => s.status === 'passed'), JSON.stringify(result.steps.map((s) => [s.id, s.status, s.message, s.failures])));
    } finally {
      await fresh.close();
    }
  });

  it('a token an answer gave is a reference wherever a later body or URL sends it', () => {
    const exchange = (operationId: string, startedAt: string, params: Record<string, string>, body: unknown, answer: object): Exchange => ({
      id: startedAt, startedAt, environment: { id: 'local-simulator', name: 'Simulator', live: false }, operationId, operationTitle: operationId, version: 100, params,
      request: { method: 'PUT', url: 'http://127.0.0.1/x', headers: {}, body, bodyWasMasked: false, curl: '' },
      response: { status: 200, headers: {}, bodyText: JSON.stringify(answer), sizeBytes: 0, truncated: false, timing: { totalMs: 1, ttfbMs: 1 } },
    });
    const token = '9123456789012346';
    const saved = flowFromExchanges([
      exchange('gateway.createToken', '2026-01-01T00:00:01.000Z', { merchantId: 'M' }, { sourceOfFunds: card }, { result: 'SUCCESS', token, status: 'VALID' }),
      exchange('gateway.pay', '2026-01-01T00:00:02.000Z', { merchantId: 'M', orderId: 'O-1', transactionId: 'T-1' }, { apiOperation: 'PAY', order: { amount: '1.00', currency: 'EUR' }, sourceOfFunds: { token } }, { result: 'SUCCESS' }),
      exchange('gateway.retrieveToken', '2026-01-01T00:00:03.000Z', { merchantId: 'M', tokenId: token }, undefined, { result: 'SUCCESS', token }),
    ]);
    assert.deepEqual((saved.steps[1]?.body as { sourceOfFunds: unknown }).sourceOfFunds, { token: '{{createToken.response.token}}' });
    assert.deepEqual(saved.steps[2]?.params, { tokenId: '{{createToken.response.token}}' });
  });

  it('a recorded value holding {{ (an unfilled template of the merchant) is left out and named, never read as a reference', () => {
    const e: Exchange = {
      id: 'x', startedAt: '2026-01-01T00:00:01.000Z', environment: { id: 'local-simulator', name: 'Simulator', live: false }, operationId: 'gateway.retrieveOrder', operationTitle: 'Retrieve Order', version: 100,
      params: { merchantId: 'M', orderId: 'Order {{env.name}}' },
      request: { method: 'GET', url: 'http://127.0.0.1/x', headers: {}, bodyWasMasked: false, curl: '' },
      response: { status: 400, headers: {}, bodyText: '{}', sizeBytes: 2, truncated: false, timing: { totalMs: 1, ttfbMs: 1 } },
      decoded: { outcome: { result: 'ERROR', gatewayCode: { code: '{{env.merchantId}}' } } } as unknown as Exchange['decoded'],
    };
    const pay: Exchange = {
      ...e, id: 'y', startedAt: '2026-01-01T00:00:02.000Z', operationId: 'gateway.pay', operationTitle: 'Pay', params: { merchantId: 'M', orderId: 'O-2', transactionId: 'T-2' },
      request: { ...e.request, method: 'PUT', body: { apiOperation: 'PAY', order: { amount: '1.00', currency: 'EUR', description: 'Thanks {{customer.firstName}}' }, lineItems: ['a', '{{b}}'] } },
    };
    const { flow, notes } = flowFromExchangesWithNotes([e, pay]);
    assert.deepEqual(flow.incomplete, ['retrieveOrder', 'pay']);
    assert.deepEqual(notes['retrieveOrder'], { 'params.orderId': NOT_LITERAL_NOTE });
    assert.deepEqual(notes['pay'], { 'order.description': NOT_LITERAL_NOTE, 'lineItems[1]': NOT_LITERAL_NOTE });
    assert.deepEqual(flow.steps[0]?.expect, { status: 400, result: 'ERROR' }, 'an answer\'s {{ is not expected back');
    assert.deepEqual(flow.steps[1]?.body, { apiOperation: 'PAY', order: { amount: '1.00', currency: 'EUR' }, lineItems: ['a', ''] });
    const { incomplete: _noted, ...file } = flow;
    assert.ok(parseFlowText(JSON.stringify(file)).ok, 'a valid flow: no reference it did not mean');
  });

  it('names the file *.payflow.json once, whatever the save dialog appended', () => {
    assert.equal(flowFileName('/w/checkout.payflow.json.payflow.json'), '/w/checkout.payflow.json');
    assert.equal(flowFileName('/w/checkout.payflow.json'), '/w/checkout.payflow.json');
    assert.equal(flowFileName('/w/checkout.json'), '/w/checkout.payflow.json');
    assert.equal(flowFileName('/w/checkout'), '/w/checkout.payflow.json');
    assert.equal(flowFileName('C:\\w\\Checkout.PAYFLOW.JSON.payflow.json'), 'C:\\w\\Checkout.payflow.json');
  });
});
