import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode';
import { nextStepsFor } from '../../../src/orders/answers/nextSteps';
import type { Exchange } from '../../../src/send/exchange';

/** An Authenticate Payer answer as the gateway (and the simulator) shapes it. */
function payerAnswer(letter: string, result: string, status: string, recommendation: string) {
  return {
    authentication: { '3ds2': { transactionStatus: letter }, version: '3DS2', payerInteraction: letter === 'C' ? 'REQUIRED' : 'NOT_REQUIRED', ...(letter === 'C' ? { redirect: { html: '<form></form>' } } : {}) },
    result,
    response: { gatewayCode: result === 'SUCCESS' ? 'APPROVED' : result === 'PENDING' ? 'PENDING' : 'AUTHENTICATION_FAILED', gatewayRecommendation: recommendation },
    order: { id: 'ORD-3DS', amount: 50, currency: 'EUR', status: 'AUTHENTICATION_INITIATED', authenticationStatus: status },
    transaction: { id: 'auth-1', type: 'AUTHENTICATION', amount: 50, currency: 'EUR', authenticationStatus: status },
  };
}

const decodePayer = (body: object) => decodeResponse({ operationId: 'gateway.authenticatePayer', httpStatus: 200, body });

function exchangeOf(operationId: string, body: object): Exchange {
  return {
    operationId, operationTitle: operationId === 'gateway.authenticatePayer' ? 'Authenticate Payer' : 'Initiate Authentication',
    params: { orderId: 'ORD-3DS', transactionId: 'auth-1' }, decoded: decodeResponse({ operationId, httpStatus: 200, body }),
  } as unknown as Exchange;
}

describe('decodeResponse: 3-D Secure outcomes', () => {
  const cases = [
    { letter: 'Y', result: 'SUCCESS', status: 'AUTHENTICATION_SUCCESSFUL', rec: 'PROCEED', tone: 'success', title: /Authenticated \(Y\)/, detail: /liability shifts to the issuer/i, proceed: true },
    { letter: 'A', result: 'SUCCESS', status: 'AUTHENTICATION_ATTEMPTED', rec: 'PROCEED', tone: 'success', title: /attempted \(A\)/, detail: /Usually yes/, proceed: true },
    { letter: 'C', result: 'PENDING', status: 'AUTHENTICATION_PENDING', rec: 'PROCEED', tone: 'info', title: /Challenge required \(C\)/, detail: /Do not pay yet/, proceed: false },
    { letter: 'N', result: 'FAILURE', status: 'AUTHENTICATION_FAILED', rec: 'RESUBMIT_WITH_ALTERNATIVE_PAYMENT_DETAILS', tone: 'warning', title: /Not authenticated \(N\)/, detail: /merchant keeps the fraud liability.*Do not pay/, proceed: false },
    { letter: 'R', result: 'FAILURE', status: 'AUTHENTICATION_REJECTED', rec: 'DO_NOT_PROCEED', tone: 'warning', title: /rejected \(R\)/, detail: /do not retry the card/, proceed: false },
    { letter: 'U', result: 'FAILURE', status: 'AUTHENTICATION_UNAVAILABLE', rec: 'PROCEED', tone: 'warning', title: /unavailable \(U\)/, detail: /without authentication.transactionId/, proceed: false },
  ] as const;
  for (const c of cases) {
    it(`${c.letter}: ${c.tone}, says whether liability shifts and whether to proceed, and what the payer saw`, () => {
      const d = decodePayer(payerAnswer(c.letter, c.result, c.status, c.rec));
      assert.equal(d.verdict.tone, c.tone);
      assert.match(d.verdict.title, c.title);
      assert.match(d.verdict.detail, c.detail);
      assert.equal(d.authentication?.proceed, c.proceed);
      assert.equal(d.authentication?.transactionStatus, c.letter);
      assert.ok(d.authentication?.payerSaw);
    });
  }

  it('a pending or failed authentication is never a success, even with gatewayCode APPROVED', () => {
    for (const letter of ['C', 'N', 'R', 'U']) {
      const body = payerAnswer(letter, 'SUCCESS', 'AUTHENTICATION_PENDING', 'PROCEED');
      body.response.gatewayCode = 'APPROVED';
      assert.notEqual(decodePayer(body).verdict.tone, 'success', letter);
    }
  });

  it('Initiate Authentication: available means "authenticate the payer next", not success; version NONE means pay without 3-D Secure', () => {
    const available = decodeResponse({ operationId: 'gateway.initiateAuthentication', httpStatus: 200, body: { result: 'SUCCESS', response: { gatewayCode: 'AUTHENTICATION_IN_PROGRESS' }, authentication: { version: '3DS2' }, order: { id: 'O', status: 'AUTHENTICATION_INITIATED' }, transaction: { id: 't', type: 'AUTHENTICATION', authenticationStatus: 'AUTHENTICATION_AVAILABLE' } } });
    assert.equal(available.verdict.tone, 'info');
    assert.match(available.verdict.detail, /Authenticate Payer with the SAME order id and transaction id/);
    const none = decodeResponse({ operationId: 'gateway.initiateAuthentication', httpStatus: 200, body: { result: 'SUCCESS', response: { gatewayCode: 'NOT_ENROLLED_3D_SECURE' }, authentication: { version: 'NONE' }, order: { id: 'O', status: 'AUTHENTICATION_INITIATED' }, transaction: { id: 't', type: 'AUTHENTICATION', authenticationStatus: 'AUTHENTICATION_NOT_SUPPORTED' } } });
    assert.equal(none.verdict.tone, 'warning');
    assert.match(none.verdict.title, /not available/);
  });
});

describe('next steps after 3-D Secure', () => {
  it('Initiate Authentication → Authenticate Payer with the same order and transaction ids', () => {
    const steps = nextStepsFor(exchangeOf('gateway.initiateAuthentication', { result: 'SUCCESS', response: { gatewayCode: 'AUTHENTICATION_IN_PROGRESS' }, authentication: { version: '3DS2' }, order: { id: 'ORD-3DS', currency: 'EUR', status: 'AUTHENTICATION_INITIATED' }, transaction: { id: 'auth-1', type: 'AUTHENTICATION', authenticationStatus: 'AUTHENTICATION_AVAILABLE' } }));
    assert.equal(steps[0]?.operationId, 'gateway.authenticatePayer');
    assert.deepEqual(steps[0]?.params, { orderId: 'ORD-3DS', transactionId: 'auth-1' });
  });

  it('Y → Pay and Authorize with authentication.transactionId and the authenticated amount, each value with its source', () => {
    const steps = nextStepsFor(exchangeOf('gateway.authenticatePayer', payerAnswer('Y', 'SUCCESS', 'AUTHENTICATION_SUCCESSFUL', 'PROCEED')));
    const pay = steps.find((s) => s.operationId === 'gateway.pay');
    assert.ok(pay, JSON.stringify(steps));
    assert.deepEqual(pay.body, { apiOperation: 'PAY', authentication: { transactionId: 'auth-1' }, order: { amount: '50', currency: 'EUR' } });
    assert.match(pay.fieldNotes['authentication.transactionId'] ?? '', /from the Authenticate Payer response/);
    assert.ok(steps.some((s) => s.operationId === 'gateway.authorize'));
  });

  it('a challenge → read the transaction after the payer returns; N → no payment offered', () => {
    const challenge = nextStepsFor(exchangeOf('gateway.authenticatePayer', payerAnswer('C', 'PENDING', 'AUTHENTICATION_PENDING', 'PROCEED')));
    assert.deepEqual(challenge.map((s) => s.operationId), ['gateway.retrieveTransaction']);
    const failed = nextStepsFor(exchangeOf('gateway.authenticatePayer', payerAnswer('N', 'FAILURE', 'AUTHENTICATION_FAILED', 'DO_NOT_PROCEED')));
    assert.deepEqual(failed.map((s) => s.operationId), ['gateway.retrieveOrder']);
    assert.match(failed[0]?.label ?? '', /did not succeed/);
  });
});

describe('"Open challenge" after a 3-D Secure challenge', () => {
  /** The redirect.html the simulator gives, as a real gateway shapes it (escaped attribute values). */
  const challengeHtml = (action: string) => `<div id="threedsChallengeRedirect" style="height: 100vh"><form id="threedsChallengeRedirectForm" method="POST" action="${action}" target="challengeFrame"><input type="hidden" name="creq" value="abc"></form><iframe id="challengeFrame" name="challengeFrame"></iframe><script id="authenticate-payer-script">var e=document.getElementById("threedsChallengeRedirectForm");if(e){e.submit();}</script></div>`;
  const withHtml = (html: string) => {
    const body = payerAnswer('C', 'PENDING', 'AUTHENTICATION_PENDING', 'PROCEED');
    return { ...body, authentication: { ...body.authentication, redirect: { html } } };
  };

  it('a challenge answer carries the challenge page to open (the redirect form\'s action), and still offers Retrieve Transaction', () => {
    const body = withHtml(challengeHtml('http://127.0.0.1:4010/_simulator/3ds-challenge/0f1e?x=1&amp;y=2'));
    assert.equal(decodePayer(body).authentication?.challengeUrl, 'http://127.0.0.1:4010/_simulator/3ds-challenge/0f1e?x=1&y=2');
    assert.deepEqual(nextStepsFor(exchangeOf('gateway.authenticatePayer', body)).map((s) => s.operationId), ['gateway.retrieveTransaction']);
    assert.deepEqual(JSON.parse(decodePayer(body).authentication?.payerStep ?? '{}'), { id: 'payer', payer: { challenge: '{{auth.response.authentication.redirect.html}}', outcome: 'authenticated' } });
  });

  it('no page to open for a frictionless answer, a form without an http(s) action, or a redirect.html without the challenge form', () => {
    assert.equal(decodePayer(payerAnswer('Y', 'SUCCESS', 'AUTHENTICATION_SUCCESSFUL', 'PROCEED')).authentication?.challengeUrl, undefined);
    assert.equal(decodePayer(payerAnswer('Y', 'SUCCESS', 'AUTHENTICATION_SUCCESSFUL', 'PROCEED')).authentication?.payerStep, undefined, 'no payer step without a challenge');
    assert.equal(decodePayer(withHtml(challengeHtml('javascript:alert(1)'))).authentication?.challengeUrl, undefined);
    assert.equal(decodePayer(withHtml('<form action="http://x.example/">')).authentication?.challengeUrl, undefined);
    assert.equal(decodePayer(withHtml(`<form id="threedsChallengeRedirectForm" ${'a'.repeat(100_000)}`)).authentication?.challengeUrl, undefined);
  });
});

/**
 * The states the simulator (and the gateway) give an order that has only authentications on it, and
 * the AUTHENTICATION transaction itself, read back by Retrieve Transaction or a webhook.
 */
describe('decodeResponse: 3-D Secure states read back', () => {
  const retrieved = (letter: 'Y' | 'N', orderStatus: string) => {
    const body = payerAnswer(letter, letter === 'Y' ? 'SUCCESS' : 'FAILURE', letter === 'Y' ? 'AUTHENTICATION_SUCCESSFUL' : 'AUTHENTICATION_FAILED', 'PROCEED');
    body.order.status = orderStatus;
    return decodeResponse({ operationId: 'gateway.retrieveTransaction', httpStatus: 200, body });
  };

  it('order statuses AUTHENTICATION_INITIATED, AUTHENTICATED, AUTHENTICATION_UNSUCCESSFUL and transaction type AUTHENTICATION are explained', () => {
    for (const status of ['AUTHENTICATION_INITIATED', 'AUTHENTICATED', 'AUTHENTICATION_UNSUCCESSFUL']) {
      const d = retrieved('Y', status);
      assert.equal(d.order?.status, status);
      assert.doesNotMatch(d.order?.statusMeaning ?? '', /not known/, status);
      assert.match(d.order?.statusMeaning ?? '', /authenticat/i, status);
    }
    const d = retrieved('Y', 'AUTHENTICATED');
    assert.equal(d.transaction?.type?.known, true);
    assert.match(d.transaction?.type?.meaning ?? '', /no money moves/);
  });

  it('Retrieve Transaction of a successful authentication: APPROVED says "pay next", never "fulfil the order"', () => {
    for (const operationId of ['gateway.retrieveTransaction', 'gateway.authenticatePayer']) {
      const body = payerAnswer('Y', 'SUCCESS', 'AUTHENTICATION_SUCCESSFUL', 'PROCEED');
      const d = decodeResponse({ operationId, httpStatus: 200, body });
      const next = d.outcome?.gatewayCode?.nextStep ?? '';
      assert.doesNotMatch(next, /fulfil/i, operationId);
      assert.match(next, /no money has moved/, operationId);
      assert.match(next, /Pay or Authorize with authentication\.transactionId/, operationId);
    }
  });

  it('a transaction read back takes the advice of the operation that made it (a capture read is not "fulfil, capture later")', () => {
    const capture = decodeResponse({ operationId: 'gateway.retrieveTransaction', httpStatus: 200, body: { result: 'SUCCESS', response: { gatewayCode: 'APPROVED' }, order: { id: 'O', status: 'CAPTURED' }, transaction: { id: 'c1', type: 'CAPTURE', amount: 5, currency: 'EUR' } } });
    assert.match(capture.outcome?.gatewayCode?.nextStep ?? '', /The funds are taken/);
    const refund = decodeResponse({ operationId: 'gateway.retrieveTransaction', httpStatus: 200, body: { result: 'SUCCESS', response: { gatewayCode: 'APPROVED' }, order: { id: 'O', status: 'REFUNDED' }, transaction: { id: 'r1', type: 'REFUND', amount: 5, currency: 'EUR' } } });
    assert.match(refund.outcome?.gatewayCode?.nextStep ?? '', /nothing to fulfil/);
  });
});
