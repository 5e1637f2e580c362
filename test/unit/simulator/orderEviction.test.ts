import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, basicAuth, field, gatewayPut, MID, send, useSimulator } from './helpers';

const CLI = path.join(__dirname, '..', '..', '..', 'src', 'simulator', 'cli.js');

describe('simulator: a bounded order store (oldest forgotten first)', () => {
  let sim: SimulatorHandle;
  let agent: Agent;

  useSimulator({ processingDelayMs: 0, maxOrders: 3 }, (s, a) => {
    sim = s;
    agent = a;
  });

  const retrieve = (orderId: string) => send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/order/${orderId}`, { headers: { authorization: basicAuth() } });

  it('keeps the newest maxOrders orders and answers "Unable to find order" for an evicted one', async () => {
    for (const id of ['EV-1', 'EV-2', 'EV-3', 'EV-4']) {
      const a = await gatewayPut(agent, sim.baseUrl, 11, id, 'a', authorizeBody());
      assert.equal(a.status, 201, a.text);
    }
    const gone = await retrieve('EV-1');
    assert.equal(gone.status, 400);
    assert.equal(field(gone.json, 'result'), 'ERROR');
    assert.equal(field(gone.json, 'error.explanation'), `Unable to find order EV-1 for merchant ${MID}`);
    for (const id of ['EV-2', 'EV-3', 'EV-4']) assert.equal((await retrieve(id)).status, 200, `${id} should be kept`);
    const refund = await gatewayPut(agent, sim.baseUrl, 13, 'EV-1', 'r', { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'USD' } });
    assert.equal(field(refund.json, 'error.explanation'), `Unable to find order EV-1 for merchant ${MID}`);
  });
});

describe('simulator: --max-orders', () => {
  it('refuses a bad value with the flag named, and mentions the bound in its banner', async () => {
    const bad = spawn(process.execPath, [CLI, '--port', '0', '--max-orders', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    bad.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    assert.equal(await new Promise<number | null>((resolve) => bad.once('exit', (c) => resolve(c))), 1);
    assert.match(err, /--max-orders needs an integer from 1/);

    const good = spawn(process.execPath, [CLI, '--port', '0', '--max-orders', '7'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    good.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    try {
      const until = Date.now() + 10_000;
      while (!out.includes('Ctrl+C')) {
        if (Date.now() > until) throw new Error(`no banner: ${out}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      assert.match(out, /the newest 7 orders are kept/);
    } finally {
      good.kill('SIGTERM');
    }
  });
});
