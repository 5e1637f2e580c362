import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isAllowedTarget, isLoopbackTarget, postJson } from '../outbound';
import type { RequestLog } from '../requestLog';
import { redactBody, redactHeaders, redactUrlText } from '../redact';
import { describeFaults, parseDeliveryFaults, takeFaults, type DeliveryFault } from './deliveryFaults';
import { DeliveryLog } from './deliveryLog';
import { EndpointSlots, DEFAULT_SLOTS_PER_ENDPOINT } from './endpointSlots';
import { summarizeNotification } from './summary';
import type { DeliveryAttempt, NotificationRecord, WebhookSettings } from './wire';

/**
 * Webhooks and financing callbacks delivered as the real services do: each notification has one id
 * (`X-Notification-Id`) kept on every attempt, and an attempt counter (`X-Notification-Attempt`,
 * from 1), next to `X-Notification-Secret`. An endpoint that does not answer 2xx completely within
 * the deadline of an attempt gets the notification again after the next delay of the schedule, until
 * the schedule ends. Every attempt is recorded (DeliveryLog) with the endpoint's answer. Deliveries
 * run beside the API, never on its request path: a bounded number per endpoint (EndpointSlots).
 * Delivery faults (deliveryFaults.ts), per merchant or per trigger, make it misbehave as the real
 * gateway may. The schedule is the simulator's, short so a developer sees the retry, and configurable.
 */

/** Delays before attempts 2, 3, 4 and 5: at most five attempts over about 15 seconds. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];
/** How long closing waits for attempts in flight before it stops them: a CLI run ends promptly. */
export const CLOSE_GRACE_MS = 1000;
/** How long an out-of-order notification waits for a later one on its order before it goes anyway. */
export const HOLD_MS = 2000;
/** A trigger nobody closed (its CLI was killed) stops claiming its merchant's notifications after this. */
const TRIGGER_LIFETIME_MS = 10 * 60_000;
export const DEFAULT_DELIVERY_LOG_CAPACITY = 1000;
/** Attempts kept per notification (the first and the newest), and how many of the newest keep their answer text: the log stays a few MB at most. */
const MAX_ATTEMPTS_KEPT = 20;
const ANSWERS_KEPT = 5;
const SECRET_HEADER = 'X-Notification-Secret';

export interface OutgoingNotification {
  kind: 'webhook' | 'callback';
  /** The URL the request named (order.notificationUrl, callback_url); else the merchant's webhook URL. */
  url?: string;
  body: string;
  headers?: Record<string, string>;
  merchantId?: string;
  orderId?: string;
}

export interface DeliveryOptions {
  retryDelaysMs?: readonly number[];
  capacity?: number;
  slotsPerEndpoint?: number;
  /** Hosts besides loopback that a URL from a request (order.notificationUrl, callback_url) may reach. */
  webhookHosts?: readonly string[];
  /** Webhook URLs configured per merchant, as in the gateway's merchant administration. */
  webhookUrls?: Readonly<Record<string, string>>;
}

interface Merchant {
  url?: string;
  faults: DeliveryFault[];
}

interface Trigger {
  id: string;
  merchantId: string;
  scenario: string;
  to?: string;
  faults: DeliveryFault[];
  expiry: NodeJS.Timeout;
}

/** What is sent, beside its public record (headers masked, body redacted). */
interface Pending {
  record: NotificationRecord;
  /** Where it goes, as given (the record shows it redacted). */
  target: string;
  headers: Record<string, string>;
  body: string;
  /** Attempts left on the schedule are made (false for a single resend). */
  retries: boolean;
  duplicate: boolean;
}

interface Hold {
  items: Pending[];
  timer: NodeJS.Timeout;
}

export class DeliveryRefused extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export class NotificationDelivery {
  readonly log: DeliveryLog;
  private readonly retryDelaysMs: readonly number[];
  private readonly slots: EndpointSlots;
  private readonly webhookHosts: ReadonlySet<string>;
  private readonly merchants = new Map<string, Merchant>();
  private readonly triggers = new Map<string, Trigger>();
  private readonly holds = new Map<string, Hold>();
  private readonly pending = new Map<string, Pending>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();
  private readonly agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  private closed = false;

  constructor(
    private readonly requestLog: RequestLog,
    options: DeliveryOptions = {},
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.log = new DeliveryLog(options.capacity ?? DEFAULT_DELIVERY_LOG_CAPACITY);
    this.slots = new EndpointSlots(options.slotsPerEndpoint ?? DEFAULT_SLOTS_PER_ENDPOINT);
    this.webhookHosts = new Set((options.webhookHosts ?? []).map((h) => h.toLowerCase()));
    for (const [merchantId, url] of Object.entries(options.webhookUrls ?? {})) this.merchants.set(merchantId, { url, faults: [] });
  }

  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** A notification an operation made: recorded, then delivered (or held, delayed, dropped) beside the API. */
  send(n: OutgoingNotification): void {
    if (this.closed) return;
    const merchant = n.merchantId !== undefined ? this.merchants.get(n.merchantId) : undefined;
    const trigger = n.kind === 'webhook' && n.merchantId !== undefined ? this.activeTrigger(n.merchantId) : undefined;
    const target = trigger?.to ?? n.url ?? (n.kind === 'webhook' ? merchant?.url : undefined);
    // The gateway sends nothing when neither the order nor the merchant names a URL.
    if (target === undefined) return;
    const explicit = target !== n.url;
    const faults = n.kind === 'webhook' ? takeFaults(trigger && trigger.faults.length > 0 ? trigger.faults : (merchant?.faults ?? [])) : [];
    const headers = { ...(n.headers ?? {}), 'X-Notification-Id': randomUUID() };
    const record = this.newRecord(n, target, headers, faults.map((f) => f.text.replace(/@\d+$/, '')), trigger?.id);
    const item: Pending = { record, target, headers, body: n.body, retries: true, duplicate: faults.some((f) => f.kind === 'duplicate') };
    this.keep(item);
    const refusal = this.refusalOf(target, explicit);
    if (refusal) return this.settle(item, 'refused', refusal);
    if (faults.some((f) => f.kind === 'drop')) return this.settle(item, 'dropped', 'dropped by the delivery fault "drop": never delivered; only Retrieve Order tells the merchant (resend it, or reconcile)');
    const delay = faults.find((f) => f.kind === 'delay');
    const holdKey = record.orderId !== undefined ? `${record.merchantId ?? ''}/${record.orderId}` : undefined;
    const earlier = holdKey !== undefined ? this.takeHold(holdKey) : undefined;
    if (earlier) {
      // The later state goes first; the held ones follow once it has been answered.
      this.dispatch(item, delay?.seconds, () => this.releaseAll(earlier));
      return;
    }
    if (holdKey !== undefined && faults.some((f) => f.kind === 'out-of-order')) return this.hold(holdKey, item);
    this.dispatch(item, delay?.seconds);
  }

  webhookSettings(merchantId: string): WebhookSettings {
    const m = this.merchants.get(merchantId);
    return { ...(m?.url ? { url: m.url } : {}), faults: describeFaults(m?.faults ?? []) };
  }

  /** The merchant's webhook URL (null removes it) and delivery faults ([] removes them); what is not given stays. */
  setWebhook(merchantId: string, given: { url?: string | null; faults?: readonly string[] }): WebhookSettings {
    const m = this.merchants.get(merchantId) ?? { faults: [] };
    if (given.url !== undefined) {
      if (given.url === null) delete m.url;
      else m.url = explicitTarget(given.url, 'url');
    }
    if (given.faults !== undefined) m.faults = parseFaultsOrRefuse(given.faults);
    this.merchants.set(merchantId, m);
    return this.webhookSettings(merchantId);
  }

  /** From now until closed, the merchant's webhooks belong to this trigger: sent to `to`, with its faults. Replaces a trigger left open. */
  openTrigger(given: { merchantId: string; scenario: string; to?: string; faults?: readonly string[] }): { id: string } {
    const to = given.to !== undefined ? explicitTarget(given.to, 'to') : undefined;
    const faults = parseFaultsOrRefuse(given.faults ?? []);
    const old = this.activeTrigger(given.merchantId);
    if (old) this.closeTrigger(old.id);
    const id = `trg-${randomUUID().slice(0, 8)}`;
    const expiry = setTimeout(() => this.closeTrigger(id), TRIGGER_LIFETIME_MS);
    expiry.unref();
    this.triggers.set(id, { id, merchantId: given.merchantId, scenario: given.scenario.slice(0, 200), ...(to ? { to } : {}), faults, expiry });
    return { id };
  }

  /** Ends the trigger; notifications it held back go now, the later states first. */
  closeTrigger(id: string): boolean {
    const t = this.triggers.get(id);
    if (!t) return false;
    clearTimeout(t.expiry);
    this.triggers.delete(id);
    for (const [key, hold] of this.holds) {
      if (hold.items.every((p) => p.record.trigger === id)) {
        this.holds.delete(key);
        clearTimeout(hold.timer);
        this.releaseAll(hold.items.reverse());
      }
    }
    return true;
  }

  /** Sends a recorded notification again: the same id and the next attempt number, or as a new notification (new id, attempt 1). */
  resend(id: string, how: { asNew?: boolean; to?: string } = {}): NotificationRecord {
    const original = this.pending.get(id);
    if (!original) throw new DeliveryRefused(this.log.get(id) ? `notification ${id} is no longer kept for resending` : `no notification ${id} (it may have left the log: it keeps the newest ${this.log.capacity})`, 404);
    const url = how.to !== undefined ? explicitTarget(how.to, 'to') : original.target;
    if (original.record.state === 'delivering' || original.record.state === 'scheduled' || original.record.state === 'retrying' || original.record.state === 'held') {
      if (!how.asNew) throw new DeliveryRefused(`notification ${id} is ${original.record.state}: wait until it settles, or resend it as new`, 409);
    }
    if (how.asNew) {
      const headers = { ...original.headers, 'X-Notification-Id': randomUUID() };
      const record: NotificationRecord = { ...this.copyFields(original.record), id: headers['X-Notification-Id'], url: redactUrlText(url), headers: maskHeaders(headers), resentFrom: id, attempts: [], faults: [], state: 'scheduled' };
      const item: Pending = { record, target: url, headers, body: original.body, retries: true, duplicate: false };
      this.keep(item);
      this.dispatch(item);
      return record;
    }
    const again: Pending = { ...original, retries: false, duplicate: false };
    this.pending.set(id, again);
    this.attempt(again, nextAttemptNumber(original.record), 'resend', url);
    return original.record;
  }

  /** Retries, holds and delays not yet due are dropped; attempts in flight get CLOSE_GRACE_MS, then are stopped. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const hold of this.holds.values()) clearTimeout(hold.timer);
    this.holds.clear();
    for (const t of this.triggers.values()) clearTimeout(t.expiry);
    this.triggers.clear();
    const grace = setTimeout(() => this.stopping.abort(), CLOSE_GRACE_MS);
    await Promise.allSettled([...this.inFlight]);
    clearTimeout(grace);
    this.stopping.abort();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** Listed, and kept for resending while it is listed. */
  private keep(item: Pending): void {
    this.log.add(item.record);
    this.pending.set(item.record.id, item);
    if (this.pending.size > this.log.capacity + 100) for (const id of this.pending.keys()) if (!this.log.get(id)) this.pending.delete(id);
  }

  private activeTrigger(merchantId: string): Trigger | undefined {
    for (const t of this.triggers.values()) if (t.merchantId === merchantId) return t;
    return undefined;
  }

  private newRecord(n: OutgoingNotification, url: string, headers: Record<string, string>, faults: string[], trigger: string | undefined): NotificationRecord {
    const about = summarizeNotification(n.kind, n.body);
    const orderId = n.orderId ?? about.orderId;
    return {
      id: headers['X-Notification-Id'] ?? '',
      seq: this.log.nextSeq(),
      changed: 0,
      kind: n.kind,
      ...(n.merchantId !== undefined ? { merchantId: n.merchantId } : {}),
      ...(orderId !== undefined ? { orderId } : {}),
      ...(about.transactionId !== undefined ? { transactionId: about.transactionId } : {}),
      summary: about.summary,
      ...(about.facts ? { facts: about.facts } : {}),
      createdAt: new Date().toISOString(),
      url: redactUrlText(url),
      ...(trigger !== undefined ? { trigger } : {}),
      faults,
      state: 'scheduled',
      headers: maskHeaders(headers),
      body: redactBody(n.body) ?? '',
      attempts: [],
    };
  }

  private copyFields(r: NotificationRecord): NotificationRecord {
    const { note: _note, nextAttemptAt: _next, trigger: _trigger, ...rest } = r;
    return { ...rest, seq: this.log.nextSeq(), changed: 0, createdAt: new Date().toISOString() };
  }

  /** Why a target is not delivered to, or undefined. A URL from a request reaches loopback (or a host allowed by name) only. */
  private refusalOf(url: string, explicit: boolean): string | undefined {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return 'not delivered: the URL does not parse';
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return `not delivered: only http and https URLs are delivered to, got ${u.protocol}`;
    if (explicit || isLoopbackTarget(url) || this.webhookHosts.has(u.hostname.toLowerCase())) return undefined;
    if (!isAllowedTarget(url)) return 'not delivered: http is only delivered to on loopback';
    return `not delivered: ${u.hostname} is not loopback; the simulator reaches another host only when told to (simulator --webhook-host ${u.hostname}, the merchant's webhook URL, or trigger --to)`;
  }

  private hold(key: string, item: Pending): void {
    this.setState(item, 'held', `held back: the next notification on order ${item.record.orderId ?? ''} goes first (delivery fault "out-of-order")`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const hold = this.takeHold(key);
      if (hold) this.releaseAll(hold.reverse(), `no later notification on the order within ${HOLD_MS} ms: delivered late`);
    }, HOLD_MS);
    timer.unref();
    this.timers.add(timer);
    const existing = this.holds.get(key);
    if (existing) {
      clearTimeout(existing.timer);
      this.timers.delete(existing.timer);
      existing.items.push(item);
      existing.timer = timer;
    } else this.holds.set(key, { items: [item], timer });
  }

  private takeHold(key: string): Pending[] | undefined {
    const hold = this.holds.get(key);
    if (!hold) return undefined;
    this.holds.delete(key);
    clearTimeout(hold.timer);
    this.timers.delete(hold.timer);
    return hold.items;
  }

  private releaseAll(items: readonly Pending[], note?: string): void {
    for (const item of items) {
      if (note !== undefined) item.record.note = note;
      else delete item.record.note;
      this.dispatch(item);
    }
  }

  private dispatch(item: Pending, delaySeconds?: number, afterFirstAnswer?: () => void): void {
    if (delaySeconds === undefined) {
      this.attempt(item, 1, undefined, item.target, afterFirstAnswer);
      return;
    }
    this.setState(item, 'scheduled', `delayed ${delaySeconds} s (delivery fault "delay=${delaySeconds}")`, new Date(Date.now() + delaySeconds * 1000));
    this.later(delaySeconds * 1000, () => this.attempt(item, 1, undefined, item.target, afterFirstAnswer));
  }

  private attempt(item: Pending, n: number, cause: DeliveryAttempt['cause'], url: string, afterAnswer?: () => void): void {
    if (this.closed) return;
    this.setState(item, 'delivering');
    const queued = this.slots.run(url, async () => {
      const p = this.post(item, n, cause, url);
      this.inFlight.add(p);
      try {
        await p;
      } finally {
        this.inFlight.delete(p);
        afterAnswer?.();
      }
    });
    if (!queued) {
      this.setState(item, 'failed', `not delivered: too many notifications are waiting for ${url} (the endpoint is slower than they are made)`);
      afterAnswer?.();
    }
  }

  private async post(item: Pending, n: number, cause: DeliveryAttempt['cause'], url: string): Promise<void> {
    const time = new Date().toISOString();
    const result = await postJson(this.requestLog, item.record.kind, url, item.body, { ...item.headers, 'X-Notification-Attempt': String(n) }, { stop: this.stopping.signal, agents: this.agents, loggedBody: item.record.body });
    const attempt: DeliveryAttempt = {
      n, time, url: redactUrlText(url), status: result.status, latencyMs: result.latencyMs,
      ...(result.answer !== undefined ? { answer: result.answer } : {}),
      ...(result.answerBytes !== undefined ? { answerBytes: result.answerBytes } : {}),
      ...(result.error !== undefined ? { error: result.error } : {}),
      ...(cause ? { cause } : {}),
    };
    const attempts = item.record.attempts;
    attempts.push(attempt);
    if (attempts.length > MAX_ATTEMPTS_KEPT) attempts.splice(1, attempts.length - MAX_ATTEMPTS_KEPT);
    const older = attempts[attempts.length - 1 - ANSWERS_KEPT];
    if (older && older !== attempts[0]) delete older.answer;
    const taken = result.status >= 200 && result.status < 300 && result.error === undefined;
    if (taken) {
      this.setState(item, 'delivered');
      if (item.duplicate) {
        item.duplicate = false;
        this.attempt(item, n + 1, 'duplicate', url);
      }
      return;
    }
    const delay = item.retries && cause === undefined ? this.retryDelaysMs[n - 1] : undefined;
    if (delay === undefined) {
      // A notification once taken stays delivered: a later failing resend or duplicate shows as its attempt.
      const everTaken = attempts.some((a) => a.status >= 200 && a.status < 300 && a.error === undefined);
      this.setState(item, everTaken ? 'delivered' : 'failed', everTaken || cause !== undefined ? undefined : `not taken after ${n} attempt${n === 1 ? '' : 's'}: the schedule has ended`);
      return;
    }
    this.setState(item, 'retrying', undefined, new Date(Date.now() + delay));
    this.later(delay, () => this.attempt(item, n + 1, undefined, url));
  }

  private settle(item: Pending, state: 'refused' | 'dropped', note: string): void {
    this.setState(item, state, note);
  }

  private setState(item: Pending, state: NotificationRecord['state'], note?: string, next?: Date): void {
    const r = item.record;
    r.state = state;
    if (note !== undefined) r.note = note;
    else if (state !== 'delivering') delete r.note;
    if (next) r.nextAttemptAt = next.toISOString();
    else delete r.nextAttemptAt;
    this.log.changed(r);
  }

  private later(delayMs: number, run: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}

function maskHeaders(headers: Record<string, string>): Record<string, string> {
  const masked = redactHeaders(headers);
  // Whatever the shared policy does with the name, the secret is never shown.
  if (headers[SECRET_HEADER] !== undefined) masked[SECRET_HEADER.toLowerCase()] = '••••';
  return masked;
}

const nextAttemptNumber = (r: NotificationRecord): number => r.attempts.reduce((max, a) => Math.max(max, a.n), 0) + 1;

/** A URL someone gave on purpose (the merchant's webhook, --to, a resend): any http(s) host. */
function explicitTarget(url: string, name: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DeliveryRefused(`${name}: not a URL: ${JSON.stringify(url.slice(0, 200))}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new DeliveryRefused(`${name}: must be an http:// or https:// URL, got ${JSON.stringify(url.slice(0, 200))}`);
  if (u.username || u.password) throw new DeliveryRefused(`${name}: must not carry a user name or password`);
  return u.toString();
}

function parseFaultsOrRefuse(given: readonly string[]): DeliveryFault[] {
  try {
    return parseDeliveryFaults(given);
  } catch (err) {
    throw new DeliveryRefused(err instanceof Error ? err.message : String(err));
  }
}
