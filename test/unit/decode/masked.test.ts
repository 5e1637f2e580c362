import * as assert from 'node:assert/strict';
import { decodeResponse } from '../../../src/decode';
import { KnownSecrets } from '../../../src/http/knownSecrets';
import { redactBodyText } from '../../../src/http/redact';

/**
 * The decoded answer shows nothing its raw text masks (issue 44): the decoder reads the answer as
 * received, and what it returns goes through the one redaction policy, whoever called it.
 */
describe('decodeResponse masks what it returns as the raw answer is masked', () => {
  const ORDER_ID = '4012888888881881'; // a numeric order id that passes Luhn: an id, kept whole
  const answer = {
    result: 'SUCCESS',
    order: { id: ORDER_ID, amount: 10.0, currency: 'USD', reference: '4111111111111111', description: `card 5555 5555 5555 4444 for ${ORDER_ID}`, status: 'CAPTURED' },
    transaction: { id: '1', type: 'PAYMENT', amount: 10.0, currency: 'USD', reference: '5555555555554444' },
    response: { gatewayCode: 'APPROVED' },
  };
  const rawText = JSON.stringify(answer);

  it('masks a card number in any field (order.reference, transaction.reference) and keeps the ids whole, as the answer text does', () => {
    const decoded = decodeResponse({ operationId: 'gateway.pay', httpStatus: 200, body: answer, rawText });
    assert.equal(decoded.order?.reference, '411111xxxxxx1111');
    assert.equal(decoded.transaction?.reference, '555555xxxxxx4444');
    assert.equal(decoded.order?.id, ORDER_ID);
    const all = JSON.stringify(decoded);
    for (const card of ['4111111111111111', '5555555555554444', '5555 5555 5555 4444']) assert.ok(!all.includes(card), `the decoded answer holds ${card}`);
    const text = redactBodyText(rawText);
    assert.ok(text.includes(ORDER_ID) && text.includes('411111xxxxxx1111'), 'the same choices as the masked answer text');
  });

  it('scrubs the secrets the request held wherever an answer echoes them, and masks a card in a body that is not JSON', () => {
    const known = new KnownSecrets().add('Hunter2-api-password');
    const echoed = { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Value Hunter2-api-password is invalid', field: 'order.reference' } };
    const decoded = decodeResponse({ operationId: 'gateway.pay', httpStatus: 400, body: echoed, rawText: JSON.stringify(echoed), known });
    assert.ok(!JSON.stringify(decoded).includes('Hunter2-api-password'), JSON.stringify(decoded));
    const html = decodeResponse({ operationId: 'gateway.pay', httpStatus: 502, body: undefined, rawText: `<html>${' '.repeat(150)}card 4111111111111111 refused</html>` });
    assert.ok(!JSON.stringify(html).includes('4111111111111111'), html.verdict.detail);
  });
});
