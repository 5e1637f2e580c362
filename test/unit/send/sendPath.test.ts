import * as assert from 'node:assert/strict';
import { exampleBody } from '../../../src/catalogue';
import { cliSendPort } from '../../../src/cli/sendPort';
import { parseFlowText, runFlow } from '../../../src/flows';
import { cliConnections } from '../../../src/cli/connections';
import { Credentials } from '../../../src/credentials/credentials';
import { environmentSchema, type Environment, type EnvironmentInput } from '../../../src/environments/environment';
import { SendDeclined, sendOperation, type SendPort, type SendQuestion } from '../../../src/send/guardedSend';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { LIVE_MERCHANT, RecordingPort, TEST_AND_LIVE_MERCHANTS } from '../../harness/sendPorts';

type Question = SendQuestion['kind'] | 'sendTime' | 'clean';

/**
 * The send path's decisions, door by door in the engine: a direct send (what every VS Code door calls),
 * a flow step (the Test Explorer and the CLI), against the simulator over loopback. Each question is
 * asked through the port; "no" sends nothing, "yes" sends.
 */
describe('send path: the questions every door asks', function () {
  this.timeout(30_000);
  let sim: SimulatorHandle;
  let envs: Record<Question, Environment>;
  // A password only for the environments that have one: the "credentials" one has none.
  const connections = cliConnections(new Credentials({ get: async (id, name) => (name === 'gatewayApiPassword' && id !== 'nopw' ? (id === 'live' ? LIVE_MERCHANT.apiPassword : SIMULATOR_DEFAULTS.apiPassword) : undefined) }), undefined);

  const env = (input: Omit<EnvironmentInput, 'name'>) => environmentSchema.parse({ name: `Shop ${input.id}`, timeoutMs: 5000, ...input });
  const body = (q: Question): Record<string, unknown> => {
    const b = exampleBody('gateway.authorize', 11) as Record<string, unknown> & { order: Record<string, unknown> };
    if (q === 'rules') b.order.amount = 'ten euros';
    if (q === 'sendTime') b.order.notificationUrl = 'http://127.0.0.1:9/gateway';
    return b;
  };
  const seen = () => sim.requestLog.entries.filter((e) => e.url.includes('/api/rest/')).length;
  let n = 0;
  const params = () => ({ orderId: `PATH-${Date.now().toString(36)}-${++n}`, transactionId: `T-${n}` });

  before(async () => {
    sim = await startSimulator({ port: 0, merchants: TEST_AND_LIVE_MERCHANTS });
    envs = {
      live: env({ id: 'live', gatewayUrl: sim.baseUrl, merchantId: LIVE_MERCHANT.merchantId }),
      rules: env({ id: 'test', gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId }),
      // A test gateway elsewhere: it cannot reach this machine's inbox. Only ever declined, so never reached.
      sendTime: env({ id: 'far', gatewayUrl: 'https://test-gateway.mastercard.com', merchantId: 'TESTFAR01' }),
      credentials: env({ id: 'nopw', gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId }),
      clean: env({ id: 'test', gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId }),
    };
  });
  after(async () => {
    await connections.close();
    await sim.close();
  });

  const kindOf = (q: Exclude<Question, 'clean'>): SendQuestion['kind'] => (q === 'sendTime' ? 'rules' : q);
  const doors: Record<string, (q: Question, port: SendPort) => Promise<'sent' | string>> = {
    'a direct send (palette, form, CodeLens, next step, Orders view, History)': async (q, port) => {
      try {
        const x = await sendOperation(connections.runnerDeps(), port, { env: envs[q], operationId: 'gateway.authorize', params: params(), body: body(q) });
        return x.response ? 'sent' : `no response: ${x.failure?.message}`;
      } catch (err) {
        assert.ok(err instanceof SendDeclined, String(err));
        return err.message;
      }
    },
    'a flow step (Test Explorer, CLI)': async (q, port) => {
      const parsed = parseFlowText(JSON.stringify({ name: 'one step', steps: [{ id: 'auth', operation: 'gateway.authorize', body: body(q) }] }));
      assert.ok(parsed.ok);
      const result = await runFlow(parsed.flow, { env: envs[q], deps: connections.runnerDeps(), port, signIn: async () => undefined });
      const step = result.steps[0];
      return step?.httpStatus !== undefined ? 'sent' : (step?.message ?? 'no step');
    },
  };

  for (const [door, run] of Object.entries(doors)) {
    for (const q of ['live', 'rules', 'sendTime', 'credentials'] as const) {
      it(`${door}: "${q}" is asked; no sends nothing`, async () => {
        const port = new RecordingPort();
        const before = seen();
        const outcome = await run(q, port);
        assert.deepEqual(port.kinds(), [kindOf(q)]);
        assert.equal(seen(), before, 'nothing reached the server');
        assert.match(outcome, { live: /^Not sent \(LIVE not confirmed\): /, rules: /^Not sent \(rules fail\): .*order\.amount/, sendTime: /^Not sent \(rules fail\): .*order\.notificationUrl/, credentials: /^Not sent \(no password\): / }[q]);
      });
    }
    for (const q of ['live', 'rules'] as const) {
      it(`${door}: "${q}" answered yes sends`, async () => {
        const port = new RecordingPort({ [kindOf(q)]: true });
        const before = seen();
        assert.equal(await run(q, port), 'sent');
        assert.deepEqual(port.kinds(), [kindOf(q)]);
        assert.equal(seen(), before + 1);
      });
    }
    it(`${door}: nothing is asked for a valid body on a TEST environment with its password`, async () => {
      const port = new RecordingPort();
      const before = seen();
      assert.equal(await run('clean', port), 'sent');
      assert.deepEqual(port.kinds(), []);
      assert.equal(seen(), before + 1);
    });
  }

  it('a flow step that expects the refusal (a 4xx) sends its rule-breaking body without the rules question; LIVE is still asked', async () => {
    const parsed = parseFlowText(JSON.stringify({ name: 'negative', steps: [{ id: 'bad', operation: 'gateway.authorize', body: body('rules'), expect: { status: 400, 'error.cause': 'INVALID_REQUEST' } }] }));
    assert.ok(parsed.ok);
    const port = new RecordingPort();
    const result = await runFlow(parsed.flow, { env: envs.rules, deps: connections.runnerDeps(), port, signIn: async () => undefined });
    assert.equal(result.steps[0]?.status, 'passed', JSON.stringify(result.steps[0]?.failures ?? result.steps[0]?.message));
    assert.deepEqual(port.kinds(), []);
    const live = new RecordingPort();
    const onLive = await runFlow(parsed.flow, { env: envs.live, deps: connections.runnerDeps(), port: live, signIn: async () => undefined });
    assert.deepEqual(live.kinds(), ['live']);
    assert.equal(onLive.steps[0]?.status, 'failed');
  });

  it('the CLI answers from its flags and says which flag or variable gets past a refusal', async () => {
    const none = cliSendPort({ yesLive: false, sendAnyway: false });
    const both = cliSendPort({ yesLive: true, sendAnyway: true });
    const question = async (q: Question): Promise<SendQuestion> => {
      const port = new RecordingPort();
      await doors['a direct send (palette, form, CodeLens, next step, Orders view, History)']?.(q, port);
      const asked = port.asked[0];
      assert.ok(asked);
      return asked;
    };
    const live = await question('live');
    const rules = await question('rules');
    const credentials = await question('credentials');
    assert.equal(await none.ask(live), false);
    assert.equal(await both.ask(live), true);
    assert.equal(await none.ask(rules), false);
    assert.equal(await both.ask(rules), true);
    assert.equal(await both.ask(credentials), false, 'no flag makes up a password');
    assert.equal(none.hint?.(live), 'Add --yes-live to send to LIVE environments.');
    assert.equal(none.hint?.(rules), 'Fix the body, expect the refusal in the step ("expect": { "status": 400 }), or add --send-anyway.');
    assert.equal(none.hint?.(credentials), 'Set the environment variable PAYMENT_WORKBENCH_NOPW_GATEWAY_API_PASSWORD or PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD.');
  });
});
