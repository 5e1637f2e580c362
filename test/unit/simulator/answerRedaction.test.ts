import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { DecimalNumber, jsonText, type JsonOut } from '../../../src/simulator/jsonText';
import { redactAnswerBody, redactBody } from '../../../src/simulator/redact';
import { jsonAnswer } from '../../../src/simulator/types';

/** The log's copy of an answer built as an object must be exactly what redacting its text gives. */
function assertSameAsText(value: JsonOut): void {
  const text = jsonText(value);
  assert.equal(redactAnswerBody(text, value), redactBody(text), text);
}

const transaction = (card: JsonOut, extra: Record<string, JsonOut> = {}): JsonOut => ({
  result: 'SUCCESS',
  order: { amount: new DecimalNumber('10.00'), currency: 'USD', id: 'ORDER-1' },
  response: { gatewayCode: 'APPROVED', cardSecurityCode: { acquirerCode: 'M', gatewayCode: 'MATCH' } },
  sourceOfFunds: { provided: { card: { brand: 'MASTERCARD', number: card, expiry: { month: '1', year: '39' } } }, type: 'CARD' },
  ...extra,
});

describe('simulator: answers redacted for the log from their object', () => {
  it('logs a masked answer as it is, and masks or hides card numbers, CSCs, tokens and passwords exactly as the text redaction does', () => {
    const answers: JsonOut[] = [
      transaction('512345xxxxxx0008'),
      transaction('5123450000000008'),
      transaction('5123 4500 0000 0008'),
      transaction(5123450000000008),
      transaction(new DecimalNumber('5123450000000008')),
      transaction('512345xxxxxx0008', { securityCode: '100' }),
      transaction('512345xxxxxx0008', { session: { id: 'SESSION0002abc', securityCode: 100 } }),
      transaction('512345xxxxxx0008', { access_token: 'eyJhbGciOi.abc.def', refresh_token: 'r-123' }),
      transaction('512345xxxxxx0008', { password: { nested: 'x' } }),
      transaction('512345xxxxxx0008', { merchant: { apiPassword: 'secret-1' } }),
      transaction('512345xxxxxx0008', { note: 'card 4508750015741019 in free text' }),
      transaction('512345xxxxxx0008', { note: 'password=hunter2' }),
      transaction('512345xxxxxx0008', { note: 'password=' }),
      transaction('512345xxxxxx0008', { note: "password='x" }),
      transaction('512345xxxxxx0008', { note: 'say "password":"x"' }),
      transaction('512345xxxxxx0008', { url: 'https://user:pass@example.com/x' }),
      transaction('512345xxxxxx0008', { auth: 'Bearer abcdefghijklmnop' }),
      transaction('512345xxxxxx0008', { ['card.number']: '5123450000000008', ['x.password']: 'y' }),
      transaction('512345xxxxxx0008', { reference: 123456789012345, list: ['4508750015741019', null, true, [{ cvv: '1' }]] }),
      { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: "Value '512345xxxxxx0008' is invalid.", field: 'sourceOfFunds.provided.card.number' } },
      { merchant: 'TESTSIMULATOR01', session: { id: 'SESSION0002benchbenchbenchbench', updateStatus: 'SUCCESS', version: 'abc123' }, version: '100' },
    ];
    for (const answer of answers) assertSameAsText(answer);
  });

  it('agrees with the text redaction on any answer made of secret keys, card-like values and free text', () => {
    const keys = fc.constantFrom('number', 'securityCode', 'cardSecurityCode', 'password', 'apiPassword', 'access_token', 'token', 'id', 'note', 'pan', 'csc', 'gatewayCode', 'card.number', 'x');
    const strings = fc.oneof(
      fc.constantFrom('5123450000000008', '512345xxxxxx0008', '4508 7500 1574 1019', '100', 'Basic abcdefghij', 'password=x', 'csc:', 'http://a:b@h/', '<redacted>', "it's", 'a"b', 'x\\y', 'é', ''),
      fc.string({ maxLength: 24 }),
    );
    const leaf: fc.Arbitrary<JsonOut> = fc.oneof(strings, fc.integer(), fc.constantFrom(5123450000000008, 1.5, null, true), fc.constantFrom(new DecimalNumber('10.00'), new DecimalNumber('4508750015741019')));
    const { tree } = fc.letrec<{ tree: JsonOut }>((tie) => ({
      tree: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('tree'), { maxLength: 3 }), fc.dictionary(keys, tie('tree'), { maxKeys: 4 })),
    }));
    fc.assert(fc.property(tree, (value) => assertSameAsText(value)), { numRuns: 2000 });
  });

  it('a JSON answer carries the body the log keeps, redacted as its text would be', () => {
    const answer = jsonAnswer(200, transaction('5123450000000008'));
    assert.equal(answer.loggedBody, redactBody(answer.body));
    assert.ok(!answer.loggedBody?.includes('5123450000000008'));
  });
});
