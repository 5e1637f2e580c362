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

/** A body given as text, or as the function that redacts it when the entry is first read (see redactBodyLater). */
type LoggedBody = string | (() => string);

type NewRequestLogEntry = Omit<RequestLogEntry, 'id' | 'requestBody' | 'responseBody'> & { requestBody?: LoggedBody; responseBody?: LoggedBody };

/** Turns a body given as a function into a property worked out on first read, then kept as plain text. */
function settleOnRead(entry: RequestLogEntry, key: 'requestBody' | 'responseBody', body: () => string): void {
  Object.defineProperty(entry, key, {
    enumerable: true,
    configurable: true,
    get() {
      const text = body();
      Object.defineProperty(entry, key, { value: text, enumerable: true, configurable: true, writable: true });
      return text;
    },
  });
}

/**
 * A bounded ring of redacted summaries (bodies cut to a few KB of text). Bounded because the
 * simulator may run for days inside the editor; the oldest entries go first. Listeners of 'entry' see every entry as it is added.
 */
export class RequestLog extends EventEmitter {
  private readonly ring: RequestLogEntry[] = [];
  private nextId = 1;

  constructor(readonly capacity = 1000) {
    super();
  }

  add(entry: NewRequestLogEntry): RequestLogEntry {
    const { requestBody, responseBody, ...rest } = entry;
    const full: RequestLogEntry = { id: this.nextId++, ...rest };
    for (const [key, body] of [['requestBody', requestBody], ['responseBody', responseBody]] as const) {
      if (typeof body === 'string') full[key] = body;
      else if (body) settleOnRead(full, key, body);
    }
    this.ring.push(full);
    if (this.ring.length > this.capacity) this.ring.splice(0, this.ring.length - this.capacity);
    this.emit('entry', full);
    return full;
  }

  /** Oldest first; a copy, so callers cannot disturb the ring. */
  get entries(): readonly RequestLogEntry[] {
    return [...this.ring];
  }

  clear(): void {
    this.ring.length = 0;
  }

  override on(event: 'entry', listener: (entry: RequestLogEntry) => void): this {
    return super.on(event, listener);
  }

  override off(event: 'entry', listener: (entry: RequestLogEntry) => void): this {
    return super.off(event, listener);
  }
}
