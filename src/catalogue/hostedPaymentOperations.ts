/**
 * Sessions, saved cards, Hosted Checkout and Payment Options Inquiry (issue 25), beyond the seed spec,
 * from the gateway's public API reference.
 * Each is documented at version 100 and served from the version in its `introducedIn` (the page is noted).
 */
import type { ApiOperationName, HostedPaymentOperationId, OperationDef } from './operationTypes';
import { pathParams } from './pathParams';

export type { HostedPaymentOperationId } from './operationTypes';


const MERCHANT_PATH = '/api/rest/version/{version}/merchant/{merchantId}';
const merchantOnly = [pathParams.merchantId];
const tokenParams = [pathParams.merchantId, pathParams.tokenId];

type Declared = Pick<OperationDef, 'title' | 'purpose' | 'method' | 'pathTemplate' | 'pathParams' | 'hasBody'> & { id: HostedPaymentOperationId; introducedIn: number };

function referenceOp(def: Declared): OperationDef {
  return { ...def, api: 'gateway', documentedVersions: [100], defaultVersion: 100, auth: 'basicMerchant', moneyMoving: false, source: 'public reference' };
}

/** Hosted Checkout's session request was CREATE_CHECKOUT_SESSION up to version 62 and INITIATE_CHECKOUT from 63. */
const CHECKOUT_NAMES: readonly ApiOperationName[] = [{ from: 1, name: 'CREATE_CHECKOUT_SESSION' }, { from: 63, name: 'INITIATE_CHECKOUT' }];

export const hostedPaymentOperations: readonly OperationDef[] = [
  // introducedIn: ≤ 8 (REST v8 page, GET); apiOperation: none in REST (NVP PAYMENT_OPTIONS_INQUIRY) — source: Payment Options Inquiry REST v8–v25 (na-/ap-gateway), REST v34/v65; POST at v100 is inferred
  referenceOp({ id: 'gateway.paymentOptionsInquiry', introducedIn: 8, title: 'Payment Options Inquiry', purpose: 'Which card brands and currencies the merchant may offer, optionally for one currency or one card prefix; ask it before showing card entry. Never from the browser: it needs the API password.', method: 'POST', pathTemplate: `${MERCHANT_PATH}/paymentOptionsInquiry`, pathParams: merchantOnly, hasBody: true }),
  referenceOp({ id: 'gateway.paymentOptionsInquiryGet', introducedIn: 8, title: 'Payment Options Inquiry (GET)', purpose: 'Every payment option of the merchant: card brands and their currencies (the GET form of the inquiry, no filters).', method: 'GET', pathTemplate: `${MERCHANT_PATH}/paymentOptionsInquiry`, pathParams: merchantOnly, hasBody: false }),
  // introducedIn: ≤ 18 (sessions exist by v18, Retrieve Session migrated "from version 18"); apiOperation: none in REST — source: Create Session REST v34 / NVP v56 (ap-gateway), "Migrate to Hosted Session version 100"
  referenceOp({ id: 'gateway.createSession', introducedIn: 18, title: 'Create Session', purpose: 'Open an empty payment session for the merchant: its id, version and how many operations may use the id as a password.', method: 'POST', pathTemplate: `${MERCHANT_PATH}/session`, pathParams: merchantOnly, hasBody: true }),
  // introducedIn: 45 (real integrations send CREATE_CHECKOUT_SESSION at 45, 51 and 57; lower not found); apiOperation by range: CREATE_CHECKOUT_SESSION ≤ 62, INITIATE_CHECKOUT ≥ 63 — source: Hosted Checkout "Establishing a Session" (ap-gateway, axisbank v100 copy), "Migrate Hosted Checkout to version 100" (na-gateway)
  {
    ...referenceOp({ id: 'gateway.initiateCheckout', introducedIn: 45, title: 'Initiate Checkout', purpose: "Open a Hosted Checkout session: the gateway's payment page takes the card and pays, authorizes or verifies the order, then sends the payer to returnUrl with resultIndicator.", method: 'POST', pathTemplate: `${MERCHANT_PATH}/session`, pathParams: merchantOnly, hasBody: true }),
    apiOperation: CHECKOUT_NAMES,
  },
  // introducedIn: ≤ 18; apiOperation: none — source: Retrieve Session REST v24/v29 (anzegate, ap-gateway)
  referenceOp({ id: 'gateway.retrieveSession', introducedIn: 18, title: 'Retrieve Session', purpose: 'Read what a payment session holds, the card number masked and the security code never returned.', method: 'GET', pathTemplate: `${MERCHANT_PATH}/session/{sessionId}`, pathParams: [pathParams.merchantId, pathParams.sessionId], hasBody: false }),
  // introducedIn: as Update Session; apiOperation: none (old SDKs sent UPDATE_PAYER_DATA) — source: "Session Authentication Fields" (developer.mastercard.com, anzworldline), Session Basics (authenticationLimit), the vendor's gateway-android-sdk Gateway.java (merchant.<id>:<sessionId>)
  {
    id: 'gateway.updateSessionAsPayer', api: 'gateway', title: 'Update Session (as the payer)',
    purpose: "Put the payer's card, billing and contact details into a session from the payer's browser or app, with the session id as the password, so the card never passes the merchant's server.",
    method: 'PUT', pathTemplate: `${MERCHANT_PATH}/session/{sessionId}`, pathParams: [pathParams.merchantId, pathParams.sessionId], hasBody: true,
    documentedVersions: [100], introducedIn: 18, defaultVersion: 100, auth: 'basicSession', moneyMoving: false, source: 'public reference',
  },
  // introducedIn: ≤ 56 (system-generated token page at v56; NVP TOKENIZE at v55); apiOperation: none in REST v100 — source: "Create or Update Token (with system-generated token)" REST v56 (ap-gateway)
  referenceOp({ id: 'gateway.createToken', introducedIn: 56, title: 'Create Token', purpose: 'Save a card (given, or held in a session) as a token the gateway generates; later payments send sourceOfFunds.token instead of the card.', method: 'POST', pathTemplate: `${MERCHANT_PATH}/token`, pathParams: merchantOnly, hasBody: true }),
  // introducedIn: ≤ 30 (REST v30 page); apiOperation: none in REST — source: "Create or Update Token" REST v30/v63 (ap-gateway)
  referenceOp({ id: 'gateway.updateToken', introducedIn: 30, title: 'Create or Update Token', purpose: 'Save a card under a token id you choose, or replace the card a token holds.', method: 'PUT', pathTemplate: `${MERCHANT_PATH}/token/{tokenId}`, pathParams: tokenParams, hasBody: true }),
  // introducedIn: 30, as Create or Update Token (inferred: the page found is v100); apiOperation: none — source: Retrieve Token REST v100 (bsf.gateway)
  referenceOp({ id: 'gateway.retrieveToken', introducedIn: 30, title: 'Retrieve Token', purpose: 'Read what a token holds: its status and the card, masked.', method: 'GET', pathTemplate: `${MERCHANT_PATH}/token/{tokenId}`, pathParams: tokenParams, hasBody: false }),
  // introducedIn: 30, as Create or Update Token (inferred; the lowest page found is REST v57); apiOperation: none (NVP DELETE_TOKEN) — source: Delete Token REST v57/v79 (ap-gateway)
  referenceOp({ id: 'gateway.deleteToken', introducedIn: 30, title: 'Delete Token', purpose: 'Remove a saved card: payments with the token are refused afterwards.', method: 'DELETE', pathTemplate: `${MERCHANT_PATH}/token/{tokenId}`, pathParams: tokenParams, hasBody: false }),
];
