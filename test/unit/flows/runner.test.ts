import * as assert from 'node:assert/strict';
import { cliConnections } from '../../../src/cli/connections';
import { parseFlowText, runFlow, type Flow, type FlowInbox, type StepResult } from '../../../src/flows';
import { missingCapability } from '../../../src/flows/capabilities';
import { Credentials } from '../../../src/credentials/credentials';
import { localSimulatorEnvironment, type Environment } from '../../../src/environments/environment';
import { startReceiver } from '../../../src/notifications';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { RecordingPort } from '../../harness/sendPorts';

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
const authorize = (amount: string) => ({ id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount, currency: 'EUR' }, sourceOfFunds: card } });

function flowOf(value: object): Flow {
  const parsed = parseFlowText(JSON.stringify(value));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.flow;
}

describe('flow runner, against the simulator', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let env: Environment;
  let connections: ReturnType<typeof cliConnections>;

  before(async () => {
    sim = await startSimulator({ port: 0 });
    env = localSimulatorEnvironment(sim.port);
    connections = cliConnections(new Credentials({ get: async () => undefined }), undefined);
  });
  after(async () => {
    await connections.close();
    await sim.close();
  });

  const run = (flow: Flow, seen: StepResult[] = []) => runFlow(flow, { env, deps: connections.runnerDeps(), port: new RecordingPort(), signIn: (e) => connections.signIn(e), onStepEnd: (r) => seen.push(r) });

  it('chains steps through references: the refund goes to the authorized order in its currency', async () => {
    const result = await run(flowOf({ name: 'chain', steps: [
      { ...authorize('100.00'), expect: { 'response.gatewayCode': 'APPROVED' } },
      { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '40.00', currency: '{{auth.response.order.currency}}' } }, expect: { 'order.totalRefundedAmount': '40.00', 'order.id': '{{auth.params.orderId}}' } },
    ] }));
    assert.deepEqual(result.steps.map((s) => s.status), ['passed', 'passed'], JSON.stringify(result.steps.map((s) => [s.failures, s.message])));
    assert.equal(result.passed, true);
    assert.equal(result.steps[1]?.exchange?.params['orderId'], result.steps[0]?.exchange?.params['orderId']);
    assert.notEqual(result.steps[1]?.exchange?.params['transactionId'], result.steps[0]?.exchange?.params['transactionId'], 'a fresh transaction id per step');
  });

  it('an id holding a card-like digit run is referenced and compared as the gateway sent it, and shown masked when a check fails', async () => {
    const orderId = 'ord-5123450000000008';
    const steps = (expectedId: string, id = orderId) => [
      { ...authorize('20.00'), params: { orderId: id } },
      { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.response.order.id}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '5.00', currency: 'EUR' } }, expect: { 'order.id': expectedId } },
    ];
    const chained = await run(flowOf({ name: 'digit run', steps: steps('{{auth.response.order.id}}') }));
    assert.deepEqual(chained.steps.map((s) => s.status), ['passed', 'passed'], JSON.stringify(chained.steps.map((s) => [s.failures, s.message])));
    assert.equal(chained.steps[1]?.exchange?.params['orderId'], orderId, 'the refund went to the order the gateway named');
    const differs = await run(flowOf({ name: 'digit run', steps: steps('another-order', `${orderId}-b`) }));
    const [failure] = differs.steps[1]?.failures ?? [];
    assert.equal(failure?.path, 'order.id');
    assert.ok(failure && !failure.actual.includes('5123450000000008') && failure.actual.includes('ord-'), `the card-like run is masked in what a failure shows: ${failure?.actual}`);
  });

  it('waits for the step\'s webhook at the local inbox: passes when it matches, fails naming what came instead, and says when a run has no inbox', async () => {
    const inbox = await startReceiver();
    try {
      const steps = (refundType: string) => [
        { ...authorize('30.00'), body: { apiOperation: 'AUTHORIZE', order: { amount: '30.00', currency: 'EUR', notificationUrl: '{{inbox.gateway}}' }, sourceOfFunds: card }, expect: { notification: { 'transaction.type': 'PAYMENT', 'order.status': 'CAPTURED' } } },
        { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '10.00', currency: 'EUR' } }, expect: { notification: { within: 500, 'transaction.type': refundType } } },
      ];
      const withInbox = (flow: Flow) => runFlow(flow, { env, deps: connections.runnerDeps(), port: new RecordingPort(), signIn: (e) => connections.signIn(e), inbox });
      const passed = await withInbox(flowOf({ name: 'webhooks', steps: steps('REFUND') }));
      assert.deepEqual(passed.steps.map((s) => s.status), ['passed', 'passed'], JSON.stringify(passed.steps.map((s) => [s.failures, s.message])));
      const failed = await withInbox(flowOf({ name: 'webhooks', steps: steps('CAPTURE') }));
      const [miss] = failed.steps[1]?.failures ?? [];
      assert.equal(miss?.path, 'notification');
      assert.match(miss?.expected ?? '', /^a gateway webhook for order \S+, transaction \S+ with transaction\.type "CAPTURE" within 500 ms$/);
      assert.equal(miss?.actual, '1 notification about it, none matching (the newest has transaction.type "REFUND")');
    } finally {
      await inbox.close();
    }
    const none = await run(flowOf({ name: 'no inbox', steps: [{ ...authorize('5.00'), expect: { notification: { 'transaction.type': 'PAYMENT' } } }] }));
    assert.equal(none.steps[0]?.message, 'expect.notification needs the local inbox, and this run has none');
  });

  it('a webhook the inbox refused (wrong secret: no body) fails its step with a message saying so; nothing is thrown', async () => {
    const inbox = await startReceiver({ secret: () => 'not-the-merchants-secret' });
    try {
      const seen: StepResult[] = [];
      const flow = flowOf({ name: 'refused webhook', steps: [
        { ...authorize('7.00'), body: { apiOperation: 'AUTHORIZE', order: { amount: '7.00', currency: 'EUR', notificationUrl: '{{inbox.gateway}}' }, sourceOfFunds: card }, expect: { notification: { within: 1500, 'transaction.type': 'PAYMENT' } } },
        { id: 'after', operation: 'gateway.retrieveOrder', params: { orderId: '{{auth.params.orderId}}' } },
      ] });
      const result = await runFlow(flow, { env, deps: connections.runnerDeps(), port: new RecordingPort(), signIn: (e) => connections.signIn(e), inbox, onStepEnd: (r) => seen.push(r) });
      assert.deepEqual(result.steps.map((s) => s.status), ['failed', 'skipped']);
      assert.deepEqual(seen.map((s) => s.id), ['auth', 'after'], 'every step reported as it ended');
      const [miss] = result.steps[0]?.failures ?? [];
      assert.equal(miss?.path, 'notification');
      assert.equal(miss?.actual, '1 notification about it refused by the inbox: the X-Notification-Secret was missing or wrong, so the inbox answered 401 and did not read its body; give the inbox the merchant\'s notification secret');
      assert.ok(inbox.events().some((e) => e.verified === false && e.body === undefined), 'the inbox kept the refused post as a line without a body');
    } finally {
      await inbox.close();
    }
  });

  it('an unexpected error inside a step ends that step as failed with the error named; the flow goes on to report, not to throw', async () => {
    const broken: FlowInbox = {
      urlFor: () => 'http://127.0.0.1:9/gateway',
      waitFor: () => Promise.reject(new RangeError('the inbox went away')),
      events: () => [],
    };
    const flow = flowOf({ name: 'broken inbox', steps: [{ ...authorize('3.00'), expect: { notification: { 'transaction.type': 'PAYMENT' } } }, { ...authorize('4.00'), id: 'next' }] });
    const result = await runFlow(flow, { env, deps: connections.runnerDeps(), port: new RecordingPort(), signIn: (e) => connections.signIn(e), inbox: broken });
    assert.deepEqual(result.steps.map((s) => s.status), ['failed', 'skipped']);
    assert.equal(result.steps[0]?.message, 'the step stopped on an unexpected error: RangeError: the inbox went away');
    assert.equal(result.passed, false);
  });

  it('fails the flow at the first failing step, names path, expected and actual, and skips the rest', async () => {
    const seen: StepResult[] = [];
    const result = await run(flowOf({ name: 'over-refund', steps: [
      authorize('10.00'),
      { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '10.01', currency: 'EUR' } }, expect: { result: 'SUCCESS' } },
      { id: 'never', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'EUR' } } },
    ] }), seen);
    assert.equal(result.passed, false);
    assert.deepEqual(result.steps.map((s) => s.status), ['passed', 'failed', 'skipped']);
    assert.deepEqual(result.steps[1]?.failures, [{ path: 'result', expected: '"SUCCESS"', actual: '"ERROR"' }]);
    assert.deepEqual(seen.map((s) => s.id), ['auth', 'refund', 'never'], 'each step is reported as it ends');
  });

  it('a step without expectations passes on a verdict that is not an error (a decline), and fails on an error', async () => {
    const declined = { id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { ...card, provided: { card: { ...card.provided.card, expiry: { month: '5', year: '39' } } } } } };
    const overRefund = { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{paid.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '9.00', currency: 'EUR' } } };
    const result = await run(flowOf({ name: 'verdicts', steps: [declined, { ...authorize('5.00'), id: 'paid' }, overRefund] }));
    assert.deepEqual(result.steps.map((s) => [s.status, s.verdict?.tone]), [['passed', 'warning'], ['passed', 'success'], ['failed', 'error']]);
    assert.match(result.steps[2]?.message ?? '', /decoded verdict is an error.*add "expect"/);
  });

  it('signs a financing step in on its own with the environment’s partner account', async () => {
    const result = await run(flowOf({ name: 'offers', steps: [{ id: 'offers', operation: 'financing.offers', body: { products: [{ name: 'Laptop', category: 1, price: 999.99, quantity: 1 }] }, expect: { status: 200, success: true } }] }));
    assert.equal(result.steps[0]?.status, 'passed', JSON.stringify(result.steps[0]));
    assert.ok(sim.requestLog.entries.some((e) => e.url.startsWith('/api/online/login') && e.status === 200));
  });

  it('a flow that needs a capability the environment is known to lack fails before sending, naming it; an unknown environment runs it', async () => {
    const needing = flowOf({ name: 'capture in parts', environment: 'local-simulator-authorize-only', needs: ['authorizeOnly'], steps: [{ ...authorize('10.00'), expect: { 'order.status': 'AUTHORIZED' } }, { id: 'read', operation: 'gateway.retrieveOrder', params: { orderId: '{{auth.params.orderId}}' } }] });
    const result = await run(needing);
    assert.deepEqual(result.steps.map((s) => s.status), ['failed', 'skipped']);
    assert.equal(result.steps[0]?.exchange, undefined, 'nothing sent');
    assert.match(result.steps[0]?.message ?? '', /needs an environment with "authorizeOnly" \(an approved Authorize is not captured.*"Local simulator" \(local-simulator\) has autoCapture.*such as the flow's own "local-simulator-authorize-only"/);
    assert.equal(missingCapability(needing, { ...env, id: 'staging', simulator: false }), undefined, 'of another environment nothing is assumed: the flow is sent and judged');
  });

  it('"needs" names known capabilities only', () => {
    const parsed = parseFlowText(JSON.stringify({ name: 'x', needs: ['manualCapture'], steps: [authorize('1.00')] }));
    assert.ok(!parsed.ok);
    assert.deepEqual(parsed.problems.map((p) => [p.field, p.message]), [['needs', 'must be a list of capabilities from authorizeOnly, autoCapture, got ["manualCapture"]']]);
  });

  it('a reference without a value fails its step with the reference named, before anything is sent', async () => {
    const before = sim.requestLog.entries.length;
    const result = await run(flowOf({ name: 'missing', steps: [
      authorize('1.00'),
      { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.response.order.nothing}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'EUR' } } },
    ] }));
    assert.equal(result.steps[1]?.status, 'failed');
    assert.match(result.steps[1]?.message ?? '', /\{\{auth\.response\.order\.nothing\}\}: step "auth" got no response\.order\.nothing/);
    assert.equal(sim.requestLog.entries.length, before + 1, 'only the authorize was sent');
  });
});
