import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode/decodeResponse';
import type { Exchange } from '../../../src/send/exchange';
import { redactBodyText } from '../../../src/http/redact';
import { nextStepsFor } from '../../../src/orders/answers/nextSteps';

/** What a session, token or checkout answer offers next, and what the decoder says about it. */

const SESSION = 'SESSION0002ABCDEFGHIJ0123456789';

function exchangeOf(operationId: string, title: string, body: unknown, request: { body?: unknown; url?: string } = {}, params: Record<string, string> = {}): Exchange {
  const bodyText = JSON.stringify(body);
  const url = request.url ?? 'https://gateway.test/api/rest/version/100/merchant/M1/session';
  return {
    id: 'x', startedAt: '2026-07-20T08:00:00.000Z', environment: { id: 'env', name: 'Test', live: false },
    operationId, operationTitle: title, params,
    request: { method: 'POST', url, headers: {}, bodyWasMasked: false, curl: '', ...(request.body !== undefined ? { body: request.body } : {}) },
    response: { status: 200, headers: {}, bodyText, sizeBytes: bodyText.length, truncated: false, timing: { totalMs: 1, ttfbMs: 1 } },
    decoded: decodeResponse({ operationId, httpStatus: 200, body, rawText: bodyText, requestUrl: url }),
  };
}

describe('next steps and verdicts of sessions, tokens and Hosted Checkout', () => {
  it('Create Session: "Session created", then Update Session with the new id and Retrieve Session', () => {
    const e = exchangeOf('gateway.createSession', 'Create Session', { merchant: 'M1', result: 'SUCCESS', session: { authenticationLimit: 5, id: SESSION, updateStatus: 'NO_UPDATE', version: 'abcdef0123' } });
    assert.equal(e.decoded?.verdict.title, 'Session created');
    assert.match(e.decoded?.verdict.detail ?? '', /Up to 5 operations may use the session id as the password/);
    const steps = nextStepsFor(e);
    assert.deepEqual(steps.map((s) => [s.operationId, s.params['sessionId']]), [['gateway.updateSession', SESSION], ['gateway.retrieveSession', SESSION]]);
  });

  it('a real gateway session id whose first digits pass Luhn survives the history\'s redaction: the next steps carry it whole', () => {
    const realId = 'SESSION0002776555076G98765431J2';
    const answer = { merchant: 'M1', result: 'SUCCESS', session: { authenticationLimit: 5, id: realId, updateStatus: 'NO_UPDATE', version: 'abcdef0123' } };
    const kept = redactBodyText(JSON.stringify(answer));
    assert.ok(kept.includes(realId), kept);
    const e = exchangeOf('gateway.createSession', 'Create Session', JSON.parse(kept));
    assert.deepEqual(nextStepsFor(e).map((s) => s.params['sessionId']), [realId, realId]);
  });

  it('Update Session: what it holds (card masked), then Pay with this session and Save its card, each carrying session.id', () => {
    const e = exchangeOf('gateway.updateSession', 'Update Session', { merchant: 'M1', order: { amount: '12.00', currency: 'EUR' }, session: { id: SESSION, updateStatus: 'SUCCESS', version: 'abcdef0123' }, sourceOfFunds: { provided: { card: { number: '512345xxxxxx0008' } } } }, {}, { sessionId: SESSION });
    assert.match(e.decoded?.verdict.detail ?? '', /holds card 512345xxxxxx0008, 12\.00 EUR/);
    const steps = nextStepsFor(e);
    assert.deepEqual(steps.map((s) => s.label), ['Pay with this session…', 'Save its card as a token…', 'Retrieve Session']);
    assert.deepEqual(steps[0]?.body, { apiOperation: 'PAY', session: { id: SESSION } });
    assert.match(steps[0]?.fieldNotes['session.id'] ?? '', /from the Update Session response/);
  });

  it('Create Token: "Card saved as a token", then Pay with this token (sourceOfFunds.token), Retrieve and Delete Token; the expiry MMYY reads 01/39', () => {
    const e = exchangeOf('gateway.createToken', 'Create Token', { repositoryId: 'M1', result: 'SUCCESS', status: 'VALID', token: '9876543210987654', sourceOfFunds: { provided: { card: { number: '512345xxxxxx0008', expiry: '0139' } }, type: 'CARD' } });
    assert.equal(e.decoded?.verdict.title, 'Card saved as a token');
    assert.equal(e.decoded?.card?.expiry, '01/39');
    const steps = nextStepsFor(e);
    assert.deepEqual(steps.map((s) => s.operationId), ['gateway.pay', 'gateway.retrieveToken', 'gateway.deleteToken']);
    assert.deepEqual(steps[0]?.body, { apiOperation: 'PAY', sourceOfFunds: { token: '9876543210987654' } });
    assert.equal(steps[2]?.params['tokenId'], '9876543210987654');
  });

  it('a Create Token the acquirer declined when verifying the card: "Card not saved", the code explained, nothing to pay with', () => {
    const e = exchangeOf('gateway.createToken', 'Create Token', { repositoryId: 'M1', result: 'FAILURE', response: { gatewayCode: 'EXTERNAL_VERIFICATION_DECLINED_EXPIRED_CARD' }, sourceOfFunds: { provided: { card: { number: '512345xxxxxx0008', expiry: '0120' } }, type: 'CARD' } });
    assert.equal(e.decoded?.verdict.tone, 'error');
    assert.equal(e.decoded?.verdict.title, 'Card not saved');
    assert.match(e.decoded?.verdict.detail ?? '', /result is FAILURE\. Verification EXTERNAL_VERIFICATION_DECLINED_EXPIRED_CARD: the acquirer declined the card as expired\./);
    assert.deepEqual(nextStepsFor(e).map((s) => s.operationId).filter((id) => id === 'gateway.pay'), []);
  });

  it('Initiate Checkout: "Checkout session ready" with the simulator page and the successIndicator, then Check the result with Retrieve Order', () => {
    const e = exchangeOf('gateway.initiateCheckout', 'Initiate Checkout', { checkoutMode: 'WEBSITE', merchant: 'M1', result: 'SUCCESS', session: { id: SESSION, updateStatus: 'SUCCESS', version: 'abcdef0123' }, successIndicator: '2a149e4aed1d4818' },
      { body: { apiOperation: 'INITIATE_CHECKOUT', order: { id: 'ORDER-7' } }, url: 'http://127.0.0.1:4477/api/rest/version/100/merchant/M1/session' });
    assert.equal(e.decoded?.verdict.title, 'Checkout session ready');
    assert.match(e.decoded?.verdict.detail ?? '', new RegExp(`http://127\\.0\\.0\\.1:4477/_simulator/checkout/${SESSION}`));
    assert.match(e.decoded?.verdict.detail ?? '', /successIndicator 2a149e4aed1d4818/);
    const steps = nextStepsFor(e);
    assert.deepEqual(steps.map((s) => [s.operationId, s.params['orderId']]), [['gateway.retrieveOrder', 'ORDER-7']]);
    assert.match(steps[0]?.label ?? '', /Check the result: Retrieve Order \(resultIndicator = 2a149e4aed1d4818 means paid\)/);
  });

  it('Delete Token says payments with it are refused now, and offers no further step', () => {
    const deleted = exchangeOf('gateway.deleteToken', 'Delete Token', { result: 'SUCCESS' });
    assert.equal(deleted.decoded?.verdict.title, 'Token deleted');
    assert.deepEqual(nextStepsFor(deleted), []);
  });

  it('a refused session or token request offers nothing, as a refused order request does (not steps on the id it was sent with)', () => {
    const refused = (operationId: string, httpStatus: number, params: Record<string, string>): Exchange => {
      const body = { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Unable to find session', field: 'session.id', validationType: 'INVALID' } };
      const e = exchangeOf(operationId, operationId, body, {}, params);
      const bodyText = JSON.stringify(body);
      return { ...e, response: { ...e.response!, status: httpStatus }, decoded: decodeResponse({ operationId, httpStatus, body, rawText: bodyText }) };
    };
    assert.deepEqual(nextStepsFor(refused('gateway.updateSession', 400, { sessionId: SESSION })), []);
    assert.deepEqual(nextStepsFor(refused('gateway.retrieveSession', 400, { sessionId: SESSION })), []);
    assert.deepEqual(nextStepsFor(refused('gateway.retrieveToken', 404, { tokenId: '9123456789012346' })), []);
  });
});

