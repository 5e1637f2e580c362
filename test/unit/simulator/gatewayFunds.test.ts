import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import { apiOperationAt, operations, validateBody, type OperationId } from '../../../src/catalogue';
import { SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, basicAuth, curl, field, gatewayPut, MID, send, startReceiver, waitUntil, useSimulator } from './helpers';

const refundBody = (amount: string, currency = 'USD') => ({ apiOperation: 'REFUND', transaction: { amount, currency } });

describe('simulator: gateway funds, ids and locks', () => {
  let sim: SimulatorHandle;
  let agent: Agent;

  useSimulator({ processingDelayMs: 20 }, (s, a) => {
    sim = s;
    agent = a;
  });

  it('refunds up to the captured amount, exactly, and rejects a refund above it', async () => {
    assert.equal((await gatewayPut(agent, sim.baseUrl, 11, 'F-1', 'auth', authorizeBody({ amount: '100.10' }))).status, 201);
    const r1 = await gatewayPut(agent, sim.baseUrl, 13, 'F-1', 'r1', refundBody('0.10'));
    assert.equal(field(r1.json, 'result'), 'SUCCESS');
    assert.equal(field(r1.json, 'order.status'), 'PARTIALLY_REFUNDED');
    const r2 = await gatewayPut(agent, sim.baseUrl, 13, 'F-1', 'r2', refundBody('0.20'));
    assert.match(r2.text, /"totalRefundedAmount":0\.30/, 'binary floats would print 0.30000000000000004');
    const over = await gatewayPut(agent, sim.baseUrl, 13, 'F-1', 'r3', refundBody('99.81'));
    assert.equal(over.status, 400);
    assert.equal(field(over.json, 'result'), 'ERROR');
    assert.equal(field(over.json, 'error.field'), 'transaction.amount');
    assert.equal(field(over.json, 'error.validationType'), 'INVALID');
    assert.match(String(field(over.json, 'error.explanation')), /exceeds the captured amount available for refund \(99\.80 USD\)/);
    const rest = await gatewayPut(agent, sim.baseUrl, 13, 'F-1', 'r4', refundBody('99.80'));
    assert.equal(field(rest.json, 'order.status'), 'REFUNDED');
    assert.match(rest.text, /"totalCapturedAmount":100\.10,"totalRefundedAmount":100\.10/);
  });

  it('cannot refund an authorize-only order (nothing captured); Update Authorization changes its amount', async () => {
    const url = (t: string, v: number) => `${sim.baseUrl}/api/rest/version/${v}/merchant/${SIMULATOR_AUTH_ONLY_MERCHANT_ID}/order/F-2/transaction/${t}`;
    const auth = basicAuth(`merchant.${SIMULATOR_AUTH_ONLY_MERCHANT_ID}`);
    const a = await send(agent, url('a', 11), { method: 'PUT', headers: { authorization: auth }, body: authorizeBody({ amount: '50.00' }) });
    assert.equal(field(a.json, 'order.status'), 'AUTHORIZED');
    assert.equal(field(a.json, 'transaction.type'), 'AUTHORIZATION');
    assert.equal(field(a.json, 'order.totalCapturedAmount'), 0);
    const refund = await send(agent, url('r', 13), { method: 'PUT', headers: { authorization: auth }, body: refundBody('1.00') });
    assert.equal(refund.status, 400);
    const upd = await send(agent, url('u', 18), { method: 'PUT', headers: { authorization: auth }, body: { apiOperation: 'UPDATE_AUTHORIZATION', transaction: { amount: '75.25', currency: 'USD' } } });
    assert.equal(upd.status, 201, upd.text);
    assert.equal(field(upd.json, 'transaction.type'), 'AUTHORIZATION_UPDATE');
    assert.match(upd.text, /"totalAuthorizedAmount":75\.25/);
    assert.equal(field(upd.json, 'sourceOfFunds.type'), 'CARD');
  });

  it('refuses Update Authorization on a captured order and on an unknown order', async () => {
    await gatewayPut(agent, sim.baseUrl, 11, 'F-3', 'a', authorizeBody());
    const captured = await gatewayPut(agent, sim.baseUrl, 18, 'F-3', 'u', { apiOperation: 'UPDATE_AUTHORIZATION', transaction: { amount: '1.00', currency: 'USD' } });
    assert.equal(captured.status, 400);
    const unknown = await gatewayPut(agent, sim.baseUrl, 18, 'NO-SUCH-ORDER', 'u', { apiOperation: 'UPDATE_AUTHORIZATION' });
    assert.equal(unknown.status, 400);
    assert.equal(field(unknown.json, 'error.explanation'), `Unable to find order NO-SUCH-ORDER for merchant ${MID}`);
  });

  it('allows a standalone refund for a card only', async () => {
    const card = await gatewayPut(agent, sim.baseUrl, 13, 'F-4', 'r', { ...refundBody('12.00'), sourceOfFunds: { type: 'CARD', provided: { card: { number: '4508750015741019', expiry: { month: '1', year: '39' } } } } });
    assert.equal(card.status, 201, card.text);
    assert.equal(field(card.json, 'order.status'), 'REFUNDED');
    assert.equal(field(card.json, 'order.totalRefundedAmount'), 12);
    const wallet = await gatewayPut(agent, sim.baseUrl, 13, 'F-5', 'r', { ...refundBody('12.00'), sourceOfFunds: { type: 'WALLET_A' } });
    assert.equal(wallet.status, 400);
    assert.equal(field(wallet.json, 'error.validationType'), 'UNSUPPORTED');
    const nothing = await gatewayPut(agent, sim.baseUrl, 13, 'F-6', 'r', refundBody('12.00'));
    assert.equal(field(nothing.json, 'error.explanation'), `Unable to find order F-6 for merchant ${MID}`);
  });

  it('keeps transaction ids unique within an order; a retry after a decline needs a new id', async () => {
    const declined = await gatewayPut(agent, sim.baseUrl, 11, 'F-7', 't1', authorizeBody({ month: '5', year: '39' }));
    assert.equal(field(declined.json, 'response.gatewayCode'), 'DECLINED');
    const reused = await gatewayPut(agent, sim.baseUrl, 11, 'F-7', 't1', authorizeBody());
    assert.equal(reused.status, 400);
    assert.equal(field(reused.json, 'error.field'), 'transaction.id');
    const retried = await gatewayPut(agent, sim.baseUrl, 11, 'F-7', 't2', authorizeBody());
    assert.equal(field(retried.json, 'response.gatewayCode'), 'APPROVED');
    const order = await send(agent, `${sim.baseUrl}/api/rest/version/11/merchant/${MID}/order/F-7`, { headers: { authorization: basicAuth() } });
    assert.equal((field(order.json, 'transaction') as unknown[]).length, 2);
    assert.equal(field(order.json, 'totalCapturedAmount'), 10);
  });

  it('50 concurrent refunds on one order: some LOCK_FAILURE, the rest add up exactly', async () => {
    await gatewayPut(agent, sim.baseUrl, 11, 'F-8', 'auth', authorizeBody({ amount: '1000.00' }));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => gatewayPut(agent, sim.baseUrl, 13, 'F-8', `r${i}`, refundBody('0.01'))));
    const approved = answers.filter((a) => field(a.json, 'response.gatewayCode') === 'APPROVED');
    const locked = answers.filter((a) => field(a.json, 'response.gatewayCode') === 'LOCK_FAILURE');
    assert.equal(approved.length + locked.length, 50, answers.map((a) => a.text).find((t) => !/APPROVED|LOCK_FAILURE/.test(t)));
    assert.ok(locked.length > 0, 'no overlap happened');
    assert.ok(approved.length > 0);
    for (const l of locked) assert.equal(field(l.json, 'result'), 'FAILURE');
    const order = await send(agent, `${sim.baseUrl}/api/rest/version/13/merchant/${MID}/order/F-8`, { headers: { authorization: basicAuth() } });
    const refunds = (field(order.json, 'transaction') as unknown[]).filter((t) => field(t, 'transaction.type') === 'REFUND');
    assert.equal(refunds.length, approved.length);
    assert.match(order.text, new RegExp(`"totalRefundedAmount":0\\.${String(approved.length).padStart(2, '0')}[,}]`));
  });

  it('sends a webhook to order.notificationUrl when the order changes, with the notification secret', async () => {
    const receiver = await startReceiver();
    try {
      const body = { ...authorizeBody(), order: { amount: '3.00', currency: 'USD', notificationUrl: `${receiver.url}/hook` } };
      assert.equal((await gatewayPut(agent, sim.baseUrl, 11, 'F-9', 'a', body)).status, 201);
      await gatewayPut(agent, sim.baseUrl, 13, 'F-9', 'r', refundBody('1.00'));
      await receiver.waitFor(2);
      const [first, second] = receiver.received;
      assert.equal(field(JSON.parse(first?.body ?? ''), 'order.status'), 'CAPTURED');
      assert.equal(field(JSON.parse(second?.body ?? ''), 'order.status'), 'PARTIALLY_REFUNDED');
      assert.equal(first?.headers['x-notification-secret'], `${MID}-notification-secret`);
      await waitUntil(() => sim.requestLog.entries.filter((e) => e.kind === 'webhook').length === 2, 'two logged webhooks');
      const hooks = sim.requestLog.entries.filter((e) => e.kind === 'webhook');
      assert.equal(hooks[0]?.status, 200);
      assert.equal(hooks[0]?.requestHeaders['x-notification-secret'], '<redacted>');
    } finally {
      await receiver.close();
    }
    const remote = await gatewayPut(agent, sim.baseUrl, 11, 'F-10', 'a', { ...authorizeBody(), order: { amount: '3.00', currency: 'USD', notificationUrl: 'http://example.com/hook' } });
    assert.equal(remote.status, 400);
    assert.equal(field(remote.json, 'error.field'), 'order.notificationUrl');
  });
});

describe('simulator: gateway errors and sessions', () => {
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({ processingDelayMs: 0 }, (s, a) => {
    sim = s;
    agent = a;
  });

  it('HTTP Basic: 401 with the real body for a wrong password; Authorize also accepts an empty user', async () => {
    const wrong = await gatewayPut(agent, sim.baseUrl, 11, 'E-1', '1', authorizeBody(), basicAuth(`merchant.${MID}`, 'wrong'));
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.json, { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Invalid credentials.' } });
    const empty = await gatewayPut(agent, sim.baseUrl, 11, 'E-1', '1', authorizeBody(), basicAuth(''));
    assert.equal(empty.status, 201);
    const emptyForRefund = await gatewayPut(agent, sim.baseUrl, 13, 'E-1', '2', refundBody('1.00'), basicAuth(''));
    assert.equal(emptyForRefund.status, 401);
    const none = await send(agent, `${sim.baseUrl}/api/rest/version/13/merchant/${MID}/order/E-1/transaction/3`, { method: 'PUT', body: refundBody('1.00') });
    assert.equal(none.status, 401);
  });

  it('404 for an unknown path and for a version the operation does not support', async () => {
    const v80 = await gatewayPut(agent, sim.baseUrl, 80, 'E-2', '1', authorizeBody());
    assert.equal(v80.status, 404);
    assert.equal(field(v80.json, 'error.explanation'), "Unsupported value for 'version = 80'");
    const belowVoid = await gatewayPut(agent, sim.baseUrl, 3, 'E-2', '1', { apiOperation: 'VOID', transaction: { targetTransactionId: '1' } });
    assert.equal(belowVoid.status, 404);
    assert.equal(field(belowVoid.json, 'error.explanation'), "Unsupported value for 'version = 3'");
    const unknown = await send(agent, `${sim.baseUrl}/api/rest/version/11/merchant/${MID}/nothing`, { headers: { authorization: basicAuth() } });
    assert.equal(unknown.status, 404);
    const root = await send(agent, `${sim.baseUrl}/nowhere`);
    assert.equal(root.status, 404);
  });

  it('400 with field and validationType: MISSING, INVALID (real length text), UNSUPPORTED, JSON errors', async () => {
    // The catalogue's authorizeAmount rule ('requiredFor') rejects it before the operation runs; still the gateway's envelope.
    const noAmount = await gatewayPut(agent, sim.baseUrl, 11, 'E-3', '1', { ...authorizeBody(), order: { currency: 'USD' } });
    assert.equal(noAmount.status, 400);
    assert.equal(field(noAmount.json, 'error.cause'), 'INVALID_REQUEST');
    assert.equal(field(noAmount.json, 'error.field'), 'order.amount');
    assert.equal(field(noAmount.json, 'error.validationType'), 'MISSING');
    assert.equal(field(noAmount.json, 'error.explanation'), 'Missing parameter');

    const longRef = await gatewayPut(agent, sim.baseUrl, 11, 'E-3', '1', authorizeBody({ reference: 'x'.repeat(42) }));
    assert.equal(field(longRef.json, 'error.field'), 'order.reference');
    assert.equal(field(longRef.json, 'error.validationType'), 'INVALID');
    assert.equal(field(longRef.json, 'error.explanation'), `Value '${'x'.repeat(42)}' is invalid. Length is 42 characters, but must be less than 41`);

    const zero = await gatewayPut(agent, sim.baseUrl, 11, 'E-3', '1', authorizeBody({ amount: '0.00' }));
    assert.equal(zero.status, 400);
    assert.equal(field(zero.json, 'error.field'), 'order.amount');

    const unsupported = await gatewayPut(agent, sim.baseUrl, 11, 'E-3', '1', { ...authorizeBody(), apiOperation: 'FUND_TRANSFER' });
    assert.equal(field(unsupported.json, 'error.validationType'), 'UNSUPPORTED');

    const json = await gatewayPut(agent, sim.baseUrl, 11, 'E-3', '1', '{"apiOperation": abc}');
    assert.equal(json.status, 400);
    assert.equal(field(json.json, 'error.explanation'), "Json encoded payload error: Unexpected character 'a' at [character 18 line 1]");

    const badCard = await gatewayPut(agent, sim.baseUrl, 11, 'E-3', '1', authorizeBody({ number: '51234500000000089999' }));
    assert.equal(badCard.status, 400);
    assert.equal(field(badCard.json, 'error.field'), 'sourceOfFunds.provided.card.number');
    assert.ok(!badCard.text.includes('51234500000000089999'), 'the error echoes the card number');

    const longOrder = await gatewayPut(agent, sim.baseUrl, 11, 'o'.repeat(41), '1', authorizeBody());
    assert.equal(longOrder.status, 400);
    assert.equal(field(longOrder.json, 'error.field'), 'orderId');
  });

  it('the payment rules answer as the catalogue says: the field it names, MISSING for what is required, its words for 0.00 and 1.0001', async () => {
    const card = authorizeBody().sourceOfFunds;
    const cases: { op: OperationId; version: number; body: Record<string, unknown>; validationType: string; explanation: string }[] = [
      { op: 'gateway.authorize', version: 11, body: { ...authorizeBody(), order: { amount: '10.00' } }, validationType: 'MISSING', explanation: 'Missing parameter' },
      { op: 'gateway.authorize', version: 11, body: { apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'USD' } }, validationType: 'MISSING', explanation: 'Missing parameter' },
      { op: 'gateway.authorize', version: 11, body: { ...authorizeBody(), sourceOfFunds: { provided: { card: { number: '5123450000000008' } } } }, validationType: 'MISSING', explanation: 'Missing parameter' },
      { op: 'gateway.verify', version: 100, body: { apiOperation: 'VERIFY', sourceOfFunds: card }, validationType: 'MISSING', explanation: 'Missing parameter' },
      { op: 'gateway.refund', version: 13, body: { apiOperation: 'REFUND', transaction: { currency: 'USD' } }, validationType: 'MISSING', explanation: 'Missing parameter' },
      { op: 'gateway.authorize', version: 11, body: authorizeBody({ amount: '0.00' }), validationType: 'INVALID', explanation: "Value '0.00' is invalid. Transaction or order amount must be greater than zero" },
      { op: 'gateway.authorize', version: 11, body: authorizeBody({ amount: '1.0001' }), validationType: 'INVALID', explanation: "Value '1.0001' is invalid. Must have at most 3 digits after the decimal point" },
      { op: 'gateway.refund', version: 13, body: refundBody('0.00'), validationType: 'INVALID', explanation: "Value '0.00' is invalid. Transaction or order amount must be greater than zero" },
    ];
    let n = 0;
    for (const { op, version, body, validationType, explanation } of cases) {
      const [first] = validateBody(op, version, body);
      assert.ok(first, `the catalogue rejects ${JSON.stringify(body)}`);
      const r = await gatewayPut(agent, sim.baseUrl, version, `PR-${++n}`, '1', body);
      const what = `${op} ${JSON.stringify(body)}: ${r.text}`;
      assert.equal(r.status, 400, what);
      assert.equal(field(r.json, 'error.cause'), 'INVALID_REQUEST', what);
      assert.equal(field(r.json, 'error.field'), first.path, what);
      assert.equal(field(r.json, 'error.validationType'), validationType, what);
      assert.equal(field(r.json, 'error.explanation'), explanation, what);
    }
  });

  it('Update Session: real id format, stored fields used by a later Authorize', async () => {
    const created = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session`, { method: 'POST', headers: { authorization: basicAuth() }, body: {} });
    assert.equal(created.status, 201);
    const id = String(field(created.json, 'session.id'));
    assert.match(id, /^SESSION0002[A-Za-z0-9]{20}$/);
    const upd = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session/${id}`, {
      method: 'PUT',
      headers: { authorization: basicAuth() },
      body: { sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '5', year: '39' } } } } },
    });
    assert.equal(upd.status, 200, upd.text);
    assert.equal(field(upd.json, 'merchant'), MID);
    assert.equal(field(upd.json, 'session.id'), id);
    assert.equal(field(upd.json, 'session.updateStatus'), 'SUCCESS');
    assert.match(String(field(upd.json, 'session.version')), /^[0-9a-f]{10}$/);
    assert.equal(field(upd.json, 'version'), '100');
    // At the version the session was updated with: another version is refused (paymentSessions.test.ts).
    const pay = await gatewayPut(agent, sim.baseUrl, 100, 'E-4', '1', { apiOperation: 'AUTHORIZE', order: { amount: '1.00', currency: 'USD' }, session: { id } });
    assert.equal(field(pay.json, 'response.gatewayCode'), 'DECLINED', 'expiry 05/39 from the session');
    const shortId = await send(agent, `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session/SESSION0002short`, { method: 'PUT', headers: { authorization: basicAuth() }, body: {} });
    assert.equal(shortId.status, 400);
    assert.equal(field(shortId.json, 'error.field'), 'sessionId');
  });

  it('serves every gateway operation of the catalogue on each of its documented versions, and 404 at version 80', async () => {
    let i = 0;
    for (const op of operations.filter((o) => o.api === 'gateway')) {
      for (const version of [...op.documentedVersions, 80]) {
        const path = op.pathTemplate
          .replace('{version}', String(version))
          .replace('{merchantId}', MID)
          .replace('{orderId}', `V-${++i}`)
          .replace('{transactionId}', '1')
          .replace('{sessionId}', 'SESSION0002versionsversionsversi');
        const r = await send(agent, `${sim.baseUrl}${path}`, { method: op.method, headers: { authorization: basicAuth() }, body: op.apiOperation ? { apiOperation: apiOperationAt(op, version) } : {} });
        if (version === 80) assert.equal(r.status, 404, `${op.id} v80`);
        else assert.notEqual(r.status, 404, `${op.id} v${version}: ${r.text}`);
      }
    }
  });

  it('reads a session back with the card masked and no security code', async () => {
    const url = `${sim.baseUrl}/api/rest/version/100/merchant/${MID}/session/SESSION0002readbackreadbackreadb`;
    await send(agent, url, { method: 'PUT', headers: { authorization: basicAuth() }, body: { sourceOfFunds: { provided: { card: { number: '4012000033330026', securityCode: '123' } } } } });
    const r = await send(agent, url, { headers: { authorization: basicAuth() } });
    assert.equal(r.status, 200);
    assert.equal(field(r.json, 'sourceOfFunds.provided.card.number'), '401200xxxxxx0026');
    assert.ok(!r.text.includes('securityCode') && !r.text.includes('4012000033330026'));
  });

  it('works from curl: authorize and refund with -u', async () => {
    const url = (t: string, v: number) => `${sim.baseUrl}/api/rest/version/${v}/merchant/${MID}/order/E-5/transaction/${t}`;
    const u = `merchant.${MID}:${SIMULATOR_DEFAULTS.apiPassword}`;
    const a = await curl(['-X', 'PUT', '-u', u, '-H', 'content-type: application/json', '-d', JSON.stringify(authorizeBody({ amount: '9.99' })), url('a', 11)]);
    assert.equal(field(JSON.parse(a.stdout), 'result'), 'SUCCESS');
    const r = await curl(['-X', 'PUT', '-u', u, '-d', JSON.stringify(refundBody('10.00')), '-w', '\n%{http_code}', url('r', 13)]);
    assert.match(r.stdout, /\n400$/);
  });
});
