import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import { type SimulatorHandle } from '../../../src/simulator';
import { AVS_STREETS, BROWSER_PAYMENT_REFERENCES, CSC_OUTCOMES, EXPIRY_OUTCOMES, TEST_CARDS } from '../../../src/catalogue/testData';
import { authorizeBody, basicAuth, field, gatewayPut, MID, send, useSimulator } from './helpers';

describe('simulator: gateway test cards', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  let n = 0;
  const nextOrder = () => `CARD-${++n}`;

  useSimulator({ processingDelayMs: 0 }, (s, a) => {
    sim = s;
    agent = a;
  });

  for (const [expiry, expected] of Object.entries(EXPIRY_OUTCOMES)) {
    it(`expiry ${expiry} → ${expected}`, async () => {
      const [month, year] = expiry.split('/');
      const r = await gatewayPut(agent, sim.baseUrl, 11, nextOrder(), '1', authorizeBody({ month: String(Number(month)), year }));
      assert.equal(r.status, 201, r.text);
      assert.equal(field(r.json, 'response.gatewayCode'), expected);
      const result = expected === 'APPROVED' ? 'SUCCESS' : expected === 'UNKNOWN' ? 'UNKNOWN' : 'FAILURE';
      assert.equal(field(r.json, 'result'), result);
      const captured = field(r.json, 'order.totalCapturedAmount');
      assert.equal(captured, expected === 'APPROVED' ? 10 : 0);
    });
  }

  for (const [csc, expected] of Object.entries(CSC_OUTCOMES)) {
    it(`CSC ${csc} → ${expected}`, async () => {
      const r = await gatewayPut(agent, sim.baseUrl, 11, nextOrder(), '1', authorizeBody({ csc }));
      assert.equal(field(r.json, 'response.cardSecurityCode.gatewayCode'), expected);
      assert.equal(field(r.json, 'response.gatewayCode'), expected === 'NO_MATCH' ? 'DECLINED_CSC' : 'APPROVED');
    });
  }

  it('no CSC → NOT_PRESENT', async () => {
    const r = await gatewayPut(agent, sim.baseUrl, 11, nextOrder(), '1', authorizeBody());
    assert.equal(field(r.json, 'response.cardSecurityCode.gatewayCode'), 'NOT_PRESENT');
  });

  for (const [street, expected] of Object.entries(AVS_STREETS)) {
    it(`billing street "${street}" → AVS ${expected}`, async () => {
      const r = await gatewayPut(agent, sim.baseUrl, 11, nextOrder(), '1', authorizeBody({ street: `12 ${street}`, csc: '100' }));
      assert.equal(field(r.json, 'response.cardholderVerification.avs.gatewayCode'), expected);
      assert.equal(field(r.json, 'response.gatewayCode'), expected === 'NO_MATCH' ? 'DECLINED_AVS' : 'APPROVED');
    });
  }

  it('CSC and AVS mismatch together → DECLINED_AVS_CSC', async () => {
    const r = await gatewayPut(agent, sim.baseUrl, 11, nextOrder(), '1', authorizeBody({ street: 'November St', csc: '102' }));
    assert.equal(field(r.json, 'response.gatewayCode'), 'DECLINED_AVS_CSC');
  });

  for (const card of TEST_CARDS) {
    it(`test card ${card.slice(0, 6)}… is approved, masked to first 6 / last 4`, async () => {
      const r = await gatewayPut(agent, sim.baseUrl, 11, nextOrder(), '1', authorizeBody({ number: card }));
      assert.equal(field(r.json, 'response.gatewayCode'), 'APPROVED');
      assert.equal(field(r.json, 'sourceOfFunds.provided.card.number'), `${card.slice(0, 6)}${'x'.repeat(card.length - 10)}${card.slice(-4)}`);
      assert.ok(!r.text.includes(card));
    });
  }

  it('answers in the real success shape: amounts as exact numbers, risk at top-level risk.response', async () => {
    const r = await gatewayPut(agent, sim.baseUrl, 11, nextOrder(), 'T1', authorizeBody({ amount: '10.01', csc: '100', street: 'Alpha St' }));
    assert.match(r.text, /"totalAuthorizedAmount":10\.01,"totalCapturedAmount":10\.01,"totalRefundedAmount":0\.00/);
    for (const path of ['merchant', 'timeOfRecord', 'version', 'transaction.id', 'transaction.authorizationCode', 'response.acquirerCode', 'response.acquirerMessage', 'gatewayEntryPoint']) {
      assert.notEqual(field(r.json, path), undefined, path);
    }
    assert.equal(field(r.json, 'version'), '11');
    assert.equal(field(r.json, 'risk.response.gatewayCode'), 'ACCEPTED');
    assert.equal(field(r.json, 'risk.response.totalScore'), 10);
    assert.equal((field(r.json, 'risk.response.rule') as unknown[]).length, 1);
  });

  it('risk rules: a high amount asks for review, a very high one is rejected and BLOCKED', async () => {
    const review = await gatewayPut(agent, sim.baseUrl, 11, nextOrder(), '1', authorizeBody({ amount: '20000.00' }));
    assert.equal(field(review.json, 'risk.response.gatewayCode'), 'REVIEW_REQUIRED');
    assert.equal(field(review.json, 'risk.response.totalScore'), 60);
    const blocked = await gatewayPut(agent, sim.baseUrl, 11, nextOrder(), '1', authorizeBody({ amount: '60000.00' }));
    assert.equal(field(blocked.json, 'risk.response.gatewayCode'), 'REJECTED');
    assert.equal(field(blocked.json, 'response.gatewayCode'), 'BLOCKED');
    assert.equal(field(blocked.json, 'order.totalAuthorizedAmount'), 0);
  });

  it('Verify applies the same card rules without moving money', async () => {
    const body = { ...authorizeBody({ csc: '101', street: 'Whiskey St' }), apiOperation: 'VERIFY' };
    const r = await gatewayPut(agent, sim.baseUrl, 100, nextOrder(), '1', body);
    assert.equal(r.status, 201, r.text);
    assert.equal(field(r.json, 'transaction.type'), 'VERIFICATION');
    assert.equal(field(r.json, 'order.status'), 'VERIFIED');
    assert.equal(field(r.json, 'response.cardSecurityCode.gatewayCode'), 'NOT_PROCESSED');
    assert.equal(field(r.json, 'response.cardholderVerification.avs.gatewayCode'), 'ZIP_MATCH');
    assert.equal(field(r.json, 'order.totalAuthorizedAmount'), 0);
  });

  describe('browser payments steered by order.reference', () => {
    for (const [reference, expected] of Object.entries(BROWSER_PAYMENT_REFERENCES)) {
      it(`${reference} → ${expected}, interaction INITIATED → REDIRECTED_TO_PROVIDER → RETURNED_TO_MERCHANT${expected === 'PENDING' ? '' : ' → COMPLETED'}`, async () => {
        const orderId = nextOrder();
        const init = await gatewayPut(agent, sim.baseUrl, 100, orderId, 'BP1', {
          apiOperation: 'INITIATE_BROWSER_PAYMENT',
          order: { amount: '25.50', currency: 'EUR', reference },
          sourceOfFunds: { type: 'WALLET_A' },
          browserPayment: { operation: 'PAY', returnUrl: 'https://shop.example/return' },
        });
        assert.equal(init.status, 201, init.text);
        assert.equal(field(init.json, 'response.gatewayCode'), 'SUBMITTED');
        assert.equal(field(init.json, 'order.status'), 'INITIATED');
        assert.equal(field(init.json, 'browserPayment.interaction.status'), 'INITIATED');
        assert.equal(typeof field(init.json, 'browserPayment.interaction.timeInitiated'), 'string');
        const redirectUrl = String(field(init.json, 'browserPayment.redirectUrl'));
        assert.ok(redirectUrl.startsWith(sim.baseUrl));

        const orderUrl = `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/order/${orderId}`;
        const page = await send(agent, redirectUrl);
        assert.equal(page.status, 200);
        const afterVisit = await send(agent, orderUrl, { headers: { authorization: basicAuth() } });
        assert.equal(field((field(afterVisit.json, 'transaction') as unknown[])[0], 'browserPayment.interaction.status'), 'REDIRECTED_TO_PROVIDER');

        const action = /action="([^"]+)"/.exec(page.text)?.[1];
        assert.ok(action);
        const back = await send(agent, new URL(action, redirectUrl).href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=approve' });
        assert.equal(back.status, 303);
        assert.equal(back.headers['location'], 'https://shop.example/return');

        const done = await send(agent, `${orderUrl}/transaction/BP1`, { headers: { authorization: basicAuth() } });
        assert.equal(field(done.json, 'response.gatewayCode'), expected);
        const interaction = field(done.json, 'browserPayment.interaction') as Record<string, unknown>;
        assert.equal(interaction['status'], expected === 'PENDING' ? 'RETURNED_TO_MERCHANT' : 'COMPLETED');
        for (const t of ['timeInitiated', 'timeRedirected', 'timeReturned']) assert.equal(typeof interaction[t], 'string', t);
        assert.equal(typeof interaction['timeCompleted'], expected === 'PENDING' ? 'undefined' : 'string');
        assert.equal(field(done.json, 'order.totalCapturedAmount'), expected === 'APPROVED' ? 25.5 : 0);
        assert.equal(field(done.json, 'order.status'), expected === 'APPROVED' ? 'CAPTURED' : expected === 'PENDING' ? 'INITIATED' : 'FAILED');
      });
    }

    it('without a TEST- reference the payer decides (Decline button)', async () => {
      const orderId = nextOrder();
      const init = await gatewayPut(agent, sim.baseUrl, 16, orderId, 'BP1', {
        apiOperation: 'INITIATE_BROWSER_PAYMENT',
        order: { amount: '5.00', currency: 'EUR' },
        sourceOfFunds: { type: 'WALLET_A' },
        browserPayment: { returnUrl: 'https://shop.example/return', walleta: { operation: 'AUTHORIZE', paymentConfirmation: 'CONFIRM_AT_PROVIDER' } },
      });
      assert.equal(init.status, 201, init.text);
      const redirectUrl = String(field(init.json, 'browserPayment.redirectUrl'));
      const back = await send(agent, `${redirectUrl}/return`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=decline' });
      assert.equal(back.status, 303);
      const done = await send(agent, `${sim.baseUrl}/api/rest/version/16/merchant/${MID}/order/${orderId}/transaction/BP1`, { headers: { authorization: basicAuth() } });
      assert.equal(field(done.json, 'response.gatewayCode'), 'DECLINED');
      assert.equal(field(done.json, 'browserPayment.interaction.status'), 'COMPLETED');
    });
  });
});
