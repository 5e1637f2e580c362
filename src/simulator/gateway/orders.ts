import type { AvsCode, BrowserPaymentState, CscCode, GatewayCode, OrderStatus, ResultValue, TransactionType } from '../../catalogue/codes';
import type { JsonOut } from '../jsonText';
import { DEFAULT_MAX_ORDERS } from '../defaults';
import { applyTransaction, type OrderState } from '../../orders/applyTransaction';
import { isApprovedCode, orderOf, type Order } from '../../orders/model';
import { fromDecimal, toDecimal, type Milli } from '../money';
import type { AuthenticationRecord } from './authenticationRecord';

/**
 * Orders and transactions, in memory. Totals are exact (BigInt thousandths) and change only inside
 * an operation that holds the order's lock; a second operation on a locked order gets LOCK_FAILURE,
 * the way the real gateway refuses concurrent work on one order.
 *
 * Funds model (the spec has no Capture operation): a merchant profile is either auto-capture (the
 * default simulator merchant, like a "purchase" profile: an approved Authorize also captures, order
 * CAPTURED, transaction type PAYMENT) or authorize-only (order AUTHORIZED, nothing captured, Update
 * Authorization allowed). A Refund may return at most totalCapturedAmount − totalRefundedAmount.
 */

export interface BrowserPaymentRecord {
  token: string;
  operation: 'AUTHORIZE' | 'PAY' | 'ACCOUNTSETUP';
  returnUrl: string;
  redirectUrl: string;
  status: BrowserPaymentState;
  timeInitiated: string;
  timeRedirected?: string;
  timeReturned?: string;
  timeCompleted?: string;
}

export interface TransactionRecord {
  id: string;
  type: TransactionType;
  amount: Milli;
  currency: string;
  result: ResultValue;
  gatewayCode: GatewayCode;
  timeOfRecord: string;
  reference?: string;
  authorizationCode?: string;
  acquirer?: { acquirerCode: string; acquirerMessage: string };
  csc?: CscCode;
  avs?: AvsCode;
  /** Masked source of funds as the response shows it. */
  sourceOfFunds?: JsonOut;
  risk?: JsonOut;
  browserPayment?: BrowserPaymentRecord;
  correlationId?: string;
  /** A void's: the transaction of the order it reverses. */
  targetTransactionId?: string;
  /** The system trace audit number the acquirer answered with (authorizationResponse.stan, transaction.stan, the receipt). */
  stan?: string;
  /** A payment's authentication.transactionId: the 3-D Secure authentication of this order it paid with. */
  authenticationId?: string;
  /** What the request sent of the payer, echoed as the gateway echoes it (answerFields.ts says which answers do). */
  device?: JsonOut;
  customer?: JsonOut;
  /** transaction.frequency as sent (SINGLE, RECURRING, INSTALLMENT), echoed (B49, the v53 Retrieve Order). */
  frequency?: string;
}

export interface OrderRecord {
  merchantId: string;
  id: string;
  amount: Milli;
  currency: string;
  status: OrderStatus;
  totalAuthorizedAmount: Milli;
  totalCapturedAmount: Milli;
  totalRefundedAmount: Milli;
  reference?: string;
  description?: string;
  notificationUrl?: string;
  /** order.walletProvider of the payment that made the order (APPLE_PAY, GOOGLE_PAY…), echoed as the gateway does. */
  walletProvider?: string;
  creationTime: string;
  lastUpdatedTime: string;
  transactions: Map<string, TransactionRecord>;
  /** 3-D Secure authentications on the order, by transaction id (created on first use). */
  authentications?: Map<string, AuthenticationRecord>;
}

/**
 * The most transactions the simulator keeps on one order (the reference gives no limit): beyond it an
 * operation is refused, so no client loop grows one order, or the work of checking it, without end.
 */
export const MAX_TRANSACTIONS_PER_ORDER = 1000;

/** The refusal for one more transaction on a full order, or undefined while there is room. */
export function orderFullExplanation(order: OrderRecord | undefined): string | undefined {
  if (!order || order.transactions.size < MAX_TRANSACTIONS_PER_ORDER) return undefined;
  return `Order ${order.id} already has ${order.transactions.size} transactions, the most the simulator keeps on one order; start a new order`;
}

const key = (merchantId: string, orderId: string): string => `${merchantId}\u0000${orderId}`;

export class OrderStore {
  // A Map iterates in insertion order: its first entries are the oldest orders.
  private readonly orders = new Map<string, OrderRecord>();
  // Keyed by order id whether or not the order exists yet: two first operations on one new order also collide.
  private readonly locks = new Set<string>();

  /**
   * @param maxOrders beyond it the oldest order is forgotten (an order being worked on is kept);
   *   a later call on it gets "Unable to find order", as for an order that never existed.
   * @param onEvict lets the owner drop what points into a forgotten order (browser-payment pages).
   */
  constructor(
    private readonly maxOrders = DEFAULT_MAX_ORDERS,
    private readonly onEvict: (order: OrderRecord) => void = () => undefined,
  ) {
    if (!Number.isInteger(maxOrders) || maxOrders < 1) throw new Error(`maxOrders must be a positive integer, got ${maxOrders}`);
  }

  get(merchantId: string, orderId: string): OrderRecord | undefined {
    return this.orders.get(key(merchantId, orderId));
  }

  create(fields: Omit<OrderRecord, 'transactions' | 'totalAuthorizedAmount' | 'totalCapturedAmount' | 'totalRefundedAmount' | 'lastUpdatedTime'>): OrderRecord {
    // Named members, not a spread of `fields`: one object shape for every order (each Authorize makes one).
    const order: OrderRecord = {
      merchantId: fields.merchantId,
      id: fields.id,
      amount: fields.amount,
      currency: fields.currency,
      status: fields.status,
      creationTime: fields.creationTime,
      totalAuthorizedAmount: 0n,
      totalCapturedAmount: 0n,
      totalRefundedAmount: 0n,
      lastUpdatedTime: fields.creationTime,
      transactions: new Map(),
    };
    if (fields.reference !== undefined) order.reference = fields.reference;
    if (fields.description !== undefined) order.description = fields.description;
    if (fields.notificationUrl !== undefined) order.notificationUrl = fields.notificationUrl;
    if (fields.walletProvider !== undefined) order.walletProvider = fields.walletProvider;
    this.orders.set(key(fields.merchantId, fields.id), order);
    this.evictBeyondLimit();
    return order;
  }

  private evictBeyondLimit(): void {
    for (const [k, order] of this.orders) {
      if (this.orders.size <= this.maxOrders) return;
      if (this.locks.has(k)) continue;
      this.orders.delete(k);
      this.onEvict(order);
    }
  }

  get size(): number {
    return this.orders.size;
  }

  /** True when the lock was taken; the caller must release() it in a finally block. */
  tryLock(merchantId: string, orderId: string): boolean {
    const k = key(merchantId, orderId);
    if (this.locks.has(k)) return false;
    this.locks.add(k);
    return true;
  }

  release(merchantId: string, orderId: string): void {
    this.locks.delete(key(merchantId, orderId));
  }
}

/**
 * The gateway's rule for a new payment on an existing order: allowed only while every earlier
 * transaction failed (a retry after a decline). A verification moves no money, so a payment may
 * follow it; anything else that succeeded (a payment, a standalone refund, a browser payment under
 * way) means the order is taken.
 */
export function acceptsNewPayment(order: OrderRecord): boolean {
  for (const txn of order.transactions.values()) {
    if (txn.type !== 'VERIFICATION' && txn.result === 'SUCCESS') return false;
  }
  return true;
}

/** The order as the order model sees it, so the simulator's checks are the rules the next steps follow. */
export function orderModel(order: OrderRecord): Order {
  const transactions = [...order.transactions.values()].map((t) => ({
    id: t.id,
    type: t.type,
    amount: toDecimal(t.amount),
    approved: t.result === 'SUCCESS' && isApprovedCode(t.gatewayCode),
    result: t.result,
    gatewayCode: t.gatewayCode,
    ...(t.targetTransactionId !== undefined ? { targetTransactionId: t.targetTransactionId } : {}),
  }));
  return orderOf({
    id: order.id,
    status: order.status,
    currency: order.currency,
    totals: { authorized: toDecimal(order.totalAuthorizedAmount), captured: toDecimal(order.totalCapturedAmount), refunded: toDecimal(order.totalRefundedAmount) },
    transactions,
  });
}

/** The order's status and totals as the order model's applyTransaction reads them. */
function stateOf(order: OrderRecord): OrderState<OrderStatus> {
  return {
    status: order.status,
    totals: { authorized: toDecimal(order.totalAuthorizedAmount), captured: toDecimal(order.totalCapturedAmount), refunded: toDecimal(order.totalRefundedAmount) },
  };
}

/**
 * Writes what `txn` did to `order`: its status and totals after it, as src/orders/applyTransaction.ts
 * decides for every operation. `opens`: `order` was created for this transaction (a first payment, a
 * verification, a standalone refund). `target`: a void's, the transaction it reverses.
 */
export function applyToOrder(order: OrderRecord, txn: TransactionRecord, opens: boolean, target?: TransactionRecord): void {
  const after = applyTransaction(opens ? undefined : stateOf(order), {
    type: txn.type,
    amount: toDecimal(txn.amount),
    result: txn.result,
    gatewayCode: txn.gatewayCode,
    target: target && { type: target.type, amount: toDecimal(target.amount) },
  });
  order.status = after.status;
  order.totalAuthorizedAmount = fromDecimal(after.totals.authorized);
  order.totalCapturedAmount = fromDecimal(after.totals.captured);
  order.totalRefundedAmount = fromDecimal(after.totals.refunded);
}

/** The masked card the order was paid with (its first card payment's), which follow-ups echo (the v70 Void, answerFields.ts V70). */
/**
 * The order's payment a follow-up echoes: the first authorization or payment. The v57 Void (BSF) echoes
 * its device, customer and CSC result, the v70 Void (ARC Pay) and the v78 Refund (test/contract/corpus)
 * its CSC result.
 */
export function orderPayment(order: OrderRecord): TransactionRecord | undefined {
  for (const txn of order.transactions.values()) if (txn.type === 'AUTHORIZATION' || txn.type === 'PAYMENT') return txn;
  return undefined;
}

export function orderCard(order: OrderRecord): JsonOut {
  for (const txn of order.transactions.values()) {
    if (txn.sourceOfFunds !== undefined && txn.type !== 'VERIFICATION') return txn.sourceOfFunds;
  }
  return undefined;
}
