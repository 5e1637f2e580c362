import * as assert from 'node:assert/strict';
import { basicAuthHeader } from '../../../src/http';

function decodeBasic(header: string): string {
  assert.match(header, /^Basic [A-Za-z0-9+/=]+$/);
  return Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
}

describe('gateway Basic credentials', () => {
  it('uses merchant.<id> as the user id', () => {
    assert.equal(decodeBasic(basicAuthHeader('TESTSIMULATOR01', 'pw:with:colons', { emptyUser: false })), 'merchant.TESTSIMULATOR01:pw:with:colons');
  });

  it('leaves the user id empty for Authorize', () => {
    assert.equal(decodeBasic(basicAuthHeader('TESTSIMULATOR01', 'pässwörd', { emptyUser: true })), ':pässwörd');
  });
});
