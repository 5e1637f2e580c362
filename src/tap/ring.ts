import type { TapCall } from './types';

/** The last `capacity` calls: memory stays flat however long the tap runs. */
export class CallRing {
  private readonly slots: (TapCall | undefined)[];
  private next = 0;
  private size = 0;

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > 100_000) throw new RangeError(`the tap keeps 1 to 100000 calls, got ${capacity}`);
    this.slots = new Array<TapCall | undefined>(capacity);
  }

  add(call: TapCall): void {
    this.slots[this.next] = call;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
  }

  /** Oldest first. */
  list(): TapCall[] {
    const start = (this.next - this.size + this.capacity) % this.capacity;
    const out: TapCall[] = [];
    for (let i = 0; i < this.size; i++) {
      const call = this.slots[(start + i) % this.capacity];
      if (call) out.push(call);
    }
    return out;
  }
}
