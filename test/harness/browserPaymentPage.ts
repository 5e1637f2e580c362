/** A v100 Initiate Browser Payment answer that carries a page (redirectHtml) instead of a redirect URL. */
export const REDIRECT_HTML = '<html><body onload="document.forms[0].submit()"><form method="post" action="https://provider.example/pay"><input type="hidden" name="t" value="abc"></form></body></html>';

export const SUBMITTED_WITH_PAGE = JSON.stringify({
  result: 'SUCCESS',
  response: { gatewayCode: 'SUBMITTED' },
  browserPayment: { redirectHtml: REDIRECT_HTML, interaction: { status: 'INITIATED', timeInitiated: '2026-07-20T08:27:25.001Z' } },
  order: { id: 'O-1', amount: 10.0, currency: 'KWD', status: 'INITIATED' },
});
