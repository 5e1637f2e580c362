import { EventEmitter } from 'node:events';

/** One exchange the simulator took part in: a request it served, or a webhook/callback it sent. */
export interface RequestLogEntry {
  id: number;
  kind: 'request' | 'webhook' | 'callback';
  /** ISO time the exchange started. */
  time: string;
  method: string;
  /** Path and query for served requests; the full target URL for outgoing ones. */
  url: string;
  /** HTTP status, or 0 when there was none (connection reset, unreachable webhook target). */
  status: number;
  durationMs: number;
  requestHeaders: Record<string, string>;
  /** Redacted text, at most a few KB (see redact.ts): a summary, never the whole body. */
  requestBody?: string;
  responseHeaders: Record<string, string>;
  responseBody?: string;
  /** The fault applied, as written in the plan ("status=503"). */
  fault?: string;
  error?: string;
}

type NewRequestLogEntry = Omit<RequestLogEntry, 'id'>;

/**
 * A bounded ring of redacted summaries (bodies cut to a few KB of text). Bounded because the
 * simulator may run for days inside the editor; the oldest entries go first. Listeners of 'entry' see every entry as it is added.
 */
export class RequestLog extends EventEmitter {
  /** A circular buffer: once full, the next entry overwrites the oldest at `start` (no shifting of 1,000 entries per request). */
  private ring: RequestLogEntry[] = [];
  private start = 0;
  private nextId = 1;

  constructor(readonly capacity = 1000) {
    super();
  }

  add(entry: NewRequestLogEntry): RequestLogEntry {
    const full: RequestLogEntry = { id: this.nextId++, ...entry };
    if (this.ring.length < this.capacity) this.ring.push(full);
    else if (this.capacity > 0) {
      this.ring[this.start] = full;
      this.start = (this.start + 1) % this.capacity;
    }
    if (this.listenerCount('entry') > 0) this.emit('entry', full);
    return full;
  }

  /** Oldest first; a copy, so callers cannot disturb the ring. */
  get entries(): readonly RequestLogEntry[] {
    return [...this.ring.slice(this.start), ...this.ring.slice(0, this.start)];
  }

  clear(): void {
    this.ring = [];
    this.start = 0;
  }

  override on(event: 'entry', listener: (entry: RequestLogEntry) => void): this {
    return super.on(event, listener);
  }

  override off(event: 'entry', listener: (entry: RequestLogEntry) => void): this {
    return super.off(event, listener);
  }
}
