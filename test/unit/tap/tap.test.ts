import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { Agent, request } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { startTap, parseFaultRule, type TapCall, type TapHandle } from '../../../src/tap';
import { repoRoot } from '../../harness/paths';
import { authorizeBody, basicAuth, gatewayPut, MID, newAgent, send, useSimulator, waitUntil } from '../simulator/helpers';

const TEST_ENV = { id: 'sim', name: 'Simulator', live: false };

/** The calls the tap has finished analysing, once there are `n`. */
async function callsOf(tap: TapHandle, n: number): Promise<readonly TapCall[]> {
  await waitUntil(() => tap.calls().length >= n, `${n} captured calls`);
  return tap.calls();
}

describe('Gateway Tap (engine, simulator upstream over loopback)', function () {
  this.timeout(30_000);
  let sim!: SimulatorHandle;
  let agent!: Agent;
  let tap!: TapHandle;
  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });
  beforeEach(async () => {
    tap = await startTap({ upstream: { url: sim.baseUrl, environment: TEST_ENV } });
  });
  afterEach(async () => tap.close());

  it('answers with the same status, headers and bytes as the gateway itself', async () => {
    const body = authorizeBody({ amount: '12.30' });
    const direct = await gatewayPut(agent, sim.baseUrl, 100, 'ORD-direct-1', 'TXN-1', body);
    const tapped = await gatewayPut(agent, tap.url, 100, 'ORD-tapped-1', 'TXN-1', body);
    assert.equal(tapped.status, direct.status);
    const same = (t: string) => t.replace(/ORD-(direct|tapped)-1/g, 'ORD').replace(/"(timeOfRecord|timeOfLastUpdate|creationTime|lastUpdatedTime|authorizationCode|receipt|id|transactionIdentifier|acquirerTransactionId|stan|reference)":"[^"]*"/g, '"$1":"…"');
    assert.equal(same(tapped.text), same(direct.text));
    assert.equal(tapped.headers['content-type'], direct.headers['content-type']);
  });

  it('forwards calls side by side: twenty at once each get their answer (a connection of their own upstream)', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => gatewayPut(agent, tap.url, 100, `ORD-side-${i}`, 'TXN-1', authorizeBody())));
    assert.deepEqual(answers.map((a) => a.status), Array(20).fill(201), answers.find((a) => a.status !== 201)?.text);
  });

  it('recognises each call at its version, checks it as the form would and decodes the answer', async () => {
    const body = { ...authorizeBody(), order: { amount: '10.00', currency: 'USD', reference: 'x'.repeat(41) } };
    await gatewayPut(agent, tap.url, 100, 'ORD-check-1', 'TXN-1', body);
    const [call] = await callsOf(tap, 1);
    assert.ok(call);
    assert.equal(call.recognised, true);
    assert.equal(call.exchange.operationId, 'gateway.authorize');
    assert.equal(call.exchange.version, 100);
    assert.equal(call.orderId, 'ORD-check-1');
    assert.equal(call.transactionId, 'TXN-1');
    assert.equal(call.exchange.seenBy, 'tap');
    const tooLong = call.problems.find((p) => p.path === 'order.reference');
    assert.ok(tooLong, `a problem under order.reference: ${JSON.stringify(call.problems)}`);
    assert.ok(call.exchange.decoded?.verdict.title, 'the answer is decoded');
  });

  it('a Hosted Session Pay whose session the Tap saw filled shows no "needed in the request or in the session" warning; one of a session it never saw still does', async () => {
    const sessionUrl = (id = '') => `${tap.url}/api/rest/version/100/merchant/${MID}/session${id}`;
    const created = await send(agent, sessionUrl(), { method: 'POST', headers: { authorization: basicAuth() }, body: {} });
    const sessionId = String((created.json as { session: { id: string } }).session.id);
    const card = { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' };
    const updated = await send(agent, sessionUrl(`/${sessionId}`), { method: 'PUT', headers: { authorization: basicAuth() }, body: { order: { amount: '50.00', currency: 'EUR' }, sourceOfFunds: { provided: { card } } } });
    assert.equal(updated.status, 200, updated.text);
    const paid = await gatewayPut(agent, tap.url, 100, 'ORD-hosted-1', 'TXN-1', { apiOperation: 'PAY', session: { id: sessionId }, sourceOfFunds: { type: 'CARD' } });
    assert.equal(paid.status, 201, paid.text);
    // A session made straight at the gateway, past the Tap: the Tap cannot know what it holds.
    const unseen = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session`, { method: 'POST', headers: { authorization: basicAuth() }, body: {} });
    const unseenId = String((unseen.json as { session: { id: string } }).session.id);
    await gatewayPut(agent, tap.url, 100, 'ORD-hosted-2', 'TXN-1', { apiOperation: 'PAY', session: { id: unseenId }, sourceOfFunds: { type: 'CARD' } });
    const calls = await callsOf(tap, 4);
    const pay = calls.find((c) => c.orderId === 'ORD-hosted-1');
    assert.deepEqual(pay?.problems.filter((p) => /needed in the request or in the session/.test(p.message)), [], JSON.stringify(pay?.problems));
    const other = calls.find((c) => c.orderId === 'ORD-hosted-2');
    assert.ok(other?.problems.some((p) => p.path === 'order.amount' && /needed in the request or in the session/.test(p.message)), JSON.stringify(other?.problems));
  });

  it('a Refund at v100 with a misspelt field: the gateway\'s "Unexpected parameter" problem as an error, and the upstream\'s 400 passed back', async () => {
    await gatewayPut(agent, sim.baseUrl, 100, 'ORD-unknown-1', 'pay-1', { ...authorizeBody(), apiOperation: 'PAY' });
    const r = await gatewayPut(agent, tap.url, 100, 'ORD-unknown-1', 'refund-1', { apiOperation: 'REFUND', order: { refrence: 'R-1' }, transaction: { amount: '1.00', currency: 'USD' } });
    assert.equal(r.status, 400);
    const [call] = await callsOf(tap, 1);
    assert.ok(call);
    assert.equal(call.exchange.operationId, 'gateway.refund');
    const unknown = call.problems.find((p) => p.path === 'order.refrence');
    assert.equal(unknown?.severity, 'error', JSON.stringify(call.problems));
    assert.match(unknown?.message ?? '', /Unexpected parameter 'order\.refrence'; did you mean order\.reference\?/);
  });

  it('takes a Payment Options Inquiry with no body, as the gateway does: no "must be a JSON object" problem', async () => {
    // The vendor's own merchant server sends the inquiry so; the gateway (and the simulator) answer it.
    const r = await send(agent, `${tap.url}/api/rest/version/100/merchant/${MID}/paymentOptionsInquiry`, { method: 'POST', headers: { authorization: basicAuth() } });
    assert.equal(r.status, 200, r.text);
    const [call] = await callsOf(tap, 1);
    assert.ok(call);
    assert.equal(call.exchange.operationId, 'gateway.paymentOptionsInquiry');
    assert.deepEqual(call.problems, []);
  });

  it('masks the card number and the merchant’s own credentials everywhere in what it keeps', async () => {
    const body = authorizeBody({ number: '5555555555554444' });
    await gatewayPut(agent, tap.url, 100, 'ORD-mask-1', 'TXN-1', body);
    const [call] = await callsOf(tap, 1);
    const kept = JSON.stringify(call);
    assert.ok(!kept.includes('5555555555554444'), 'no full card number');
    const password = Buffer.from(basicAuth().slice(6), 'base64').toString().split(':')[1] ?? '';
    assert.ok(!kept.includes(password), 'no API password');
    assert.ok(!kept.includes(basicAuth().slice(6)), 'no Basic credentials');
  });

  it('forwards a path the catalogue does not have and shows it as not in the catalogue', async () => {
    const answer = await send(agent, `${tap.url}/api/rest/version/100/merchant/${MID}/nothing-here`, { method: 'POST', headers: { authorization: basicAuth() }, body: {} });
    const [call] = await callsOf(tap, 1);
    assert.equal(call?.recognised, false);
    assert.equal(call?.exchange.response?.status, answer.status);
    assert.match(call?.unrecognisedWhy ?? '', /no operation of the catalogue/);
  });

  it('shows a form-encoded body as masked text', async () => {
    const form = 'apiOperation=PAY&sourceOfFunds.provided.card.number=5123456789012346&merchant=' + MID;
    await send(agent, `${tap.url}/api/nvp/version/100`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth() }, body: form });
    const [call] = await callsOf(tap, 1);
    assert.equal(typeof call?.exchange.request.body, 'string');
    assert.ok(!String(call?.exchange.request.body).includes('5123456789012346'));
    assert.match(String(call?.exchange.request.body), /apiOperation=PAY/);
  });

  it('refuses a body over the simulator’s limit with 413 and never forwards it', async () => {
    const before = sim.requestLog.entries.length;
    const big = Buffer.alloc(11 * 1024 * 1024, 'a');
    const status = await rawPost(tap.url, '/api/rest/version/100/merchant/X/order/1/transaction/1', big);
    assert.equal(status, 413);
    await callsOf(tap, 1);
    assert.equal(sim.requestLog.entries.length, before, 'the simulator saw nothing');
  });

  it('answers 502 with a clear message when the upstream cannot be reached', async () => {
    const dead = await startTap({ upstream: { url: 'http://127.0.0.1:9', environment: TEST_ENV }, upstreamTimeoutMs: 2000 });
    try {
      const answer = await gatewayPut(agent, dead.url, 100, 'ORD-dead', 'TXN-1', authorizeBody());
      assert.equal(answer.status, 502);
      assert.match(answer.text, /could not be reached/);
      const [call] = await callsOf(dead, 1);
      assert.match(call?.exchange.failure?.message ?? '', /127\.0\.0\.1:9/);
    } finally {
      await dead.close();
    }
  });

  it('keeps the last N calls only', async () => {
    const small = await startTap({ upstream: { url: sim.baseUrl, environment: TEST_ENV }, maxCalls: 3 });
    try {
      for (let i = 1; i <= 5; i++) await send(agent, `${small.url}/api/rest/version/100/merchant/${MID}/order/ORD-ring-${i}`, { headers: { authorization: basicAuth() } });
      await waitUntil(() => small.seen() === 5 && small.calls().at(-1)?.seq === 5, 'five calls');
      assert.deepEqual(small.calls().map((c) => c.seq), [3, 4, 5]);
    } finally {
      await small.close();
    }
  });

  describe('faults', () => {
    it('delay: waits, then forwards', async () => {
      tap.setFaults([parseFaultRule('authorize:delay=300@1')]);
      const answer = await gatewayPut(agent, tap.url, 100, 'ORD-delay', 'TXN-1', authorizeBody());
      assert.equal(answer.status, 201);
      const [call] = await callsOf(tap, 1);
      assert.ok((call?.exchange.response?.timing.totalMs ?? 0) >= 290, `took ${call?.exchange.response?.timing.totalMs}`);
      assert.match(call?.fault ?? '', /delay=300/);
      assert.equal(tap.faults().length, 0, 'a counted rule is spent');
    });

    it('503 and busy: answered by the tap, the gateway never sees the call', async () => {
      for (const rule of ['authorize:503@1', 'authorize:busy@1']) {
        tap.setFaults([parseFaultRule(rule)]);
        const answer = await gatewayPut(agent, tap.url, 100, `ORD-${rule.replace(/\W/g, '')}`, 'TXN-1', authorizeBody());
        assert.equal(answer.status, 503);
        assert.match(answer.text, /SERVER_BUSY/);
      }
      const calls = await callsOf(tap, 2);
      assert.ok(calls.every((c) => /not forwarded/.test(c.fault ?? '')));
      const retrieved = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/order/ORD-authorize5031`, { headers: { authorization: basicAuth() } });
      assert.equal(retrieved.status, 400, 'no such order at the gateway');
    });

    it('timeout: the gateway does it, the merchant never hears', async () => {
      tap.setFaults([parseFaultRule('authorize:timeout@1')]);
      const controller = new AbortController();
      const pending = gatewayPutWithSignal(tap.url, 'ORD-timeout', controller.signal);
      await callsOf(tap, 1);
      controller.abort();
      await assert.rejects(pending);
      const retrieved = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/order/ORD-timeout`, { headers: { authorization: basicAuth() } });
      assert.equal(retrieved.status, 200, 'the gateway has the order');
    });

    it('reset: the gateway does it, the connection is reset', async () => {
      tap.setFaults([parseFaultRule('*:reset@1')]);
      await assert.rejects(gatewayPutWithSignal(tap.url, 'ORD-reset', new AbortController().signal));
      const [call] = await callsOf(tap, 1);
      assert.match(call?.fault ?? '', /reset/);
    });

    it('twice: the gateway gets a duplicate; the merchant gets the second answer', async () => {
      tap.setFaults([parseFaultRule('authorize:twice@1')]);
      const answer = await gatewayPut(agent, tap.url, 100, 'ORD-twice', 'TXN-1', authorizeBody());
      const [call] = await callsOf(tap, 1);
      assert.match(call?.fault ?? '', /the first answered 201 SUCCESS/);
      assert.equal(call?.exchange.response?.status, answer.status);
      const order = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/order/ORD-twice`, { headers: { authorization: basicAuth() } });
      assert.equal(order.status, 200);
    });

    it('a share applies to about that share of calls', async () => {
      const counted = await startTap({ upstream: { url: sim.baseUrl, environment: TEST_ENV }, faults: [parseFaultRule('*:500%50')] });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 40; i++) statuses.push((await send(agent, `${counted.url}/api/rest/version/100/merchant/${MID}/order/none-${i}`, { headers: { authorization: basicAuth() } })).status);
        const faulted = statuses.filter((s) => s === 500).length;
        assert.ok(faulted > 5 && faulted < 35, `${faulted} of 40 faulted`);
      } finally {
        await counted.close();
      }
    });
  });
});

describe('Gateway Tap checking in its own thread (dist/tapWorker.js)', function () {
  this.timeout(30_000);
  let sim!: SimulatorHandle;
  let agent!: Agent;
  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });

  it('gives the same checked and decoded call as checking on the forwarding thread', async () => {
    const workerFile = path.join(repoRoot, 'dist', 'tapWorker.js');
    assert.ok(fs.existsSync(workerFile), 'npm run build makes dist/tapWorker.js');
    const body = { ...authorizeBody(), order: { amount: '10.00', currency: 'USD', reference: 'y'.repeat(41) } };
    const seenBy = async (analysisWorker: string | undefined, orderId: string) => {
      const tap = await startTap({ upstream: { url: sim.baseUrl, environment: TEST_ENV }, ...(analysisWorker ? { analysisWorker } : {}) });
      try {
        await gatewayPut(agent, tap.url, 100, orderId, 'TXN-1', body);
        return (await callsOf(tap, 1))[0];
      } finally {
        await tap.close();
      }
    };
    const inThread = await seenBy(workerFile, 'ORD-thread');
    const inline = await seenBy(undefined, 'ORD-inline');
    assert.equal(inThread?.exchange.operationId, 'gateway.authorize');
    assert.deepEqual(inThread?.problems, inline?.problems);
    assert.ok(inThread?.problems.some((p) => p.path === 'order.reference'));
    assert.equal(inThread?.exchange.decoded?.verdict.title, inline?.exchange.decoded?.verdict.title);
    assert.equal(inThread?.orderId, 'ORD-thread');
  });
});

describe('Gateway Tap fault rules', () => {
  it('read the text form and refuse what they cannot do, naming the rule', () => {
    assert.deepEqual(parseFaultRule('pay:delay=2000'), { operation: 'pay', kind: 'delay', delayMs: 2000 });
    assert.deepEqual(parseFaultRule('*:503%20'), { operation: '*', kind: 'status', status: 503, share: 0.2 });
    assert.deepEqual(parseFaultRule('authorize:timeout@1'), { operation: 'authorize', kind: 'timeout', count: 1 });
    assert.throws(() => parseFaultRule('pay:404'), /answers 500, 502, 503, got 404/);
    assert.throws(() => parseFaultRule('pay:explode'), /"kind" must be one of delay, timeout/);
    assert.throws(() => parseFaultRule('pay:delay'), /a delay needs "delayMs"/);
    assert.throws(() => parseFaultRule('nonsense'), /expected OPERATION:KIND/);
  });
});

function rawPost(base: string, path: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: 'PUT', headers: { 'content-length': String(body.length) } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function gatewayPutWithSignal(base: string, orderId: string, signal: AbortSignal): Promise<number> {
  const own = newAgent();
  try {
    return await fetchWith(own, `${base}/api/rest/version/100/merchant/${MID}/order/${orderId}/transaction/TXN-1`, signal);
  } finally {
    await own.close();
  }
}

async function fetchWith(agent: Agent, url: string, signal: AbortSignal): Promise<number> {
  const res = await request(url, { dispatcher: agent, method: 'PUT', headers: { authorization: basicAuth(), 'content-type': 'application/json' }, body: JSON.stringify(authorizeBody()), signal });
  await res.body.text();
  return res.statusCode;
}
