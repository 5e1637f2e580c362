import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode';

/** A gateway answer (or webhook: the same body) about payer authentication that has not finished. */
function authenticationAnswer(status: string, where: 'transaction' | 'order') {
  const body = {
    result: 'SUCCESS',
    response: { gatewayCode: 'APPROVED' },
    order: { id: 'ORD-3DS', amount: 10, currency: 'EUR', status: 'AUTHENTICATION_INITIATED', ...(where === 'order' ? { authenticationStatus: status } : {}) },
    transaction: { id: '1', type: 'AUTHENTICATION', ...(where === 'transaction' ? { authenticationStatus: status } : {}) },
  };
  return decodeResponse({ operationId: 'gateway.retrieveTransaction', httpStatus: 200, body });
}

describe('decodeResponse: payer authentication not finished is pending, never success', () => {
  for (const [status, where] of [['AUTHENTICATION_IN_PROGRESS', 'transaction'], ['AUTHENTICATION_PENDING', 'order'], ['AUTHENTICATION_INITIATED', 'transaction']] as const) {
    it(`${status} in ${where}.authenticationStatus with gatewayCode APPROVED: Pending, tone info`, () => {
      const d = authenticationAnswer(status, where);
      assert.equal(d.verdict.tone, 'info');
      assert.equal(d.verdict.title, `Pending: ${status}`);
      assert.match(d.verdict.detail, /nothing is paid yet/);
    });
  }

  it('a finished authentication (AUTHENTICATION_SUCCESSFUL) keeps the gateway code verdict', () => {
    assert.equal(authenticationAnswer('AUTHENTICATION_SUCCESSFUL', 'transaction').verdict.title, 'Approved');
  });
});
