import { randomUUID } from 'node:crypto';
import { postJson } from './outbound';
import type { RequestLog } from './requestLog';

/**
 * Webhooks and financing callbacks delivered as the real services do: each notification has one id
 * (`X-Notification-Id`) kept on every attempt, and an attempt counter (`X-Notification-Attempt`,
 * from 1) — the header names the gateway vendor's own integration reads, next to
 * `X-Notification-Secret`. A receiver that does not answer 2xx (or not completely within the
 * deadline of an attempt) gets the notification again after the next delay of the schedule, until
 * the schedule ends. Closing drops retries not yet due and gives attempts in flight a short grace. The public guide says only "retried until a 2xx"; the delays are the simulator's, short so
 * a developer sees the retry, and configurable (SimulatorOptions.notificationRetryDelaysMs).
 */

/** Delays before attempts 2, 3, 4 and 5: at most five attempts over about 15 seconds. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];
/** How long closing waits for attempts in flight before it stops them: a CLI run ends promptly. */
export const CLOSE_GRACE_MS = 1000;

export class NotificationDelivery {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();
  private closed = false;

  constructor(
    private readonly log: RequestLog,
    private readonly retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  send(kind: 'webhook' | 'callback', url: string, body: string, headers: Record<string, string> = {}): void {
    this.attempt(kind, url, body, { ...headers, 'X-Notification-Id': randomUUID() }, 1);
  }

  private attempt(kind: 'webhook' | 'callback', url: string, body: string, headers: Record<string, string>, n: number): void {
    if (this.closed) return;
    const p = postJson(this.log, kind, url, body, { ...headers, 'X-Notification-Attempt': String(n) }, this.stopping.signal)
      .then((result) => {
        const delivered = result.status >= 200 && result.status < 300;
        const delay = this.retryDelaysMs[n - 1];
        // A target refused before sending (not https, not loopback) will never take it: no retry.
        if (delivered || delay === undefined || (result.status === 0 && result.error?.startsWith('target must'))) return;
        this.later(delay, () => this.attempt(kind, url, body, headers, n + 1));
      })
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
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

  /** Retries not yet due are dropped; attempts in flight get CLOSE_GRACE_MS to finish, then are stopped (and logged as such). */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const grace = setTimeout(() => this.stopping.abort(), CLOSE_GRACE_MS);
    await Promise.allSettled([...this.inFlight]);
    clearTimeout(grace);
  }
}
