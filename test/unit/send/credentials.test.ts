import * as assert from 'node:assert/strict';
import { Credentials } from '../../../src/credentials/credentials';
import type { SecretName } from '../../../src/credentials/secretNames';
import { environmentSchema, localSimulatorEnvironment } from '../../../src/environments/environment';
import { SIMULATOR_DEFAULTS } from '../../../src/simulator/defaults';

/** SecretStorage in memory: the adapter's secret store as the tests of its logic need it. */
function secretsDouble(stored: Record<string, string> = {}) {
  return { get: async (environmentId: string, name: SecretName) => stored[`${environmentId}/${name}`] };
}

describe('credentials: stored secrets first, the simulator’s public test ones as the fallback', () => {
  const simulator = localSimulatorEnvironment(4477);

  it('gives the simulator environment its public test password when none is stored', async () => {
    const credentials = new Credentials(secretsDouble());
    assert.equal(await credentials.secretOrDefault(simulator, 'gatewayApiPassword'), SIMULATOR_DEFAULTS.apiPassword);
    assert.equal(await credentials.secretOrDefault(simulator, 'partnerEmail'), SIMULATOR_DEFAULTS.partnerEmail);
  });

  it('prefers what the user stored, even on the simulator', async () => {
    const credentials = new Credentials(secretsDouble({ [`${simulator.id}/gatewayApiPassword`]: 'mine' }));
    assert.equal(await credentials.secretOrDefault(simulator, 'gatewayApiPassword'), 'mine');
  });

  it('never sends the test password to an environment edited to point at a real gateway', async () => {
    const moved = environmentSchema.parse({ ...simulator, gatewayUrl: 'https://test-gateway.example.com' });
    assert.equal(await new Credentials(secretsDouble()).secretOrDefault(moved, 'gatewayApiPassword'), undefined);
  });

  it('has no fallback for a secret the simulator does not define', async () => {
    assert.equal(await new Credentials(secretsDouble()).secretOrDefault(simulator, 'certificatePassphrase'), undefined);
  });
});
