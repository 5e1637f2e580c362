import { randomBytes } from 'node:crypto';

/**
 * Fresh order and transaction ids. A gateway transaction id must never be reused within an order
 * (a retry of a failed operation needs a new one), so every send draws a new one.
 * Pattern tokens: {date} yyyymmdd, {time} hhmmss, {random} or {randomN} N base-36 characters, {seq}.
 */
export const DEFAULT_ORDER_PATTERN = 'ORD-{date}-{random6}';
export const DEFAULT_TRANSACTION_PATTERN = 'TXN-{time}-{random6}';

/** Operations that start a new order: a fresh order id each time; follow-ups (Refund, Update Authorization) keep theirs. */
export const INITIAL_OPERATIONS: ReadonlySet<string> = new Set(['gateway.authorize', 'gateway.verify', 'gateway.initiateBrowserPayment']);

let sequence = 0;

export function generateId(pattern: string, now: Date = new Date()): string {
  const iso = now.toISOString();
  const id = pattern.replace(/\{(date|time|seq|random(\d{0,2}))\}/g, (_m, token: string, n: string | undefined) => {
    if (token === 'date') return iso.slice(0, 10).replace(/-/g, '');
    if (token === 'time') return iso.slice(11, 19).replace(/:/g, '');
    if (token === 'seq') return String(++sequence);
    return randomBase36(n ? Number(n) : 8);
  });
  if (id.length < 1 || id.length > 40) throw new Error(`The id pattern "${pattern}" gives "${id}", ${id.length} characters; gateway ids must be 1 to 40.`);
  return id;
}

function randomBase36(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += (b % 36).toString(36).toUpperCase();
  return out;
}
