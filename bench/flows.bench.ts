import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cliConnections } from '../src/cli/connections';
import { parseFlowText, runFlow, type Flow } from '../src/flows';
import { Credentials } from '../src/credentials/credentials';
import { localSimulatorEnvironment } from '../src/environments/environment';
import { sendOperation } from '../src/send/guardedSend';
import { answerYes } from '../test/harness/sendPorts';
import { startSimulator } from '../src/simulator';
import { repoRoot } from '../test/harness/paths';
import { percentiles, type Report } from './report';

const RUNS = 40;
const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
const refund = (id: string) => ({ id, operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' }, body: { apiOperation: 'REFUND', transaction: { amount: '10.00', currency: 'EUR' } }, expect: { result: 'SUCCESS' } });
const FLOW = {
  name: 'Authorize, then three refunds',
  steps: [{ id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', order: { amount: '30.00', currency: 'EUR' }, sourceOfFunds: card }, expect: { 'response.gatewayCode': 'APPROVED' } }, refund('r1'), refund('r2'), refund('r3')],
};

/**
 * A 4-step flow against the simulator: the runner (references, expectations, decoding) against the same
 * four requests sent directly through the request runner, and the CLI's wall time with process start.
 */
export async function run(report: Report): Promise<void> {
  const parsed = parseFlowText(JSON.stringify(FLOW));
  if (!parsed.ok) throw new Error('bench flow is invalid');
  const flow: Flow = parsed.flow;
  const sim = await startSimulator({ port: 0 });
  const env = localSimulatorEnvironment(sim.port);
  const connections = cliConnections(new Credentials({ get: async () => undefined }), undefined);
  const deps = connections.runnerDeps();
  const direct = async () => {
    const orderId = `BENCH-${Math.random().toString(36).slice(2, 10)}`;
    await sendOperation(deps, answerYes, { env, operationId: 'gateway.authorize', params: { orderId, transactionId: `t-${Math.random()}` }, body: FLOW.steps[0]?.body });
    for (const step of FLOW.steps.slice(1)) await sendOperation(deps, answerYes, { env, operationId: 'gateway.refund', params: { orderId, transactionId: `t-${Math.random()}` }, body: step.body });
  };
  const viaFlow = async () => {
    const result = await runFlow(flow, { env, deps, port: answerYes, signIn: async () => undefined });
    if (!result.passed) throw new Error(`bench flow failed: ${JSON.stringify(result.steps.map((s) => [s.id, s.failures, s.message]))}`);
  };
  try {
    for (let i = 0; i < 5; i++) {
      await direct();
      await viaFlow();
    }
    const flowMs: number[] = [];
    const directMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      directMs.push(await timed(direct));
      flowMs.push(await timed(viaFlow));
    }
    const f = percentiles(flowMs).p50;
    const d = percentiles(directMs).p50;
    report('flows', '4-step flow against the simulator, median', f, 'ms');
    report('flows', 'the same 4 requests sent directly, median', d, 'ms');
    report('flows', 'per-step overhead of the runner (ratio of medians)', f / d, 'x');
  } finally {
    await connections.close();
    await sim.close();
  }
  report('flows', 'CLI wall time, 4-step flow --simulator (process start included), median of 5', cliWallTime(), 'ms');
  const amplifying = refuseAmplifyingFlow();
  report('flows', `CLI on the ${amplifying.fileKb} KB amplifying flow (heap cap ${HEAP_CAP_MB} MB): outcome`, amplifying.outcome);
  report('flows', 'CLI on the amplifying flow: wall time', amplifying.ms, 'ms');
  report('flows', 'CLI on the amplifying flow: peak RSS', amplifying.peakRssMb, typeof amplifying.peakRssMb === 'number' ? 'MB' : '');
}

const HEAP_CAP_MB = 512;

/**
 * Steps whose bodies quote the step before a hundred times: each step's resolved body is over 100 times
 * the last one's, so the last would be gigabytes. Run by the real CLI under a heap cap, so an
 * unbounded run crashes quickly instead of taking the machine with it.
 */
export function amplifyingFlow(): object {
  const quoted = (id: string) => Array.from({ length: 100 }, () => `{{${id}.body}}`).join(' ');
  const step = (id: string, description: string) => ({ id, operation: 'gateway.verify', body: { apiOperation: 'VERIFY', order: { currency: 'EUR', description } }, expect: { status: 400 } });
  return { name: 'Amplifying references', steps: [step('s0', 'x'.repeat(600)), step('s1', quoted('s0')), step('s2', quoted('s1')), step('s3', quoted('s2'))] };
}

function refuseAmplifyingFlow(): { fileKb: number; outcome: string; ms: number; peakRssMb: number | string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-amplify-'));
  const file = path.join(dir, 'amplify.payflow.json');
  const rssFile = path.join(dir, 'rss.txt');
  const preload = path.join(dir, 'rss.js');
  const text = JSON.stringify(amplifyingFlow());
  fs.writeFileSync(file, text);
  // The child reports its own peak RSS as it exits (a crash on the heap cap reports nothing).
  fs.writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);
  try {
    const started = performance.now();
    const r = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, '--require', preload, path.join(repoRoot, 'bin', 'payment-workbench.js'), 'run', file, '--simulator'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const ms = Math.round(performance.now() - started);
    const rssKb = fs.existsSync(rssFile) ? Number(fs.readFileSync(rssFile, 'utf8')) : undefined;
    const outcome = r.signal ? `crashed (${r.signal}) after ${(ms / 1000).toFixed(1)} s` : `exit ${r.status}`;
    return { fileKb: Math.round(text.length / 100) / 10, outcome, ms, peakRssMb: rssKb === undefined ? 'n/a (crashed)' : Math.round(rssKb / 1024) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function cliWallTime(): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-flow-'));
  const file = path.join(dir, 'bench.payflow.json');
  fs.writeFileSync(file, JSON.stringify(FLOW));
  const samples: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'payment-workbench.js'), 'run', file, '--simulator'], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`CLI failed: ${r.stdout}${r.stderr}`);
      samples.push(performance.now() - started);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return Math.round(percentiles(samples).p50);
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}
