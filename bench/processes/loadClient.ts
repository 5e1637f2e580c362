/**
 * A load client in a process of its own (bench/processes/run.ts starts it): sends requests over
 * `connections` keep-alive connections, that many in flight, and prints one JSON line with the rate.
 * `{order}` in the path becomes a new order id per request. With `untilStdinEnds` it keeps sending
 * until its standard input closes (a background load), then prints the same line.
 */
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';

export interface LoadPlan {
  baseUrl: string;
  /** Path with `{order}` where each request's new order id goes. */
  path: string;
  method: 'PUT' | 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
  /** Requests to send (ignored with untilStdinEnds). */
  count: number;
  connections: number;
  orderPrefix: string;
  untilStdinEnds?: boolean;
  /** Record each request's time from send to the last byte of its answer: p50 and p99 in the result. */
  latencies?: boolean;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  /** Answers that were not 2xx, and the first of them (status and the start of its body). */
  refused: number;
  firstRefusal?: string;
  p50Ms?: number;
  p99Ms?: number;
}

async function main(): Promise<void> {
  const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
  const agent = new Agent({ connections: plan.connections, keepAliveTimeout: 10_000, pipelining: 1 });
  let stop = false;
  if (plan.untilStdinEnds) {
    process.stdin.on('end', () => (stop = true)).on('close', () => (stop = true)).resume();
  }
  let next = 0;
  let refused = 0;
  let firstRefusal: string | undefined;
  const more = () => !stop && (plan.untilStdinEnds === true || next < plan.count);
  const took: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: plan.connections }, async () => {
      while (more()) {
        const url = plan.baseUrl + plan.path.replace('{order}', `${plan.orderPrefix}${next++}`);
        const sent = performance.now();
        const res = await request(url, { dispatcher: agent, method: plan.method, headers: plan.headers, ...(plan.body !== undefined ? { body: plan.body } : {}) });
        const text = await res.body.text();
        if (plan.latencies) took.push(performance.now() - sent);
        if (res.statusCode < 200 || res.statusCode > 299) {
          refused++;
          firstRefusal ??= `${res.statusCode} ${text.slice(0, 300)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  took.sort((a, b) => a - b);
  const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))];
  const result: LoadResult = { requests: next, seconds, rps: next / seconds, refused, ...(firstRefusal ? { firstRefusal } : {}), ...(took.length ? { p50Ms: at(0.5), p99Ms: at(0.99) } : {}) };
  process.stdout.write(JSON.stringify(result) + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
