import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../../src/simulator';

/** Shared by the simulator tests: an own undici Agent, Basic auth, curl, and a webhook receiver. */

export const MID = SIMULATOR_DEFAULTS.merchantId;
export const basicAuth = (user = `merchant.${MID}`, password: string = SIMULATOR_DEFAULTS.apiPassword): string =>
  'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // Parsed JSON of the body; tests read fields by path, so `unknown` is narrowed with `field()`.
  json: unknown;
}

export function newAgent(): Agent {
  return new Agent({ connections: 16, pipelining: 0, keepAliveTimeout: 1000 });
}

/**
 * A simulator on a free port and an agent for one describe block: started before its tests, both
 * closed after. `use` hands them to the block's own variables.
 */
export function useSimulator(options: Omit<SimulatorOptions, 'port'>, use: (sim: SimulatorHandle, agent: Agent) => void): void {
  let sim: SimulatorHandle | undefined;
  let agent: Agent | undefined;
  before(async () => {
    sim = await startSimulator({ port: 0, ...options });
    agent = newAgent();
    use(sim, agent);
  });
  after(async () => {
    await agent?.close();
    await sim?.close();
  });
}

export async function send(agent: Agent, url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  const res = await request(url, {
    dispatcher: agent,
    method: (init.method ?? 'GET') as 'GET',
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** Reads a dotted path of a parsed body. */
export function field(json: unknown, path: string): unknown {
  let cur: unknown = json;
  for (const p of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

export function gatewayPut(agent: Agent, baseUrl: string, version: number, orderId: string, txnId: string, body: unknown, auth = basicAuth(), headers: Record<string, string> = {}): Promise<Answer> {
  return send(agent, `${baseUrl}/api/rest/version/${version}/merchant/${MID}/order/${encodeURIComponent(orderId)}/transaction/${encodeURIComponent(txnId)}`, {
    method: 'PUT',
    headers: { authorization: auth, ...headers },
    body,
  });
}

export interface CardOptions {
  number?: string;
  month?: string;
  year?: string;
  csc?: string;
  street?: string;
  amount?: string;
  reference?: string;
}

export function authorizeBody(o: CardOptions = {}): Record<string, unknown> {
  return {
    apiOperation: 'AUTHORIZE',
    order: { amount: o.amount ?? '10.00', currency: 'USD', ...(o.reference ? { reference: o.reference } : {}) },
    sourceOfFunds: {
      provided: {
        card: { number: o.number ?? '5123450000000008', expiry: { month: o.month ?? '1', year: o.year ?? '39' }, ...(o.csc ? { securityCode: o.csc } : {}) },
      },
    },
    ...(o.street ? { billing: { address: { street: o.street } } } : {}),
  };
}

export function curl(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('curl', ['-sS', ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error && typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A local webhook/callback receiver that records every POST. */
export async function startReceiver(): Promise<{ url: string; received: { path: string; headers: IncomingMessage['headers']; body: string }[]; waitFor(n: number, ms?: number): Promise<void>; close(): Promise<void> }> {
  const received: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitFor(n, ms = 5000) {
      const until = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} notifications, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Polls until `condition` holds: outgoing calls are logged when their answer arrives, a moment after the receiver saw them. */
export async function waitUntil(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
