import * as assert from 'node:assert/strict';
import { decodeResponse, renderDecodedAsText } from '../../../src/decode';
import { fullBodyText } from '../../../src/features/response/host/exchangeView';
import { REDIRECT_HTML, SUBMITTED_WITH_PAGE } from '../../harness/browserPaymentPage';
import { makeExchange, withResponseText } from '../../harness/exchanges';

describe('v100 browser payment answered with redirectHtml', () => {
  it('explains what to do with the page instead of "nowhere to send the payer"', () => {
    const d = decodeResponse({ operationId: 'gateway.initiateBrowserPayment', httpStatus: 201, body: JSON.parse(SUBMITTED_WITH_PAGE) as unknown, rawText: SUBMITTED_WITH_PAGE });
    assert.equal(d.browserPayment?.redirectHtml, REDIRECT_HTML);
    assert.ok(!d.notes.some((n) => /nowhere/.test(n)), d.notes.join('\n'));
    assert.match(d.verdict.detail, /render browserPayment\.redirectHtml as the page in the payer's browser/);
    assert.match(renderDecodedAsText(d), /page to render in the payer's browser/);
    assert.ok(renderDecodedAsText(d).includes('`<html><body onload='), 'the text view quotes the markup in a code span, where it is never rendered');
  });

  it('still says there is nowhere to send the payer when neither a URL nor a page came', () => {
    const d = decodeResponse({ operationId: 'gateway.initiateBrowserPayment', httpStatus: 201, body: { result: 'SUCCESS', response: { gatewayCode: 'SUBMITTED' }, browserPayment: { interaction: { status: 'INITIATED' } } } });
    assert.ok(d.notes.some((n) => /nowhere to send the payer/.test(n)));
  });

  it('"Open in editor" gets the page text from the host copy', () => {
    const e = withResponseText(makeExchange({ operationId: 'gateway.initiateBrowserPayment', operationTitle: 'Initiate Browser Payment' }), SUBMITTED_WITH_PAGE);
    assert.equal(fullBodyText(e, 'redirectHtml'), REDIRECT_HTML);
  });
});
