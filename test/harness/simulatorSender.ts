/** Real exchanges for tests: the request runner against a simulator, wired the way the Send command wires it. */
import { FinancingSession, MemoryTokenStore } from '../../src/auth';
import { localSimulatorEnvironment, type Environment } from '../../src/environments/environment';
import { HttpClient } from '../../src/http';
import type { Exchange } from '../../src/send/exchange';
import { sendOperation } from '../../src/send/guardedSend';
import type { SendInput } from '../../src/send/requestRunner';
import { answerYes } from './sendPorts';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../src/simulator';

export class SimulatorSender {
  private readonly client = new HttpClient();
  private readonly store = new MemoryTokenStore();
  private readonly session: FinancingSession;
  readonly env: Environment;

  constructor(sim: SimulatorHandle) {
    this.env = localSimulatorEnvironment(sim.port);
    this.session = new FinancingSession({ baseUrl: sim.baseUrl, client: this.client, store: this.store, timeoutMs: 10_000 });
  }

  send(input: Omit<SendInput, 'env'>, env: Environment = this.env): Promise<Exchange> {
    const deps = { client: async () => this.client, session: async () => this.session, tokenStore: () => this.store, secret: async () => SIMULATOR_DEFAULTS.apiPassword };
    return sendOperation(deps, answerYes, { env, ...input });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/**
 * A simulator on a free loopback port and a sender wired to it for the enclosing mocha suite: started
 * before its tests, closed after them. `use` receives both once they are up.
 */
export function useSimulatorSender(use: (sender: SimulatorSender, sim: SimulatorHandle) => void, options: Omit<SimulatorOptions, 'port'> = {}): void {
  let sim: SimulatorHandle | undefined;
  let sender: SimulatorSender | undefined;
  before(async () => {
    sim = await startSimulator({ port: 0, ...options });
    sender = new SimulatorSender(sim);
    use(sender, sim);
  });
  after(async () => {
    await sender?.close();
    await sim?.close();
  });
}
