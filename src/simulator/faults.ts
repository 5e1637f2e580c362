/**
 * Fault injection for testing clients. Off by default. A fault is chosen per request with the header
 * `X-Simulator-Fault: latency=800` (several joined by commas), or for the next N requests with
 * POST /_simulator/faults {"fault":"status=503","count":3} (or SimulatorHandle.setFaults). Nothing
 * under /_simulator (control endpoints, the simulator's own pages) is faulted, so a test can always
 * switch faults off again and a browser flow is not broken by a plan meant for API calls.
 *
 *   latency=MS    answer normally after MS milliseconds
 *   reset         destroy the connection (TCP RST) without any response
 *   status=CODE   answer CODE (4xx/5xx) with the API's error body instead of processing
 *   malformed     process the request, then send a truncated, unparsable JSON body
 *   huge=BYTES    answer 200 with a valid JSON body of exactly BYTES bytes
 *   drip=BYTES    send the real response BYTES bytes every 100 ms
 */

export interface FaultSpec {
  latencyMs?: number;
  reset?: boolean;
  status?: number;
  malformed?: boolean;
  hugeBytes?: number;
  dripBytesPer100ms?: number;
}

/** What setFaults and POST /_simulator/faults take: a fault text and how many requests it applies to. */
export interface FaultPlan {
  /** e.g. "status=503" or "latency=200,malformed" (same syntax as the X-Simulator-Fault header). */
  fault: string;
  /** Requests it applies to; absent = every request until cleared. */
  count?: number;
}

export const FAULT_HEADER = 'x-simulator-fault';
const MAX_HUGE = 512 * 1024 * 1024;

/** Parses a fault text; throws an Error whose message says which part is wrong. */
export function parseFault(text: string): FaultSpec {
  const spec: FaultSpec = {};
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const [name, value] = part.split('=', 2).map((s) => s.trim());
    const n = value === undefined ? NaN : Number(value);
    const needsNumber = (min: number, max: number): number => {
      if (!Number.isInteger(n) || n < min || n > max) throw new Error(`fault '${part}': ${name} needs an integer from ${min} to ${max}`);
      return n;
    };
    switch (name) {
      case 'latency': spec.latencyMs = needsNumber(0, 600_000); break;
      case 'reset': spec.reset = true; break;
      case 'status': spec.status = needsNumber(400, 599); break;
      case 'malformed': spec.malformed = true; break;
      case 'huge': spec.hugeBytes = needsNumber(64, MAX_HUGE); break;
      case 'drip': spec.dripBytesPer100ms = needsNumber(1, 1_000_000); break;
      default: throw new Error(`fault '${part}' is unknown (known: latency=MS, reset, status=CODE, malformed, huge=BYTES, drip=BYTES)`);
    }
  }
  return spec;
}

/** The plan for "the next N requests"; the header, when present, wins over it. */
export class FaultSchedule {
  private plan: { text: string; spec: FaultSpec; remaining: number | undefined } | undefined;

  set(plan: FaultPlan | undefined): void {
    if (!plan) {
      this.plan = undefined;
      return;
    }
    if (plan.count !== undefined && (!Number.isInteger(plan.count) || plan.count < 1)) throw new Error('count: must be a positive integer');
    this.plan = { text: plan.fault, spec: parseFault(plan.fault), remaining: plan.count };
  }

  describe(): { fault: string; remaining: number | null } | null {
    return this.plan ? { fault: this.plan.text, remaining: this.plan.remaining ?? null } : null;
  }

  /** Takes the fault for one request, counting it down. */
  take(): { text: string; spec: FaultSpec } | undefined {
    const plan = this.plan;
    if (!plan) return undefined;
    if (plan.remaining !== undefined) {
      plan.remaining -= 1;
      if (plan.remaining <= 0) this.plan = undefined;
    }
    return { text: plan.text, spec: plan.spec };
  }
}

/** A truncated copy of a real body: starts like JSON, never parses. */
export function malformedBody(body: string): string {
  const cut = body.slice(0, Math.max(1, Math.floor(body.length / 2)));
  return `${cut.startsWith('{') ? cut : '{' + cut}\u0000<<truncated`;
}

/** Chunks of a valid JSON body of exactly `bytes` bytes, generated lazily so 500 MB costs no memory. */
export function* hugeBodyChunks(bytes: number): Generator<Buffer> {
  const head = Buffer.from('{"result":"SUCCESS","padding":"');
  const tail = Buffer.from('"}');
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let left = bytes - head.length - tail.length;
  yield head;
  while (left > 0) {
    const n = Math.min(left, chunk.length);
    yield n === chunk.length ? chunk : chunk.subarray(0, n);
    left -= n;
  }
  yield tail;
}
