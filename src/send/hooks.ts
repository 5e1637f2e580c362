/**
 * The hook points of a send's lifecycle, modelled on httpYac's engine (src/models/hooks.ts in
 * AnWeber/httpyac): each point is a named object (`beforeTransmit`, `onExchange`, as httpYac's
 * `onRequest`/`onResponse`) to which a door or a record adds a hook under an id, run in the order
 * they were added. A series hook awaits each listener in turn (a send is "done" for its caller only
 * once History holds the exchange); a waterfall hook passes each one's result to the next (httpYac's
 * WaterfallHook), synchronously here: it runs between the last question and the request.
 */
export interface HookRegistration {
  dispose(): void;
}

interface Named<F> {
  id: string;
  fn: F;
}

function register<F>(list: Named<F>[], id: string, fn: F): HookRegistration {
  const entry = { id, fn };
  list.push(entry);
  return {
    dispose: () => {
      const at = list.indexOf(entry);
      if (at >= 0) list.splice(at, 1);
    },
  };
}

/** Listeners awaited one after another; a failing one is reported and does not stop the ones after it. */
export class SeriesHook<T> {
  private readonly hooks: Named<(value: T) => void | Promise<void>>[] = [];

  constructor(private readonly onHookError: (err: unknown, id: string) => void) {}

  addHook(id: string, fn: (value: T) => void | Promise<void>): HookRegistration {
    return register(this.hooks, id, fn);
  }

  get ids(): string[] {
    return this.hooks.map((h) => h.id);
  }

  async trigger(value: T): Promise<void> {
    for (const hook of [...this.hooks]) {
      try {
        await hook.fn(value);
      } catch (err) {
        this.onHookError(err, hook.id);
      }
    }
  }
}

/** Each hook gets the value the previous one returned; an error stops the send (nothing was transmitted yet). */
export class WaterfallHook<T> {
  private readonly hooks: Named<(value: T) => T>[] = [];

  addHook(id: string, fn: (value: T) => T): HookRegistration {
    return register(this.hooks, id, fn);
  }

  get ids(): string[] {
    return this.hooks.map((h) => h.id);
  }

  trigger(value: T): T {
    let out = value;
    for (const hook of [...this.hooks]) out = hook.fn(out);
    return out;
  }
}
