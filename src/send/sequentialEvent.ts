/**
 * An event whose listeners may be asynchronous and run one after another, in the order they
 * subscribed; `fire` resolves when the last has finished. A send is "done" for its caller only once
 * History holds the exchange, so the listeners are awaited (VS Code's EventEmitter does not await).
 * A failing listener is reported and does not stop the ones after it.
 */
export type SequentialListener<T> = (value: T) => void | Promise<void>;

export class SequentialEvent<T> {
  private readonly listeners: SequentialListener<T>[] = [];

  constructor(private readonly onListenerError: (err: unknown) => void) {}

  /** Subscribes; the returned object's dispose() unsubscribes (fits `context.subscriptions`). */
  readonly subscribe = (listener: SequentialListener<T>): { dispose(): void } => {
    this.listeners.push(listener);
    return {
      dispose: () => {
        const at = this.listeners.indexOf(listener);
        if (at >= 0) this.listeners.splice(at, 1);
      },
    };
  };

  async fire(value: T): Promise<void> {
    for (const listener of [...this.listeners]) {
      try {
        await listener(value);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}
