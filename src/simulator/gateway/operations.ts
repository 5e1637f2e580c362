/**
 * The gateway operations the simulator serves, straight from the catalogue (the one declaration):
 * each at every version of its range, selected by the apiOperation name that version uses, with the
 * Basic user that version expects.
 */
import { apiOperationAt, authAt, getOperation, isServedVersion, servesVersion, type HostedPaymentOperationId, type OperationDef, type OperationId } from '../../catalogue';
import { SELECTED_OPERATIONS, type SelectedOperationId } from '../../catalogue';

/**
 * The operations a PUT selects by apiOperation; the reads (Retrieve Order, Retrieve Transaction) are
 * GETs routed by path, and so are sessions and tokens (sessionRoutes.ts, tokenRoutes.ts).
 */
export type GatewayOperationId = Exclude<Extract<OperationId, `gateway.${string}`>, 'gateway.retrieveOrder' | 'gateway.retrieveTransaction' | HostedPaymentOperationId>;

export interface GatewayOperation<Id extends GatewayOperationId = GatewayOperationId> {
  id: Id;
  def: OperationDef;
}

/** An operation a transaction PUT selects by apiOperation: its record says so (operationRecord.ts, simulator.route). */
export type SelectedOperation = GatewayOperation<SelectedOperationId>;

function definition(id: OperationId): OperationDef {
  const def = getOperation(id);
  if (!def) throw new Error(`no gateway operation ${id}`);
  return def;
}

let cached: readonly SelectedOperation[] | undefined;

function byApiOperation(): readonly SelectedOperation[] {
  cached ??= SELECTED_OPERATIONS.map((id) => ({ id, def: definition(id) }));
  return cached;
}

/** The operation a name selects at this version; else the one that uses the name at another version (the caller answers that it is not served here). */
export function operationByApiOperation(apiOperation: string, version: number): SelectedOperation | undefined {
  const all = byApiOperation();
  return all.find((o) => apiOperationAt(o.def, version) === apiOperation)
    ?? all.find((o) => (o.def.apiOperation ?? []).some((n) => n.name === apiOperation));
}

/** The apiOperation names the simulator serves at this version (for the "not supported" explanation). */
export function apiOperationsAt(version: number): string[] {
  return byApiOperation().filter((o) => servesVersion(o.def, version)).flatMap((o) => apiOperationAt(o.def, version) ?? []);
}

export function operationById(id: GatewayOperationId | HostedPaymentOperationId | 'gateway.retrieveOrder' | 'gateway.retrieveTransaction'): OperationDef {
  return definition(id);
}

/** Whether the operation exists at this version under this name (a renamed operation's old name is not served after the rename). */
export function servedAs(op: GatewayOperation, version: number, apiOperation: string | undefined): boolean {
  return servesVersion(op.def, version) && (apiOperation === undefined || apiOperationAt(op.def, version) === apiOperation);
}

/** Version 11 and earlier take a blank Basic user (the catalogue's authAt); `merchant.<id>` is accepted at every version. */
export function emptyUserAllowed(def: OperationDef | undefined, version: number): boolean {
  return def !== undefined && authAt(def, version) === 'basicEmptyUser';
}

/** A version in the path the gateway serves at all (any operation). */
export function knownVersion(version: string): boolean {
  return /^\d{1,3}$/.test(version) && isServedVersion(Number(version));
}
