import * as assert from 'node:assert/strict';
import { decodeResponse, renderDecodedAsText } from '../../../src/decode';
import { FIELD_ERROR, OFFERS_TEXT, REAL_SUCCESS_TEXT, realSuccess } from './fixtures';

describe('renderDecodedAsText', () => {
  it('reports a success: headline, outcome, risk rules table, checks, order totals', () => {
    const text = renderDecodedAsText(decodeResponse({ operationId: 'gateway.authorize', httpStatus: 200, body: realSuccess(), rawText: REAL_SUCCESS_TEXT }));
    assert.match(text, /^# ✅ Approved\n/);
    assert.match(text, /## Outcome/);
    assert.match(text, /\*\*gatewayCode\*\*: `APPROVED`/);
    assert.match(text, /## Risk \(from `risk\.response`\)/);
    assert.match(text, /\| Rule \| Type \| Recommendation \| Score \| Data \|/);
    assert.match(text, /\| MSO_BIN_RANGE \| MSO_RULE \| NO_ACTION \| — \| 512345 \|/);
    assert.match(text, /card security code \(CSC\)\*\*: `MATCH`/);
    assert.match(text, /\| total refunded \| 0\.00 \|/);
    assert.doesNotMatch(text, /## Notes/);
  });

  it('reports an error with what to fix', () => {
    const text = renderDecodedAsText(decodeResponse({ operationId: 'gateway.refund', httpStatus: 400, body: FIELD_ERROR }));
    assert.match(text, /^# ❌ Field order\.amount is invalid/);
    assert.match(text, /## Error/);
    assert.match(text, /\*\*field\*\*: `order\.amount`/);
    assert.match(text, /\*\*what to fix\*\*:/);
  });

  it('reports offers as a markdown table, pipes escaped', () => {
    const text = renderDecodedAsText(decodeResponse({ operationId: 'financing.offers', httpStatus: 200, body: JSON.parse(OFFERS_TEXT), rawText: OFFERS_TEXT }));
    assert.match(text, /\| # \| Offer \| Months \| Instalment \| Interest % \| DAE \(APR\) % \| Total credit \| Loan \| Analysis fee \| id \/ childId \|/);
    assert.match(text, /\| 1 \| 24 months \| 24 \| 254\.23 \| 19\.90 \| 21\.8 \| 6101\.52 \| 5000 \| 150\.00 \| 7 \/ 71 \|/);
    assert.match(text, /12 months \\\| promo/);
  });

  it('reports browser payment with the redirect and timestamps', () => {
    const text = renderDecodedAsText(
      decodeResponse({
        operationId: 'gateway.initiateBrowserPayment',
        httpStatus: 201,
        body: { result: 'SUCCESS', response: { gatewayCode: 'SUBMITTED' }, browserPayment: { redirectUrl: 'https://p.example/r', interaction: { status: 'INITIATED', timeInitiated: 'T1' } } },
      }),
    );
    assert.match(text, /## Browser payment/);
    assert.match(text, /redirect the payer to\*\*: `https:\/\/p\.example\/r`/);
    assert.match(text, /\*\*timeInitiated\*\*: T1/);
  });

  it('lists notes at the end', () => {
    const text = renderDecodedAsText(decodeResponse({ operationId: 'gateway.refund', httpStatus: 401, body: undefined, rawText: '' }));
    assert.match(text, /## Notes\n\n- The body is empty/);
  });

  it('neutralises markup coming from the server', () => {
    const text = renderDecodedAsText(
      decodeResponse({
        operationId: 'gateway.refund',
        httpStatus: 400,
        body: { result: 'ERROR', error: { cause: 'IN`VALID', explanation: '<img src=x onerror=alert(1)>\n# Fake heading', field: 'a`b' } },
      }),
    );
    assert.doesNotMatch(text, /<img/);
    assert.doesNotMatch(text, /\n# Fake heading/);
    assert.match(text, /`IN'VALID`/);
    assert.match(text, /`a'b`/);
  });
});
