import * as assert from 'node:assert/strict';
import { localSimulatorEnvironment, type Environment } from '../../../src/environments/environment';
import { unreachableUrlIssues } from '../../../src/environments/reachableUrls';
import { rulesQuestion } from '../../../src/send/rulesGate';

const inbox = { order: { notificationUrl: 'http://127.0.0.1:4478/gateway' }, callback_url: 'http://localhost:4478/financing' };
const remote: Environment = { id: 'uat', name: 'Gateway UAT', gatewayUrl: 'https://test-gateway.example.com', financingBaseUrl: 'https://lender.example.com', merchantId: 'TESTMERCHANT', gatewayAuth: 'basic', timeoutMs: 30_000 };

describe('a notification URL the service must reach', () => {
  it('the local inbox is fine for the simulator on this machine', () => {
    assert.deepEqual(unreachableUrlIssues(localSimulatorEnvironment(4477), inbox), []);
  });

  it('a gateway or lender elsewhere cannot reach this machine: an error each, naming the field and what to do', () => {
    const issues = unreachableUrlIssues(remote, inbox);
    assert.deepEqual(issues.map((i) => [i.path, i.severity]), [['order.notificationUrl', 'error'], ['callback_url', 'error']]);
    assert.match(issues[0]?.message ?? '', /^order\.notificationUrl: http:\/\/127\.0\.0\.1:4478\/gateway is this machine: Gateway UAT cannot reach it\. Put a tunnel of your choice \(HTTPS\) in front of the local inbox/);
    assert.match(rulesQuestion('Authorize', issues)?.message ?? '', /Authorize: 2 rules fail/, 'it asks before the send, like a catalogue error');
  });

  it('an HTTPS address (a tunnel) passes anywhere; a body without the fields has nothing to say', () => {
    assert.deepEqual(unreachableUrlIssues(remote, { order: { notificationUrl: 'https://abc.tunnel.example/gateway' } }), []);
    assert.deepEqual(unreachableUrlIssues(remote, { order: { amount: '1.00' } }), []);
    assert.deepEqual(unreachableUrlIssues(remote, undefined), []);
  });
});
