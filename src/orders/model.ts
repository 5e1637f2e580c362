/**
 * What an order is, in one place: its totals as exact decimals, its status, and the transactions known
 * on it (oldest first) with which of them a later void already reversed. The simulator builds one from
 * its records, the decoder's next steps, the Orders view and the timeline from an answer; all of them
 * then ask whatCanFollow.ts what may come next. No vscode, no I/O.
 */
import { GATEWAY_CODE_CATEGORIES } from '../catalogue/codeCategories';
import { add, compare, decimalText, type Decimal } from '../catalogue/decimal';
import { ownValue } from '../json/ownKey';

/**
 * The transactions of one answer read into a model: the newest ones when an order lists more. A void
 * always comes after what it reverses, so within this window of the newest, "already voided" is exact.
 */
export const ORDER_TRANSACTION_WINDOW = 200;

export interface OrderTransaction {
  id: string;
  /** AUTHORIZATION, CAPTURE, PAYMENT, REFUND, VOID_CAPTURE… as the gateway wrote it. */
  type: string;
  amount: Decimal | undefined;
  /** It moved or reserved money: result SUCCESS (when given) and a gateway code of the approved kind. */
  approved: boolean;
  /** A void's: the transaction it reverses. */
  targetTransactionId?: string;
  /** As answered, for messages: SUCCESS, FAILURE… and APPROVED, DECLINED… */
  result?: string;
  gatewayCode?: string;
}

/** A 3-D Secure authentication the answer tells about: where it stands, and whether a payment may use it. */
export interface OrderAuthentication {
  transactionId: string;
  /** initiated: Authenticate Payer is next; challenge: the payer is on the challenge page; done: decided. */
  stage: 'initiated' | 'challenge' | 'done';
  /** Authentication is possible for the card (false: authentication.version NONE). */
  available: boolean;
  /** Y or A: a Pay or Authorize may carry it as authentication.transactionId. */
  proceed: boolean;
  /** What was authenticated: a payment may take at most this. */
  amount: Decimal | undefined;
}

export interface OrderTotals {
  authorized: Decimal;
  captured: Decimal;
  refunded: Decimal;
}

export interface Order {
  id: string;
  /** order.status as answered (AUTHORIZED, CANCELLED…); undefined when the answer gave none. */
  status: string | undefined;
  currency: string | undefined;
  totals: OrderTotals;
  /** Oldest first: every transaction of the order, or the newest ORDER_TRANSACTION_WINDOW of them. */
  transactions: readonly OrderTransaction[];
  /** Ids named by an approved void among `transactions`. */
  voided: ReadonlySet<string>;
  /** Why the totals cannot be trusted (a negative total, more refunded than captured…); empty when they add up. */
  problems: readonly string[];
  authentication?: OrderAuthentication;
}

export interface OrderInput {
  id: string;
  status?: string | undefined;
  currency?: string | undefined;
  /** A missing total counts as zero, as on a new order. */
  totals: { authorized?: Decimal | undefined; captured?: Decimal | undefined; refunded?: Decimal | undefined };
  transactions?: readonly OrderTransaction[];
  authentication?: OrderAuthentication | undefined;
  /** Totals the answer gave that are no decimal amount ("totalCapturedAmount '1e2' is not a decimal amount"): counted as zero, and said. */
  unreadable?: readonly string[];
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

export const minus = (a: Decimal, b: Decimal): Decimal => add(a, { units: -b.units, scale: b.scale });

export const isPositive = (d: Decimal): boolean => d.units > 0n;

/** A gateway code that means the money moved or was reserved (APPROVED, APPROVED_PENDING_SETTLEMENT…), not SUBMITTED. */
export function isApprovedCode(gatewayCode: string | undefined): boolean {
  return gatewayCode !== undefined && ownValue<string>(GATEWAY_CODE_CATEGORIES, gatewayCode) === 'approved';
}

export function orderOf(input: OrderInput): Order {
  const totals: OrderTotals = {
    authorized: input.totals.authorized ?? ZERO,
    captured: input.totals.captured ?? ZERO,
    refunded: input.totals.refunded ?? ZERO,
  };
  const transactions = input.transactions ?? [];
  const voided = new Set<string>();
  for (const t of transactions) if (t.approved && t.type.startsWith('VOID') && t.targetTransactionId !== undefined) voided.add(t.targetTransactionId);
  const order: Order = { id: input.id, status: input.status, currency: input.currency, totals, transactions, voided, problems: [...(input.unreadable ?? []), ...totalsProblems(totals)] };
  if (input.authentication) order.authentication = input.authentication;
  return order;
}

/**
 * Totals a real order can have: none negative, captured ≤ authorized, refunded ≤ captured. A standalone
 * refund (nothing authorized or captured on the order) is the one order that refunds more than it captured.
 */
function totalsProblems(t: OrderTotals): string[] {
  const problems: string[] = [];
  for (const [name, value] of [['authorized', t.authorized], ['captured', t.captured], ['refunded', t.refunded]] as const) {
    if (value.units < 0n) problems.push(`${name} ${decimalText(value)} is negative`);
  }
  if (problems.length > 0) return problems;
  if (compare(t.captured, t.authorized) > 0) problems.push(`captured ${decimalText(t.captured)} is more than authorized ${decimalText(t.authorized)}`);
  const standaloneRefund = !isPositive(t.authorized) && !isPositive(t.captured);
  if (!standaloneRefund && compare(t.refunded, t.captured) > 0) problems.push(`refunded ${decimalText(t.refunded)} is more than captured ${decimalText(t.captured)}`);
  return problems;
}

export const leftToCapture = (o: Order): Decimal => minus(o.totals.authorized, o.totals.captured);

export const leftToRefund = (o: Order): Decimal => minus(o.totals.captured, o.totals.refunded);

/** A cancelled or failed order takes no follow-up, whatever its totals say. */
export const isClosed = (o: Order): boolean => o.status === 'CANCELLED' || o.status === 'FAILED';
