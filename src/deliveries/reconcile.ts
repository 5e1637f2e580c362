/**
 * Reconcile: what the merchant's endpoint acknowledged (2xx) about an order, against what Retrieve
 * Order says, told as what a merchant system that trusted webhooks alone would have missed or got
 * wrong. The gateway's guide says delivery is not guaranteed and points to Retrieve Order/Transaction
 * for anything that matters; this shows why, on the order in front of the developer.
 */
import { compare, decimalText, parseDecimal, sum, type Decimal } from '../catalogue/decimal';
import type { NotificationRecord } from '../simulator/deliveries/wire';

export interface GatewayTransaction {
  id: string;
  type: string;
  amount?: string;
  currency?: string;
  gatewayCode?: string;
  result?: string;
}

export interface GatewayOrder {
  id: string;
  status?: string;
  currency?: string;
  totalCapturedAmount?: string;
  totalRefundedAmount?: string;
  transactions: GatewayTransaction[];
}

/** missed: never taken; wrong: an outcome or status the gateway does not hold; duplicate: one transaction taken under several notification ids. */
export type FindingKind = 'missed' | 'wrong' | 'duplicate';

export interface Finding {
  kind: FindingKind;
  message: string;
  transactionId?: string;
  notificationId?: string;
}

export interface Reconciliation {
  order: GatewayOrder;
  made: number;
  acknowledged: number;
  /** Notifications taken more than once under the same X-Notification-Id: counted once, as a handler ignoring a repeated id does; no difference. */
  repeatedIds: string[];
  findings: Finding[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const at = (v: unknown, ...path: string[]): unknown => path.reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), v);
const taken = (a: { status: number; error?: string | undefined }): boolean => a.status >= 200 && a.status < 300 && a.error === undefined;

/** Retrieve Order's answer, read into what reconciling compares; undefined when it is not an order. */
export function gatewayOrderOf(body: unknown): GatewayOrder | undefined {
  const id = text(at(body, 'id'));
  if (!isObject(body) || id === undefined) return undefined;
  const list = Array.isArray(body['transaction']) ? body['transaction'] : [];
  const transactions = list.flatMap((t): GatewayTransaction[] => {
    const tid = text(at(t, 'transaction', 'id'));
    if (tid === undefined) return [];
    const pick = (name: keyof GatewayTransaction, value: string | undefined) => (value !== undefined ? { [name]: value } : {});
    return [{ id: tid, type: text(at(t, 'transaction', 'type')) ?? '', ...pick('amount', text(at(t, 'transaction', 'amount'))), ...pick('currency', text(at(t, 'transaction', 'currency'))), ...pick('gatewayCode', text(at(t, 'response', 'gatewayCode'))), ...pick('result', text(at(t, 'result'))) }];
  });
  const opt = (name: string) => {
    const v = text(body[name]);
    return v !== undefined ? { [name]: v } : {};
  };
  return { id, ...opt('status'), ...opt('currency'), ...opt('totalCapturedAmount'), ...opt('totalRefundedAmount'), transactions };
}

function describeTransaction(t: GatewayTransaction): string {
  return `transaction ${t.id} (${[t.type, t.gatewayCode, t.amount && t.currency ? `${t.amount} ${t.currency}` : t.amount].filter(Boolean).join(' ')})`;
}

function whyNotTaken(n: NotificationRecord): string {
  if (n.state === 'dropped') return `notification ${n.id} was dropped (delivery fault "drop") and never delivered`;
  if (n.state === 'refused') return `notification ${n.id} was not delivered: ${n.note ?? 'refused'}`;
  const last = n.attempts.at(-1);
  if (n.state === 'failed') return `notification ${n.id} was never taken: ${n.attempts.length} attempt${n.attempts.length === 1 ? '' : 's'}, the last answered ${last ? `${last.status}${last.error ? ` (${last.error})` : ''}` : 'nothing'}`;
  return `notification ${n.id} is still ${n.state}`;
}

/** When the endpoint first took the notification (ISO time), for the order in which a handler saw them. */
const firstTaken = (n: NotificationRecord): string | undefined => n.attempts.find(taken)?.time;
const timesTaken = (n: NotificationRecord): number => n.attempts.filter(taken).length;

/**
 * A handler is judged as one that ignores a repeated X-Notification-Id (the gateway's retries and
 * duplicates keep it): each notification id it took counts once. What it then holds is compared
 * with the transactions Retrieve Order lists.
 */
export function reconcile(order: GatewayOrder, notifications: readonly NotificationRecord[]): Reconciliation {
  const about = notifications.filter((n) => n.orderId === order.id && n.kind === 'webhook');
  const acked = about.filter((n) => firstTaken(n) !== undefined).sort((a, b) => (firstTaken(a) ?? '').localeCompare(firstTaken(b) ?? '') || a.seq - b.seq);
  const perTransaction = order.transactions.map((t) => ({ t, mine: about.filter((n) => n.transactionId === t.id), taken: acked.filter((n) => n.transactionId === t.id) }));
  const duplicated = new Set(perTransaction.filter((p) => p.taken.length > 1).map((p) => p.t.id));
  const findings: Finding[] = [
    ...perTransaction.flatMap((p) => judgeTransaction(order, p.t, p.mine, p.taken)),
    ...judgeStatus(order, acked),
    ...judgeTotals(order, acked, duplicated),
  ];
  const repeatedIds = acked.filter((n) => timesTaken(n) > 1).map((n) => n.id);
  return { order, made: about.length, acknowledged: acked.length, repeatedIds, findings };
}

/** One transaction of Retrieve Order against the notifications about it: none taken, several ids taken, or the last one saying another outcome. */
function judgeTransaction(order: GatewayOrder, t: GatewayTransaction, mine: readonly NotificationRecord[], mineAcked: readonly NotificationRecord[]): Finding[] {
  if (mineAcked.length === 0) {
    const why = mine.length ? mine.map(whyNotTaken).join('; ') : 'no notification about it reached the endpoint (none is in the simulator\'s delivery log)';
    return [{ kind: 'missed', transactionId: t.id, message: `${describeTransaction(t)}: ${why}. A system trusting webhooks alone would not know it happened.` }];
  }
  const findings: Finding[] = [];
  if (mineAcked.length > 1) findings.push(duplicateDelivery(order, t, mineAcked));
  const last = mineAcked.at(-1) as NotificationRecord;
  const said = last.facts?.gatewayCode;
  if (t.gatewayCode !== undefined && said !== undefined && said !== t.gatewayCode) {
    findings.push({ kind: 'wrong', transactionId: t.id, notificationId: last.id, message: `${describeTransaction(t)}: the last notification the endpoint took about it (${last.id}) says ${said}; the gateway says ${t.gatewayCode}. A system trusting webhooks alone records the wrong outcome.` });
  }
  return findings;
}

/** One transaction delivered under several notification ids (a resend as new): deduplicating by id does not catch it. */
function duplicateDelivery(order: GatewayOrder, t: GatewayTransaction, taken: readonly NotificationRecord[]): Finding {
  const ids = taken.map((n) => (n.resentFrom !== undefined ? `${n.id} (resent as new from ${n.resentFrom})` : n.id)).join(', ');
  return {
    kind: 'duplicate',
    transactionId: t.id,
    message: `${describeTransaction(t)}: the endpoint took ${taken.length} notifications about it with different X-Notification-Ids (${ids}); Retrieve Order lists it once. A handler that deduplicates by X-Notification-Id alone acts on it ${taken.length} times: deduplicate by order and transaction id (${order.id}, ${t.id}).`,
  };
}

function judgeStatus(order: GatewayOrder, acked: readonly NotificationRecord[]): Finding[] {
  const lastSaid = acked.at(-1);
  const statusSaid = lastSaid?.facts?.orderStatus;
  if (!lastSaid || order.status === undefined || statusSaid === undefined || statusSaid === order.status) return [];
  return [{ kind: 'wrong', notificationId: lastSaid.id, message: `order status: the last notification the endpoint took (${lastSaid.id}, ${lastSaid.summary}) says ${statusSaid}; Retrieve Order says ${order.status}. A handler that keeps the latest notification's status holds the wrong one${acked.length > 1 && isOutOfOrder(acked) ? ' (notifications arrived out of order)' : ''}.` }];
}

function isOutOfOrder(acked: readonly NotificationRecord[]): boolean {
  return acked.some((n, i) => i > 0 && n.seq < (acked[i - 1] as NotificationRecord).seq);
}

/** The order's totals and the approved transaction types that move them. */
const TOTALS = [
  { name: 'captured', types: ['CAPTURE', 'PAYMENT'], of: (o: GatewayOrder) => o.totalCapturedAmount },
  { name: 'refunded', types: ['REFUND'], of: (o: GatewayOrder) => o.totalRefundedAmount },
] as const;

/**
 * A total a handler counting each notification id once gets wrong because a transaction came under
 * several ids. Only then: a total short of a missed notification is that notification's finding.
 */
function judgeTotals(order: GatewayOrder, acked: readonly NotificationRecord[], duplicated: ReadonlySet<string>): Finding[] {
  return TOTALS.flatMap((total): Finding[] => {
    const moving = acked.filter((n) => n.facts?.gatewayCode === 'APPROVED' && (total.types as readonly string[]).includes(n.facts.transactionType ?? ''));
    if (!moving.some((n) => n.transactionId !== undefined && duplicated.has(n.transactionId))) return [];
    const gateway = parseDecimal(total.of(order));
    const amounts = moving.map((n) => parseDecimal(n.facts?.amount));
    if (!gateway || amounts.some((a) => a === undefined)) return [];
    const counted = sum(amounts as Decimal[]);
    if (compare(counted, gateway) === 0) return [];
    const currency = order.currency ? ` ${order.currency}` : '';
    return [{ kind: 'duplicate', message: `${total.name} total: a handler that counts each notification id once gets ${decimalText(counted)}${currency}; Retrieve Order says ${total.of(order) ?? ''}${currency}.` }];
  });
}
