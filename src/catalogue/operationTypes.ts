/**
 * The shape of an operation record, on its own so the modules that declare operations (operations.ts,
 * hostedPaymentOperations.ts) and the version rules that read them (versions.ts) all depend on it and
 * not on each other: with the types in operations.ts the three formed an import circle, type-only but a
 * circle all the same (lint counts type-only imports: .dependency-cruiser.cjs).
 */
import type { PathParam } from './pathParams';

export type ApiKind = 'financing' | 'gateway';
export type OperationId =
  | 'financing.login' | 'financing.refreshToken' | 'financing.logout' | 'financing.offers' | 'financing.offersSelectFirst'
  | 'gateway.authorize' | 'gateway.updateAuthorization' | 'gateway.refund' | 'gateway.verify' | 'gateway.initiateBrowserPayment'
  | 'gateway.updateSession' | 'gateway.capture' | 'gateway.void' | 'gateway.pay' | 'gateway.retrieveOrder' | 'gateway.retrieveTransaction'
  | 'gateway.initiateAuthentication' | 'gateway.authenticatePayer' | 'gateway.checkGateway'
  | HostedPaymentOperationId;
/** basicSession: user merchant.<merchantId>, the session id as the password (session authentication). */
export type AuthKind = 'none' | 'bearer' | 'refreshToken' | 'basicMerchant' | 'basicEmptyUser' | 'basicSession';

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
  /**
   * The versions the catalogue declares a body for (the seed spec's sections, or the public reference
   * page a body was taken from). Any other served version is checked against the nearest of them.
   * Empty for an operation without versions (financing).
   */
  documentedVersions: number[];
  /** The lowest version the gateway serves the operation at (the source is in a comment where it is declared). */
  introducedIn?: number;
  /** The version new requests and the form start with: the newest. */
  defaultVersion: number | undefined;
  /** The apiOperation value per range of versions, oldest first (apiOperationAt in versions.ts); absent when the path selects the operation. */
  apiOperation?: readonly ApiOperationName[];
  /** How the newest version authenticates; a gateway Basic user changes with the version (authAt in versions.ts). */
  auth: AuthKind;
  hasBody: boolean;
  moneyMoving: boolean;
  /** Set for operations beyond the seed spec, taken from the public Mastercard Gateway API reference. */
  source?: 'public reference';
}

export type HostedPaymentOperationId =
  | 'gateway.createSession' | 'gateway.retrieveSession' | 'gateway.updateSessionAsPayer' | 'gateway.initiateCheckout'
  | 'gateway.paymentOptionsInquiry' | 'gateway.paymentOptionsInquiryGet'
  | 'gateway.createToken' | 'gateway.updateToken' | 'gateway.retrieveToken' | 'gateway.deleteToken';

export interface ApiOperationName {
  /** First version that uses the name; it holds until the next entry's `from`. */
  from: number;
  name: string;
}
