/**
 * What can follow an order, decided once: the next steps a response offers (which operation, for which
 * amount, on which transaction) and the refusals the simulator answers are the same rules, so a step
 * offered is a step accepted. No vscode, no I/O.
 */
import { compare, decimalText, type Decimal } from '../catalogue/decimal';
import { isClosed, isPositive, leftToCapture, leftToRefund, minus, type Order, type OrderAuthentication, type OrderTransaction } from './model';

export type FollowUp =
  | { kind: 'capture' | 'refund' | 'updateAuthorization'; amount: Decimal; /** "authorized 100.00 − captured 60.00" */ how: string; /** "left to capture" */ what: string }
  | { kind: 'void'; target: OrderTransaction }
  | { kind: 'retrieveOrder'; /** Set when nothing else can be offered from this answer, and why. */ why?: string }
  | { kind: 'authenticatePayer'; transactionId: string }
  | { kind: 'retrieveAuthentication'; transactionId: string }
  | { kind: 'payWithAuthentication'; operation: 'pay' | 'authorize'; transactionId: string; amount: Decimal | undefined };

export type FollowUpRequest =
  | { kind: 'capture' | 'refund'; amount: Decimal; /** As sent, for the message. */ amountText: string; currency: string }
  | { kind: 'updateAuthorization' }
  | { kind: 'void'; targetTransactionId: string };

/** Why the gateway refuses a request: the explanation of its error envelope, and the field it is about when there is one. */
export interface Refusal {
  explanation: string;
  field?: string;
}

const VOIDABLE_TYPES: ReadonlySet<string> = new Set(['AUTHORIZATION', 'CAPTURE', 'PAYMENT', 'REFUND']);

const CAPTURABLE_STATUSES: ReadonlySet<string> = new Set(['AUTHORIZED', 'PARTIALLY_CAPTURED']);

/**
 * Oldest first: capture what is left, update the authorization, refund what is left, void a transaction
 * (`preferredVoidTarget` when it can be voided, else the newest one that can), read the order again.
 * Totals that do not add up offer only reading the order again, with the reason.
 */
export function whatCanFollow(o: Order, preferredVoidTarget?: string): FollowUp[] {
  if (o.authentication && o.transactions.every((t) => t.type === 'AUTHENTICATION')) return afterAuthentication(o.authentication);
  if (o.problems.length > 0) return [{ kind: 'retrieveOrder', why: `the totals in this answer are inconsistent: ${o.problems.join('; ')}` }];
  const steps: FollowUp[] = [];
  const { authorized, captured, refunded } = o.totals;
  const capturable = leftToCapture(o);
  if (o.status !== undefined && CAPTURABLE_STATUSES.has(o.status) && isPositive(capturable)) {
    steps.push({ kind: 'capture', amount: capturable, how: `authorized ${decimalText(authorized)} − captured ${decimalText(captured)}`, what: 'left to capture' });
  }
  if (o.status === 'AUTHORIZED' && isPositive(authorized)) {
    steps.push({ kind: 'updateAuthorization', amount: authorized, how: 'the authorized amount now; change it to the new amount', what: 'authorized, not captured' });
  }
  const refundable = leftToRefund(o);
  if (!isClosed(o) && isPositive(refundable)) {
    steps.push({ kind: 'refund', amount: refundable, how: `captured ${decimalText(captured)} − refunded ${decimalText(refunded)}`, what: 'left to refund' });
  }
  const target = voidTarget(o, preferredVoidTarget);
  if (target) steps.push({ kind: 'void', target });
  steps.push({ kind: 'retrieveOrder' });
  return steps;
}

function voidTarget(o: Order, preferred: string | undefined): OrderTransaction | undefined {
  const own = preferred === undefined ? undefined : o.transactions.find((t) => t.id === preferred);
  if (own && whyNotVoidable(o, own) === undefined) return own;
  for (let i = o.transactions.length - 1; i >= 0; i--) {
    const t = o.transactions[i];
    if (t && whyNotVoidable(o, t) === undefined) return t;
  }
  return undefined;
}

/** Why `t` cannot be voided now, or undefined when it can. */
export function whyNotVoidable(o: Order, t: OrderTransaction): string | undefined {
  if (!VOIDABLE_TYPES.has(t.type)) return `Transaction ${t.id} is a ${t.type}, which cannot be voided; only an authorization, capture, payment or refund can`;
  if (!t.approved) return `Transaction ${t.id} was not approved (result ${t.result ?? 'unknown'}, gatewayCode ${t.gatewayCode ?? 'unknown'}); there is nothing to void`;
  if (o.voided.has(t.id)) return `Transaction ${t.id} is already voided`;
  if (o.status === 'CANCELLED') return `Order ${o.id} is CANCELLED; nothing on it can be voided`;
  if (t.type === 'AUTHORIZATION' && isPositive(o.totals.captured)) {
    return `The authorization ${t.id} has captures on it; void the captures first, or refund what was captured`;
  }
  if ((t.type === 'CAPTURE' || t.type === 'PAYMENT') && t.amount !== undefined) return refundedFrom(o, t, t.amount);
  return undefined;
}

/** A void gives back what its capture took; the part of it the payer already got back by a refund cannot be given twice. */
function refundedFrom(o: Order, t: OrderTransaction, amount: Decimal): string | undefined {
  const { captured, refunded } = o.totals;
  const capturedAfter = minus(captured, amount);
  if (compare(refunded, capturedAfter) <= 0) return undefined;
  const currency = o.currency ? ` ${o.currency}` : '';
  const what = t.type === 'PAYMENT' ? 'Payment' : 'Capture';
  return `${what} ${t.id} cannot be voided: ${decimalText(minus(refunded, capturedAfter))}${currency} of it was refunded (captured ${decimalText(captured)}, refunded ${decimalText(refunded)}${currency}); void the refunds first`;
}

/** The gateway's refusal of `request` on this order, or undefined when it is accepted. */
export function whyRefused(o: Order, request: FollowUpRequest): Refusal | undefined {
  switch (request.kind) {
    case 'capture':
      if (o.status === undefined || !CAPTURABLE_STATUSES.has(o.status)) {
        return { explanation: `Capture is not allowed for order ${o.id}: its status is ${o.status ?? 'unknown'}; only an authorized order not fully captured can be captured` };
      }
      return beyondOrder(o, request, leftToCapture(o), 'capture amount exceeds the authorized amount left to capture');
    case 'refund':
      return beyondOrder(o, request, leftToRefund(o), 'refund amount exceeds the captured amount available for refund');
    case 'updateAuthorization':
      if (o.status === 'AUTHORIZED') return undefined;
      return { explanation: `Update Authorization is not allowed for order ${o.id}: its status is ${o.status ?? 'unknown'}, it must be AUTHORIZED (funds already captured cannot be re-authorized)` };
    case 'void': {
      const target = o.transactions.find((t) => t.id === request.targetTransactionId);
      if (!target) return { field: 'transaction.targetTransactionId', explanation: `Value '${request.targetTransactionId}' is invalid. Order ${o.id} has no transaction ${request.targetTransactionId}` };
      const why = whyNotVoidable(o, target);
      return why === undefined ? undefined : { explanation: why };
    }
  }
}

/** A follow-up moves money in the order's currency and at most what is `available`. */
function beyondOrder(o: Order, request: { amount: Decimal; amountText: string; currency: string }, available: Decimal, what: string): Refusal | undefined {
  if (o.currency !== undefined && request.currency !== o.currency) {
    return { field: 'transaction.currency', explanation: `Value '${request.currency}' is invalid. Currency must match the order currency ${o.currency}` };
  }
  if (compare(request.amount, available) <= 0) return undefined;
  return { field: 'transaction.amount', explanation: `Value '${request.amountText}' is invalid. Requested ${what} (${decimalText(available)}${o.currency ? ` ${o.currency}` : ''})` };
}

/**
 * After a 3-D Secure answer (nothing paid on the order yet): Authenticate Payer with the same ids; while
 * the payer is on the challenge, read the transaction again for the result; after Y or A, Pay or
 * Authorize with the authentication; after anything else, no payment with it.
 */
function afterAuthentication(a: OrderAuthentication): FollowUp[] {
  if (a.stage === 'initiated') {
    return a.available
      ? [{ kind: 'authenticatePayer', transactionId: a.transactionId }]
      : [{ kind: 'retrieveOrder', why: '3-D Secure is not available for this card: pay without authentication.transactionId' }];
  }
  if (a.stage === 'challenge') return [{ kind: 'retrieveAuthentication', transactionId: a.transactionId }];
  if (!a.proceed) return [{ kind: 'retrieveOrder', why: 'the authentication did not succeed: no payment may use it' }];
  return [
    { kind: 'payWithAuthentication', operation: 'pay', transactionId: a.transactionId, amount: a.amount },
    { kind: 'payWithAuthentication', operation: 'authorize', transactionId: a.transactionId, amount: a.amount },
    { kind: 'retrieveOrder' },
  ];
}
