/**
 * Every bundled trigger scenario runs green on the simulator and makes the notifications a merchant
 * would get, each delivered to a loopback endpoint; flows declare inputs and judge deliveries.
 */
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { cliConnections } from '../../../src/cli/connections';
import { Credentials } from '../../../src/credentials/credentials';
import { listScenarios, loadScenario, runTrigger, takesOrder, TriggerError } from '../../../src/deliveries';
import { localSimulatorEnvironments, type Environment } from '../../../src/environments/environment';
import { parseFlowText, runFlow, type Flow } from '../../../src/flows';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { RecordingPort } from '../../harness/sendPorts';

const BUNDLED = path.join(process.cwd(), 'scenarios');
const folders = { bundled: BUNDLED };

/** What each bundled scenario must make: the transaction types and outcomes of its notifications, in order. */
const EXPECTED: Record<string, string[]> = {
  'payment-approved': ['PAYMENT APPROVED · order CAPTURED'],
  'payment-declined': ['PAYMENT DECLINED · order FAILED'],
  '3ds-challenge-passed': ['AUTHENTICATION', 'AUTHENTICATION', 'AUTHENTICATION', 'PAYMENT APPROVED · order CAPTURED'],
  '3ds-failed': ['AUTHENTICATION', 'AUTHENTICATION'],
  'authorize-capture': ['AUTHORIZATION APPROVED · order AUTHORIZED', 'CAPTURE APPROVED · order CAPTURED'],
  'partial-refund': ['PAYMENT APPROVED · order CAPTURED', 'REFUND APPROVED · order PARTIALLY_REFUNDED'],
  void: ['AUTHORIZATION APPROVED · order AUTHORIZED', 'VOID_AUTHORIZATION APPROVED · order CANCELLED'],
  'browser-payment-fails-then-succeeds': ['PAYMENT SUBMITTED · order INITIATED', 'PAYMENT DECLINED · order FAILED', 'PAYMENT APPROVED · order CAPTURED'],
  'hosted-checkout-paid': ['AUTHENTICATION', 'AUTHENTICATION', 'AUTHENTICATION', 'PAYMENT APPROVED · order CAPTURED'],
  'card-saved': ['PAYMENT APPROVED · order CAPTURED'],
};

describe('trigger scenarios on the simulator', function () {
  this.timeout(60_000);
  let sim: SimulatorHandle;
  let environments: Environment[];
  let connections: ReturnType<typeof cliConnections>;
  let server: Server;
  let hook: string;
  const got: { id: string; attempt: number }[] = [];

  before(async () => {
    sim = await startSimulator({ port: 0, processingDelayMs: 0, notificationRetryDelaysMs: [20, 20], testReferenceDelaysMs: [50, 50] });
    environments = localSimulatorEnvironments(sim.port);
    connections = cliConnections(new Credentials({ get: async () => undefined }), undefined);
    server = createServer((req, res) => {
      got.push({ id: String(req.headers['x-notification-id']), attempt: Number(req.headers['x-notification-attempt']) });
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  after(async () => {
    await connections.close();
    await sim.close();
    server.closeAllConnections();
    server.close();
  });

  const trigger = (name: string, inputs: Record<string, string> = {}, extra: { faults?: string[]; to?: string } = {}) => {
    const scenario = loadScenario(name, folders, process.cwd());
    const env = environments.find((e) => e.id === (scenario.flow.environment ?? 'local-simulator')) as Environment;
    return runTrigger({ scenario, env, inputs, deps: connections.runnerDeps(), port: new RecordingPort(), signIn: (e) => connections.signIn(e), to: extra.to ?? hook, waitMs: 20_000, ...(extra.faults ? { faults: extra.faults } : {}) });
  };

  it('bundles the ten scenarios the issue lists, each a valid flow', () => {
    assert.deepEqual(listScenarios(folders).map((s) => s.name).sort(), Object.keys(EXPECTED).sort());
  });

  for (const [name, summaries] of Object.entries(EXPECTED)) {
    it(`${name}: passes, and its notifications reach the endpoint`, async () => {
      const result = await trigger(name);
      assert.ok(result.flow.passed, JSON.stringify(result.flow.steps.map((s) => [s.id, s.status, s.message, s.failures])));
      assert.ok(result.settled);
      assert.deepEqual(result.notifications.map((n) => (n.summary.startsWith('AUTHENTICATION') ? 'AUTHENTICATION' : n.summary)), summaries);
      for (const n of result.notifications) {
        assert.equal(n.state, 'delivered', `${n.summary}: ${n.note ?? ''}`);
        assert.equal(n.trigger, result.trigger, 'each notification is linked to the trigger that made it');
        assert.ok(got.some((g) => g.id === n.id && g.attempt === 1));
      }
    });
  }

  it('runs a follow-up scenario on an order made before (--order): only the follow-up operation, on that order', async () => {
    const first = await trigger('payment-approved');
    const orderId = first.notifications[0]?.orderId as string;
    assert.ok(takesOrder(loadScenario('partial-refund', folders, process.cwd()).flow), 'a follow-up asks for its order');
    assert.ok(!takesOrder(loadScenario('payment-approved', folders, process.cwd()).flow), 'a scenario that makes its own order does not');
    const second = await trigger('partial-refund', { orderId, 'transaction.amount': '7.50' });
    assert.ok(second.flow.passed, JSON.stringify(second.flow.steps.map((s) => [s.id, s.status, s.message])));
    assert.equal(second.flow.steps[0]?.status, 'skipped');
    assert.deepEqual(second.notifications.map((n) => [n.orderId, n.summary, n.facts?.amount]), [[orderId, 'REFUND APPROVED · order PARTIALLY_REFUNDED', '7.50']]);
  });

  it('refuses an input the scenario does not declare, and a trigger with nowhere to send', async () => {
    await assert.rejects(trigger('payment-approved', { amount: '1' }), (err: unknown) => err instanceof TriggerError && /"amount" is not an input of this flow \(it takes orderId, order\.amount, order\.currency\)/.test(err.message));
  });

  it('a flow step judges its delivery (expectDelivery), and says what came instead', async () => {
    const env = environments[0] as Environment;
    const flow = parseOk({
      name: 'delivery expectations',
      steps: [
        { id: 'pay', operation: 'gateway.pay', body: { apiOperation: 'PAY', order: { amount: '5.00', currency: 'EUR', notificationUrl: hook }, sourceOfFunds: { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } } }, expectDelivery: { status: 200, attempts: 1 } },
        { id: 'refund', operation: 'gateway.refund', params: { orderId: '{{pay.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'EUR' } }, expectDelivery: { status: 500, attempts: 2, within: 5000 } },
      ],
    });
    const result = await runFlow(flow, { env, deps: connections.runnerDeps(), port: new RecordingPort(), signIn: (e) => connections.signIn(e) });
    assert.equal(result.steps[0]?.status, 'passed', JSON.stringify(result.steps[0]?.failures));
    assert.equal(result.steps[1]?.status, 'failed');
    const failures = result.steps[1]?.failures.map((f) => `${f.path}: expected ${f.expected}, got ${f.actual}`) ?? [];
    assert.ok(failures.some((f) => /^expectDelivery\.status: expected 500, got 200 \(notification [0-9a-f-]{36}: REFUND APPROVED/.test(f)), failures.join('\n'));
    assert.ok(failures.some((f) => /^expectDelivery\.attempts: expected 2, got 1/.test(f)), failures.join('\n'));
  });

  it('checks inputs, unlessGiven and expectDelivery when the flow is read, naming the step and key', () => {
    const parsed = parseFlowText(JSON.stringify({
      name: 'bad',
      inputs: { orderId: { default: '{{pay.response.order.id}}' }, 'bad name!': {} },
      steps: [{ id: 'pay', operation: 'gateway.pay', unlessGiven: 'orderID', params: { orderId: '{{input.order}}' }, expectDelivery: { status: 'ok', attempt: 1 } }],
    }));
    assert.ok(!parsed.ok);
    const messages = parsed.problems.map((p) => `${p.where ?? ''} ${p.field}: ${p.message}`);
    const expect = (pattern: RegExp) => assert.ok(messages.some((m) => pattern.test(m)), `${pattern} in\n${messages.join('\n')}`);
    expect(/inputs\.orderId\.default: \{\{pay\.response\.order\.id\}\}: a default may refer to fresh\.orderId or env\.NAME only/);
    expect(/inputs\.bad name!: an input name is letters/);
    expect(/step 1 \(pay\) unlessGiven: "orderID" is not an input of this flow \(it declares orderId\)/);
    expect(/step 1 \(pay\) \{\{input\.order\}\}: "order" is not an input of this flow/);
    expect(/step 1 \(pay\) expectDelivery\.status: must be a whole number from 0 to 599, got "ok"/);
    expect(/step 1 \(pay\) expectDelivery\.attempt: unknown; expectDelivery takes status, attempts, state, count and within/);
  });
});

function parseOk(value: object): Flow {
  const parsed = parseFlowText(JSON.stringify(value));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.flow;
}
