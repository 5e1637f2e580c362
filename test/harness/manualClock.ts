/**
 * A clock that moves only when the test says so, for code that takes a `now` option (the simulator's token
 * expiry, FinancingSession's refresh): expiry is seen at once instead of after a sleep, and a slow machine
 * cannot expire a token before its first use.
 */
export class ManualClock {
  private ms: number;

  constructor(startMs = Date.now()) {
    this.ms = startMs;
  }

  /** Milliseconds, for FinancingSession's `now`. */
  readonly now = (): number => this.ms;

  /** A Date, for the simulator's `now`. */
  readonly date = (): Date => new Date(this.ms);

  advance(ms: number): void {
    this.ms += ms;
  }
}
