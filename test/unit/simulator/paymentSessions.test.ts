/**
 * Payment sessions as the real gateway treats them, over loopback: an operation naming session.id
 * takes the fields the session holds (its own fields win) and is judged on that final body; it must
 * be sent at the API version the session was updated with; the card security code leaves the session
 * once an operation other than Update Session uses it.
 */
import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID } from '../../../src/simulator/defaults';
import { GatewayApi } from '../../../src/simulator/gateway/routes';
import { RequestLog } from '../../../src/simulator/requestLog';
import { basicAuth, field, gatewayPut, MID, send, useSimulator, type Answer } from './helpers';

const CARD = { number: '5123450000000008', expiry: { month: '1', year: '39' } };
/** A frictionless 3-D Secure test card (catalogue/testCards.ts). */
const THREE_DS_CARD = { number: '5123456789012346', expiry: { month: '1', year: '39' } };

describe('simulator: payment sessions as the gateway uses them', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  let n = 0;
  const fresh = (what: string): string => `${what}-${++n}`;

  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });

  async function newSession(): Promise<string> {
    const r = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session`, { method: 'POST', headers: { authorization: basicAuth() }, body: {} });
    assert.equal(r.status, 201, r.text);
    return field(r.json, 'session.id') as string;
  }

  function updateSession(id: string, body: object, version = 100): Promise<Answer> {
    return send(agent, `${sim.baseUrl}/api/rest/version/${version}/merchant/${MID}/session/${id}`, { method: 'PUT', headers: { authorization: basicAuth() }, body });
  }

  it('Initiate Authentication with only session.id takes order.currency and authentication.channel/purpose from the session; Authenticate Payer and Pay likewise', async () => {
    const id = await newSession();
    const filled = await updateSession(id, {
      order: { amount: '25.00', currency: 'EUR' },
      authentication: { channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION', acceptVersions: '3DS2', redirectResponseUrl: 'https://merchant.example.com/3ds-return' },
      sourceOfFunds: { provided: { card: THREE_DS_CARD } },
    });
    assert.equal(filled.status, 200, filled.text);
    const orderId = fresh('SESS-3DS');
    const init = await gatewayPut(agent, sim.baseUrl, 100, orderId, 'auth-1', { apiOperation: 'INITIATE_AUTHENTICATION', session: { id } });
    assert.equal(init.status, 200, init.text);
    assert.equal(field(init.json, 'transaction.currency'), 'EUR');
    assert.equal(field(init.json, 'transaction.authenticationStatus'), 'AUTHENTICATION_AVAILABLE');
    const payer = await gatewayPut(agent, sim.baseUrl, 100, orderId, 'auth-1', { apiOperation: 'AUTHENTICATE_PAYER', session: { id }, device: { browser: 'MOZILLA', ipAddress: '127.0.0.1' } });
    assert.equal(payer.status, 200, payer.text);
    assert.equal(field(payer.json, 'transaction.amount'), 25);
    assert.equal(field(payer.json, 'authentication.3ds2.transactionStatus'), 'Y');
    const pay = await gatewayPut(agent, sim.baseUrl, 100, orderId, 'pay-1', { apiOperation: 'PAY', session: { id }, authentication: { transactionId: 'auth-1' } });
    assert.equal(pay.status, 201, pay.text);
    assert.equal(field(pay.json, 'response.gatewayCode'), 'APPROVED');
    assert.equal(field(pay.json, 'order.amount'), 25);
  });

  it("the request's own fields win over the session's", async () => {
    const id = await newSession();
    await updateSession(id, { order: { amount: '25.00', currency: 'EUR' }, authentication: { channel: 'PAYER_BROWSER' }, sourceOfFunds: { provided: { card: THREE_DS_CARD } } });
    const init = await gatewayPut(agent, sim.baseUrl, 100, fresh('SESS-WIN'), 'auth-1', { apiOperation: 'INITIATE_AUTHENTICATION', session: { id }, order: { currency: 'USD' } });
    assert.equal(init.status, 200, init.text);
    assert.equal(field(init.json, 'transaction.currency'), 'USD');
  });

  it('a required field neither the request nor the session holds is named, saying neither has it', async () => {
    const id = await newSession();
    await updateSession(id, { authentication: { channel: 'PAYER_BROWSER' }, sourceOfFunds: { provided: { card: THREE_DS_CARD } } });
    const init = await gatewayPut(agent, sim.baseUrl, 100, fresh('SESS-MISS'), 'auth-1', { apiOperation: 'INITIATE_AUTHENTICATION', session: { id } });
    assert.equal(init.status, 400, init.text);
    assert.equal(field(init.json, 'error.field'), 'order.currency');
    assert.equal(field(init.json, 'error.validationType'), 'MISSING');
    assert.equal(field(init.json, 'error.explanation'), `Missing parameter: neither the request nor session ${id} holds order.currency`);
    const pay = await gatewayPut(agent, sim.baseUrl, 100, fresh('SESS-MISS'), '1', { apiOperation: 'PAY', session: { id }, order: { currency: 'EUR' } });
    assert.equal(field(pay.json, 'error.field'), 'order.amount', pay.text);
    assert.equal(field(pay.json, 'error.explanation'), `Missing parameter: neither the request nor session ${id} holds order.amount`);
  });

  it('a bad value the session supplied says it came from the session', async () => {
    const id = await newSession();
    // Update Session takes an amount of 0 (a session is no payment); a payment does not.
    await updateSession(id, { order: { amount: '0.00', currency: 'EUR' }, sourceOfFunds: { provided: { card: CARD } } });
    const pay = await gatewayPut(agent, sim.baseUrl, 100, fresh('SESS-BAD'), '1', { apiOperation: 'PAY', session: { id } });
    assert.equal(pay.status, 400, pay.text);
    assert.equal(field(pay.json, 'error.field'), 'order.amount');
    assert.match(field(pay.json, 'error.explanation') as string, new RegExp(`greater than zero \\(the value comes from session ${id}\\)$`));
  });

  it('refuses an operation at another API version than the session was updated with; the matching version pays', async () => {
    const id = await newSession();
    assert.equal((await updateSession(id, { order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { provided: { card: CARD } } }, 72)).status, 200);
    const at100 = await gatewayPut(agent, sim.baseUrl, 100, fresh('SESS-VER'), '1', { apiOperation: 'PAY', session: { id } });
    assert.equal(at100.status, 400, at100.text);
    assert.equal(field(at100.json, 'error.field'), 'session.id');
    assert.equal(field(at100.json, 'error.validationType'), 'INVALID');
    assert.match(field(at100.json, 'error.explanation') as string, /was updated with API version 72: an operation that uses it must be sent at version 72 too, not 100/);
    const token = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/token`, { method: 'POST', headers: { authorization: basicAuth() }, body: { session: { id }, sourceOfFunds: { type: 'CARD' } } });
    assert.equal(field(token.json, 'error.field'), 'session.id', `Create Token uses the session too: ${token.text}`);
    const at72 = await gatewayPut(agent, sim.baseUrl, 72, fresh('SESS-VER'), '1', { apiOperation: 'PAY', session: { id } });
    assert.equal(field(at72.json, 'response.gatewayCode'), 'APPROVED', at72.text);
    // Updated again at 100, the session is used at 100.
    await updateSession(id, { order: { amount: '6.00' } });
    const again = await gatewayPut(agent, sim.baseUrl, 100, fresh('SESS-VER'), '1', { apiOperation: 'PAY', session: { id } });
    assert.equal(field(again.json, 'order.amount'), 6, again.text);
  });

  it('the card security code leaves the session once a payment used it: a second payment with the same session has none', async () => {
    const id = await newSession();
    await updateSession(id, { order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { provided: { card: { ...CARD, securityCode: '100' } } } });
    const first = await gatewayPut(agent, sim.baseUrl, 100, fresh('SESS-CSC'), '1', { apiOperation: 'PAY', session: { id } });
    assert.equal(field(first.json, 'response.cardSecurityCode.gatewayCode'), 'MATCH', first.text);
    const second = await gatewayPut(agent, sim.baseUrl, 100, fresh('SESS-CSC'), '1', { apiOperation: 'PAY', session: { id } });
    assert.equal(field(second.json, 'response.gatewayCode'), 'APPROVED', second.text);
    assert.equal(field(second.json, 'response.cardSecurityCode.gatewayCode'), 'NOT_PRESENT');
  });
});

describe('simulator: hostile session input', () => {
  let sim: SimulatorHandle;
  let agent: Agent;

  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });

  const sessionUrl = (id: string) => `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session/${id}`;

  it("another merchant's session is unknown to every operation that names it (Initiate Authentication, Create Token) and to Update Session", async () => {
    const id = 'SESSION0002otherotherotherother1';
    await send(agent, sessionUrl(id), { method: 'PUT', headers: { authorization: basicAuth() }, body: { order: { amount: '5.00', currency: 'EUR' }, authentication: { channel: 'PAYER_BROWSER' }, sourceOfFunds: { provided: { card: THREE_DS_CARD } } } });
    const other = SIMULATOR_AUTH_ONLY_MERCHANT_ID;
    const otherAuth = basicAuth(`merchant.${other}`);
    const unknown = `Value '${id}' is invalid. Unable to find session ${id} for merchant ${other}`;
    const init = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${other}/order/SESS-OTHER-1/transaction/1`, { method: 'PUT', headers: { authorization: otherAuth }, body: { apiOperation: 'INITIATE_AUTHENTICATION', session: { id } } });
    assert.equal(field(init.json, 'error.explanation'), unknown, init.text);
    const token = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${other}/token`, { method: 'POST', headers: { authorization: otherAuth }, body: { session: { id }, sourceOfFunds: { type: 'CARD' } } });
    assert.equal(field(token.json, 'error.explanation'), unknown, token.text);
    const update = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${other}/session/${id}`, { method: 'PUT', headers: { authorization: otherAuth }, body: { order: { amount: '1.00' } } });
    assert.equal(update.status, 400, update.text);
    const mine = await send(agent, sessionUrl(id), { headers: { authorization: basicAuth() } });
    assert.equal(field(mine.json, 'order.amount'), '5.00', 'the owner\'s session is as it was');
  });

  it('a "__proto__" key in a request naming a session stays a key the gateway does not know, never the merged body\'s prototype', async () => {
    const id = 'SESSION0002protoprotoprotoproto1';
    await send(agent, sessionUrl(id), { method: 'PUT', headers: { authorization: basicAuth() }, body: { order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { provided: { card: CARD } } } });
    // Raw text: an object literal would make __proto__ a prototype before it is ever sent.
    const raw = `{"apiOperation":"PAY","session":{"id":"${id}"},"__proto__":{"billing":{"address":{"street":"November St"}}}}`;
    const pay = await gatewayPut(agent, sim.baseUrl, 100, 'SESS-PROTO-1', '1', raw);
    assert.equal(field(pay.json, 'response.gatewayCode'), 'APPROVED', pay.text);
    assert.equal(field(pay.json, 'response.cardholderVerification'), undefined, 'no billing street reached the address check through a prototype');
  });

  it('an Update Session nested 100,000 levels deep is a 400 saying so, and the session still answers', async () => {
    const id = 'SESSION0002deepdeepdeepdeepdeep1';
    const first = await send(agent, sessionUrl(id), { method: 'PUT', headers: { authorization: basicAuth() }, body: { order: { currency: 'EUR' } } });
    assert.equal(first.status, 200, first.text);
    const deep = '{"x":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const update = await send(agent, sessionUrl(id), { method: 'PUT', headers: { authorization: basicAuth() }, body: `{"order":{"currency":"USD"},"junk":${deep}}` });
    assert.equal(update.status, 400, update.text);
    assert.match(field(update.json, 'error.explanation') as string, /nested deeper than 64 levels/);
    const read = await send(agent, sessionUrl(id), { headers: { authorization: basicAuth() } });
    assert.equal(read.status, 200, read.text);
    assert.equal(field(read.json, 'order.currency'), 'EUR', 'the refused update changed nothing');
  });

  it('a 2 MB field Update Session does not declare is taken but not stored: the session holds only what the catalogue declares (its size bound: sessionStore.test.ts)', async () => {
    const id = 'SESSION0002hugehugehugehugehuge1';
    const update = await send(agent, sessionUrl(id), { method: 'PUT', headers: { authorization: basicAuth() }, body: { order: { currency: 'EUR' }, junk: 'x'.repeat(2 * 1024 * 1024) } });
    assert.equal(update.status, 200, update.text.slice(0, 300));
    const read = await send(agent, sessionUrl(id), { headers: { authorization: basicAuth() } });
    assert.equal(field(read.json, 'order.currency'), 'EUR', read.text);
    assert.equal(field(read.json, 'junk'), undefined, 'the undeclared field was not stored');
  });
});

describe('simulator: a session used by two operations at once', () => {
  it('the security code leaves the session when the first operation starts, so a second one sent while the first is processing has none', async () => {
    const ctx = { baseUrl: 'http://127.0.0.1:0', now: () => new Date(), log: new RequestLog(10), notify: () => undefined, later: () => undefined, testReferenceDelaysMs: [] };
    const merchants = new Map([[MID, { merchantId: MID, apiPassword: 'pw', autoCapture: true, notificationSecret: 'x' }]]);
    // The first Pay holds its order for the processing time; the second starts meanwhile (its handling
    // runs to the same point before the first resumes: no clock in the test, only the order of calls).
    const api = new GatewayApi(ctx, merchants, 50);
    const auth = { authorization: basicAuth(`merchant.${MID}`, 'pw') };
    const req = (method: string, path: string, body: object) => ({ method, path, query: new URLSearchParams(), headers: auth, rawBody: Buffer.from(JSON.stringify(body)), clientCertAuthenticated: false });
    const created = await api.handle(req('POST', `/api/rest/version/100/merchant/${MID}/session`, {}));
    const id = (JSON.parse(created.body) as { session: { id: string } }).session.id;
    await api.handle(req('PUT', `/api/rest/version/100/merchant/${MID}/session/${id}`, { order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { provided: { card: { ...CARD, securityCode: '100' } } } }));
    const pay = (orderId: string) => api.handle(req('PUT', `/api/rest/version/100/merchant/${MID}/order/${orderId}/transaction/1`, { apiOperation: 'PAY', session: { id } }));
    const [first, second] = (await Promise.all([pay('CONC-1'), pay('CONC-2')])).map((r) => JSON.parse(r.body) as unknown);
    assert.equal(field(first, 'response.cardSecurityCode.gatewayCode'), 'MATCH');
    assert.equal(field(second, 'response.cardSecurityCode.gatewayCode'), 'NOT_PRESENT');
  });
});
