/**
 * Where an operation stands in a gateway order: it starts one, or follows one up. A fact of the
 * operation, declared in its record (operationRecord.ts), where the form, the history and the send rules all read it.
 */
import { recordOf, type OrderRole } from './operationRecord';

/** A read names an existing transaction; every other transaction operation creates one, whose id must be new. */
export function createsTransaction(operationId: string): boolean {
  return orderRole(operationId) !== 'lookup';
}

export function orderRole(operationId: string): OrderRole | undefined {
  return recordOf(operationId)?.orderRole;
}
