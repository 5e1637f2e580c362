/**
 * The gateway operations the simulator serves and the path versions each accepts. Versions come from
 * the catalogue (the one declaration); the apiOperation values of Authorize and Verify are not in the
 * spec, so the real gateway's AUTHORIZE and VERIFY are used when the catalogue has none.
 */
import type { OperationId, HostedPaymentOperationId } from '../../catalogue';
import { catalogueOperation } from '../requestChecks';

/**
 * The operations a PUT selects by apiOperation; the reads (Retrieve Order, Retrieve Transaction) are
 * GETs routed by path, and so are sessions and tokens (sessionRoutes.ts, tokenRoutes.ts).
 */
export type GatewayOperationId = Exclude<Extract<OperationId, `gateway.${string}`>, 'gateway.retrieveOrder' | 'gateway.retrieveTransaction' | HostedPaymentOperationId>;

export interface GatewayOperation {
  id: GatewayOperationId;
  /** undefined for Update Session, which the REST API selects by path, not by apiOperation. */
  apiOperation?: string;
  versions: readonly number[];
  /** The spec's "userid left empty" (Authorize): the catalogue's auth kind basicEmptyUser. */
  emptyUserAllowed: boolean;
}

// Used only when the catalogue lacks an operation; matches the spec's Endpoints table.
const SPEC_TABLE: readonly GatewayOperation[] = [
  { id: 'gateway.authorize', apiOperation: 'AUTHORIZE', versions: [11], emptyUserAllowed: true },
  { id: 'gateway.updateAuthorization', apiOperation: 'UPDATE_AUTHORIZATION', versions: [18], emptyUserAllowed: false },
  { id: 'gateway.refund', apiOperation: 'REFUND', versions: [13], emptyUserAllowed: false },
  { id: 'gateway.verify', apiOperation: 'VERIFY', versions: [100], emptyUserAllowed: false },
  { id: 'gateway.initiateBrowserPayment', apiOperation: 'INITIATE_BROWSER_PAYMENT', versions: [16, 100], emptyUserAllowed: false },
  { id: 'gateway.updateSession', versions: [100], emptyUserAllowed: false },
  { id: 'gateway.capture', apiOperation: 'CAPTURE', versions: [100], emptyUserAllowed: false },
  { id: 'gateway.void', apiOperation: 'VOID', versions: [100], emptyUserAllowed: false },
  { id: 'gateway.pay', apiOperation: 'PAY', versions: [100], emptyUserAllowed: false },
  { id: 'gateway.initiateAuthentication', apiOperation: 'INITIATE_AUTHENTICATION', versions: [100], emptyUserAllowed: false },
  { id: 'gateway.authenticatePayer', apiOperation: 'AUTHENTICATE_PAYER', versions: [100], emptyUserAllowed: false },
];

function resolve(spec: GatewayOperation): GatewayOperation {
  const fromCatalogue = catalogueOperation(spec.id);
  if (!fromCatalogue) return spec;
  return {
    id: spec.id,
    ...(fromCatalogue.apiOperation ?? spec.apiOperation ? { apiOperation: fromCatalogue.apiOperation ?? spec.apiOperation } : {}),
    versions: fromCatalogue.versions.length > 0 ? fromCatalogue.versions : spec.versions,
    emptyUserAllowed: fromCatalogue.auth === undefined ? spec.emptyUserAllowed : fromCatalogue.auth === 'basicEmptyUser',
  };
}

let cached: readonly GatewayOperation[] | undefined;

function gatewayOperations(): readonly GatewayOperation[] {
  cached ??= SPEC_TABLE.map(resolve);
  return cached;
}

export function operationByApiOperation(apiOperation: string): GatewayOperation | undefined {
  return gatewayOperations().find((o) => o.apiOperation === apiOperation);
}

export function operationById(id: GatewayOperationId): GatewayOperation {
  const op = gatewayOperations().find((o) => o.id === id);
  if (!op) throw new Error(`no gateway operation ${id}`);
  return op;
}

/** Every version some operation accepts: order and session reads are served on any of them. */
export function knownVersions(): ReadonlySet<number> {
  versions ??= new Set(gatewayOperations().flatMap((o) => o.versions));
  return versions;
}

let versions: ReadonlySet<number> | undefined;
