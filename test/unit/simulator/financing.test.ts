import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { annualPercentageRate, aprPercentOneDecimal, monthlyInstalmentCents } from '../../../src/simulator/financing/apr';
import { offersFor } from '../../../src/simulator/financing/offers';
import { startReceiver as startInbox } from '../../../src/notifications';
import { curl, field, send, startReceiver, waitUntil, useSimulator } from './helpers';
import { ManualClock } from '../../harness/manualClock';

describe('simulator: financing APR and instalment', () => {
  it('reproduces the worked check: P=5000, r=19.9 %, n=24 → A=254.23, APR 21.8 %, with a 150 fee 25.7 %', () => {
    const a = monthlyInstalmentCents(500000, 19.9, 24);
    assert.equal(a, 25423);
    assert.equal(aprPercentOneDecimal(500000, 0, a, 24), 21.8);
    assert.equal(aprPercentOneDecimal(500000, 15000, a, 24), 25.7);
  });

  it('uses A = P/n at a zero rate, and then the APR comes only from the fee', () => {
    assert.equal(monthlyInstalmentCents(120000, 0, 12), 10000);
    assert.ok(Math.abs(annualPercentageRate(120000, 0, 10000, 12)) < 1e-9);
    assert.ok(annualPercentageRate(120000, 3600, 10000, 12) > 0.05);
  });

  it('makes the 24-month offer of a 5000 cart the worked example, consistent in every field', () => {
    const offers = offersFor(500000);
    assert.deepEqual(offers.map((o) => o.credit_period_months), [6, 12, 24, 36]);
    const o24 = offers.find((o) => o.credit_period_months === 24);
    assert.ok(o24);
    assert.equal(o24.installment, 254.23);
    assert.equal(o24.interest, 19.9);
    assert.equal(o24.analysis_fee, 150);
    assert.equal(o24.dae, 25.7);
    assert.equal(o24.loan_amount, 5000);
    assert.equal(o24.total_credit_amount, 6251.52); // 24 × 254.23 + 150
    for (const o of offers) assert.ok(o.dae >= o.interest, `APR ${o.dae} below the nominal rate ${o.interest}`);
  });

  it('adds a requested period that is not a standard plan', () => {
    assert.deepEqual(offersFor(100000, 18).map((o) => o.credit_period_months), [6, 12, 18, 24, 36]);
  });
});

describe('simulator: financing API over HTTP', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  const login = () => send(agent, `${sim.baseUrl}/api/online/login`, { method: 'POST', body: { email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword } });
  const cart = { products: [{ name: 'TV', category: 3, price: 2500, quantity: 2 }], external_id: 42, first_name: 'Ana', email_address: 'ana@example.com' };
  const offers = (token: string, body: unknown = cart, query = '') =>
    send(agent, `${sim.baseUrl}/api/online/offers${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });

  // The simulator's clock runs `skewMs` ahead of the real one, so expiry is tested without sleeping
  // and without a slow machine expiring the token before the first use.
  let skewMs = 0;
  useSimulator({ tokenLifetimeSeconds: 1, now: () => new Date(Date.now() + skewMs) }, (s, a) => {
    sim = s;
    agent = a;
  });

  it('runs the full token lifecycle: login, offers, expiry, rotation, old refresh token rejected, logout', async () => {
    const first = await login();
    assert.equal(first.status, 200);
    assert.equal(field(first.json, 'token_type'), 'Bearer');
    assert.equal(field(first.json, 'expires_in'), 1);
    const access1 = String(field(first.json, 'access_token'));
    const refresh1 = String(field(first.json, 'refresh_token'));

    const o = await offers(access1);
    assert.equal(o.status, 200);
    assert.equal(field(o.json, 'success'), true);
    assert.equal(field(o.json, 'message'), null);
    assert.equal((field(o.json, 'data.offers') as unknown[]).length, 4);
    assert.equal(typeof field(o.json, 'data.sessionID'), 'string');

    skewMs += 1001;
    const expired = await offers(access1);
    assert.equal(expired.status, 401);
    assert.match(String(field(expired.json, 'message')), /^Authorization: access token has expired/);

    const rotated = await send(agent, `${sim.baseUrl}/api/online/refreshToken`, { method: 'POST', headers: { RefreshToken: refresh1, 'content-type': 'application/json' } });
    assert.equal(rotated.status, 200);
    const access2 = String(field(rotated.json, 'access_token'));
    const refresh2 = String(field(rotated.json, 'refresh_token'));
    assert.notEqual(access2, access1);
    assert.notEqual(refresh2, refresh1);
    assert.equal((await offers(access2)).status, 200);

    const replay = await send(agent, `${sim.baseUrl}/api/online/refreshToken`, { method: 'POST', headers: { RefreshToken: refresh1 } });
    assert.equal(replay.status, 401);
    assert.equal(field(replay.json, 'success'), false);

    const out = await send(agent, `${sim.baseUrl}/api/online/logout`, { method: 'POST', headers: { authorization: `Bearer ${access2}` } });
    assert.equal(out.status, 200);
    assert.equal(typeof field(out.json, 'message'), 'string');
    assert.equal((await offers(access2)).status, 401, 'access token works after logout');
    const afterLogout = await send(agent, `${sim.baseUrl}/api/online/refreshToken`, { method: 'POST', headers: { RefreshToken: refresh2 } });
    assert.equal(afterLogout.status, 401, 'refresh token works after logout');
  });

  it('rejects bad credentials and bad tokens with 401', async () => {
    const bad = await send(agent, `${sim.baseUrl}/api/online/login`, { method: 'POST', body: { email: SIMULATOR_DEFAULTS.partnerEmail, password: 'nope' } });
    assert.equal(bad.status, 401);
    assert.equal(field(bad.json, 'success'), false);
    assert.equal((await offers('not-a-token')).status, 401);
    const none = await send(agent, `${sim.baseUrl}/api/online/offers`, { method: 'POST', body: cart });
    assert.equal(none.status, 401);
  });

  it('answers a bad body with success:false and a message naming the field', async () => {
    const token = String(field((await login()).json, 'access_token'));
    const cases: [unknown, RegExp][] = [
      [{}, /^products: (is )?required/],
      [{ products: [] }, /^products: /],
      [{ products: [{ name: 'x', price: -1, quantity: 1 }] }, /^products\[0\]\.price:/],
      [{ products: [{ name: 'x', price: 200, quantity: 1.5 }] }, /^products\[0\]\.quantity:/],
      [{ ...cart, email_address: 'not-mail' }, /^email_address:/],
      [{ ...cart, credit_period: 500 }, /^credit_period:/],
      [{ ...cart, callback_url: 'ftp://x' }, /^callback_url:/],
    ];
    for (const [body, message] of cases) {
      const r = await offers(token, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(field(r.json, 'success'), false);
      assert.match(String(field(r.json, 'message')), message);
    }
    const badJson = await send(agent, `${sim.baseUrl}/api/online/offers`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: '{"products": [' });
    assert.equal(badJson.status, 400);
    assert.match(String(field(badJson.json, 'message')), /^body: not valid JSON/);
  });

  it('selectFirst: refuses a category, serves the session page and posts the callbacks', async () => {
    const receiver = await startReceiver();
    try {
      const token = String(field((await login()).json, 'access_token'));
      const withCategory = await offers(token, cart, '?selectFirst=true');
      assert.equal(withCategory.status, 400);
      assert.match(String(field(withCategory.json, 'message')), /^products\[0\]\.category: /);

      const body = { products: [{ name: 'TV', price: 5000, quantity: 1 }], external_id: 77, credit_period: 24, callback_url: `${receiver.url}/cb`, redirect_url: 'https://shop.example/back?x=1' };
      const r = await offers(token, body, '?selectFirst=true');
      assert.equal(r.status, 200);
      assert.equal(field(r.json, 'data.offers'), undefined);
      const sessionUrl = String(field(r.json, 'data.sessionUrl'));
      assert.ok(sessionUrl.startsWith(sim.baseUrl));

      const page = await send(agent, sessionUrl);
      assert.equal(page.status, 200);
      assert.match(page.text, /<form method="post"/);
      assert.match(page.text, /254\.23/);
      assert.doesNotMatch(page.text, /<script/);
      await receiver.waitFor(1);
      assert.deepEqual(JSON.parse(receiver.received[0]?.body ?? ''), { order_id: 77, status: 'Started' });

      // The page's button, as a browser would press it (curl: form POST, no redirect following).
      const pressed = await curl(['-o', '/dev/null', '-w', '%{http_code} %{redirect_url}', '-d', 'status=Disbursed', `${sessionUrl}/decision`]);
      assert.equal(pressed.stdout, '303 https://shop.example/back?x=1');
      await receiver.waitFor(2);
      assert.deepEqual(JSON.parse(receiver.received[1]?.body ?? ''), { order_id: 77, status: 'Disbursed' });
      assert.equal(receiver.received[1]?.path, '/cb');
      await waitUntil(() => sim.requestLog.entries.filter((e) => e.kind === 'callback').length === 2, 'two logged callbacks');
    } finally {
      await receiver.close();
    }
  });

  it('a callback on every status change reaches the local inbox: Started, then Expired ("Let it expire")', async () => {
    const inbox = await startInbox();
    try {
      const token = String(field((await login()).json, 'access_token'));
      const body = { products: [{ name: 'Sofa', price: 900, quantity: 1 }], external_id: 78, credit_period: 12, callback_url: inbox.urlFor('financing') };
      const sessionUrl = String(field((await offers(token, body, '?selectFirst=true')).json, 'data.sessionUrl'));
      assert.match((await send(agent, sessionUrl)).text, /<button name="status" value="Expired">Let it expire<\/button>/);
      const pressed = await curl(['-o', '/dev/null', '-w', '%{http_code}', '-d', 'status=Expired', `${sessionUrl}/decision`]);
      assert.equal(pressed.stdout, '303');
      const expired = await inbox.waitFor((e) => e.summary.financingStatus === 'Expired', 5000);
      assert.deepEqual(inbox.events().reverse().map((e) => [e.source, e.orderId, e.summary.financingStatus]), [['financing', '78', 'Started'], ['financing', '78', 'Expired']]);
      assert.equal(expired?.summary.title, 'Application Expired');
    } finally {
      await inbox.close();
    }
  });

  it('works from curl: login and offers', async () => {
    const l = await curl(['-X', 'POST', '-H', 'content-type: application/json', '-d', JSON.stringify({ email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword }), `${sim.baseUrl}/api/online/login`]);
    assert.equal(l.code, 0, l.stderr);
    const token = String(field(JSON.parse(l.stdout), 'access_token'));
    const o = await curl(['-X', 'POST', '-H', 'content-type: application/json', '-H', `authorization: Bearer ${token}`, '-d', JSON.stringify(cart), '-w', '\n%{http_code}', `${sim.baseUrl}/api/online/offers`]);
    const [body, code] = o.stdout.split('\n');
    assert.equal(code, '200');
    assert.equal(field(JSON.parse(body ?? ''), 'success'), true);
  });
});

describe('simulator: financing token lifecycle driven by curl', () => {
  let sim: SimulatorHandle;
  const clock = new ManualClock();
  before(async () => {
    sim = await startSimulator({ port: 0, tokenLifetimeSeconds: 1, now: clock.date });
  });
  after(() => sim.close());

  /** curl -w appends the status on its own line, so body and status come back together. */
  const post = async (endpoint: string, headers: string[], body?: unknown): Promise<{ status: number; json: unknown }> => {
    const args = ['-X', 'POST', '-H', 'content-type: application/json', ...headers.flatMap((h) => ['-H', h]), '-w', '\n%{http_code}'];
    if (body !== undefined) args.push('-d', JSON.stringify(body));
    const r = await curl([...args, `${sim.baseUrl}/api/online/${endpoint}`]);
    const cut = r.stdout.lastIndexOf('\n');
    return { status: Number(r.stdout.slice(cut + 1)), json: JSON.parse(r.stdout.slice(0, cut)) as unknown };
  };
  const cart = { products: [{ name: 'Bike', category: 1, price: 899.99, quantity: 1 }] };

  it('login → offers → expiry → refresh rotates → old refresh rejected → logout revokes', async () => {
    const login = await post('login', [], { email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword });
    assert.equal(login.status, 200);
    const access = String(field(login.json, 'access_token'));
    const refresh = String(field(login.json, 'refresh_token'));
    assert.equal((await post('offers', [`Authorization: Bearer ${access}`], cart)).status, 200);
    clock.advance(1100);
    assert.equal((await post('offers', [`Authorization: Bearer ${access}`], cart)).status, 401);
    const renewed = await post('refreshToken', [`RefreshToken: ${refresh}`]);
    assert.equal(renewed.status, 200);
    assert.equal((await post('refreshToken', [`RefreshToken: ${refresh}`])).status, 401);
    const access2 = String(field(renewed.json, 'access_token'));
    assert.equal((await post('offers', [`Authorization: Bearer ${access2}`], cart)).status, 200);
    assert.equal((await post('logout', [`Authorization: Bearer ${access2}`])).status, 200);
    assert.equal((await post('offers', [`Authorization: Bearer ${access2}`], cart)).status, 401);
    assert.equal((await post('refreshToken', [`RefreshToken: ${String(field(renewed.json, 'refresh_token'))}`])).status, 401);
  });
});
