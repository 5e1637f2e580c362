/**
 * Where an operation stands in a gateway order: it starts one, or follows one up. A fact of the
 * operation, so it lives with the catalogue, where the form, the history and the send rules all read it.
 */

/** Operations whose transaction is the first of an order. */
const INITIAL_OPERATIONS: ReadonlySet<string> = new Set(['gateway.authorize', 'gateway.verify', 'gateway.initiateBrowserPayment', 'gateway.pay']);
/** Operations on an order an initial operation created. */
const FOLLOW_UP_OPERATIONS: ReadonlySet<string> = new Set(['gateway.refund', 'gateway.updateAuthorization', 'gateway.capture', 'gateway.void']);
/** Reads of an order that exists: they move nothing, so any order sent in this window will do. */
const LOOKUP_OPERATIONS: ReadonlySet<string> = new Set(['gateway.retrieveOrder', 'gateway.retrieveTransaction']);

type OrderRole = 'initial' | 'followUp' | 'lookup';

/** A read names an existing transaction; every other transaction operation creates one, whose id must be new. */
export function createsTransaction(operationId: string): boolean {
  return !LOOKUP_OPERATIONS.has(operationId);
}

export function orderRole(operationId: string): OrderRole | undefined {
  if (INITIAL_OPERATIONS.has(operationId)) return 'initial';
  if (FOLLOW_UP_OPERATIONS.has(operationId)) return 'followUp';
  if (LOOKUP_OPERATIONS.has(operationId)) return 'lookup';
  return undefined;
}
