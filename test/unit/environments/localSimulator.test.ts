/** Which environments a refused connection may blame on a simulator that is not started. */
import * as assert from 'node:assert/strict';
import { isLocalSimulator, localSimulatorEnvironment, type Environment } from '../../../src/environments/environment';

const env = (over: Partial<Environment>): Environment => ({ id: 'mine', name: 'Mine', gatewayAuth: 'basic', timeoutMs: 30_000, merchantId: 'TESTX', ...over });

describe('environments: the local simulator', () => {
  it('is the built-in simulator environment, and the user\'s own on loopback at the simulator\'s port', () => {
    assert.equal(isLocalSimulator(localSimulatorEnvironment(4477)), true);
    assert.equal(isLocalSimulator(localSimulatorEnvironment(40123)), true);
    assert.equal(isLocalSimulator(env({ gatewayUrl: 'http://127.0.0.1:4477' })), true);
  });

  it('is not a service of the user\'s on this machine, nor a gateway elsewhere, nor a simulator copy edited to point away', () => {
    assert.equal(isLocalSimulator(env({ gatewayUrl: 'http://127.0.0.1:8080' })), false);
    assert.equal(isLocalSimulator(env({ gatewayUrl: 'https://test-gateway.example.com' })), false);
    assert.equal(isLocalSimulator(env({ gatewayUrl: 'https://test-gateway.example.com', simulator: true })), false);
  });
});
