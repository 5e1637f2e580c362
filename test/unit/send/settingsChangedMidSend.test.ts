/**
 * A send can wait a long time between its start and its bytes: for the stored-secret question, a
 * token refresh. Settings saved in that time (any environment edited, a passphrase stored) drop the
 * connections; the waiting send still goes out, on the connection the new settings made. Through the
 * real send path against the simulator over loopback.
 */
import * as assert from 'node:assert/strict';
import { cliConnections } from '../../../src/cli/connections';
import { Credentials } from '../../../src/credentials/credentials';
import { environmentSchema, type Environment } from '../../../src/environments/environment';
import { sendOperation } from '../../../src/send/guardedSend';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { RecordingPort } from '../../harness/sendPorts';

const CARD = { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

describe('send path: settings saved while a send waits for its password', function () {
  this.timeout(30_000);
  let sim: SimulatorHandle;
  let env: Environment;

  before(async () => {
    sim = await startSimulator({ port: 0 });
    env = environmentSchema.parse({ id: 'sim', name: 'Local simulator', gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, timeoutMs: 5000 });
  });
  after(async () => sim.close());

  /** Connections whose gateway password is handed over only when the test says so, as a modal question does. */
  function slowPassword(): { connections: ReturnType<typeof cliConnections>; nextAsk(): Promise<() => void> } {
    const waiting: (() => void)[] = [];
    let onAsk: (() => void) | undefined;
    const credentials = new Credentials({
      get: async (_id, name) => {
        if (name !== 'gatewayApiPassword') return undefined;
        await new Promise<void>((answer) => {
          waiting.push(answer);
          onAsk?.();
        });
        return SIMULATOR_DEFAULTS.apiPassword;
      },
    });
    const nextAsk = async (): Promise<() => void> => {
      while (waiting.length === 0) await new Promise<void>((r) => (onAsk = r));
      return waiting.shift() as () => void;
    };
    return { connections: cliConnections(credentials, undefined), nextAsk };
  }

  async function payWhileSettingsChange(change: (c: ReturnType<typeof cliConnections>) => void): Promise<void> {
    const { connections, nextAsk } = slowPassword();
    try {
      const orderId = `MID-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      let done = false;
      const sending = sendOperation(connections.runnerDeps(), new RecordingPort(), { env, operationId: 'gateway.pay', version: 100, params: { orderId, transactionId: '1' }, body: { apiOperation: 'PAY', order: { amount: '5.00', currency: 'USD' }, sourceOfFunds: CARD } }).finally(() => (done = true));
      // Each time the send waits for its password (before the questions, before the bytes), settings change, then the answer comes.
      let asks = 0;
      while (!done) {
        const answer = await Promise.race([nextAsk(), sending.then(() => undefined)]);
        if (!answer) break;
        asks++;
        change(connections);
        // Long enough for a dropped pool to finish closing.
        await new Promise((r) => setTimeout(r, 100));
        answer();
      }
      const x = await sending;
      assert.ok(asks >= 1, 'the send read its password');
      assert.equal(x.failure, undefined, `the send failed: ${x.failure?.message}`);
      assert.equal(x.response?.status, 201);
      assert.ok(sim.requestLog.entries.some((e) => e.url.includes(`/order/${orderId}/`)), 'the simulator received the Pay');
    } finally {
      await connections.close();
    }
  }

  it('an environment saved meanwhile (every connection dropped): the Pay still goes out and is approved', async () => {
    await payWhileSettingsChange((c) => c.drop());
  });

  it('this environment\'s certificate passphrase stored meanwhile: the Pay still goes out and is approved', async () => {
    await payWhileSettingsChange((c) => c.drop(env.id));
  });
});
