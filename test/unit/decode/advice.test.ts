import * as assert from 'node:assert/strict';
import { decodeResponse, failureVerdict, renderDecodedAsText } from '../../../src/decode';

const gateway = (operationId: string, gatewayCode: string, httpStatus = 200) =>
  decodeResponse({ operationId, httpStatus, body: { result: gatewayCode === 'APPROVED' ? 'SUCCESS' : 'FAILURE', response: { gatewayCode } } });

describe('advice per operation and outcome', () => {
  it('an approved Refund never says to fulfil the order; an approved Authorize says to capture', () => {
    const refund = gateway('gateway.refund', 'APPROVED');
    assert.doesNotMatch(`${refund.verdict.detail} ${refund.outcome?.gatewayCode?.nextStep}`, /fulfil the order|capture later/i);
    assert.match(refund.verdict.detail, /back to the payer/);
    assert.match(refund.outcome?.gatewayCode?.nextStep ?? '', /back to the payer/);
    assert.match(gateway('gateway.authorize', 'APPROVED').verdict.detail, /reserved on the card, not yet taken: fulfil the order, then capture it/);
    const captured = decodeResponse({ operationId: 'gateway.authorize', httpStatus: 200, body: { result: 'SUCCESS', response: { gatewayCode: 'APPROVED' }, transaction: { type: 'PAYMENT' } } });
    assert.match(captured.verdict.detail, /The money is taken \(authorized and captured at once\)/, 'an Authorize the profile also captured is not "capture later"');
  });

  it('each operation has its own words for approved and declined', () => {
    const approved = new Map([
      ['gateway.authorize', /capture it/],
      ['gateway.verify', /no money moved/],
      ['gateway.refund', /back to the payer/],
      ['gateway.updateAuthorization', /new amount or period/],
      ['gateway.initiateBrowserPayment', /completed the payment at the provider/],
    ]);
    for (const [operationId, words] of approved) assert.match(gateway(operationId, 'APPROVED').verdict.detail, words, operationId);
    assert.match(gateway('gateway.authorize', 'DECLINED').verdict.detail, /Nothing was reserved\. Ask the payer for another card/);
    assert.match(gateway('gateway.refund', 'DECLINED').verdict.detail, /refund was refused and no money moved: check that the order has captured funds/);
    assert.doesNotMatch(gateway('gateway.refund', 'DECLINED').verdict.detail, /another card/);
    assert.match(gateway('gateway.updateAuthorization', 'DECLINED').verdict.detail, /earlier authorization stands unchanged/);
    assert.match(gateway('gateway.verify', 'DECLINED').verdict.detail, /did not verify; no money moved/);
  });

  it('an INVALID_REQUEST without a field does not point at error.field', () => {
    const d = decodeResponse({ operationId: 'gateway.refund', httpStatus: 400, body: { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Value not valid' } } });
    assert.doesNotMatch(`${d.verdict.detail} ${d.error?.whatToFix}`, /error\.field/);
    assert.match(d.error?.whatToFix ?? '', /as the explanation says/);
  });

  it('a gateway 401 offers to set the API password', () => {
    const d = decodeResponse({ operationId: 'gateway.refund', httpStatus: 401, body: { result: 'ERROR', error: { cause: 'INVALID_REQUEST' } } });
    assert.deepEqual(d.verdict.action, { id: 'setGatewayPassword', label: 'Set Gateway API Password…' });
  });

  it('a financing 401 (token ended) offers Sign In, and so does a send refused for lack of a sign-in', () => {
    const d = decodeResponse({ operationId: 'financing.offers', httpStatus: 401, body: { success: false, message: 'Unauthenticated.' } });
    assert.deepEqual(d.verdict.action, { id: 'signIn', label: 'Sign In to Financing API' });
    assert.match(renderDecodedAsText(d), /Fix: run \*\*Sign In to Financing API\*\*/);
    assert.equal(decodeResponse({ operationId: 'financing.login', httpStatus: 401, body: { success: false } }).verdict.action, undefined, 'a refused login is fixed by the credentials, not by signing in again');
    const refused = failureVerdict('financing.offers', { kind: 'notSignedIn', message: 'Not signed in to the financing API' });
    assert.equal(refused.title, 'Not signed in to the financing API');
    assert.doesNotMatch(refused.title, /other/);
    assert.equal(refused.action?.id, 'signIn');
    assert.equal(failureVerdict('financing.offers', { kind: 'other', message: 'Not signed in to the financing API' }).action?.id, 'signIn', 'older history entries too');
    assert.equal(failureVerdict('gateway.authorize', { kind: 'timeout', message: 'No answer in 30 s' }).action, undefined);
  });
});
