import type { NotificationEvent } from './notificationEvent';

/** Lines kept of posts refused for a wrong or missing secret: their own ring, so they never push out a trusted event. */
export const DEFAULT_MAX_REFUSED = 100;
/**
 * Characters of bodies kept across all events (a webhook is a few KB): past it the oldest events keep
 * their summary and lose their body, so the inbox stays small whatever senders post.
 */
export const DEFAULT_BODY_BUDGET_CHARS = 4 * 1024 * 1024;

interface Kept {
  event: NotificationEvent;
  /** Arrival order across both rings, for one newest-first list. */
  seq: number;
  bodyChars: number;
}

/**
 * The inbox's memory: newest first, at most `capacity` taken events (verified, or unchecked when no
 * secret is set) and apart from them at most `maxRefused` lines of refused posts. One entry per
 * notification id within each: a retry or a duplicate only counts another attempt. De-duplication
 * is among taken events only, so a refused post can neither stand in for nor push out a trusted one.
 */
export class EventLog {
  private readonly taken = new Map<string, Kept>();
  private readonly refused = new Map<string, Kept>();
  private seq = 0;
  private bodyChars = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxRefused = DEFAULT_MAX_REFUSED,
    private readonly bodyBudgetChars = DEFAULT_BODY_BUDGET_CHARS,
  ) {}

  /** The stored event: the new one, or the earlier one with its attempts counted up. `bodyChars`: the size of the body it keeps. */
  add(event: NotificationEvent, bodyChars = 0): { event: NotificationEvent; duplicate: boolean } {
    if (event.verified === false) return this.put(this.refused, this.maxRefused, event, 0);
    const refusedBefore = this.refused.get(event.id);
    if (refusedBefore) {
      // The same notification refused earlier (the receiver's secret was fixed since): one event, every delivery counted.
      this.refused.delete(event.id);
      event = { ...event, attempts: Math.max(event.attempts, refusedBefore.event.attempts + 1) };
    }
    const added = this.put(this.taken, this.capacity, event, bodyChars);
    this.keepBodiesWithinBudget();
    return added;
  }

  newestFirst(): NotificationEvent[] {
    const refused = [...this.refused.values()].filter((k) => !this.taken.has(k.event.id));
    return [...this.taken.values(), ...refused].sort((a, b) => b.seq - a.seq).map((k) => k.event);
  }

  /** Taken events only: what a wait for a notification may rely on. */
  takenNewestFirst(): NotificationEvent[] {
    return [...this.taken.values()].reverse().map((k) => k.event);
  }

  clear(): void {
    this.taken.clear();
    this.refused.clear();
    this.bodyChars = 0;
  }

  private put(ring: Map<string, Kept>, capacity: number, event: NotificationEvent, bodyChars: number): { event: NotificationEvent; duplicate: boolean } {
    const earlier = ring.get(event.id);
    if (earlier) {
      // The gateway's X-Notification-Attempt may know of deliveries the inbox never saw: the larger count wins.
      const counted = { ...earlier.event, attempts: Math.max(earlier.event.attempts + 1, event.attempts), verified: mergeVerified(earlier.event.verified, event.verified) };
      ring.delete(event.id);
      ring.set(event.id, { ...earlier, event: counted, seq: ++this.seq });
      return { event: counted, duplicate: true };
    }
    ring.set(event.id, { event, seq: ++this.seq, bodyChars });
    this.bodyChars += bodyChars;
    for (const [id, oldest] of ring) {
      if (ring.size <= capacity) break;
      ring.delete(id);
      this.bodyChars -= oldest.bodyChars;
    }
    return { event, duplicate: false };
  }

  /** Oldest first, bodies give way to their summary until the kept bodies fit the budget; the newest always keeps its body. */
  private keepBodiesWithinBudget(): void {
    let left = this.taken.size;
    for (const [id, kept] of this.taken) {
      if (this.bodyChars <= this.bodyBudgetChars || --left === 0) return;
      if (kept.bodyChars === 0) continue;
      this.bodyChars -= kept.bodyChars;
      const note = `<body of ${kept.bodyChars} characters no longer kept: the inbox keeps ${this.bodyBudgetChars} characters of the newest bodies>`;
      this.taken.set(id, { ...kept, bodyChars: 0, event: { ...kept.event, body: note } });
    }
  }
}

/** A notification is trusted once a delivery of it carried the right secret. */
function mergeVerified(a: boolean | null, b: boolean | null): boolean | null {
  return a === true || b === true ? true : a;
}
