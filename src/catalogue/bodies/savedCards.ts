/**
 * Request bodies of Create Session and Create (or Update) Token, from the public API reference
 * (Create Session NVP v56 and the 3DS JS guide for authenticationLimit; Create or Update Token v30/v56/v63).
 */
import { billingGroup, customerGroup } from '../groups/address';
import { commonGatewayFields } from '../groups/common';
import { sourceOfFundsGroup } from '../groups/sourceOfFunds';
import { currency, digits, integer, text } from '../formats';
import { mergeFields, obj, type Fields, type ObjectNode } from '../fieldTree';

const body = (...sets: Fields[]): ObjectNode => obj(undefined, mergeFields(...sets));

/** "By default the gateway sets this value to 5; the maximum you can supply is 25" (3DS JS guide). */
export const SESSION_AUTHENTICATION_LIMIT = { default: 5, max: 25 } as const;

export function createSessionV100(): ObjectNode {
  return body(
    { correlationId: text(1, 100, 'Optional, 1 to 100 characters; returned unchanged in the response.', { label: 'Correlation id' }) },
    {
      session: obj('Payment session', {
        authenticationLimit: integer(1, SESSION_AUTHENTICATION_LIMIT.max, `How many operations may be sent with this session id as the password (from the payer's browser or app). Left out: the gateway sets ${SESSION_AUTHENTICATION_LIMIT.default}; at most ${SESSION_AUTHENTICATION_LIMIT.max}.`, {
          label: 'Authentication limit', example: 25,
        }),
      }),
    },
  );
}

/** Create Token (POST …/token) and Create or Update Token (PUT …/token/{tokenId}): the card or a session holding one. */
export function saveTokenV100(): ObjectNode {
  return body(
    commonGatewayFields(undefined),
    {
      session: obj('Payment session', {
        id: text(31, 35, 'A session filled with card details (Update Session or the Hosted Session script): the token saves its card. Provided card details win over it.', {
          label: 'Session id', pattern: /^[\x20-\x7E]*$/, patternHint: 'ASCII text',
        }),
      }),
      sourceOfFunds: sourceOfFundsGroup({ browserPayment: false }),
      verificationStrategy: text(1, 30, 'How the gateway checks the card before saving it; left out, the repository\'s setting applies. Values seen: BASIC, ACQUIRER, NONE.', {
        label: 'Verification strategy', suggestions: ['BASIC', 'ACQUIRER', 'NONE'],
      }),
    },
  );
}

/**
 * Update Session sent with session authentication: only payer input fields ("Session Authentication
 * Fields"): the card, billing address and customer details; never the order or its amount.
 */
export function updateSessionAsPayerV100(): ObjectNode {
  return body(
    { correlationId: text(1, 100, 'Optional, 1 to 100 characters; returned unchanged in the response.', { label: 'Correlation id' }) },
    {
      billing: billingGroup({ version100: true }),
      customer: customerGroup(),
      sourceOfFunds: sourceOfFundsGroup({ browserPayment: false }),
    },
  );
}

/**
 * Payment Options Inquiry (POST): the filters of the Payment Options Inquiry guide; none returns
 * every option. Older versions (8 to 16) named them cardType and currency.
 */
export function paymentOptionsInquiryV100(): ObjectNode {
  return body(
    { correlationId: text(1, 100, 'Optional, 1 to 100 characters; returned unchanged in the response.', { label: 'Correlation id' }) },
    {
      order: obj('Order', {
        currency: currency('Only the options for this currency: 3 upper-case letters, ISO 4217.', { label: 'Order currency' }),
      }),
      sourceOfFunds: obj('Source of funds', {
        provided: obj('Source of funds', {
          card: obj('Card', {
            prefix: digits(6, 9, 'The first digits of a card (6 to 9): only the currencies of its brand, and its scheme and funding method.', { label: 'Card prefix', example: '512345' }),
          }),
        }),
      }),
    },
  );
}
