import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { Agent, request } from 'undici';
import { listenCommand } from '../../src/cli/listenCommand';
import type { CliIo } from '../../src/cli/runCommand';
import { DEFAULT_MAX_EVENTS } from '../../src/notifications';
import { bin, startCli, type RunningCli } from './cliProcess';

/** `payment-workbench listen`, the real process: the URL on stderr, one JSON line per notification, exit 0 on Ctrl+C. */
const listen = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunningCli> => startCli(['listen', ...args], { stream: 'stderr', pattern: /Listening at (http:\/\/127\.0\.0\.1:\d+)/ }, { env });

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(condition(), what);
}

const webhook = { order: { id: 'ORD-CLI', status: 'CAPTURED' }, transaction: { id: 'T-1', type: 'REFUND', amount: 5, currency: 'EUR' }, result: 'SUCCESS', response: { gatewayCode: 'APPROVED' }, sourceOfFunds: { provided: { card: { number: '5123450000000008' } } } };

describe('payment-workbench listen (the real process)', function () {
  this.timeout(30_000);

  it('--json prints one line per notification: source, orderId, verified, receivedAt and the redacted body; a retry of it prints nothing more', async () => {
    const l = await listen(['--port', '0', '--json']);
    try {
      const post = (body: unknown, headers: Record<string, string> = {}) => fetch(`${l.url}/gateway`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      assert.equal((await post(webhook, { 'X-Notification-Id': 'N-1' })).status, 200);
      assert.equal((await post(webhook, { 'X-Notification-Id': 'N-1', 'X-Notification-Attempt': '2' })).status, 200);
      assert.equal((await fetch(`${l.url}/financing`, { method: 'POST', body: JSON.stringify({ order_id: 'EXT-1', status: 'Started' }) })).status, 200);
      await until(() => l.lines().length >= 2, 'two lines');
      const [gateway, financing] = l.lines().map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.equal(gateway?.['source'], 'gateway');
      assert.equal(gateway?.['orderId'], 'ORD-CLI');
      assert.equal(gateway?.['verified'], null);
      assert.match(String(gateway?.['receivedAt']), /^\d{4}-\d\d-\d\dT/);
      assert.deepEqual((gateway?.['summary'] as Record<string, unknown>)['transactionType'], 'REFUND');
      assert.ok(!JSON.stringify(gateway?.['body']).includes('5123450000000008'), 'the body is redacted');
      assert.deepEqual([financing?.['source'], financing?.['orderId']], ['financing', 'EXT-1']);
    } finally {
      l.child.kill('SIGINT');
    }
    assert.equal(await l.exited, 0, 'Ctrl+C ends it with exit 0');
  });

  it('with a secret from the environment: a wrong one gets 401 and prints verified false', async () => {
    const l = await listen(['--json'], { PAYMENT_WORKBENCH_NOTIFICATION_SECRET: 's3cret' });
    try {
      const post = (secret: string) => fetch(`${l.url}/gateway`, { method: 'POST', headers: { 'X-Notification-Secret': secret }, body: JSON.stringify(webhook) });
      assert.equal((await post('guess')).status, 401);
      assert.equal((await post('s3cret')).status, 200);
      await until(() => l.lines().length >= 2, 'two lines');
      assert.deepEqual(l.lines().map((line) => (JSON.parse(line) as { verified: unknown }).verified), [false, true]);
    } finally {
      l.child.kill('SIGTERM');
    }
    assert.equal(await l.exited, 0);
  });

  it('refuses a bad flag with exit 2 and says which', async () => {
    const child = spawn(process.execPath, [bin, 'listen', '--port', 'eighty']);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 2);
    assert.match(stderr, /--port needs a port number 0 to 65535, got "eighty"/);
  });
});

describe('payment-workbench listen (in process): what it remembers', function () {
  this.timeout(30_000);

  it('remembers no more notifications than the inbox keeps: a retry of one the inbox has forgotten prints again', async () => {
    const lines: string[] = [];
    let url = '';
    const signals = new EventEmitter();
    const io: CliIo = { cwd: process.cwd(), env: {}, out: (t) => lines.push(t), err: (t) => (url = /Listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(t)?.[1] ?? url) };
    const running = listenCommand(['--json'], io, signals);
    await until(() => url !== '', 'listening');
    const agent = new Agent({ connections: 4 });
    try {
      const post = async (id: string): Promise<void> => {
        const res = await request(`${url}/gateway`, { dispatcher: agent, method: 'POST', headers: { 'content-type': 'application/json', 'x-notification-id': id }, body: JSON.stringify(webhook) });
        await res.body.text();
      };
      await post('FIRST');
      for (let i = 0; i < DEFAULT_MAX_EVENTS; i++) await post(`N-${i}`);
      await post('FIRST');
      await until(() => lines.length === DEFAULT_MAX_EVENTS + 2, 'the forgotten one printed again');
      assert.equal((JSON.parse(lines.at(-1) ?? '{}') as { id?: string }).id, 'FIRST');
    } finally {
      await agent.close();
      signals.emit('SIGINT');
    }
    assert.equal(await running, 0);
  });
});
