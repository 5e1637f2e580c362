/**
 * Payment sessions and saved cards through the real CLI against the real simulator process
 * (`payment-workbench simulator`): Create / Update / Retrieve Session, paying with session.id,
 * Create / Retrieve / Delete Token, paying with sourceOfFunds.token, each merchant's own, and no
 * full card number in any report or in the simulator's request log.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bin, cli } from './cliProcess';

const PAN = '5123450000000008';
const PASSWORD = 'simulator-api-password';
const card = (month = '1') => ({ type: 'CARD', provided: { card: { number: PAN, expiry: { month, year: '39' }, securityCode: '100' } } });

interface Report { flows: { passed: boolean; steps: { id: string; status: string; verdict?: string; failures: { path: string; expected: string; actual: string }[] }[] }[] }

describe('payment-workbench run: sessions and saved cards on the simulator (real processes)', function () {
  this.timeout(120_000);
  let dir: string;
  let simulator: ChildProcess;
  let baseUrl: string;
  let environments: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-saved-cards-'));
    simulator = spawn(process.execPath, [bin, 'simulator', '--port', '0']);
    baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      simulator.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/[^\s]+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      simulator.on('exit', () => reject(new Error(`the simulator ended: ${out}`)));
    });
    environments = path.join(dir, 'environments.json');
    fs.writeFileSync(environments, JSON.stringify({ environments: [
      { id: 'main', name: 'Main merchant', gatewayUrl: baseUrl, merchantId: 'TESTSIMULATOR01' },
      { id: 'other', name: 'Other merchant', gatewayUrl: baseUrl, merchantId: 'TESTSIMAUTHONLY' },
    ] }));
  });
  after(() => {
    simulator.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function run(name: string, steps: object[], env = 'main', reporter = 'json'): Promise<{ status: number | null; stdout: string; report: Report | undefined }> {
    const flow = path.join(dir, `${name}.payflow.json`);
    fs.writeFileSync(flow, JSON.stringify({ name, steps }));
    const r = await cli(['run', flow, '--env', env, '--environments', environments, '--reporter', reporter], { env: { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD } });
    let report: Report | undefined;
    try {
      report = reporter === 'json' ? (JSON.parse(r.stdout) as Report) : undefined;
    } catch {
      report = undefined;
    }
    return { status: r.status, stdout: r.stdout + r.stderr, report };
  }

  /** A session made directly on the simulator, for the runs that must name one from another run. */
  async function sessionOn(merchantId: string, fields: object): Promise<string> {
    const auth = { authorization: `Basic ${Buffer.from(`merchant.${merchantId}:${PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' };
    const created = (await (await fetch(`${baseUrl}/api/rest/version/100/merchant/${merchantId}/session`, { method: 'POST', headers: auth, body: '{}' })).json()) as { session: { id: string } };
    await fetch(`${baseUrl}/api/rest/version/100/merchant/${merchantId}/session/${created.session.id}`, { method: 'PUT', headers: auth, body: JSON.stringify(fields) });
    return created.session.id;
  }

  it('Create Session answers NO_UPDATE with the default authenticationLimit 5; a limit over 25 is refused on that field', async () => {
    const r = await run('create-session', [
      { id: 'plain', operation: 'gateway.createSession', body: {}, expect: { status: 201, result: 'SUCCESS', 'session.updateStatus': 'NO_UPDATE', 'session.authenticationLimit': 5, 'session.id': { present: true } } },
      { id: 'tooMany', operation: 'gateway.createSession', body: { session: { authenticationLimit: 26 } }, expect: { status: 400, 'error.field': 'session.authenticationLimit' } },
    ]);
    assert.equal(r.status, 0, r.stdout);
    assert.equal(r.report?.flows[0]?.steps[0]?.verdict, 'Session created');
  });

  it('a session filled by Update Session pays with its card (a declined test card stays declined); Retrieve Session shows it masked', async () => {
    const r = await run('session-pay', [
      { id: 's', operation: 'gateway.createSession', body: {} },
      { id: 'fill', operation: 'gateway.updateSession', params: { sessionId: '{{s.response.session.id}}' }, body: { order: { amount: '10.00', currency: 'EUR' }, sourceOfFunds: card('5') },
        expect: { 'session.updateStatus': 'SUCCESS', 'order.amount': '10.00', 'sourceOfFunds.provided.card.number': '512345xxxxxx0008' } },
      { id: 'pay', operation: 'gateway.pay', body: { apiOperation: 'PAY', session: { id: '{{s.response.session.id}}' } }, expect: { result: 'FAILURE', 'response.gatewayCode': 'DECLINED' } },
      { id: 'read', operation: 'gateway.retrieveSession', params: { sessionId: '{{s.response.session.id}}' },
        expect: { 'sourceOfFunds.provided.card.number': '512345xxxxxx0008', 'sourceOfFunds.provided.card.securityCode': { present: false }, 'order.amount': '10.00' } },
    ]);
    assert.equal(r.status, 0, r.stdout);
    assert.deepEqual(r.report?.flows[0]?.steps.map((s) => s.verdict), ['Session created', 'Session updated', 'Declined', 'Session read'], r.stdout);
    assert.ok(!r.stdout.includes(PAN), 'the JSON report never shows the full card number');
  });

  it("another merchant's session and token are refused as unknown (Pay, Retrieve Session, Retrieve Token)", async () => {
    const id = await sessionOn('TESTSIMULATOR01', { sourceOfFunds: card() });
    const auth = { authorization: `Basic ${Buffer.from(`merchant.TESTSIMULATOR01:${PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' };
    const saved = (await (await fetch(`${baseUrl}/api/rest/version/100/merchant/TESTSIMULATOR01/token`, { method: 'POST', headers: auth, body: JSON.stringify({ sourceOfFunds: card() }) })).json()) as { token: string };
    const r = await run('foreign-session', [
      { id: 'pay', operation: 'gateway.pay', body: { apiOperation: 'PAY', order: { amount: '5.00', currency: 'EUR' }, session: { id } }, expect: { status: 400, 'error.field': 'session.id', 'error.explanation': `Value '${id}' is invalid. Unable to find session ${id} for merchant TESTSIMAUTHONLY` } },
      { id: 'read', operation: 'gateway.retrieveSession', params: { sessionId: id }, expect: { status: 400, 'error.field': 'session.id' } },
      { id: 'payByToken', operation: 'gateway.pay', params: { orderId: '{{fresh.orderId.token}}' }, body: { apiOperation: 'PAY', order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { token: saved.token } }, expect: { status: 400, 'error.field': 'sourceOfFunds.token' } },
      { id: 'readToken', operation: 'gateway.retrieveToken', params: { tokenId: saved.token }, expect: { status: 400, 'error.field': 'tokenId' } },
    ], 'other');
    assert.equal(r.status, 0, r.stdout);
  });

  it('a token pays like the card it holds, shows only masked, is gone after Delete (payment refused on sourceOfFunds.token)', async () => {
    const r = await run('token-life', [
      { id: 'declinedCard', operation: 'gateway.createToken', body: { sourceOfFunds: card('5') }, expect: { status: 201, 'body.status': 'VALID', 'sourceOfFunds.provided.card.number': '512345xxxxxx0008', 'sourceOfFunds.provided.card.expiry': '0539' } },
      { id: 'payDeclined', operation: 'gateway.pay', body: { apiOperation: 'PAY', order: { amount: '7.00', currency: 'EUR' }, sourceOfFunds: { token: '{{declinedCard.response.token}}' } }, expect: { result: 'FAILURE', 'response.gatewayCode': 'DECLINED' } },
      { id: 'fromSession', operation: 'gateway.createSession', body: {} },
      { id: 'fill', operation: 'gateway.updateSession', params: { sessionId: '{{fromSession.response.session.id}}' }, body: { sourceOfFunds: card() } },
      { id: 'saved', operation: 'gateway.createToken', body: { session: { id: '{{fromSession.response.session.id}}' }, sourceOfFunds: { type: 'CARD' } }, expect: { status: 201, 'sourceOfFunds.provided.card.number': '512345xxxxxx0008' } },
      { id: 'pay', operation: 'gateway.pay', body: { apiOperation: 'PAY', order: { amount: '7.00', currency: 'EUR' }, sourceOfFunds: { token: '{{saved.response.token}}' } }, expect: { result: 'SUCCESS', 'response.gatewayCode': 'APPROVED' } },
      { id: 'delete', operation: 'gateway.deleteToken', params: { tokenId: '{{saved.response.token}}' }, expect: { status: 200, result: 'SUCCESS' } },
      { id: 'read', operation: 'gateway.retrieveToken', params: { tokenId: '{{saved.response.token}}' }, expect: { status: 400, 'error.field': 'tokenId' } },
      { id: 'refused', operation: 'gateway.pay', params: { orderId: '{{fresh.orderId.refused}}' }, body: { apiOperation: 'PAY', order: { amount: '7.00', currency: 'EUR' }, sourceOfFunds: { token: '{{saved.response.token}}' } },
        expect: { status: 400, 'error.cause': 'INVALID_REQUEST', 'error.field': 'sourceOfFunds.token' } },
    ], 'main', 'text');
    assert.equal(r.status, 0, r.stdout);
    assert.match(r.stdout, /Card saved as a token/);
    assert.match(r.stdout, /Token deleted/);
    assert.ok(!r.stdout.includes(PAN), 'the text report never shows the full card number');
  });

  it('session authentication (Update Session as the payer): the session id is the password, only payer fields, within authenticationLimit, that session only', async () => {
    const other = await sessionOn('TESTSIMULATOR01', {});
    const asPayer = (id: string, sessionId: string, body: object, expect: object) => ({ id, operation: 'gateway.updateSessionAsPayer', params: { sessionId }, body, expect });
    const r = await run('session-auth', [
      { id: 's', operation: 'gateway.createSession', body: { session: { authenticationLimit: 2 } } },
      { id: 'order', operation: 'gateway.updateSession', params: { sessionId: '{{s.response.session.id}}' }, body: { order: { amount: '9.00', currency: 'EUR' } } },
      asPayer('card', '{{s.response.session.id}}', { sourceOfFunds: card() }, { status: 200, 'session.updateStatus': 'SUCCESS', 'session.id': { present: false }, 'sourceOfFunds': { present: false } }),
      asPayer('amount', '{{s.response.session.id}}', { order: { amount: '0.01' } }, { status: 400, 'error.field': 'order', 'error.validationType': 'UNSUPPORTED' }),
      asPayer('name', '{{s.response.session.id}}', { customer: { firstName: 'Ann' } }, { status: 200 }),
      asPayer('overLimit', '{{s.response.session.id}}', { customer: { firstName: 'Bo' } }, { status: 400, 'error.explanation': { present: true } }),
      // Another session, opened with its own id: each session id opens its own session only (checked below).
      { id: 'wrongSession', operation: 'gateway.updateSessionAsPayer', params: { sessionId: other }, body: { customer: { firstName: 'Cy' } }, expect: { status: 200 } },
      { id: 'pay', operation: 'gateway.pay', body: { apiOperation: 'PAY', session: { id: '{{s.response.session.id}}' } }, expect: { 'response.gatewayCode': 'APPROVED', 'order.amount': '9.00' } },
    ]);
    assert.equal(r.status, 0, r.stdout);
    const auth = { authorization: `Basic ${Buffer.from(`merchant.TESTSIMULATOR01:${other}`).toString('base64')}`, 'content-type': 'application/json' };
    const created = (await (await fetch(`${baseUrl}/api/rest/version/100/merchant/TESTSIMULATOR01/session`, { method: 'POST', headers: { ...auth, authorization: `Basic ${Buffer.from(`merchant.TESTSIMULATOR01:${PASSWORD}`).toString('base64')}` }, body: '{}' })).json()) as { session: { id: string } };
    const crossed = await fetch(`${baseUrl}/api/rest/version/100/merchant/TESTSIMULATOR01/session/${created.session.id}`, { method: 'PUT', headers: auth, body: '{}' });
    assert.equal(crossed.status, 401, "one session's id is no password for another session");
    const read = await fetch(`${baseUrl}/api/rest/version/100/merchant/TESTSIMULATOR01/session/${other}`, { headers: auth });
    assert.equal(read.status, 401, 'session authentication opens Update Session only');
  });

  it('Payment Options Inquiry: GET lists every brand with its currencies; POST narrows to a currency and a card prefix', async () => {
    const r = await run('payment-options', [
      { id: 'all', operation: 'gateway.paymentOptionsInquiryGet', expect: { status: 200, result: 'SUCCESS', 'paymentTypes.card.cardTypes[0].cardType': 'MASTERCARD', 'paymentTypes.card.cardTypes[2].cardType': 'AMEX' } },
      { id: 'amexInEur', operation: 'gateway.paymentOptionsInquiry', body: { order: { currency: 'EUR' }, sourceOfFunds: { provided: { card: { prefix: '371881' } } } }, expect: { status: 200, 'paymentTypes.card.cardTypes[0]': { present: false } } },
      { id: 'visaInUsd', operation: 'gateway.paymentOptionsInquiry', body: { order: { currency: 'USD' }, sourceOfFunds: { provided: { card: { prefix: '450875' } } } }, expect: { 'paymentTypes.card.cardTypes[0].cardType': 'VISA', 'paymentTypes.card.cardTypes[0].currencies[0].currency': 'USD', 'paymentTypes.card.cardTypes[1]': { present: false } } },
      { id: 'badCurrency', operation: 'gateway.paymentOptionsInquiry', body: { order: { currency: 'eur' } }, expect: { status: 400, 'error.field': 'order.currency' } },
    ]);
    assert.equal(r.status, 0, r.stdout);
    assert.deepEqual(r.report?.flows[0]?.steps.slice(0, 2).map((s) => s.verdict), ['Payment options', 'No card options']);
  });

  it('the simulator’s request log keeps no full card number from sessions, tokens or the hosted payment page', async () => {
    const paid = await run('hosted-page', [
      { id: 'checkout', operation: 'gateway.initiateCheckout', body: { apiOperation: 'INITIATE_CHECKOUT', interaction: { operation: 'PURCHASE', returnUrl: 'https://shop.example.com/return' }, order: { id: '{{fresh.orderId}}', amount: '3.00', currency: 'EUR' } } },
      { id: 'payer', payer: { checkout: '{{env.gatewayUrl}}/_simulator/checkout/{{checkout.response.session.id}}', card: PAN, expiry: '01/39', securityCode: '100', outcome: 'authenticated' }, expect: { resultIndicator: '{{checkout.response.successIndicator}}' } },
    ]);
    assert.equal(paid.status, 0, paid.stdout);
    const log = await (await fetch(`${baseUrl}/_simulator/requests`)).text();
    assert.match(log, /\/token/, 'the token requests are in the log');
    assert.match(log, /\/session/, 'the session requests are in the log');
    assert.match(log, /\/_simulator\/checkout\/[^"]+\/pay/, 'the payment page form post is in the log');
    assert.ok(!log.includes(PAN), 'no full card number in the request log');
  });
});
