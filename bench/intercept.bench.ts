import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { SIMULATOR_DEFAULTS } from '../src/simulator';
import { repoRoot } from '../test/harness/paths';
import { PUBLIC_GATEWAY_HOSTS } from '../src/tap/interceptRoutes';
import { startServer, type RunningServer } from './processes/run';
import type { Report } from './report';

const AREA = 'intercept';
const ROUNDS = 5;
const CALLS = 400;
const headers = { authorization: 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64'), 'content-type': 'application/json' };
const AUTHORIZE_BODY = JSON.stringify({ apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'USD' }, sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } } });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** One call in flight, `count` times: the median of each call's time, in ms (connections reused, as a server's client keeps them). */
async function medianMs(dispatcher: Dispatcher, origin: string, call: (i: number) => { path: string; method: 'PUT' | 'GET'; body?: string }, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const { path, method, body } = call(i);
    const started = performance.now();
    // A copy each time: ProxyAgent writes the Host header into the object it is given.
    const answer = await dispatcher.request({ origin, path, method, headers: { ...headers }, ...(body ? { body } : {}) });
    const text = await answer.body.text();
    if (answer.statusCode >= 300) throw new Error(`${method} ${origin}${path} answered ${answer.statusCode}: ${text.slice(0, 300)}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * The tap as a proxy, each part in a process of its own (simulator, tap, minimal tunnel, another HTTPS
 * host), the client here with undici:
 * 1. An intercepted call (the gateway host in the program's code, CONNECT and TLS to the tap) against
 *    the same call through the tap as a reverse proxy: ratio of medians (target ≤ 1.10).
 * 2. A host the tap only tunnels against a minimal Node CONNECT tunnel beside it: ratio of medians (target ≤ 1.10).
 */
export async function run(report: Report): Promise<void> {
  const servers: RunningServer[] = [];
  const dispatchers: Dispatcher[] = [];
  try {
    const sim = await startServer('simulator', repoRoot);
    servers.push(sim);
    const tap = await startServer('tap', repoRoot, sim.baseUrl);
    servers.push(tap);
    const tunnel = await startServer('connect-tunnel', repoRoot);
    servers.push(tunnel);
    const other = await startServer('tls-bare', repoRoot);
    servers.push(other);

    const reverse = new Agent({});
    const intercepted = new ProxyAgent({ uri: tap.baseUrl, requestTls: { ca: tap.ca ?? '' } });
    const viaTap = new ProxyAgent({ uri: tap.baseUrl, requestTls: { ca: other.ca ?? '' } });
    const viaTunnel = new ProxyAgent({ uri: tunnel.baseUrl, requestTls: { ca: other.ca ?? '' } });
    dispatchers.push(reverse, intercepted, viaTap, viaTunnel);
    let order = 0;
    const authorize = (prefix: string) => () => ({ path: `/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/${prefix}${++order}/transaction/1`, method: 'PUT' as const, body: AUTHORIZE_BODY });
    const get = () => ({ path: '/', method: 'GET' as const });
    const gateway = `https://${PUBLIC_GATEWAY_HOSTS[0] ?? ''}`;

    await medianMs(reverse, tap.baseUrl, authorize('W-R-'), 100);
    await medianMs(intercepted, gateway, authorize('W-I-'), 100);
    await medianMs(viaTap, other.baseUrl, get, 100);
    await medianMs(viaTunnel, other.baseUrl, get, 100);
    const ratios = { intercept: [] as number[], tunnel: [] as number[] };
    const figures = { reverse: [] as number[], intercepted: [] as number[], tapTunnel: [] as number[], bareTunnel: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const r = await medianMs(reverse, tap.baseUrl, authorize(`R${round}-`), CALLS);
      const i = await medianMs(intercepted, gateway, authorize(`I${round}-`), CALLS);
      const t = await medianMs(viaTap, other.baseUrl, get, CALLS);
      const b = await medianMs(viaTunnel, other.baseUrl, get, CALLS);
      figures.reverse.push(r);
      figures.intercepted.push(i);
      figures.tapTunnel.push(t);
      figures.bareTunnel.push(b);
      ratios.intercept.push(i / r);
      ratios.tunnel.push(t / b);
    }
    report(AREA, 'Authorize through the tap as reverse proxy, median', round2(median(figures.reverse)), 'ms');
    report(AREA, 'Authorize intercepted (CONNECT + TLS to the tap), median', round2(median(figures.intercepted)), 'ms');
    report(AREA, 'intercepted ÷ reverse proxy, median of rounds (target ≤ 1.10)', round2(median(ratios.intercept)), '×');
    report(AREA, 'GET to a tunnelled host through the tap, median', round2(median(figures.tapTunnel)), 'ms');
    report(AREA, 'GET through a minimal Node CONNECT tunnel, median', round2(median(figures.bareTunnel)), 'ms');
    report(AREA, 'tap tunnel ÷ minimal tunnel, median of rounds (target ≤ 1.10)', round2(median(ratios.tunnel)), '×');
  } finally {
    for (const d of dispatchers) await d.close().catch(() => undefined);
    for (const s of servers) await s.stop();
  }
}
