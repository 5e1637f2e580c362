import * as assert from 'node:assert/strict';
import { getOperation, type OperationDef } from '../../../src/catalogue';
import { environmentSchema, isLive, type EnvironmentInput } from '../../../src/environments/environment';
import { liveQuestion } from '../../../src/send/liveGate';

const env = (input: Omit<EnvironmentInput, 'id' | 'name'>) => environmentSchema.parse({ id: 'e', name: 'Shop', ...input });
const op = (id: string): OperationDef => {
  const found = getOperation(id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

const LIVE = env({ gatewayUrl: 'https://ap-gateway.mastercard.com', merchantId: 'SHOP01' });
const authorizeBody = { apiOperation: 'AUTHORIZE', order: { amount: '100.00', currency: 'EUR' } };

/** The LIVE gate: a decision of the engine, shown by the adapter. A missing question costs real money. */
describe('send: the LIVE gate', () => {
  it('tells LIVE from TEST by the merchant id and the host, and says live when unsure', () => {
    assert.equal(isLive(LIVE), true, 'a real merchant on a real gateway host');
    assert.equal(isLive(env({ gatewayUrl: 'https://test-gateway.mastercard.com', merchantId: 'TESTSHOP01' })), false);
    assert.equal(isLive(env({ gatewayUrl: 'https://ap.test.gateway.mastercard.com', merchantId: 'TESTSHOP01' })), false);
    assert.equal(isLive(env({ gatewayUrl: 'http://127.0.0.1:4477', merchantId: 'TESTSIMULATOR01' })), false);
    assert.equal(isLive(env({ gatewayUrl: 'https://test-gateway.mastercard.com', merchantId: 'SHOP01' })), true, 'a real merchant id is live even on a test host');
    assert.equal(isLive(env({ gatewayUrl: 'https://ap-gateway.mastercard.com', merchantId: 'TESTSHOP01' })), true, 'a real host is live even with a TEST merchant');
    assert.equal(isLive(env({ merchantId: 'TESTSHOP01' })), true, 'no host to judge: live');
  });

  it('asks before a money-moving operation goes to a LIVE environment, naming the amount and the environment', () => {
    const q = liveQuestion(op('gateway.authorize'), LIVE, authorizeBody);
    assert.deepEqual(q, {
      message: 'Send Authorize of 100.00 EUR to the LIVE environment "Shop"?',
      detail: 'Real money may move. Merchant SHOP01, https://ap-gateway.mastercard.com',
    });
    assert.match(liveQuestion(op('gateway.refund'), LIVE, { transaction: { amount: '40.00', currency: 'EUR' } })?.message ?? '', /Refund of 40\.00 EUR/);
  });

  it('does not ask on TEST, or for an operation that moves no money', () => {
    const test = env({ gatewayUrl: 'https://test-gateway.mastercard.com', merchantId: 'TESTSHOP01' });
    assert.equal(liveQuestion(op('gateway.authorize'), test, authorizeBody), undefined);
    assert.equal(liveQuestion(op('gateway.updateSession'), LIVE, {}), undefined);
  });
});
