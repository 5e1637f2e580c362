/**
 * Reconcile: what the merchant's endpoint acknowledged (2xx) about an order, against what Retrieve
 * Order says, told as what a merchant system that trusted webhooks alone would have missed or got
 * wrong. The gateway's guide says delivery is not guaranteed and points to Retrieve Order/Transaction
 * for anything that matters; this shows why, on the order in front of the developer.
 */
import { add, compare, formatDecimal, parseDecimal, type Decimal } from '../catalogue/decimal';
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

export type FindingKind = 'missed' | 'wrong' | 'repeated';

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

export function reconcile(order: GatewayOrder, notifications: readonly NotificationRecord[]): Reconciliation {
  const about = notifications.filter((n) => n.orderId === order.id && n.kind === 'webhook');
  const acked = about.filter((n) => firstTaken(n) !== undefined).sort((a, b) => (firstTaken(a) ?? '').localeCompare(firstTaken(b) ?? '') || a.seq - b.seq);
  const findings: Finding[] = [];
  for (const t of order.transactions) {
    const mine = about.filter((n) => n.transactionId === t.id);
    const mineAcked = acked.filter((n) => n.transactionId === t.id);
    if (mineAcked.length === 0) {
      const why = mine.length ? mine.map(whyNotTaken).join('; ') : 'no notification about it reached the endpoint (none is in the simulator\'s delivery log)';
      findings.push({ kind: 'missed', transactionId: t.id, message: `${describeTransaction(t)}: ${why}. A system trusting webhooks alone would not know it happened.` });
      continue;
    }
    const last = mineAcked.at(-1) as NotificationRecord;
    const said = last.facts?.gatewayCode;
    if (t.gatewayCode !== undefined && said !== undefined && said !== t.gatewayCode) {
      findings.push({ kind: 'wrong', transactionId: t.id, notificationId: last.id, message: `${describeTransaction(t)}: the last notification the endpoint took about it (${last.id}) says ${said}; the gateway says ${t.gatewayCode}. A system trusting webhooks alone records the wrong outcome.` });
    }
  }
  const lastSaid = acked.at(-1);
  const statusSaid = lastSaid?.facts?.orderStatus;
  if (lastSaid && order.status !== undefined && statusSaid !== undefined && statusSaid !== order.status) {
    findings.push({ kind: 'wrong', notificationId: lastSaid.id, message: `order status: the last notification the endpoint took (${lastSaid.id}, ${lastSaid.summary}) says ${statusSaid}; Retrieve Order says ${order.status}. A handler that keeps the latest notification's status holds the wrong one${acked.length > 1 && isOutOfOrder(acked) ? ' (notifications arrived out of order)' : ''}.` });
  }
  findings.push(...repeated(acked, order));
  return { order, made: about.length, acknowledged: acked.length, findings };
}

function isOutOfOrder(acked: readonly NotificationRecord[]): boolean {
  return acked.some((n, i) => i > 0 && n.seq < (acked[i - 1] as NotificationRecord).seq);
}

/** Notifications taken more than once: a handler that does not ignore a repeated X-Notification-Id counts them again. */
function repeated(acked: readonly NotificationRecord[], order: GatewayOrder): Finding[] {
  const findings: Finding[] = [];
  let naiveCaptured: Decimal = { units: 0n, scale: 0 };
  let counted = false;
  for (const n of acked) {
    const times = n.attempts.filter(taken).length;
    const amount = parseDecimal(n.facts?.amount);
    const moves = n.facts?.gatewayCode === 'APPROVED' && (n.facts.transactionType === 'CAPTURE' || n.facts.transactionType === 'PAYMENT');
    if (moves && amount) {
      counted = true;
      for (let i = 0; i < times; i++) naiveCaptured = add(naiveCaptured, amount);
    }
    if (times > 1) {
      findings.push({ kind: 'repeated', notificationId: n.id, ...(n.transactionId ? { transactionId: n.transactionId } : {}), message: `notification ${n.id} (${n.summary}) was taken ${times} times with the same X-Notification-Id: a handler that does not ignore a repeated id acts on it ${times} times.` });
    }
  }
  const captured = parseDecimal(order.totalCapturedAmount);
  if (counted && captured && findings.length && compare(naiveCaptured, captured) !== 0) {
    findings.push({ kind: 'repeated', message: `captured total: counting every notification taken gives ${formatDecimal(naiveCaptured)} ${order.currency ?? ''}; Retrieve Order says ${order.totalCapturedAmount} ${order.currency ?? ''}.`.replace(/ +\./g, '.') });
  }
  return findings;
}
