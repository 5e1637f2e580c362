/**
 * Request bodies of the gateway operations, one function per operation and version, assembled
 * from the shared groups. Which groups an operation gets follows its section in the spec; groups
 * the spec leaves under "not shown" but the real gateway needs (amounts, card details) are optional.
 */
import { accountFundingGroup } from '../groups/accountFunding';
import { billingGroup, customerGroup, shippingGroup } from '../groups/address';
import { agreementGroup } from '../groups/agreement';
import { airlineGroup } from '../groups/airline';
import { authorizationResponseGroup } from '../groups/authorizationResponse';
import { appPaymentGroup, browserPaymentV100, browserPaymentV16, constraintsGroup } from '../groups/browserPayment';
import { commonGatewayFields } from '../groups/common';
import { cruiseGroup } from '../groups/cruise';
import { itemGroup } from '../groups/item';
import {
  customerNote, notificationUrl, orderPaymentAmount, walletProvider, orderAmountFields, orderCurrency, orderDescription, sessionOrderFields, shippingAndHandlingAmount,
  taxAmount, transactionAmountFields, verifyOrderFields,
} from '../groups/order';
import { posTerminalGroup } from '../groups/posTerminal';
import { sourceOfFundsGroup } from '../groups/sourceOfFunds';
import { threeDSecureFields } from '../groups/threeDSecure';
import { authenticatePayerGroup, deviceGroup, initiateAuthenticationGroup, paymentAuthenticationFields, sessionAuthenticationFields } from '../groups/authentication';
import { bool, enumOf, text } from '../formats';
import { bodyFromReference } from '../reference';
import { mergeFields, obj, req, type Fields, type ObjectNode } from '../fieldTree';

const body = (...sets: Fields[]): ObjectNode => obj(undefined, mergeFields(...sets));

/**
 * session.id: "card details may combine explicitly provided details, a session and a token" (the
 * spec); the gateway merges the session's fields into the request, fields sent here winning.
 */
const paymentSession = (): Fields => ({
  session: obj('Payment session', {
    id: text(31, 35, 'Payment session id (ASCII, 31 to 35 characters) from Create Session and Update Session: the gateway takes every field the session holds that this request leaves out (fields sent here win), so a required field may come from the session. Use the session at the API version it was updated with.', {
      label: 'Session id', pattern: /^[\x20-\x7E]*$/, patternHint: 'ASCII text',
    }),
  }),
});

/** Authorize (v11) and Pay (v100, public API reference): the same card, order and risk fields. */
function cardPaymentBody(apiOperation: string): ObjectNode {
  return body(
    commonGatewayFields({ value: apiOperation, fromRealGateway: true }),
    orderAmountFields({ itemAmount: true, shipping: true, tax: true, description: true, movesMoney: true }),
    threeDSecureFields(),
    paymentSession(),
    paymentAuthenticationFields(),
    {
      action: obj('Risk rules', {
        bypassMerchantRiskRules: enumOf(['ALL'], 'Set to ALL to skip the merchant risk rules for this transaction.'),
      }),
      airline: airlineGroup(11),
      billing: billingGroup(),
      customer: customerGroup(),
      item: itemGroup(),
      shipping: shippingGroup(),
      sourceOfFunds: sourceOfFundsGroup({ browserPayment: false, devicePayment: true }),
    },
    orderNotificationUrl(),
    orderWallet(),
  );
}

/** Where webhooks about the new order go (public API reference; the seed spec names it for Update Session). */
const orderNotificationUrl = (): Fields => ({ order: obj('Order', { notificationUrl: notificationUrl() }) });

/** The wallet of a device payment (the Apple Pay and Google Pay pages: AUTHORIZE and PAY take it with the token). */
const orderWallet = (): Fields => ({ order: obj('Order', { walletProvider: walletProvider() }) });

export function authorizeV11(): ObjectNode {
  return cardPaymentBody('AUTHORIZE');
}

/**
 * Authorize at version 100: Pay's fields (the public reference lists the same groups for both), the
 * v100 page's copy confirming what is required (apiOperation, order.currency, sourceOfFunds).
 */
export function authorizeV100(): ObjectNode {
  return cardPaymentBody('AUTHORIZE');
}

/** Pay (public API reference, beyond the seed spec): authorize and capture in one, so Authorize's fields. */
export function payV100(): ObjectNode {
  return cardPaymentBody('PAY');
}

export function updateAuthorizationV18(): ObjectNode {
  return updateAuthorizationBody(false);
}

/** Version 100: the v100 page's copy requires apiOperation alone, so the amount stays optional as at 18. */
export function updateAuthorizationV100(): ObjectNode {
  return updateAuthorizationBody(true);
}

function updateAuthorizationBody(fromRealGateway: boolean): ObjectNode {
  return body(
    commonGatewayFields({ value: 'UPDATE_AUTHORIZATION', fromRealGateway }),
    transactionAmountFields('The amount the update is attempted with, decimal string 1 to 14.'),
  );
}

export function refundV13(): ObjectNode {
  return refundBody(13);
}

/**
 * Refund at version 100: every request field of the version 100 reference page (the whole list, so
 * a name it lacks is the gateway's "Unexpected parameter"), with the catalogue's own nodes where both have a field.
 */
export function refundV100(): ObjectNode {
  return bodyFromReference('gateway.refund', 100, refundBody(100));
}

export function refundBody(version: 13 | 100): ObjectNode {
  return body(
    commonGatewayFields({ value: 'REFUND', fromRealGateway: version === 100 }),
    transactionAmountFields('Amount to refund, decimal string 1 to 14. Not listed for Refund in the seed spec; the real gateway expects it.'),
    {
      airline: airlineGroup(version),
      billing: billingGroup({ version100: version === 100 }),
      sourceOfFunds: sourceOfFundsGroup({ browserPayment: false }),
    },
  );
}

/** Capture (public API reference, beyond the seed spec): the amount and currency to take from the authorization. */
export function captureV100(): ObjectNode {
  return body(
    commonGatewayFields({ value: 'CAPTURE', fromRealGateway: true }),
    transactionAmountFields('Amount to capture, decimal string 1 to 14: at most the authorized amount not yet captured; a partial capture leaves the rest to capture later.'),
  );
}

/** Void (public API reference, beyond the seed spec): names the transaction of the order it reverses. */
export function voidV100(): ObjectNode {
  return body(
    commonGatewayFields({ value: 'VOID', fromRealGateway: true }),
    {
      // Required as a whole (the v100 page's copy): a Void without it has nothing to reverse.
      transaction: req(obj('Transaction', {
        targetTransactionId: req(text(1, 40, 'The id of the transaction on this order to reverse (an authorization, capture, payment or refund), 1 to 40 characters; a void normally succeeds only soon after that transaction.', {
          label: 'Target transaction id', example: 'txn-1',
        })),
      })),
    },
  );
}

export function verifyV100(): ObjectNode {
  return body(
    commonGatewayFields({ value: 'VERIFY', fromRealGateway: true }),
    orderAmountFields(),
    verifyOrderFields(),
    paymentSession(),
    {
      accountFunding: accountFundingGroup({ sessionUpdate: false }),
      action: obj('Risk rules', {
        refundAuthorization: bool('Ask the gateway to authorize a refund with the issuer before sending it to the acquirer.'),
      }),
      agreement: agreementGroup(),
      billing: billingGroup({ version100: true }),
      posTerminal: posTerminalGroup(),
      sourceOfFunds: sourceOfFundsGroup({ browserPayment: false }),
    },
    orderNotificationUrl(),
  );
}

/** Fields Initiate Browser Payment has in both versions. */
function browserPaymentCommon(version: 16 | 100): Fields {
  return {
    order: req(obj('Order', {
      amount: req(orderPaymentAmount()),
      currency: req(orderCurrency()),
      description: orderDescription(),
      customerNote: customerNote(),
      shippingAndHandlingAmount: shippingAndHandlingAmount(),
      taxAmount: taxAmount(),
    })),
    customer: customerGroup(),
    item: itemGroup(),
    shipping: shippingGroup(),
    sourceOfFunds: req(sourceOfFundsGroup({ browserPayment: version, typeRequired: true })),
  };
}

export function initiateBrowserPaymentV16(): ObjectNode {
  return body(
    commonGatewayFields({ value: 'INITIATE_BROWSER_PAYMENT', fromRealGateway: false }),
    browserPaymentCommon(16),
    { browserPayment: browserPaymentV16() },
  );
}

export function initiateBrowserPaymentV100(): ObjectNode {
  return body(
    commonGatewayFields({ value: 'INITIATE_BROWSER_PAYMENT', fromRealGateway: false }),
    browserPaymentCommon(100),
    {
      agreement: agreementGroup(),
      billing: billingGroup({ version100: true }),
      appPayment: appPaymentGroup(),
      browserPayment: browserPaymentV100({ sessionUpdate: false }),
      airline: airlineGroup(100),
      constraints: constraintsGroup(),
      cruise: cruiseGroup(),
    },
    orderNotificationUrl(),
  );
}

export function updateSessionV100(): ObjectNode {
  return body(
    commonGatewayFields(undefined),
    sessionOrderFields(),
    sessionAuthenticationFields(),
    {
      accountFunding: accountFundingGroup({ sessionUpdate: true }),
      agreement: agreementGroup({ sessionNote: true }),
      authorizationResponse: authorizationResponseGroup(),
      billing: billingGroup({ version100: true }),
      browserPayment: browserPaymentV100({ sessionUpdate: true }),
      cardBin: text(6, 10, 'Card BIN held in the session, 6 to 10 characters.', { label: 'Card BIN' }),
      constraints: constraintsGroup(),
      cruise: cruiseGroup(),
      sourceOfFunds: sourceOfFundsGroup({ browserPayment: false, devicePayment: true }),
    },
  );
}


/** The card an authentication is for: provided details, a token or a session (public reference, Initiate Authentication). */
function authenticationCardFields(): Fields {
  return { sourceOfFunds: sourceOfFundsGroup({ browserPayment: false, devicePayment: true }) };
}

/** Initiate Authentication (public API reference v100): is 3-D Secure available for this card, and the 3DS Method frame. */
export function initiateAuthenticationV100(): ObjectNode {
  return body(
    commonGatewayFields({ value: 'INITIATE_AUTHENTICATION', fromRealGateway: true }),
    { order: req(obj('Order', { currency: req(orderCurrency()) })) },
    paymentSession(),
    authenticationCardFields(),
    { authentication: initiateAuthenticationGroup() },
    orderNotificationUrl(),
  );
}

/** Authenticate Payer (public API reference v100): authenticates the payer, frictionless or with a challenge. */
export function authenticatePayerV100(): ObjectNode {
  return body(
    commonGatewayFields({ value: 'AUTHENTICATE_PAYER', fromRealGateway: true }),
    { order: req(obj('Order', { amount: req(orderPaymentAmount('The amount the payer authenticates; a later Pay or Authorize may take at most this much.')), currency: req(orderCurrency()) })) },
    paymentSession(),
    authenticationCardFields(),
    { authentication: authenticatePayerGroup() },
    deviceGroup(),
  );
}
