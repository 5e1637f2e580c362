import { Agent, request } from 'undici';
import { SIMULATOR_DEFAULTS, startSimulator } from '../src/simulator';
import type { Report } from './report';

const AREA = 'requestLog';
const JSON_REQUESTS = 1000;
const FORM_REQUESTS = 100;

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * Heap the simulator's request log holds after many large requests (loopback only): 1,000 JSON
 * bodies just under 16 KB made of small objects (the worst case for a parsed copy), then 100 form
 * posts of 1 MiB. The log's ring keeps 1,000 entries.
 */
export async function run(report: Report): Promise<void> {
  const sim = await startSimulator({ port: 0, processingDelayMs: 0 });
  const agent = new Agent({ connections: 4, keepAliveTimeout: 10_000 });
  const auth = 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');
  const jsonBody = JSON.stringify({ apiOperation: 'AUTHORIZE', pad: Array.from({ length: 5300 }, () => ({})) });
  const formBody = 'note=' + 'x'.repeat(1024 * 1024);
  const put = async (i: number, body: string, contentType: string): Promise<void> => {
    const res = await request(`${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/LOG-${i}/transaction/1`, { dispatcher: agent, method: 'PUT', headers: { authorization: auth, 'content-type': contentType }, body });
    await res.body.text();
  };
  try {
    collect();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < JSON_REQUESTS; i++) await put(i, jsonBody, 'application/json');
    for (let i = 0; i < FORM_REQUESTS; i++) await put(i, formBody, 'application/x-www-form-urlencoded');
    collect();
    const after = process.memoryUsage().heapUsed;
    const gcNote = (globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: includes garbage)';
    report(AREA, `heap held after ${JSON_REQUESTS} x 16 KB JSON + ${FORM_REQUESTS} x 1 MiB form${gcNote}`, Math.round((after - before) / 1024 / 1024), 'MiB');
    report(AREA, 'entries kept (ring of 1000)', sim.requestLog.entries.length);
  } finally {
    await agent.close();
    await sim.close();
  }
}
