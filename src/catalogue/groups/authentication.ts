/**
 * EMV 3-D Secure fields of Initiate Authentication and Authenticate Payer (public API reference,
 * version 100; docs/reference-notes/issue24-25-reference.md §1). Field rules the reference tables did
 * not show are kept loose (text of a bounded length) and say so in their help.
 */
import { bool, enumOf, integer, payerUrl, text } from '../formats';
import { inVersions, obj, req, type Fields, type ObjectNode } from '../fieldTree';

/**
 * The first version of the EMV 3-D Secure operations (and of paying with authentication.transactionId).
 * The reference's own change history (…/apiDocumentation/nvp/version/latest/changelog.html, named by
 * the "Upgrade your API version" guide) is not among the stored public pages, so this rests on the
 * gateway vendor's own code (docs/reference-notes/issue32-gateway.md):
 *  - its 3DS2 sample, Mastercard-Gateway/gateway-java-sample-code (branch S636865-3DS2-Integration,
 *    commits 1674bd1 2018-11-20 and 37ae6fb 2018-12-03 "Updating the default API version to 50"),
 *    runs initiateAuthentication/authenticatePayer of the 3DS JavaScript API with wsVersion 50, the
 *    REST version those calls are made at, and pays with authentication.transactionId;
 *  - its mobile SDKs change at 50 too: "version 50 of the API dropped the requirement for the
 *    apiOperation parameter" of Update Session and authenticates the payer's session instead
 *    (gateway-android-sdk Gateway.java), which the 3DS JavaScript API relies on; their 3-D Secure 1
 *    support is "for Gateway API versions 46 and below" (gateway-ios-sdk CHANGES.md 1.0.0), with 47
 *    still on Check 3DS Enrollment;
 *  - its sample merchant server (Mastercard-Gateway/gateway-test-merchant-server, app.json
 *    GATEWAY_API_VERSION "53") sends INITIATE_AUTHENTICATION and AUTHENTICATE_PAYER at its version.
 * The "ThreeDS SDK overview" page's "Supported only in DirectAPI version 54 and later" is about a later
 * release of the JavaScript library (three-ds 1.3.0), not the REST operations: an earlier start (50)
 * than the last one (54) serves what integrations pinned at 50 to 53 send; an error is only what the
 * gateway rejects.
 */
export const AUTHENTICATION_API_SINCE = 50;

export const AUTHENTICATION_CHANNELS = ['PAYER_BROWSER', 'PAYER_APP', 'MERCHANT_REQUESTED'] as const;
export const CHALLENGE_WINDOW_SIZES = ['250_X_400', '390_X_400', '500_X_600', '600_X_400', 'FULL_SCREEN'] as const;

/** Initiate Authentication: which protocol versions, which channel, why. */
export function initiateAuthenticationGroup(): ObjectNode {
  return req(obj('Authentication', {
    acceptVersions: text(1, 50, 'Comma-separated 3-D Secure versions you accept, e.g. 3DS2 or 3DS1,3DS2. The gateway is 3DS2-only today, so 3DS2 is the meaningful value.', {
      pattern: /^(3DS[12])(,3DS[12])*$/, patternHint: '3DS1, 3DS2 or 3DS1,3DS2', example: '3DS2',
    }),
    channel: req(enumOf(AUTHENTICATION_CHANNELS, 'Where the payer is: PAYER_BROWSER (a web page; the channel test cards work with), PAYER_APP (a mobile app SDK) or MERCHANT_REQUESTED (payer absent, e.g. a recurring payment).', { example: 'PAYER_BROWSER' })),
    purpose: enumOf(['PAYMENT_TRANSACTION', 'ADD_CARD', 'REFRESH_AUTHENTICATION'], 'Why the payer is authenticated: PAYMENT_TRANSACTION (a payment, the default and the value to test with), ADD_CARD (card registration only) or REFRESH_AUTHENTICATION.', { defaultValue: 'PAYMENT_TRANSACTION' }),
  }), 'Required: at least authentication.channel.');
}

/** Authenticate Payer: where the payer returns after a challenge. */
export function authenticatePayerGroup(): ObjectNode {
  return req(obj('Authentication', {
    redirectResponseUrl: req(payerUrl(12, 2048, 'Where the gateway sends the payer\'s browser (an auto-submitted POST) after the challenge; needed whenever the payer may be challenged. Then read the outcome with Retrieve Transaction rather than trusting the posted fields. http or https only.', {
      label: 'Redirect response URL', example: 'https://merchant.example.com/3ds-return', returnsPayer: true,
    })),
  }));
}

/** device.* for the PAYER_BROWSER channel: what the issuer's risk check reads from the payer's browser. */
export function deviceGroup(): Fields {
  return {
    device: obj('Device', {
      browser: text(1, 2048, 'The payer\'s browser User-Agent header (or a browser name such as MOZILLA). Needed for the PAYER_BROWSER channel.', { example: 'Mozilla/5.0' }),
      ipAddress: text(7, 45, 'The payer\'s IP address, IPv4 or IPv6.', { label: 'IP address', pattern: /^[0-9A-Fa-f.:]*$/, patternHint: 'an IPv4 or IPv6 address', example: '127.0.0.1' }),
      browserDetails: obj('Device', {
        '3DSecureChallengeWindowSize': enumOf(CHALLENGE_WINDOW_SIZES, 'Size of the challenge window in the payer\'s page: 250_X_400, 390_X_400, 500_X_600, 600_X_400 or FULL_SCREEN (EMV challengeWindowSize 01 to 05).', { label: 'Challenge window size', example: 'FULL_SCREEN' }),
        acceptHeaders: text(1, 2048, 'The HTTP Accept header the payer\'s browser sent.', { example: 'text/html' }),
        colorDepth: integer(1, 48, 'Colour depth of the payer\'s screen in bits per pixel (screen.colorDepth).', { example: 24 }),
        javaEnabled: bool('Whether the payer\'s browser runs Java (the browser\'s javaEnabled()).'),
        javaScriptEnabled: bool('Whether JavaScript runs in the payer\'s browser.'),
        language: text(1, 8, 'The browser language, an IETF BCP 47 tag such as en-US (the browser\'s language setting).', { pattern: /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/, patternHint: 'a language tag such as en-US', example: 'en-US' }),
        screenHeight: integer(1, 99999, 'Screen height in pixels (screen.height).', { example: 1080 }),
        screenWidth: integer(1, 99999, 'Screen width in pixels (screen.width).', { example: 1920 }),
        timeZone: integer(-840, 720, 'Difference between UTC and the payer\'s local time in minutes (new Date().getTimezoneOffset()), e.g. -60 for UTC+1.', { example: -60 }),
      }),
    }),
  };
}

/** authentication.transactionId on Pay and Authorize: pay with the result of an authentication of this order. */
export function paymentAuthenticationFields(): Fields {
  return {
    authentication: inVersions({ since: AUTHENTICATION_API_SINCE }, obj('Authentication', {
      transactionId: text(1, 40, 'The transaction id of the Authenticate Payer (authentication) transaction on this same order: the gateway pays with its stored result (ECI, authentication token). Only a successful (Y) or attempted (A) authentication, for at least this amount in this currency, lets the payment through.', {
        label: 'Authentication transaction id', example: 'auth-1',
      }),
    })),
  };
}

/** The same fields, each optional: in a session a field is held, not demanded. */
function optional(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).map(([key, node]) => [key, { ...node, required: false }]));
}

/**
 * authentication.* and device.* held in a payment session (Update Session): the 3DS JavaScript API
 * guide has the merchant store order.amount, order.currency, authentication.channel, .purpose,
 * .acceptVersions and .redirectResponseUrl in the session before Initiate Authentication, which then
 * names only the session. Optional here: the operation that uses the session says what it needs.
 */
export function sessionAuthenticationFields(): Fields {
  return {
    authentication: inVersions({ since: AUTHENTICATION_API_SINCE }, obj('Authentication', optional({ ...initiateAuthenticationGroup().fields, ...authenticatePayerGroup().fields }))),
    ...deviceGroup(),
  };
}
