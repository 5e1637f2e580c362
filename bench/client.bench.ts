import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { SIMULATOR_DEFAULTS, startSimulator } from '../src/simulator';
import { HttpClient, type OutgoingRequest } from '../src/http';
import { percentiles, type Report } from './report';

const N = 300;
const WARM_UP = 30;

/**
 * What the client adds on top of undici (timers, abort wiring, size cap, JSON parse, header copy):
 * the same login request against the local simulator, N sequential calls each (alternating), ratio of medians.
 */
export async function run(report: Report): Promise<void> {
  const sim = await startSimulator({ port: 0 });
  const client = new HttpClient();
  const rawAgent = new Agent();
  const body = JSON.stringify({ email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword });
  const url = `${sim.baseUrl}/api/online/login`;
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const outgoing: OutgoingRequest = { method: 'POST', url, headers, body, timeoutMs: 5000, maxResponseBytes: 10 * 1024 * 1024 };

  const viaClient = async () => {
    await client.send(outgoing);
  };
  const viaUndici = async () => {
    const response = await request(url, { method: 'POST', headers, body, dispatcher: rawAgent });
    JSON.parse(await response.body.text());
  };

  try {
    for (let i = 0; i < WARM_UP; i++) {
      await viaUndici();
      await viaClient();
    }
    // Alternating call by call, so drift in the machine's load hits both sides alike.
    const raw: number[] = [];
    const ours: number[] = [];
    for (let i = 0; i < N; i++) {
      raw.push(await timed(viaUndici));
      ours.push(await timed(viaClient));
    }
    const rawStats = percentiles(raw);
    const ourStats = percentiles(ours);
    report('http', `raw undici.request p50 (N=${N})`, rawStats.p50, 'ms');
    report('http', `HttpClient.send p50 (N=${N})`, ourStats.p50, 'ms');
    report('http', 'raw undici.request p99', rawStats.p99, 'ms');
    report('http', 'HttpClient.send p99', ourStats.p99, 'ms');
    report('http', 'client overhead: difference of medians', (ourStats.p50 - rawStats.p50) * 1000, 'µs');
    report('http', 'client overhead: ratio of medians (HttpClient / raw)', ourStats.p50 / rawStats.p50, 'x');
  } finally {
    await client.close();
    await rawAgent.close();
    await sim.close();
  }
}

async function timed(call: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}
