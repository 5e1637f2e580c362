import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { startReceiver } from '../src/notifications';
import type { Report } from './report';

const AREA = 'inbox';
const CONNECTIONS = 8;
const EVENTS = 4000;

/** A realistic webhook body: the Retrieve Transaction response of a capture (about 1 KB). */
function webhook(n: number): string {
  return JSON.stringify({
    merchant: 'TESTSIMULATOR01', result: 'SUCCESS', timeOfRecord: '2026-11-24T12:00:00.000Z', version: '100',
    order: { id: `ORD-BENCH-${n}`, amount: 100.0, currency: 'EUR', status: 'CAPTURED', totalAuthorizedAmount: 100.0, totalCapturedAmount: 100.0, totalRefundedAmount: 0.0 },
    response: { gatewayCode: 'APPROVED', acquirerCode: '00', acquirerMessage: 'Approved' },
    sourceOfFunds: { type: 'CARD', provided: { card: { brand: 'MASTERCARD', number: '512345xxxxxx0008', expiry: { month: '1', year: '39' } } } },
    transaction: { id: `T-${n}`, type: 'CAPTURE', amount: 100.0, currency: 'EUR', authorizationCode: '123456', acquirer: { id: 'SIMULATOR_ACQ', batch: 20261124 } },
  });
}

const REJECTED_POSTS = 1000;
const REJECTED_BODY_BYTES = 1024 * 1024;

/** Peak resident memory of a process (VmHWM), in MB; undefined where /proc is not there (not Linux). */
function peakRssMb(pid: number): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}

/** The real `payment-workbench listen` process (dist/cli.js, so `node esbuild.js` first), with a secret, and its URL. */
async function startListen(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(__dirname, '..', '..', 'bin', 'payment-workbench.js'), 'listen', '--port', '0'], { env: { ...process.env, PAYMENT_WORKBENCH_NOTIFICATION_SECRET: 'bench-secret' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
      const found = /Listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`listen exited ${code}: ${stderr}`)));
  });
  return { child, url };
}

/** Peak RSS of the real `listen` process under 1,000 posts of 1 MiB with a wrong secret (4 connections, loopback only). */
async function rejectedPosts(report: Report): Promise<void> {
  const { child, url } = await startListen();
  const agent = new Agent({ connections: 4, keepAliveTimeout: 10_000 });
  const body = Buffer.from(JSON.stringify({ order: { id: 'ORD-FORGED', amount: 1 }, transaction: { id: 'T-1', type: 'PAYMENT' }, result: 'SUCCESS', response: { gatewayCode: 'APPROVED' }, pad: Array.from({ length: 20_000 }, (_, i) => ({ i })) }).padEnd(REJECTED_BODY_BYTES - 1, ' ') + '\n');
  try {
    const atStart = peakRssMb(child.pid ?? 0);
    let sent = 0;
    let refused = 0;
    const postUntil = (total: number): Promise<unknown> => Promise.all(Array.from({ length: 4 }, async () => {
      while (sent < total) {
        const id = `F-${sent++}`;
        const res = await request(`${url}/gateway`, { dispatcher: agent, method: 'POST', headers: { 'content-type': 'application/json', 'x-notification-secret': 'wrong', 'x-notification-id': id }, body });
        await res.body.text();
        if (res.statusCode === 401) refused++;
      }
    }));
    await postUntil(REJECTED_POSTS / 10);
    const afterTenth = peakRssMb(child.pid ?? 0);
    await postUntil(REJECTED_POSTS);
    const peak = peakRssMb(child.pid ?? 0);
    const mb = (v: number | undefined): [number | string, string] => (v === undefined ? ['n/a (no /proc)', ''] : [v, 'MB']);
    report(AREA, 'listen process RSS at start', ...mb(atStart));
    report(AREA, `listen process peak RSS after ${REJECTED_POSTS / 10} rejected 1 MiB posts`, ...mb(afterTenth));
    report(AREA, `listen process peak RSS after ${REJECTED_POSTS} rejected 1 MiB posts`, ...mb(peak));
    report(AREA, 'of which answered 401', refused);
  } finally {
    await agent.close();
    child.kill('SIGINT');
  }
}

/** How many notifications a second the local inbox takes (parse, secret check, decode, redact, keep), over 8 connections. */
export async function run(report: Report): Promise<void> {
  const inbox = await startReceiver({ secret: () => 'bench-secret', maxEvents: 500 });
  const agent = new Agent({ connections: CONNECTIONS, keepAliveTimeout: 10_000 });
  let n = 0;
  const post = async (): Promise<void> => {
    const i = n++;
    const res = await request(inbox.urlFor('gateway'), { dispatcher: agent, method: 'POST', headers: { 'content-type': 'application/json', 'x-notification-secret': 'bench-secret', 'x-notification-id': `N-${i}` }, body: webhook(i) });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`the inbox answered ${res.statusCode}`);
  };
  const burst = async (count: number): Promise<number> => {
    const started = performance.now();
    let left = count;
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (left-- > 0) await post();
    }));
    return count / ((performance.now() - started) / 1000);
  };
  try {
    await burst(500);
    const rate = await burst(EVENTS);
    report(AREA, `webhooks taken per second (${CONNECTIONS} connections, ${EVENTS} events, ~1 KB)`, Math.round(rate), 'events/s');
    report(AREA, 'events kept after the run (bound 500)', inbox.events().length);
  } finally {
    await agent.close();
    await inbox.close();
  }
  await rejectedPosts(report);
}
