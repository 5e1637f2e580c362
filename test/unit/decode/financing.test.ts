import * as assert from 'node:assert/strict';
import { decodeResponse, renderDecodedAsText } from '../../../src/decode';
import { OFFERS_TEXT } from './fixtures';

const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.access-secret-value';
const REFRESH = 'refresh-secret-value-0123456789';

function financing(operationId: string, httpStatus: number, body: unknown, rawText?: string) {
  return decodeResponse({ operationId, httpStatus, body, ...(rawText !== undefined && { rawText }) });
}

describe('decodeResponse: financing partner', () => {
  it('login: a token set shown by lengths and lifetime only', () => {
    const d = financing('financing.login', 200, { token_type: 'Bearer', expires_in: 3600, access_token: ACCESS, refresh_token: REFRESH });
    assert.equal(d.api, 'financing');
    assert.equal(d.verdict.tone, 'success');
    assert.equal(d.verdict.title, 'Signed in');
    assert.deepEqual(d.financing?.tokenSet, { expiresInSeconds: 3600, tokenType: 'Bearer', accessTokenLength: ACCESS.length, refreshTokenLength: REFRESH.length });
    const everything = JSON.stringify(d) + renderDecodedAsText(d);
    assert.ok(!everything.includes(ACCESS), 'access token leaked');
    assert.ok(!everything.includes(REFRESH), 'refresh token leaked');
    assert.deepEqual(d.notes, []);
  });

  it('refreshToken: renewed; odd token sets are noted, never echoed', () => {
    const ok = financing('financing.refreshToken', 200, { token_type: 'Bearer', expires_in: 900, access_token: ACCESS, refresh_token: REFRESH });
    assert.equal(ok.verdict.title, 'Token set renewed');
    const odd = financing('financing.refreshToken', 200, { token_type: 'bearer', expires_in: '900', access_token: ACCESS });
    assert.equal(odd.verdict.tone, 'warning');
    assert.ok(odd.notes.some((n) => /token_type/.test(n)));
    assert.ok(odd.notes.some((n) => /expires_in/.test(n)));
    assert.ok(odd.notes.some((n) => /refresh_token/.test(n)));
    assert.ok(!JSON.stringify(odd).includes(ACCESS));
  });

  it('an expires_in no token lives (17 digits, which the redaction would read as a card number) is noted, not shown as a lifetime', () => {
    const d = financing('financing.login', 200, { token_type: 'Bearer', expires_in: 37097710701163750, access_token: ACCESS, refresh_token: REFRESH });
    assert.equal(d.financing?.tokenSet, undefined);
    assert.ok(d.notes.some((n) => /expires_in .* from 0 to 1000000000/.test(n)), d.notes.join(' | '));
  });

  it('logout', () => {
    const d = financing('financing.logout', 200, { message: 'Successfully logged out' });
    assert.equal(d.verdict.title, 'Signed out');
    assert.equal(d.financing?.message, 'Successfully logged out');
  });

  it('offers: in the order received, every figure as the JSON had it', () => {
    const d = financing('financing.offers', 200, JSON.parse(OFFERS_TEXT), OFFERS_TEXT);
    assert.equal(d.verdict.tone, 'success');
    assert.equal(d.verdict.title, '2 financing offers');
    assert.equal(d.financing?.success, true);
    assert.equal(d.financing?.message, null);
    assert.equal(d.financing?.sessionId, 'SESS-42');
    assert.deepEqual(d.financing?.offers, [
      { id: '7', childId: '71', name: '24 months', months: '24', instalment: '254.23', interest: '19.90', dae: '21.8', totalCreditAmount: '6101.52', loanAmount: '5000', analysisFee: '150.00' },
      { id: '3', childId: '31', name: '12 months | promo', months: '12', instalment: '416.67', interest: '0', dae: '0', totalCreditAmount: '5000', loanAmount: '5000', analysisFee: '0' },
    ]);
    assert.deepEqual(d.notes, []);
  });

  it('offers without raw text: plain numbers', () => {
    const d = financing('financing.offers', 200, JSON.parse(OFFERS_TEXT));
    assert.equal(d.financing?.offers?.[0]?.interest, '19.9');
    assert.equal(d.financing?.offers?.[0]?.analysisFee, '150');
  });

  it('an empty offer list is a warning', () => {
    const d = financing('financing.offers', 200, { success: true, message: null, data: { offers: [], sessionID: 'S' } });
    assert.equal(d.verdict.tone, 'warning');
  });

  it('success:false is an error verdict carrying the message', () => {
    const d = financing('financing.offers', 200, { success: false, message: 'Cart amount below the minimum financed amount', data: null });
    assert.equal(d.verdict.tone, 'error');
    assert.match(d.verdict.detail, /below the minimum/);
    assert.equal(d.error?.explanation, 'Cart amount below the minimum financed amount');
    assert.equal(d.financing?.success, false);
  });

  it('selectFirst: the session URL', () => {
    const d = financing('financing.offersSelectFirst', 200, { success: true, message: null, data: { sessionUrl: 'https://partner.example/s/abc' } });
    assert.equal(d.verdict.title, 'Financing session ready');
    assert.equal(d.financing?.sessionUrl, 'https://partner.example/s/abc');
  });

  it('401 on offers: log in again; on login: wrong credentials', () => {
    const offers = financing('financing.offers', 401, { message: 'Unauthenticated.' });
    assert.match(offers.error?.whatToFix ?? '', /log in again/);
    assert.equal(offers.error?.explanation, 'Unauthenticated.');
    const login = financing('financing.login', 401, { success: false, message: 'Invalid credentials' });
    assert.match(login.verdict.title, /Login refused/);
    assert.match(login.error?.whatToFix ?? '', /password/);
  });

  it('422 field errors become notes', () => {
    const d = financing('financing.offers', 422, { message: 'The given data was invalid.', errors: { email_address: ['The email address must be a valid email address.'] } });
    assert.equal(d.verdict.tone, 'error');
    assert.ok(d.notes.some((n) => n.startsWith('email_address: The email address')));
  });

  it('5xx and non-JSON', () => {
    assert.match(financing('financing.offers', 500, undefined, '').error?.whatToFix ?? '', /retry later/);
    assert.match(financing('financing.offers', 502, undefined, '<html>Bad Gateway</html>').verdict.title, /not JSON/i);
  });

  it('an empty 2xx logout is fine', () => {
    assert.equal(financing('financing.logout', 204, undefined, '').verdict.tone, 'success');
  });
});
