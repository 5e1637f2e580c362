/**
 * `expectDelivery`: what the simulator's delivery of a step's notifications must come to, judged once
 * every notification the step made about its order has settled (delivered, failed, dropped or
 * refused), waiting at most `within` ms. It reads the simulator's delivery log, so it needs an
 * environment on the simulator and a webhook URL there (order.notificationUrl, the merchant's, or a
 * trigger's).
 *   "expectDelivery": { "status": 200, "attempts": 1 }
 */
import { DeliveriesClient, isSettled, watchDeliveries } from '../simulator/deliveries/client';
import type { NotificationRecord } from '../simulator/deliveries/wire';
import { quote, quoteValue } from '../format/quote';
import type { ExpectationFailure } from './expectations';
import type { DeliveryExpectation } from './flowTypes';

export const EXPECT_DELIVERY_KEY = 'expectDelivery';
const DEFAULT_WITHIN_MS = 30_000;
const MAX_WITHIN_MS = 120_000;
const STATES = ['delivered', 'failed', 'dropped', 'refused'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function deliveryExpectationProblems(value: unknown): { key?: string; message: string }[] {
  if (!isObject(value)) return [{ message: `must be an object such as { "status": 200, "attempts": 1 }, got ${quoteValue(value)}` }];
  const problems: { key: string; message: string }[] = [];
  const whole = (key: string, v: unknown, min: number, max: number) => {
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > max) problems.push({ key, message: `must be a whole number from ${min} to ${max}, got ${quoteValue(v)}` });
  };
  for (const [key, v] of Object.entries(value)) {
    if (key === 'status') whole(key, v, 0, 599);
    else if (key === 'attempts' || key === 'count') whole(key, v, key === 'count' ? 0 : 1, 100);
    else if (key === 'within') whole(key, v, 1, MAX_WITHIN_MS);
    else if (key === 'state') {
      if (typeof v !== 'string' || !STATES.includes(v)) problems.push({ key, message: `must be one of ${STATES.join(', ')}, got ${quoteValue(v)}` });
    } else problems.push({ key, message: 'unknown; expectDelivery takes status, attempts, state, count and within' });
  }
  return problems;
}

/** Where a step's notifications will be counted from: read before the step sends. */
export async function deliveryCursor(simulatorUrl: string, signal?: AbortSignal): Promise<number> {
  return (await new DeliveriesClient(simulatorUrl, signal).list({ limit: 0 })).created;
}

/** The failures of `expect` against the step's notifications about `orderId` made after `cursor`. */
export async function awaitDelivery(simulatorUrl: string, expect: DeliveryExpectation, orderId: string, cursor: number, signal?: AbortSignal): Promise<ExpectationFailure[]> {
  const client = new DeliveriesClient(simulatorUrl, signal);
  const within = expect.within ?? DEFAULT_WITHIN_MS;
  const wanted = expect.count;
  const mine = (all: NotificationRecord[]) => all.filter((n) => n.seq > cursor);
  const { notifications } = await watchDeliveries(client, { orderId }, within, {
    ready: (all) => {
      const made = mine(all);
      return (wanted === undefined ? made.length > 0 : made.length >= wanted) && made.every(isSettled);
    },
  });
  const made = mine(notifications);
  const failures: ExpectationFailure[] = [];
  const fail = (path: string, expected: string, actual: string) => failures.push({ path: `${EXPECT_DELIVERY_KEY}.${path}`, expected, actual });
  if (wanted !== undefined && made.length !== wanted) fail('count', `${wanted} notification${wanted === 1 ? '' : 's'} about order ${quote(orderId)} within ${within} ms`, String(made.length));
  if (made.length === 0) {
    if (wanted === undefined) fail('count', `a notification about order ${quote(orderId)} within ${within} ms`, "none: the simulator sends one only where a URL is set (order.notificationUrl, the merchant's webhook URL, or trigger --to)");
    return failures;
  }
  for (const n of made) {
    const last = n.attempts.at(-1);
    const of = ` (notification ${n.id}: ${n.summary})`;
    if (!isSettled(n)) fail('state', `settled within ${within} ms`, `${n.state}${of}`);
    if (expect.state !== undefined && n.state !== expect.state) fail('state', expect.state, `${n.state}${n.note ? `: ${n.note}` : ''}${of}`);
    if (expect.status !== undefined && last?.status !== expect.status) fail('status', String(expect.status), `${last ? `${last.status}${last.error ? ` (${last.error})` : ''}` : 'no attempt'}${of}`);
    if (expect.attempts !== undefined && n.attempts.length !== expect.attempts) fail('attempts', String(expect.attempts), `${n.attempts.length}${of}`);
  }
  return failures;
}
