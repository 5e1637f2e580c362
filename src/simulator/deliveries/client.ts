/**
 * The simulator's delivery log and settings as another program sees them (the CLI, the editor, a
 * flow's expectDelivery): plain HTTP on loopback to /_simulator, every answer bounded and parsed
 * before it is believed, every failure told as what to do.
 */
import { request } from 'node:http';
import { errorText } from '../../format/errorText';
import type * as z from 'zod/mini';
import { deliveriesPageSchema, notificationSchema, SETTLED_STATES, triggerOpenedSchema, webhookSettingsSchema, type DeliveriesPage, type DeliveryAttempt, type NotificationRecord, type WebhookSettings } from './wire';

const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

export class SimulatorControlError extends Error {}

export interface DeliveryQuery {
  since?: number;
  /** Long-poll: answer at the first change after `since`, or after this many ms (the simulator caps it at 30 s). */
  waitMs?: number;
  orderId?: string;
  trigger?: string;
  merchantId?: string;
  limit?: number;
}

export class DeliveriesClient {
  readonly base: string;

  /** `simulatorUrl`: the simulator's origin (an environment's gatewayUrl on the simulator). */
  constructor(simulatorUrl: string, private readonly signal?: AbortSignal) {
    this.base = new URL(simulatorUrl).origin;
  }

  /** GET /_simulator: what answers there, or a clear error when it is not a simulator. */
  async info(): Promise<Record<string, unknown>> {
    const answer = await this.call('GET', '/_simulator');
    if (typeof answer !== 'object' || answer === null || !('deliveries' in answer)) throw new SimulatorControlError(`${this.base} is not a Payment Workbench simulator with a delivery log (GET /_simulator answered without "deliveries")`);
    return answer as Record<string, unknown>;
  }

  async list(query: DeliveryQuery = {}): Promise<DeliveriesPage> {
    const params = new URLSearchParams();
    if (query.since !== undefined) params.set('since', String(query.since));
    if (query.waitMs !== undefined) params.set('wait', String(Math.round(query.waitMs)));
    if (query.orderId !== undefined) params.set('order', query.orderId);
    if (query.trigger !== undefined) params.set('trigger', query.trigger);
    if (query.merchantId !== undefined) params.set('merchant', query.merchantId);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const qs = params.toString();
    return this.parsed(deliveriesPageSchema, await this.call('GET', `/_simulator/deliveries${qs ? `?${qs}` : ''}`, undefined, (query.waitMs ?? 0) + DEFAULT_TIMEOUT_MS), 'a delivery log');
  }

  async get(id: string): Promise<NotificationRecord> {
    return this.parsed(notificationSchema, await this.call('GET', `/_simulator/deliveries/${encodeURIComponent(id)}`), 'a notification');
  }

  async resend(id: string, how: { asNew?: boolean; to?: string } = {}): Promise<NotificationRecord> {
    const body = { ...(how.asNew ? { new: true } : {}), ...(how.to !== undefined ? { to: how.to } : {}) };
    return this.parsed(notificationSchema, await this.call('POST', `/_simulator/deliveries/${encodeURIComponent(id)}/resend`, body), 'a notification');
  }

  async webhook(merchantId: string): Promise<WebhookSettings> {
    return this.parsed(webhookSettingsSchema, await this.call('GET', `/_simulator/merchants/${encodeURIComponent(merchantId)}/webhook`), "a merchant's webhook settings");
  }

  async setWebhook(merchantId: string, settings: { url?: string | null; faults?: readonly string[] }): Promise<WebhookSettings> {
    return this.parsed(webhookSettingsSchema, await this.call('PUT', `/_simulator/merchants/${encodeURIComponent(merchantId)}/webhook`, settings), "a merchant's webhook settings");
  }

  async openTrigger(given: { merchantId: string; scenario: string; to?: string; faults?: readonly string[] }): Promise<string> {
    return this.parsed(triggerOpenedSchema, await this.call('POST', '/_simulator/triggers', given), 'a trigger').id;
  }

  /** Empties the simulator's delivery log. */
  async clear(): Promise<void> {
    await this.call('DELETE', '/_simulator/deliveries');
  }

  async closeTrigger(id: string): Promise<void> {
    await this.call('DELETE', `/_simulator/triggers/${encodeURIComponent(id)}`).catch(() => undefined);
  }

  private parsed<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
    const result = schema.safeParse(value);
    if (!result.success) throw new SimulatorControlError(`${this.base} answered something that is not ${what} (is it an older simulator?): ${result.error.issues[0]?.path.join('.') ?? ''} ${result.error.issues[0]?.message ?? ''}`.trim());
    return result.data;
  }

  private call(method: string, path: string, body?: unknown, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<unknown> {
    const url = `${this.base}${path}`;
    const text = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<unknown>((resolve, reject) => {
      const req = request(url, { method, headers: { accept: 'application/json', ...(text !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}) }, ...(this.signal ? { signal: this.signal } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) {
            req.destroy(new SimulatorControlError(`${url}: the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => {
          let value: unknown;
          try {
            value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            reject(new SimulatorControlError(`${method} ${url} answered ${res.statusCode ?? 0} with a body that is not JSON: is a simulator listening there?`));
            return;
          }
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(value);
          else {
            // The control routes answer { error: "…" }; anything else there (the gateway's error envelope) is told in its words too.
            const error = typeof value === 'object' && value !== null && 'error' in value ? errorText(value) : `HTTP ${status}`;
            reject(new SimulatorControlError(error));
          }
        });
        res.on('error', (e) => reject(new SimulatorControlError(`${method} ${url}: ${e.message}`)));
      });
      req.setTimeout(timeoutMs, () => req.destroy(new SimulatorControlError(`${method} ${url}: no answer within ${timeoutMs} ms`)));
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (e instanceof SimulatorControlError) reject(e);
        else if (e.code === 'ECONNREFUSED') reject(new SimulatorControlError(`no simulator answers at ${this.base}: start it (payment-workbench simulator, npm run simulator, or "Payment Workbench: Start Simulator" in VS Code)`));
        else reject(new SimulatorControlError(`${method} ${url}: ${e.message}`));
      });
      req.end(text);
    });
  }
}

const SETTLED = new Set<string>(SETTLED_STATES);
export const isSettled = (n: NotificationRecord): boolean => SETTLED.has(n.state);

/**
 * Waits, by long polls, until `ready` says yes of the notifications `query` lists (by default: all
 * settled), or `timeoutMs` passes. `onChange` sees each notification that changed, as it changes.
 */
export async function watchDeliveries(client: DeliveriesClient, query: Omit<DeliveryQuery, 'since' | 'waitMs'>, timeoutMs: number, options: { ready?: (all: NotificationRecord[]) => boolean; onChange?: (changed: NotificationRecord) => void } = {}): Promise<{ notifications: NotificationRecord[]; ready: boolean }> {
  const ready = options.ready ?? ((all) => all.every(isSettled));
  const deadline = Date.now() + timeoutMs;
  const known = new Map<string, NotificationRecord>();
  let since: number | undefined;
  for (;;) {
    const left = deadline - Date.now();
    const page = await client.list({ ...query, ...(since !== undefined ? { since, waitMs: Math.max(0, Math.min(left, 5000)) } : {}) });
    for (const n of page.notifications) {
      known.set(n.id, n);
      options.onChange?.(n);
    }
    since = page.seq;
    const all = [...known.values()].sort((a, b) => a.seq - b.seq);
    if (ready(all)) return { notifications: all, ready: true };
    if (Date.now() >= deadline) return { notifications: all, ready: false };
  }
}

export interface OutcomeWatch {
  /** Attempts already told per notification id: a resend tells only those after. */
  told?: ReadonlyMap<string, number>;
  /** Default: every notification listed has settled (retries included). */
  ready?: (all: NotificationRecord[]) => boolean;
  onAttempt?(notification: NotificationRecord, attempt: DeliveryAttempt): void;
  /** A notification settled without being taken by a (new) attempt: dropped, refused, or failed. */
  onSettled?(notification: NotificationRecord): void;
}

/**
 * Waits for the final outcome of deliveries, as `trigger` and `deliveries resend` tell it: each attempt
 * once, as it is made, then the end of those never taken. Waiting until settled, not for the first
 * answer, is what lets a retried notification (500, 500, 200) end as delivered.
 */
export function watchOutcomes(client: DeliveriesClient, query: Omit<DeliveryQuery, 'since' | 'waitMs'>, timeoutMs: number, watch: OutcomeWatch): Promise<{ notifications: NotificationRecord[]; ready: boolean }> {
  const seenAttempts = new Map(watch.told ?? []);
  const toldSettled = new Set<string>();
  return watchDeliveries(client, query, timeoutMs, {
    ...(watch.ready ? { ready: watch.ready } : {}),
    onChange: (n) => {
      for (const a of n.attempts.slice(seenAttempts.get(n.id) ?? 0)) watch.onAttempt?.(n, a);
      seenAttempts.set(n.id, n.attempts.length);
      if (isSettled(n) && n.state !== 'delivered' && !toldSettled.has(n.id)) {
        toldSettled.add(n.id);
        watch.onSettled?.(n);
      }
    },
  });
}
