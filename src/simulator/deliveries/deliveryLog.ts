import type { NotificationRecord } from './wire';

/**
 * The notifications the simulator made, newest last, bounded: the oldest leaves when a new one
 * would pass the capacity (a notification still being retried keeps going; it is only no longer
 * listed). Every change bumps one counter, so a reader asks for what changed since it last looked,
 * and may wait for the next change (a live view without polling).
 */
export interface DeliveryFilter {
  since?: number;
  orderId?: string;
  trigger?: string;
  merchantId?: string;
  limit?: number;
}

export const MAX_WAIT_MS = 30_000;
const MAX_WAITERS = 64;

export class DeliveryLog {
  private readonly records = new Map<string, NotificationRecord>();
  private changeSeq = 0;
  private created = 0;
  private readonly waiters = new Set<() => void>();

  constructor(readonly capacity: number) {}

  get seq(): number {
    return this.changeSeq;
  }

  get createdCount(): number {
    return this.created;
  }

  nextSeq(): number {
    return ++this.created;
  }

  add(record: NotificationRecord): void {
    this.records.set(record.id, record);
    while (this.records.size > this.capacity) {
      const oldest = this.records.keys().next().value;
      if (oldest === undefined) break;
      this.records.delete(oldest);
    }
    this.changed(record);
  }

  /** After any change to a record: stamps it and wakes the readers waiting for a change. */
  changed(record: NotificationRecord): void {
    record.changed = ++this.changeSeq;
    for (const wake of [...this.waiters]) wake();
  }

  get(id: string): NotificationRecord | undefined {
    return this.records.get(id);
  }

  list(filter: DeliveryFilter = {}): NotificationRecord[] {
    const found: NotificationRecord[] = [];
    for (const r of this.records.values()) {
      if (filter.since !== undefined && r.changed <= filter.since) continue;
      if (filter.orderId !== undefined && r.orderId !== filter.orderId) continue;
      if (filter.trigger !== undefined && r.trigger !== filter.trigger) continue;
      if (filter.merchantId !== undefined && r.merchantId !== filter.merchantId) continue;
      found.push(r);
    }
    if (filter.limit === undefined) return found;
    return filter.limit === 0 ? [] : found.slice(-filter.limit);
  }

  clear(): void {
    this.records.clear();
    this.changeSeq += 1;
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves at the first change after `since`, or after `ms` (at most MAX_WAIT_MS), or when `stop` aborts. */
  async waitForChange(since: number, ms: number, stop: AbortSignal): Promise<void> {
    if (this.changeSeq > since || stop.aborted || this.waiters.size >= MAX_WAITERS) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        stop.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(Math.max(ms, 0), MAX_WAIT_MS));
      stop.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }
}
