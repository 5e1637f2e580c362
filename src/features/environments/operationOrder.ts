/**
 * The order operations are listed in (Environments tree, the palette's operation pick): a card payment's
 * life from first to last, so a newcomer reads down the list as they build an integration; sessions
 * and saved cards (tokens) apart, as the tools they are. No vscode: the unit tier checks that every
 * operation of the catalogue has its place.
 */
import { getOperation, operations, type OperationDef, type OperationId } from '../../catalogue/operations';

export type OperationGroupId = 'payment' | 'sessions' | 'tokens' | 'financing';

export interface OperationGroup {
  id: OperationGroupId;
  /** Shown as a folder (tree) or a separator (palette); the payment's own group is the API's node itself. */
  label: string;
  operations: readonly OperationDef[];
}

const GROUPS: readonly { id: OperationGroupId; label: string; ids: readonly OperationId[] }[] = [
  {
    id: 'payment',
    label: 'Card gateway',
    ids: [
      // First of all: is the gateway there at all (no credentials needed).
      'gateway.checkGateway',
      // Before the payment: what may be offered; a page that takes the whole payment.
      'gateway.paymentOptionsInquiry', 'gateway.paymentOptionsInquiryGet', 'gateway.initiateCheckout', 'gateway.initiateBrowserPayment',
      // Start with 3-D Secure, check the card, then pay or authorize.
      'gateway.initiateAuthentication', 'gateway.authenticatePayer', 'gateway.verify', 'gateway.authorize', 'gateway.pay',
      // What follows an authorization or a payment.
      'gateway.updateAuthorization', 'gateway.capture', 'gateway.refund', 'gateway.void',
      // Reading where it stands.
      'gateway.retrieveOrder', 'gateway.retrieveTransaction',
    ],
  },
  { id: 'sessions', label: 'Sessions', ids: ['gateway.createSession', 'gateway.updateSession', 'gateway.updateSessionAsPayer', 'gateway.retrieveSession'] },
  { id: 'tokens', label: 'Saved cards (tokens)', ids: ['gateway.createToken', 'gateway.updateToken', 'gateway.retrieveToken', 'gateway.deleteToken'] },
  { id: 'financing', label: 'Financing API', ids: ['financing.login', 'financing.offers', 'financing.offersSelectFirst', 'financing.refreshToken', 'financing.logout'] },
];

/** The groups of one API in their order, each with its operations in the payment's order. */
export function operationGroups(api: OperationDef['api']): OperationGroup[] {
  const groups = GROUPS.map((g) => ({ id: g.id, label: g.label, operations: g.ids.map(operationOf) }))
    .filter((g) => g.operations.length > 0 && g.operations.every((op) => op.api === api));
  // An operation added to the catalogue but not yet here still shows, at the end of its API's first group.
  const unplaced = unplacedOperations().map(operationOf).filter((op) => op.api === api);
  const [first, ...rest] = groups;
  return first && unplaced.length > 0 ? [{ ...first, operations: [...first.operations, ...unplaced] }, ...rest] : groups;
}

/** Every operation once, in the order of the groups (what a flat list shows). */
export function operationsInLifeOrder(): OperationDef[] {
  return GROUPS.flatMap((g) => g.ids.map(operationOf));
}

/** An operation the catalogue no longer declares is a programming error, caught by the unit tier. */
function operationOf(id: string): OperationDef {
  const op = getOperation(id);
  if (!op) throw new Error(`operationOrder.ts lists ${id}, which the catalogue does not declare`);
  return op;
}

/** The catalogue's operations this order leaves out (none, or the new one is missing from GROUPS). */
export function unplacedOperations(): OperationId[] {
  const placed = new Set<string>(GROUPS.flatMap((g) => g.ids));
  return operations.filter((op) => !placed.has(op.id)).map((op) => op.id);
}
