/**
 * Every operation of both APIs: method, path, versions, authentication, apiOperation. A gateway
 * operation is served at every version from `introducedIn` to the newest (versions.ts); its request
 * rules come from the nearest of its `documentedVersions` (the versions whose bodies bodies/ declares).
 */
import { pathParams } from './pathParams';
import { AUTHENTICATION_API_SINCE } from './groups/authentication';
import { hostedPaymentOperations } from './hostedPaymentOperations';
import type { ApiOperationName, OperationDef } from './operationTypes';

export type { AuthKind, OperationDef, OperationId } from './operationTypes';


const TRANSACTION_PATH = '/api/rest/version/{version}/merchant/{merchantId}/order/{orderId}/transaction/{transactionId}';
const SESSION_PATH = '/api/rest/version/{version}/merchant/{merchantId}/session/{sessionId}';
const ORDER_PATH = '/api/rest/version/{version}/merchant/{merchantId}/order/{orderId}';
/** Check Gateway's path: the version only, no merchant (the gateway answers it before knowing who asks). */
const INFORMATION_PATH = '/api/rest/version/{version}/information';
const transactionParams = [pathParams.merchantId, pathParams.orderId, pathParams.transactionId];

/** The newest gateway version (versions.ts GATEWAY_VERSIONS.newest; a literal here so the two modules load in any order). */
const NEWEST = 100;

/** One apiOperation name for every version of the operation. */
const named = (name: string): readonly ApiOperationName[] => [{ from: 1, name }];

function financing(def: Omit<OperationDef, 'api' | 'method' | 'pathParams' | 'documentedVersions' | 'defaultVersion' | 'moneyMoving'>): OperationDef {
  return { ...def, api: 'financing', method: 'POST', pathParams: [], documentedVersions: [], defaultVersion: undefined, moneyMoving: false };
}

type GatewayDef = Omit<OperationDef, 'api' | 'method' | 'hasBody' | 'pathTemplate' | 'pathParams' | 'defaultVersion' | 'auth' | 'introducedIn'> & { session?: boolean; introducedIn: number };

function gateway(def: GatewayDef): OperationDef {
  const { session, ...rest } = def;
  return {
    ...rest, api: 'gateway', method: 'PUT', hasBody: true, defaultVersion: NEWEST, auth: 'basicMerchant',
    pathTemplate: session ? SESSION_PATH : TRANSACTION_PATH,
    pathParams: session ? [pathParams.merchantId, pathParams.sessionId] : transactionParams,
  };
}

/** A read of the gateway (beyond the seed spec, public API reference): GET, no body, nothing moves. */
function retrieve(def: Pick<OperationDef, 'id' | 'title' | 'purpose' | 'pathTemplate' | 'pathParams'> & { introducedIn: number }): OperationDef {
  return { ...def, api: 'gateway', method: 'GET', hasBody: false, documentedVersions: [NEWEST], defaultVersion: NEWEST, auth: 'basicMerchant', moneyMoving: false, source: 'public reference' };
}

export const operations: readonly OperationDef[] = Object.freeze([
  financing({ id: 'financing.login', title: 'Login', purpose: 'Sign in with the partner e-mail and password; returns a bearer access token and a refresh token.', pathTemplate: '/api/online/login', auth: 'none', hasBody: true }),
  financing({ id: 'financing.refreshToken', title: 'Refresh token', purpose: 'Renew the token set with the refresh token sent in the RefreshToken header; no body.', pathTemplate: '/api/online/refreshToken', auth: 'refreshToken', hasBody: false }),
  financing({ id: 'financing.logout', title: 'Logout', purpose: 'Close the session of the presented access token; no body.', pathTemplate: '/api/online/logout', auth: 'bearer', hasBody: false }),
  financing({ id: 'financing.offers', title: 'Offers', purpose: 'Send a cart with consumer contact data and financing parameters; returns credit offers and a session identifier.', pathTemplate: '/api/online/offers', auth: 'bearer', hasBody: true }),
  financing({ id: 'financing.offersSelectFirst', title: 'Offers (select first)', purpose: 'Same cart (products without category) with selectFirst=true; returns a financing session URL instead of the offers list.', pathTemplate: '/api/online/offers', query: { selectFirst: 'true' }, auth: 'bearer', hasBody: true }),
  // source: S1 "Integration available from" (developer.mastercard.com migration guide mig-direct-payment-v100): All versions
  gateway({ id: 'gateway.authorize', title: 'Authorize', purpose: 'Obtain an authorization for a proposed funds transfer.', documentedVersions: [11, 100], introducedIn: 1, apiOperation: named('AUTHORIZE'), moneyMoving: true }),
  // source: S1 "Integration available from" (developer.mastercard.com migration guide mig-direct-payment-v100): 11+
  gateway({ id: 'gateway.updateAuthorization', title: 'Update Authorization', purpose: 'Extend the authorization period and/or change the authorized amount of an existing authorization.', documentedVersions: [18, 100], introducedIn: 11, apiOperation: named('UPDATE_AUTHORIZATION'), moneyMoving: true }),
  // source: S1 "Integration available from" (developer.mastercard.com migration guide mig-direct-payment-v100): All versions
  gateway({ id: 'gateway.refund', title: 'Refund', purpose: 'Return funds to a payer, normally previously captured funds; a standalone refund is supported for card payments only.', documentedVersions: [13, 100], introducedIn: 1, apiOperation: named('REFUND'), moneyMoving: true }),
  // source: S1 "Integration available from" (developer.mastercard.com migration guide mig-direct-payment-v100): 7+
  gateway({ id: 'gateway.verify', title: 'Verify', purpose: "Check the cardholder's account before the financial transaction, using the verification method supported by the acquirer.", documentedVersions: [100], introducedIn: 7, apiOperation: named('VERIFY'), moneyMoving: false }),
  // source: seed spec (documented at 16; no lower version found)
  gateway({ id: 'gateway.initiateBrowserPayment', title: 'Initiate Browser Payment', purpose: "Start a payment at an external payment provider; the merchant redirects the payer's browser to the URL returned in the response.", documentedVersions: [16, 100], introducedIn: 16, apiOperation: named('INITIATE_BROWSER_PAYMENT'), moneyMoving: true }),
  // source: INFERRED from S2 (Hosted Session v100 migration: sessions migrate "from version 18"); no Update Session page below 100 found
  gateway({ id: 'gateway.updateSession', title: 'Update Session', purpose: 'Add or change request fields held in a payment session.', documentedVersions: [100], introducedIn: 18, moneyMoving: false, session: true }),
  // source: S1 "Integration available from" (developer.mastercard.com migration guide mig-direct-payment-v100): All versions
  gateway({ id: 'gateway.capture', title: 'Capture', purpose: 'Take funds an authorization reserved: all of them, or part, more than once, up to the authorized amount not yet captured.', documentedVersions: [100], introducedIn: 1, apiOperation: named('CAPTURE'), moneyMoving: true, source: 'public reference' }),
  // source: S1 "Integration available from" (developer.mastercard.com migration guide mig-direct-payment-v100): 4+
  gateway({ id: 'gateway.void', title: 'Void', purpose: 'Reverse an earlier transaction of the order (an authorization, capture, payment or refund) before it settles; voiding the authorization cancels the order.', documentedVersions: [100], introducedIn: 4, apiOperation: named('VOID'), moneyMoving: true, source: 'public reference' }),
  // source: S1 "Integration available from" (developer.mastercard.com migration guide mig-direct-payment-v100): All versions
  gateway({ id: 'gateway.pay', title: 'Pay', purpose: 'Authorize and capture in one: the card is charged and the order is CAPTURED when the payment is approved.', documentedVersions: [100], introducedIn: 1, apiOperation: named('PAY'), moneyMoving: true, source: 'public reference' }),
  // source: Authenticate Payer NVP v61 and REST v69 pages, Initiate Authentication REST v70 page (AUTHENTICATION_API_SINCE says why 50)
  gateway({ id: 'gateway.initiateAuthentication', title: 'Initiate Authentication', purpose: 'Start EMV 3-D Secure for a card: tells whether authentication is available and returns the 3DS Method frame to put in the payer\'s page.', documentedVersions: [100], introducedIn: AUTHENTICATION_API_SINCE, apiOperation: named('INITIATE_AUTHENTICATION'), moneyMoving: false, source: 'public reference' }),
  gateway({ id: 'gateway.authenticatePayer', title: 'Authenticate Payer', purpose: 'Authenticate the payer with the issuer (same order and transaction id as Initiate Authentication): frictionless, or a challenge the payer completes in the page from authentication.redirect.html.', documentedVersions: [100], introducedIn: AUTHENTICATION_API_SINCE, apiOperation: named('AUTHENTICATE_PAYER'), moneyMoving: false, source: 'public reference' }),
  // source: S1 "Integration available from" (developer.mastercard.com migration guide mig-direct-payment-v100): Retrieve order 11+
  retrieve({ id: 'gateway.retrieveOrder', title: 'Retrieve Order', purpose: 'Read an order: its status, its totals (authorized, captured, refunded) and every transaction on it; what a browser payment ended in after the redirect.', pathTemplate: ORDER_PATH, pathParams: [pathParams.merchantId, pathParams.orderId], introducedIn: 11 }),
  // source: S1 "Integration available from" (developer.mastercard.com migration guide mig-direct-payment-v100): All versions
  retrieve({ id: 'gateway.retrieveTransaction', title: 'Retrieve Transaction', purpose: 'Read one transaction of an order, in the shape of the webhook notification about it.', pathTemplate: TRANSACTION_PATH, pathParams: transactionParams, introducedIn: 1 }),
  // source: "Check Gateway" REST v59 page (na.gateway.mastercard.com …/rest-json/version/59/operation/Gateway:  Check Gateway):
  // GET …/version/{v}/information, no merchant in the path, "Authentication: None required"; the Direct Payment guide
  // ("Send a Request", step 1) asks for …/api/rest/version/1/information before anything else, hence from 1.
  {
    id: 'gateway.checkGateway', api: 'gateway', title: 'Check Gateway', method: 'GET', pathTemplate: INFORMATION_PATH, pathParams: [], hasBody: false,
    purpose: 'Check that the gateway is reachable and processing requests (status OPERATING): the first call of an integration, with no credentials.',
    documentedVersions: [NEWEST], introducedIn: 1, defaultVersion: NEWEST, auth: 'none', moneyMoving: false, source: 'public reference',
  },
  ...hostedPaymentOperations,
]);

const byId = new Map<string, OperationDef>(operations.map((o) => [o.id, o]));

export function getOperation(id: string): OperationDef | undefined {
  return byId.get(id);
}
