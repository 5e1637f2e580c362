/** browserPayment (Initiate Browser Payment v16 / v100, Update Session) and appPayment. */
import { bool, enumOf, integer, payerUrl, text } from '../formats';
import { arr, obj, req, type ObjectNode } from '../fieldTree';

const PAYMENT_CONFIRMATION = ['CONFIRM_AT_MERCHANT', 'CONFIRM_AT_PROVIDER'] as const;
const CONFIRMATION_HELP = 'CONFIRM_AT_MERCHANT (payer commits on the merchant site, the merchant then calls the confirm-browser-payment operation) or CONFIRM_AT_PROVIDER.';

/** The provider sends the payer's browser there: http(s) only (formats.ts payerUrl); on the simulator the form offers its return page. */
function returnUrl(min: number, help: string) {
  return payerUrl(min, 2048, `${help} http or https only.`, { label: 'Return URL', returnsPayer: true });
}

export function browserPaymentV16(): ObjectNode {
  return req(obj('Browser payment', {
    returnUrl: req(returnUrl(12, 'Where the provider sends the payer back, for every outcome. Required; a URL longer than 11 characters.')),
    walleta: obj('Browser payment', {
      operation: enumOf(['AUTHORIZE', 'PAY'], 'AUTHORIZE (creates an authorization, later needs a capture) or PAY (creates a payment). Required when sourceOfFunds.type is WALLET_A.'),
      paymentConfirmation: enumOf(PAYMENT_CONFIRMATION, `${CONFIRMATION_HELP} Required when sourceOfFunds.type is WALLET_A.`),
      displayShippingAddress: bool('Whether the provider shows the shipping address; default shown.', { defaultValue: 'true' }),
      overrideShippingAddress: bool('Whether the payer may change the shipping address; default allowed.', { defaultValue: 'true' }),
    }),
  }));
}

export function browserPaymentV100(opts: { sessionUpdate: boolean }): ObjectNode {
  const node = obj('Browser payment', {
    locale: text(2, 5, 'Language tag of the payment pages, 2 to 5 characters, such as en or en-US.', {
      pattern: /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,3})?$/, patternHint: 'a language tag such as en or en-US', example: 'en-US',
    }),
    openBankingBankTransfer: obj('Browser payment', {
      refundConsent: req(bool('Whether the payer consents to refunds; required when this group is sent.')),
    }),
    operation: req(enumOf(['ACCOUNTSETUP', 'AUTHORIZE', 'PAY'], 'Required: ACCOUNTSETUP, AUTHORIZE or PAY.', { example: 'PAY' })),
    walleta: obj('Browser payment', {
      displayShippingAddress: bool('Whether the provider shows the shipping address; default shown.', { defaultValue: 'true' }),
      overrideShippingAddress: bool('Whether the payer may change the shipping address; default allowed.', { defaultValue: 'true' }),
      paymentConfirmation: enumOf(PAYMENT_CONFIRMATION, `${CONFIRMATION_HELP} Default CONFIRM_AT_PROVIDER.`, { defaultValue: 'CONFIRM_AT_PROVIDER' }),
      ...(opts.sessionUpdate
        ? { agreementConfirmation: enumOf(['AGREE', 'AGREE_AND_PAY'], 'AGREE or AGREE_AND_PAY; only for a billing agreement.') }
        : {}),
    }),
    returnUrl: returnUrl(3, 'Where the payer returns (URL per RFC 1738); not needed when the payer goes to an app or a modal flow.'),
    serviceAttributes: arr(obj('Browser payment', {
      name: text(1, 100, 'Service attribute name, 1 to 100.'),
      value: text(1, 256, 'Service attribute value, 1 to 256.'),
    }), { group: 'Browser payment', help: 'Provider-specific service attributes.' }),
  });
  return opts.sessionUpdate ? node : req(node, 'Required in version 100.');
}

export function appPaymentGroup(): ObjectNode {
  return obj('Browser payment', {
    returnUrl: text(3, 2048, 'Absolute URI (RFC 2396), 3 to 2048 characters, for payment pages opened in an app.', {
      label: 'App return URL', kind: 'url', pattern: /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/, patternHint: 'an absolute URI such as myapp://payment/return', example: 'myapp://payment/return',
    }),
  });
}

export function constraintsGroup(): ObjectNode {
  return obj('Constraints', {
    paymentPlans: obj('Constraints', {
      deferralPeriod: integer(0, 99, 'Deferral period, integer 0 to 99.'),
      numberOfPayments: integer(1, 99, 'Number of payments, integer 1 to 99.'),
      supported: arr(text(1, 40, 'Payment plan id, 1 to 40.'), { group: 'Constraints', help: 'Payment plans offered; empty when no plans are offered.' }),
    }),
  });
}
