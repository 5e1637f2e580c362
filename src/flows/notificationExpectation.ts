/**
 * `expect.notification`: the step passes only when the local inbox receives, within `within` ms
 * (default 5000, at most 60000), the notification about this step — a gateway webhook for its order
 * (and its transaction, for an operation that creates one) or a financing callback for its
 * `external_id` — whose body meets the other keys, dotted paths judged like any expectation.
 *   "expect": { "notification": { "within": 5000, "transaction.type": "REFUND" } }
 */
import type { NotificationEvent, NotificationSource } from '../notifications/notificationEvent';
import { excerpt, listed, quote, quoteValue, quoteValueAt } from '../format/quote';
import type { SecretValues } from '../redaction';
import { checkExpectations, isMatcher, redactFailure, type ExpectationFailure } from './expectations';
import type { Flow } from './flowTypes';
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

/** Problems of an `expect.notification` value: the key below it at fault (none for itself), and what is wrong. */
export function notificationExpectationProblems(value: unknown): { key?: string; message: string }[] {
  if (!isObject(value)) return [{ message: `must be an object: { "within": ms, "PATH": expected… }, got ${quoteValue(value)}` }];
  const problems: { key: string; message: string }[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key === 'within') {
      if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > MAX_WITHIN_MS) problems.push({ key, message: `must be whole milliseconds from 1 to ${MAX_WITHIN_MS}, got ${quoteValue(v)}` });
    } else if (key === 'status') {
      problems.push({ key, message: 'a notification has no HTTP status: use "body.status" for a status field of its body' });
    } else if (!parseDottedPath(key.startsWith('body.') ? key.slice(5) : key)) {
      problems.push({ key, message: 'is not a dotted path into the notification body (like "transaction.type" or "order.status")' });
    } else if (isObject(v) && !isMatcher(v)) {
      problems.push({ key, message: `an object is a matcher: { "present": true|false } or { "oneOf": [values] }, got ${quoteValueAt(key, v)}` });
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
    ? `a gateway webhook for order ${quote(t.orderId)}${t.transactionId ? `, transaction ${quote(t.transactionId)}` : ''}`
    : `a financing callback for order_id ${quote(t.orderId)}`;
}

/** How many notifications: "1 notification", "3 notifications". */
const count = (n: number): string => `${n} notification${n === 1 ? '' : 's'}`;

/** An event's body as expectations read it; none for a refused post (its secret was wrong: its body was never read). */
function judgedBody(e: NotificationEvent): { body: unknown; bodyText: string } | undefined {
  if (e.verified === false || e.body === undefined) return undefined;
  return { body: e.body, bodyText: JSON.stringify(e.body) ?? '' };
}

/** What the newest taken notification about the step says instead, or why it cannot be judged. */
function describeMiss(e: NotificationEvent, expect: Readonly<Record<string, unknown>>, known: SecretValues | undefined): string {
  const judged = judgedBody(e);
  if (!judged) return 'has no body';
  // A body the inbox's budget dropped is a note in its place; a post may be text or a list: told as it is.
  if (!isObject(judged.body)) return `has a body that is not a JSON object: ${quoteValueAt('', judged.body)}`;
  const misses = checkExpectations(expect, { status: undefined, ...judged }, known).map((f) => {
    const shown = redactFailure(f, known);
    return `${shown.path} ${shown.actual}`;
  });
  return `has ${listed(misses)}`;
}

/**
 * Waits for the step's notification; the failures say what was expected and what came instead. Every
 * kind of event the inbox keeps is judged without throwing: taken ones by their body, refused posts
 * (wrong or missing secret: no body) and events whose body was dropped are told as such.
 */
export async function awaitNotification(inbox: FlowInbox, spec: Record<string, unknown>, target: NotificationTarget, known?: SecretValues): Promise<ExpectationFailure[]> {
  const { within, ...expect } = spec;
  const timeoutMs = typeof within === 'number' ? within : DEFAULT_WITHIN_MS;
  const about = (e: NotificationEvent): boolean => e.source === target.source && e.orderId === target.orderId && (target.transactionId === undefined || e.transactionId === target.transactionId);
  const meets = (e: NotificationEvent): boolean => {
    const judged = judgedBody(e);
    return judged !== undefined && checkExpectations(expect, { status: undefined, ...judged }).length === 0;
  };
  const found = await inbox.waitFor((e) => about(e) && meets(e), timeoutMs);
  if (found) return [];
  const conditions = Object.entries(expect).map(([k, v]) => `${excerpt(k)} ${quoteValueAt(k, v)}`);
  const wanted = `${describeTarget(target)}${conditions.length ? ` with ${listed(conditions)}` : ''} within ${timeoutMs} ms`;
  const seen = inbox.events().filter(about);
  const taken = seen.filter((e) => e.verified !== false);
  const refused = seen.length - taken.length;
  const told: string[] = [];
  const newest = taken[0];
  if (newest) told.push(`${count(taken.length)} about it, none matching (the newest ${describeMiss(newest, expect, known)})`);
  if (refused > 0) told.push(`${count(refused)} about it refused by the inbox: the X-Notification-Secret was missing or wrong, so the inbox answered 401 and did not read ${refused === 1 ? 'its body' : 'their bodies'}; give the inbox the merchant's notification secret`);
  return [{ path: NOTIFICATION_KEY, expected: wanted, actual: told.length ? told.join('; ') : 'no notification about it' }];
}
