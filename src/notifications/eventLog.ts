import type { NotificationEvent } from './notificationEvent';

/**
 * The inbox's memory: newest first, at most `capacity` events (the oldest dropped), one event per
 * notification id — a retry or a duplicate only counts another attempt.
 */
export class EventLog {
  private readonly byId = new Map<string, NotificationEvent>();

  constructor(private readonly capacity: number) {}

  /** The stored event: the new one, or the earlier one with its attempts counted up. */
  add(event: NotificationEvent): { event: NotificationEvent; duplicate: boolean } {
    const earlier = this.byId.get(event.id);
    if (earlier) {
      const counted = { ...earlier, attempts: earlier.attempts + 1, verified: mergeVerified(earlier.verified, event.verified) };
      this.byId.delete(event.id);
      this.byId.set(event.id, counted);
      return { event: counted, duplicate: true };
    }
    this.byId.set(event.id, event);
    while (this.byId.size > this.capacity) this.byId.delete(this.byId.keys().next().value as string);
    return { event, duplicate: false };
  }

  newestFirst(): NotificationEvent[] {
    return [...this.byId.values()].reverse();
  }

  clear(): void {
    this.byId.clear();
  }
}

/** A notification is trusted once any delivery of it carried the right secret. */
function mergeVerified(a: boolean | null, b: boolean | null): boolean | null {
  if (a === true || b === true) return true;
  return a ?? b;
}
