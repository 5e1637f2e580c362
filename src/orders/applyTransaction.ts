/**
 * How one transaction changes its order, decided once: the status and the three totals after it. The
 * simulator writes every order through here (Authorize, Pay, Verify, Capture, Refund, Update
 * Authorization, Void, a browser payment and its provider page), so a status is never set by hand with
 * a comparison of its own. Totals are exact decimals (catalogue/decimal.ts). No vscode, no I/O.
 *
 * The gateway's lifecycle (public reference, "Orders" of the integration guide; shared/reference/
 * gateway-behaviour.md): AUTHORIZED after an authorization, PARTIALLY_CAPTURED → CAPTURED as captures
 * reach the authorized amount, CAPTURED after a Pay, PARTIALLY_REFUNDED → REFUNDED as refunds reach the
 * captured amount, CANCELLED after a void of the authorization or payment, INITIATED while a browser
 * payment is submitted, VERIFIED after a verification that opened the order.
 */
import { add, compare, type Decimal } from '../catalogue/decimal';
import { isApprovedCode, isPositive, minus, ZERO, type OrderTotals } from './model';

/** The statuses a transaction can set; any other status an order has is only ever kept. */
export type StatusSet =
  | 'INITIATED'
  | 'AUTHORIZED'
  | 'CAPTURED'
  | 'PARTIALLY_CAPTURED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED'
  | 'VERIFIED'
  | 'CANCELLED'
  | 'FAILED';

export interface OrderState<S extends string = string> {
  status: S;
  totals: OrderTotals;
}

export interface TransactionFacts {
  /** AUTHORIZATION, PAYMENT, CAPTURE, REFUND, AUTHORIZATION_UPDATE, VERIFICATION, VOID_… */
  type: string;
  /** The transaction amount; for AUTHORIZATION_UPDATE the new authorized amount. */
  amount: Decimal;
  /** SUCCESS, FAILURE, PENDING, UNKNOWN; absent counts as SUCCESS, as in an order's transaction list. */
  result?: string | undefined;
  gatewayCode?: string | undefined;
  /** A void's: the transaction it reverses. */
  target?: { type: string; amount: Decimal } | undefined;
}

/** How the transaction ended, as far as the order is concerned. */
type Ending = 'approved' | 'submitted' | 'pending' | 'aborted' | 'failed';

function endingOf(t: TransactionFacts): Ending {
  const result = t.result ?? 'SUCCESS';
  if (result === 'SUCCESS' && isApprovedCode(t.gatewayCode)) return 'approved';
  if (t.gatewayCode === 'SUBMITTED') return 'submitted';
  if (result === 'FAILURE') return t.gatewayCode === 'ABORTED' ? 'aborted' : 'failed';
  // PENDING, UNKNOWN, or a SUCCESS with a code that moves no money: nothing is known to have changed.
  return 'pending';
}

/** The transactions that open an order's sale: a failed one fails the order, a later one may retry it. */
const INITIAL_TYPES: ReadonlySet<string> = new Set(['AUTHORIZATION', 'PAYMENT', 'VERIFICATION']);

/**
 * The order after `t`. `order` undefined: `t` opens the order (a first payment, a verification, a
 * standalone refund). Only an approved transaction moves money; a failed follow-up (capture, refund,
 * void) leaves the order as it was, a failed initial transaction fails it.
 */
export function applyTransaction<S extends string>(order: OrderState<S> | undefined, t: TransactionFacts): OrderState<S | StatusSet> {
  const before: OrderState<S | StatusSet> = order ?? { status: 'INITIATED', totals: { authorized: ZERO, captured: ZERO, refunded: ZERO } };
  const ending = endingOf(t);
  if (ending !== 'approved') return { status: statusUnlessApproved(before.status, t, ending, order === undefined), totals: before.totals };
  const { authorized, captured, refunded } = before.totals;
  switch (t.type) {
    case 'AUTHORIZATION':
      return { status: 'AUTHORIZED', totals: { authorized: add(authorized, t.amount), captured, refunded } };
    case 'PAYMENT':
      return { status: 'CAPTURED', totals: { authorized: add(authorized, t.amount), captured: add(captured, t.amount), refunded } };
    case 'CAPTURE':
      return captureState({ authorized, captured: add(captured, t.amount), refunded });
    case 'REFUND':
      return refundState({ authorized, captured, refunded: add(refunded, t.amount) });
    case 'AUTHORIZATION_UPDATE':
      // The transaction amount is the new authorized amount (it may go up or down).
      return { status: before.status, totals: { authorized: t.amount, captured, refunded } };
    case 'VERIFICATION':
      // A verification moves no money: it names the order only when it opened it.
      return order === undefined ? { status: 'VERIFIED', totals: before.totals } : before;
    default:
      return t.target !== undefined && t.type.startsWith('VOID') ? afterVoid(before, t.target) : before;
  }
}

/** A verification, like an approved one, names only the order it opened; a payment's outcome names any order it is on. */
function statusUnlessApproved<S extends string>(status: S | StatusSet, t: TransactionFacts, ending: Exclude<Ending, 'approved'>, opens: boolean): S | StatusSet {
  if (!INITIAL_TYPES.has(t.type) || (t.type === 'VERIFICATION' && !opens)) return status;
  if (ending === 'submitted') return 'INITIATED';
  if (ending === 'aborted') return 'CANCELLED';
  if (ending === 'failed') return 'FAILED';
  return status;
}

/** CAPTURED once the captures reach the authorized amount. */
function captureState(totals: OrderTotals): OrderState<StatusSet> {
  return { status: compare(totals.captured, totals.authorized) >= 0 ? 'CAPTURED' : 'PARTIALLY_CAPTURED', totals };
}

/** REFUNDED once the refunds reach the captured amount (a standalone refund, with nothing captured, at once). */
function refundState(totals: OrderTotals): OrderState<StatusSet> {
  return { status: compare(totals.refunded, totals.captured) >= 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED', totals };
}

/** The order without the reversed transaction. */
function afterVoid<S extends string>(before: OrderState<S | StatusSet>, target: { type: string; amount: Decimal }): OrderState<S | StatusSet> {
  const { authorized, captured, refunded } = before.totals;
  switch (target.type) {
    // The authorization is gone, so is the amount it held: the real gateway answers a Void of an authorization
    // with CANCELLED and totalAuthorizedAmount 0 (a recorded v70 answer). Nothing was captured on it (whatCanFollow).
    case 'AUTHORIZATION':
      return { status: 'CANCELLED', totals: { authorized: ZERO, captured, refunded } };
    // A payment is an authorization and a capture in one: its void gives back both.
    case 'PAYMENT':
      return { status: 'CANCELLED', totals: { authorized: minus(authorized, target.amount), captured: minus(captured, target.amount), refunded } };
    case 'CAPTURE': {
      const totals = { authorized, captured: minus(captured, target.amount), refunded };
      return isPositive(totals.captured) ? { status: 'PARTIALLY_CAPTURED', totals } : { status: 'AUTHORIZED', totals };
    }
    case 'REFUND': {
      const totals = { authorized, captured, refunded: minus(refunded, target.amount) };
      if (isPositive(totals.refunded)) return refundState(totals);
      // A standalone refund voided: the order moved no money at all.
      if (!isPositive(authorized) && !isPositive(captured)) return { status: 'CANCELLED', totals };
      return captureState(totals);
    }
    default:
      return before;
  }
}
