import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import { SIMULATOR_DEFAULTS, type RequestLogEntry, type SimulatorHandle } from '../../../src/simulator';
import { RequestLog } from '../../../src/simulator/requestLog';
import { authorizeBody, basicAuth, field, gatewayPut, MID, send, useSimulator } from './helpers';

describe('simulator: request log', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({ processingDelayMs: 0 }, (s, a) => {
    sim = s;
    agent = a;
  });

  it('never keeps passwords, tokens, Authorization values, full card numbers or the CSC', async () => {
    const seen: RequestLogEntry[] = [];
    sim.requestLog.on('entry', (e) => seen.push(e));
    const login = await send(agent, `${sim.baseUrl}/api/online/login`, { method: 'POST', body: { email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword } });
    const access = String(field(login.json, 'access_token'));
    const refresh = String(field(login.json, 'refresh_token'));
    await send(agent, `${sim.baseUrl}/api/online/refreshToken`, { method: 'POST', headers: { RefreshToken: refresh } });
    await send(agent, `${sim.baseUrl}/api/online/offers`, { method: 'POST', headers: { authorization: `Bearer ${access}` }, body: { products: [{ name: 'x', price: 200, quantity: 1 }] } });
    const card = '4508750015741019';
    await gatewayPut(agent, sim.baseUrl, 11, 'LOG-1', '1', { ...authorizeBody({ number: card, csc: '987' }), note: `card ${card} in free text` });
    await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session/SESSION0002abcdefghijABCDEFGHIJ`, {
      method: 'PUT',
      headers: { authorization: basicAuth() },
      body: { sourceOfFunds: { provided: { card: { number: '5123 4500 0000 0008', securityCode: '321' } } } },
    });

    const dump = JSON.stringify(sim.requestLog.entries) + JSON.stringify(seen);
    const logText = (await send(agent, `${sim.controlUrl}/requests`)).text;
    for (const text of [dump, logText]) {
      for (const secret of [SIMULATOR_DEFAULTS.partnerPassword, SIMULATOR_DEFAULTS.apiPassword, access, refresh, card, '5123 4500 0000 0008', '5123450000000008', basicAuth().split(' ')[1] ?? 'x']) {
        assert.ok(!text.includes(secret), `the log contains ${secret}`);
      }
      assert.ok(!/"securityCode":"(?!<redacted>)/.test(text), 'the log keeps a security code value');
      assert.ok(!text.includes('"987"') && !text.includes('"321"'));
      assert.ok(text.includes('450875xxxxxx1019'), 'card numbers keep first 6 / last 4');
      assert.ok(text.includes('Basic <redacted>') && text.includes('Bearer <redacted>'));
    }
    assert.ok(seen.length >= 5);
  });

  it('records method, path, status, duration and headers; GET /_simulator/requests serves it as JSON', async () => {
    await gatewayPut(agent, sim.baseUrl, 80, 'LOG-2', '1', {});
    const r = await send(agent, `${sim.controlUrl}/requests`);
    const entries = field(r.json, 'entries') as RequestLogEntry[];
    const last = entries.at(-1);
    assert.equal(last?.method, 'PUT');
    assert.equal(last?.url, `/api/rest/version/80/merchant/${MID}/order/LOG-2/transaction/1`);
    assert.equal(last?.status, 404);
    assert.equal(typeof last?.durationMs, 'number');
    assert.equal(last?.kind, 'request');
    const since = await send(agent, `${sim.controlUrl}/requests?since=${last?.id ?? 0}`);
    assert.deepEqual(field(since.json, 'entries'), []);
  });

  it('keeps a short redacted summary of a large body, never the whole body or a parsed copy of it', async () => {
    const card = '5123450000000008';
    const big = JSON.stringify({ apiOperation: 'AUTHORIZE', sourceOfFunds: { provided: { card: { number: card } } }, pad: Array.from({ length: 5000 }, () => ({})) });
    await gatewayPut(agent, sim.baseUrl, 100, 'LOG-BIG', '1', big);
    const form = `card=${card}&note=${'x'.repeat(512 * 1024)}`;
    await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/order/LOG-FORM/transaction/1`, { method: 'PUT', headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    const [jsonEntry, formEntry] = sim.requestLog.entries.filter((e) => e.url.includes('/order/LOG-BIG/') || e.url.includes('/order/LOG-FORM/'));
    for (const entry of [jsonEntry, formEntry]) {
      const kept = entry?.requestBody;
      assert.equal(typeof kept, 'string', 'a summary in text, not a parsed copy');
      assert.ok((kept as string).length <= 4200, `at most about 4 KB kept, got ${(kept as string).length}`);
      assert.ok(!(kept as string).includes(card), 'still redacted');
    }
    assert.match(String(jsonEntry?.requestBody), /\(\d+ characters in all\)$/);
  });

  it('is a bounded ring', () => {
    const log = new RequestLog(3);
    for (let i = 0; i < 5; i++) log.add({ kind: 'request', time: '', method: 'GET', url: `/${i}`, status: 200, durationMs: 0, requestHeaders: {}, responseHeaders: {} });
    assert.deepEqual(log.entries.map((e) => e.url), ['/2', '/3', '/4']);
    for (let i = 5; i < 9; i++) log.add({ kind: 'request', time: '', method: 'GET', url: `/${i}`, status: 200, durationMs: 0, requestHeaders: {}, responseHeaders: {} });
    assert.deepEqual(log.entries.map((e) => e.url), ['/6', '/7', '/8'], 'oldest first after wrapping more than once');
    log.clear();
    const seen: string[] = [];
    log.on('entry', (e) => seen.push(e.url));
    log.add({ kind: 'request', time: '', method: 'GET', url: '/after', status: 200, durationMs: 0, requestHeaders: {}, responseHeaders: {} });
    assert.deepEqual(log.entries.map((e) => e.url), ['/after']);
    assert.deepEqual(seen, ['/after'], 'listeners still see each entry');
  });
});
