/**
 * A bound on the deliveries in flight to one endpoint (scheme, host and port), so a slow or dead
 * endpoint holds a few sockets and never the simulator, and the rest wait their turn in a bounded
 * queue. Others endpoints are not held up by it.
 */
export const DEFAULT_SLOTS_PER_ENDPOINT = 8;
export const MAX_WAITING_PER_ENDPOINT = 10_000;

interface Endpoint {
  active: number;
  waiting: (() => void)[];
}

export class EndpointSlots {
  private readonly endpoints = new Map<string, Endpoint>();

  constructor(private readonly perEndpoint = DEFAULT_SLOTS_PER_ENDPOINT) {}

  /** Runs `job` when the endpoint has a free slot; false when its queue is full (the job never runs). */
  run(url: string, job: () => Promise<void>): boolean {
    const key = endpointOf(url);
    let endpoint = this.endpoints.get(key);
    if (!endpoint) {
      endpoint = { active: 0, waiting: [] };
      this.endpoints.set(key, endpoint);
    }
    const slot = endpoint;
    const start = (): void => {
      slot.active += 1;
      void job().finally(() => {
        slot.active -= 1;
        const next = slot.waiting.shift();
        if (next) next();
        else if (slot.active === 0) this.endpoints.delete(key);
      });
    };
    if (slot.active < this.perEndpoint) start();
    else if (slot.waiting.length < MAX_WAITING_PER_ENDPOINT) slot.waiting.push(start);
    else return false;
    return true;
  }
}

export function endpointOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return url;
  }
}
