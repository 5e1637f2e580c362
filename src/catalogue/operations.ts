/** Every operation of both APIs: method, path, versions, authentication, apiOperation. */
import { pathParams, type PathParam } from './pathParams';
import { hostedPaymentOperations, type HostedPaymentOperationId } from './hostedPaymentOperations';

type ApiKind = 'financing' | 'gateway';
export type OperationId =
  | 'financing.login' | 'financing.refreshToken' | 'financing.logout' | 'financing.offers' | 'financing.offersSelectFirst'
  | 'gateway.authorize' | 'gateway.updateAuthorization' | 'gateway.refund' | 'gateway.verify' | 'gateway.initiateBrowserPayment'
  | 'gateway.updateSession' | 'gateway.capture' | 'gateway.void' | 'gateway.pay' | 'gateway.retrieveOrder' | 'gateway.retrieveTransaction'
  | 'gateway.initiateAuthentication' | 'gateway.authenticatePayer'
  | HostedPaymentOperationId;
/** basicSession: user merchant.<merchantId>, the session id as the password (session authentication). */
type AuthKind = 'none' | 'bearer' | 'refreshToken' | 'basicMerchant' | 'basicEmptyUser' | 'basicSession';

export interface OperationDef {
  id: OperationId;
  api: ApiKind;
  title: string;
  /** One line from the spec. */
  purpose: string;
  method: 'POST' | 'PUT' | 'GET' | 'DELETE';
  pathTemplate: string;
  query?: Record<string, string>;
  pathParams: PathParam[];
  versions: number[];
  defaultVersion: number | undefined;
  apiOperation?: string;
  auth: AuthKind;
  hasBody: boolean;
  moneyMoving: boolean;
  /** Set for operations beyond the seed spec, taken from the public Mastercard Gateway API reference. */
  source?: 'public reference';
}

const TRANSACTION_PATH = '/api/rest/version/{version}/merchant/{merchantId}/order/{orderId}/transaction/{transactionId}';
const SESSION_PATH = '/api/rest/version/{version}/merchant/{merchantId}/session/{sessionId}';
const ORDER_PATH = '/api/rest/version/{version}/merchant/{merchantId}/order/{orderId}';
const transactionParams = [pathParams.merchantId, pathParams.orderId, pathParams.transactionId];

function financing(def: Omit<OperationDef, 'api' | 'method' | 'pathParams' | 'versions' | 'defaultVersion' | 'moneyMoving'>): OperationDef {
  return { ...def, api: 'financing', method: 'POST', pathParams: [], versions: [], defaultVersion: undefined, moneyMoving: false };
}

function gateway(def: Omit<OperationDef, 'api' | 'method' | 'hasBody' | 'pathTemplate' | 'pathParams'> & { session?: boolean }): OperationDef {
  const { session, ...rest } = def;
  return {
    ...rest, api: 'gateway', method: 'PUT', hasBody: true,
    pathTemplate: session ? SESSION_PATH : TRANSACTION_PATH,
    pathParams: session ? [pathParams.merchantId, pathParams.sessionId] : transactionParams,
  };
}

/** A read of the gateway (beyond the seed spec, public API reference): GET, no body, nothing moves. */
function retrieve(def: Pick<OperationDef, 'id' | 'title' | 'purpose' | 'pathTemplate' | 'pathParams'>): OperationDef {
  return { ...def, api: 'gateway', method: 'GET', hasBody: false, versions: [100], defaultVersion: 100, auth: 'basicMerchant', moneyMoving: false, source: 'public reference' };
}

export const operations: readonly OperationDef[] = Object.freeze([
  financing({ id: 'financing.login', title: 'Login', purpose: 'Sign in with the partner e-mail and password; returns a bearer access token and a refresh token.', pathTemplate: '/api/online/login', auth: 'none', hasBody: true }),
  financing({ id: 'financing.refreshToken', title: 'Refresh token', purpose: 'Renew the token set with the refresh token sent in the RefreshToken header; no body.', pathTemplate: '/api/online/refreshToken', auth: 'refreshToken', hasBody: false }),
  financing({ id: 'financing.logout', title: 'Logout', purpose: 'Close the session of the presented access token; no body.', pathTemplate: '/api/online/logout', auth: 'bearer', hasBody: false }),
  financing({ id: 'financing.offers', title: 'Offers', purpose: 'Send a cart with consumer contact data and financing parameters; returns credit offers and a session identifier.', pathTemplate: '/api/online/offers', auth: 'bearer', hasBody: true }),
  financing({ id: 'financing.offersSelectFirst', title: 'Offers (select first)', purpose: 'Same cart (products without category) with selectFirst=true; returns a financing session URL instead of the offers list.', pathTemplate: '/api/online/offers', query: { selectFirst: 'true' }, auth: 'bearer', hasBody: true }),
  gateway({ id: 'gateway.authorize', title: 'Authorize', purpose: 'Obtain an authorization for a proposed funds transfer.', versions: [11], defaultVersion: 11, apiOperation: 'AUTHORIZE', auth: 'basicEmptyUser', moneyMoving: true }),
  gateway({ id: 'gateway.updateAuthorization', title: 'Update Authorization', purpose: 'Extend the authorization period and/or change the authorized amount of an existing authorization.', versions: [18], defaultVersion: 18, apiOperation: 'UPDATE_AUTHORIZATION', auth: 'basicMerchant', moneyMoving: true }),
  gateway({ id: 'gateway.refund', title: 'Refund', purpose: 'Return funds to a payer, normally previously captured funds; a standalone refund is supported for card payments only.', versions: [13], defaultVersion: 13, apiOperation: 'REFUND', auth: 'basicMerchant', moneyMoving: true }),
  gateway({ id: 'gateway.verify', title: 'Verify', purpose: "Check the cardholder's account before the financial transaction, using the verification method supported by the acquirer.", versions: [100], defaultVersion: 100, apiOperation: 'VERIFY', auth: 'basicMerchant', moneyMoving: false }),
  gateway({ id: 'gateway.initiateBrowserPayment', title: 'Initiate Browser Payment', purpose: "Start a payment at an external payment provider; the merchant redirects the payer's browser to the URL returned in the response.", versions: [16, 100], defaultVersion: 100, apiOperation: 'INITIATE_BROWSER_PAYMENT', auth: 'basicMerchant', moneyMoving: true }),
  gateway({ id: 'gateway.updateSession', title: 'Update Session', purpose: 'Add or change request fields held in a payment session.', versions: [100], defaultVersion: 100, auth: 'basicMerchant', moneyMoving: false, session: true }),
  gateway({ id: 'gateway.capture', title: 'Capture', purpose: 'Take funds an authorization reserved: all of them, or part, more than once, up to the authorized amount not yet captured.', versions: [100], defaultVersion: 100, apiOperation: 'CAPTURE', auth: 'basicMerchant', moneyMoving: true, source: 'public reference' }),
  gateway({ id: 'gateway.void', title: 'Void', purpose: 'Reverse an earlier transaction of the order (an authorization, capture, payment or refund) before it settles; voiding the authorization cancels the order.', versions: [100], defaultVersion: 100, apiOperation: 'VOID', auth: 'basicMerchant', moneyMoving: true, source: 'public reference' }),
  gateway({ id: 'gateway.pay', title: 'Pay', purpose: 'Authorize and capture in one: the card is charged and the order is CAPTURED when the payment is approved.', versions: [100], defaultVersion: 100, apiOperation: 'PAY', auth: 'basicMerchant', moneyMoving: true, source: 'public reference' }),
  // introducedIn: 70 — source: Initiate Authentication REST v70 reference page (earliest REST page seen; ThreeDS.js v67 calls it; first version not found)
  gateway({ id: 'gateway.initiateAuthentication', title: 'Initiate Authentication', purpose: 'Start EMV 3-D Secure for a card: tells whether authentication is available and returns the 3DS Method frame to put in the payer\'s page.', versions: [100], defaultVersion: 100, apiOperation: 'INITIATE_AUTHENTICATION', auth: 'basicMerchant', moneyMoving: false, source: 'public reference' }),
  // introducedIn: 61 — source: Authenticate Payer NVP v61 and REST v69 reference pages (ThreeDS.js v54 calls it; REST below 61 not confirmed)
  gateway({ id: 'gateway.authenticatePayer', title: 'Authenticate Payer', purpose: 'Authenticate the payer with the issuer (same order and transaction id as Initiate Authentication): frictionless, or a challenge the payer completes in the page from authentication.redirect.html.', versions: [100], defaultVersion: 100, apiOperation: 'AUTHENTICATE_PAYER', auth: 'basicMerchant', moneyMoving: false, source: 'public reference' }),
  retrieve({ id: 'gateway.retrieveOrder', title: 'Retrieve Order', purpose: 'Read an order: its status, its totals (authorized, captured, refunded) and every transaction on it; what a browser payment ended in after the redirect.', pathTemplate: ORDER_PATH, pathParams: [pathParams.merchantId, pathParams.orderId] }),
  retrieve({ id: 'gateway.retrieveTransaction', title: 'Retrieve Transaction', purpose: 'Read one transaction of an order, in the shape of the webhook notification about it.', pathTemplate: TRANSACTION_PATH, pathParams: transactionParams }),
  ...hostedPaymentOperations,
]);

const byId = new Map<string, OperationDef>(operations.map((o) => [o.id, o]));

export function getOperation(id: string): OperationDef | undefined {
  return byId.get(id);
}
