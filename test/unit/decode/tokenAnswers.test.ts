/**
 * Token answers (Create Token, Create or Update Token, Retrieve Token, Delete Token) decode `result` and
 * the verification's `response.gatewayCode` as structured fields, like every other answer: the panel's
 * Outcome section, the text report and flows read them there, not only inside the verdict's sentence.
 */
import * as assert from 'node:assert/strict';
import { decodeResponse, renderDecodedAsText } from '../../../src/decode';

/** A Create Token answer as the v70 Update Token sample shows it (token, status, verification, masked card). */
const saved = (result: string, gatewayCode: string | undefined, status = 'VALID') => ({
  repositoryId: 'REPO-1',
  ...(gatewayCode !== undefined ? { response: { gatewayCode } } : {}),
  result,
  sourceOfFunds: { provided: { card: { brand: 'MASTERCARD', expiry: '0139', number: '512345xxxxxx0008', scheme: 'MASTERCARD' } }, type: 'CARD' },
  status,
  token: '9123456789012346',
  usage: { lastUpdated: '2026-01-10T10:00:00.000Z', lastUpdatedBy: 'TESTSIMULATOR01', lastUsed: '2026-01-10T10:00:00.000Z' },
  verificationStrategy: 'BASIC',
});

describe('decodeResponse: token answers have an outcome like every other answer', () => {
  for (const operationId of ['gateway.createToken', 'gateway.updateToken', 'gateway.retrieveToken']) {
    it(`${operationId}: result and the verification code are fields, explained from the catalogue's table`, () => {
      const d = decodeResponse({ operationId, httpStatus: 201, body: saved('SUCCESS', 'BASIC_VERIFICATION_SUCCESSFUL') });
      assert.equal(d.outcome?.result, 'SUCCESS');
      assert.match(d.outcome?.resultMeaning ?? '', /completed successfully/);
      assert.equal(d.outcome?.gatewayCode?.code, 'BASIC_VERIFICATION_SUCCESSFUL');
      assert.equal(d.outcome?.gatewayCode?.known, true);
      assert.equal(d.outcome?.gatewayCode?.category, 'verified');
      assert.match(d.outcome?.gatewayCode?.nextStep ?? '', /token/);
      assert.deepEqual(d.notes, []);
    });
  }

  it('a declined verification: FAILURE and the decline code as fields, the verdict "Card not saved"', () => {
    const d = decodeResponse({ operationId: 'gateway.createToken', httpStatus: 200, body: saved('FAILURE', 'EXTERNAL_VERIFICATION_DECLINED_INVALID_CSC') });
    assert.equal(d.outcome?.result, 'FAILURE');
    assert.equal(d.outcome?.gatewayCode?.category, 'declined');
    assert.equal(d.verdict.title, 'Card not saved');
    assert.match(d.verdict.detail, /Verification EXTERNAL_VERIFICATION_DECLINED_INVALID_CSC: the acquirer declined the card's security code\./);
  });

  it('an unknown verification code is a field too, not known to this workbench; SUCCESS with a decline is noted', () => {
    const unknown = decodeResponse({ operationId: 'gateway.createToken', httpStatus: 200, body: saved('SUCCESS', 'SOMETHING_NEW') });
    assert.equal(unknown.outcome?.gatewayCode?.code, 'SOMETHING_NEW');
    assert.equal(unknown.outcome?.gatewayCode?.known, false);
    const odd = decodeResponse({ operationId: 'gateway.createToken', httpStatus: 200, body: saved('SUCCESS', 'EXTERNAL_VERIFICATION_DECLINED') });
    assert.match(odd.notes.join(' '), /result is SUCCESS but the verification EXTERNAL_VERIFICATION_DECLINED is a decline/);
  });

  it('Delete Token: result as a field, no code expected', () => {
    const d = decodeResponse({ operationId: 'gateway.deleteToken', httpStatus: 200, body: { result: 'SUCCESS' } });
    assert.equal(d.outcome?.result, 'SUCCESS');
    assert.equal(d.outcome?.gatewayCode, undefined);
    assert.deepEqual(d.notes, []);
  });

  it('the text report has the Outcome section with both', () => {
    const text = renderDecodedAsText(decodeResponse({ operationId: 'gateway.createToken', httpStatus: 201, body: saved('SUCCESS', 'BASIC_VERIFICATION_SUCCESSFUL') }));
    assert.match(text, /## Outcome/);
    assert.match(text, /\*\*gatewayCode\*\*: `BASIC_VERIFICATION_SUCCESSFUL`/);
  });
});
