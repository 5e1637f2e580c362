/**
 * `expect.notification`: the step passes only when the local inbox receives, within `within` ms
 * (default 5000, at most 60000), the notification about this step — a gateway webhook for its order
 * (and its transaction, for an operation that creates one) or a financing callback for its
 * `external_id` — whose body meets the other keys, dotted paths judged like any expectation.
 *   "expect": { "notification": { "within": 5000, "transaction.type": "REFUND" } }
 */
import type { NotificationEvent, NotificationSource } from '../notifications/notificationEvent';
import { checkExpectations, isMatcher, type ExpectationFailure } from './expectations';
import type { Flow } from './flow';
import { parseDottedPath } from './paths';
import { referencesOf } from './references';

export const NOTIFICATION_KEY = 'notification';
const DEFAULT_WITHIN_MS = 5000;
const MAX_WITHIN_MS = 60_000;

/** What a flow needs of the local inbox: its address, and waiting for a notification. */
export interface FlowInbox {
  urlFor(source: NotificationSource): string;
  waitFor(matches: (e: NotificationEvent) => boolean, timeoutMs: number): Promise<NotificationEvent | undefined>;
  events(): NotificationEvent[];
}

/** Which notification a step waits for. */
export interface NotificationTarget {
  source: NotificationSource;
  orderId: string;
  transactionId?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Problems of an `expect.notification` value: [field below it ('' for itself), message]. */
export function notificationExpectationProblems(value: unknown): [string, string][] {
  if (!isObject(value)) return [['', `must be an object: { "within": ms, "PATH": expected… }, got ${JSON.stringify(value)?.slice(0, 60)}`]];
  const problems: [string, string][] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key === 'within') {
      if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > MAX_WITHIN_MS) problems.push(['.within', `must be whole milliseconds from 1 to ${MAX_WITHIN_MS}, got ${JSON.stringify(v)}`]);
    } else if (key === 'status') {
      problems.push(['.status', 'a notification has no HTTP status: use "body.status" for a status field of its body']);
    } else if (!parseDottedPath(key.startsWith('body.') ? key.slice(5) : key)) {
      problems.push([`.${key}`, 'is not a dotted path into the notification body (like "transaction.type" or "order.status")']);
    } else if (isObject(v) && !isMatcher(v)) {
      problems.push([`.${key}`, `an object is a matcher: { "present": true|false } or { "oneOf": [values] }, got ${JSON.stringify(v).slice(0, 60)}`]);
    }
  }
  return problems;
}

/** True when a flow reads the inbox's address or waits for a notification: the run must have an inbox. */
export function needsInbox(flow: Flow): boolean {
  return flow.steps.some((s) => (isObject(s.expect) && NOTIFICATION_KEY in s.expect)
    || referencesOf([s.params, s.body]).found.some((r) => r.kind === 'inbox'));
}

function describeTarget(t: NotificationTarget): string {
  return t.source === 'gateway'
    ? `a gateway webhook for order ${t.orderId}${t.transactionId ? `, transaction ${t.transactionId}` : ''}`
    : `a financing callback for order_id ${t.orderId}`;
}

/** Waits for the step's notification; the failures say what was expected and what came instead. */
export async function awaitNotification(inbox: FlowInbox, spec: Record<string, unknown>, target: NotificationTarget): Promise<ExpectationFailure[]> {
  const { within, ...expect } = spec;
  const timeoutMs = typeof within === 'number' ? within : DEFAULT_WITHIN_MS;
  const about = (e: NotificationEvent): boolean => e.source === target.source && e.orderId === target.orderId && (target.transactionId === undefined || e.transactionId === target.transactionId);
  const judge = (e: NotificationEvent): ExpectationFailure[] => checkExpectations(expect, { status: undefined, body: e.body, bodyText: JSON.stringify(e.body) });
  const found = await inbox.waitFor((e) => about(e) && judge(e).length === 0, timeoutMs);
  if (found) return [];
  const wanted = `${describeTarget(target)}${Object.keys(expect).length ? ` with ${Object.entries(expect).map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ')}` : ''} within ${timeoutMs} ms`;
  const seen = inbox.events().filter(about);
  const last = seen[0];
  if (!last) return [{ path: NOTIFICATION_KEY, expected: wanted, actual: 'no notification about it' }];
  const misses = judge(last).map((f) => `${f.path} ${f.actual}`).join(', ');
  return [{ path: NOTIFICATION_KEY, expected: wanted, actual: `${seen.length} notification${seen.length === 1 ? '' : 's'} about it, none matching (the newest has ${misses})` }];
}
