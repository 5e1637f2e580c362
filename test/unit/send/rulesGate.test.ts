import * as assert from 'node:assert/strict';
import { validateBody } from '../../../src/catalogue';
import { rulesQuestion } from '../../../src/send/rulesGate';

const card = { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' };
const body = (order: Record<string, unknown>) => ({ apiOperation: 'AUTHORIZE', order, sourceOfFunds: { type: 'CARD', provided: { card } } });

describe('send: the "rules fail" question', () => {
  it('is not asked for warnings alone (what the real gateway accepts never blocks a send)', () => {
    const issues = validateBody('gateway.authorize', 11, body({ amount: 10.5, currency: 'USD', refrence: 'R', description: null }));
    assert.equal(issues.length, 3);
    assert.equal(rulesQuestion('Authorize', issues), undefined);
  });

  it('counts only errors, and lists warnings apart when it is asked', () => {
    const question = rulesQuestion('Authorize', validateBody('gateway.authorize', 11, body({ amount: 10.5, currency: 'usd' })));
    assert.ok(question);
    assert.equal(question.message, 'Authorize: 1 rule fails. The gateway will likely reject it.');
    const [errors, warnings] = question.detail.split('\n\n');
    assert.match(errors ?? '', /^Errors \(the gateway rejects these\):\n• order\.currency: /);
    assert.match(warnings ?? '', /^Warnings \(the gateway accepts these\):\n• order\.amount: the spec asks for a decimal string/);
  });
});
