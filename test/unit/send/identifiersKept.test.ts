import * as assert from 'node:assert/strict';
import { cliConnections } from '../../../src/cli/connections';
import { scrubExchange } from '../../../src/history/scrub';
import { passesLuhn, REDACTED } from '../../../src/redaction';
import { Credentials } from '../../../src/credentials/credentials';
import { localSimulatorEnvironment, type Environment } from '../../../src/environments/environment';
import type { Exchange } from '../../../src/send/exchange';
import { sendOperation } from '../../../src/send/guardedSend';
import { nextStepsFor } from '../../../src/orders/answers/nextSteps';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { answerYes } from '../../harness/sendPorts';

/**
 * Identifiers whose digits pass Luhn, as the real gateway hands them out ("Random with Luhn" tokens,
 * numeric order ids): the send path, history and next steps keep them whole, while a card number
 * beside them is still masked. Against the simulator over loopback, whose tokens pass Luhn.
 */
describe('identifiers that look like card numbers stay whole through the send path and history', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let env: Environment;
  const connections = cliConnections(new Credentials({ get: async () => undefined }), undefined);
  const send = (operationId: string, params: Record<string, string>, body?: unknown): Promise<Exchange> =>
    sendOperation(connections.runnerDeps(), answerYes, { env, operationId, params, ...(body !== undefined ? { body } : {}) });
  const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

  before(async () => {
    sim = await startSimulator({ port: 0 });
    env = localSimulatorEnvironment(sim.port);
  });
  after(async () => {
    await connections.close();
    await sim.close();
  });

  it('a token that passes Luhn: kept in the answer, in history, in the verdict; "Pay with this token" pays with it', async () => {
    const saved = await send('gateway.createToken', {}, { sourceOfFunds: card });
    const token = (JSON.parse(saved.response?.bodyText ?? '{}') as { token?: string }).token ?? '';
    assert.match(token, /^9\d{15}$/);
    assert.ok(passesLuhn(token), 'the simulator hands out "Random with Luhn" tokens');
    assert.ok(saved.response?.bodyText.includes('512345xxxxxx0008'), 'the card beside it is masked');

    const history = scrubExchange(saved);
    assert.ok(history.response?.bodyText.includes(`"token":"${token}"`), history.response?.bodyText);
    assert.ok(history.decoded?.verdict.detail?.includes(`token ${token}`) && !history.decoded.verdict.detail.includes(REDACTED), history.decoded?.verdict.detail);

    const payStep = nextStepsFor(history).find((s) => s.operationId === 'gateway.pay');
    assert.deepEqual(payStep?.body, { apiOperation: 'PAY', sourceOfFunds: { token } });
    const paid = await send('gateway.pay', { orderId: `TOKPAY-${Date.now()}`, transactionId: '1' }, { ...(payStep?.body as object), order: { amount: '5.00', currency: 'EUR' } });
    assert.equal(paid.decoded?.outcome?.gatewayCode?.code, 'APPROVED', paid.response?.bodyText);
    assert.ok(scrubExchange(paid).request.body !== undefined && JSON.stringify(scrubExchange(paid).request.body).includes(token), 'the Pay in history names the token it paid with');

    const read = await send('gateway.retrieveToken', { tokenId: token });
    assert.ok(scrubExchange(read).request.url.endsWith(`/token/${token}`), scrubExchange(read).request.url);
    assert.equal(scrubExchange(read).params['tokenId'], token);
    assert.ok(scrubExchange(read).request.curl.includes(`/token/${token}`), 'the cURL line in history names it too');
  });

  it('a numeric order id whose digits pass Luhn: kept in the URL and params, in history too; Capture goes to that order', async () => {
    const orderId = '1713775200006';
    assert.ok(passesLuhn(orderId));
    const authorized = await send('gateway.authorize', { orderId, transactionId: '1' }, { apiOperation: 'AUTHORIZE', order: { amount: '9.00', currency: 'EUR' }, sourceOfFunds: card });
    const history = scrubExchange(authorized);
    assert.ok(history.request.url.includes(`/order/${orderId}/`), history.request.url);
    assert.equal(history.params['orderId'], orderId);
    assert.ok(history.request.curl.includes(`/order/${orderId}/`) && !history.request.curl.includes('5123450000000008'), history.request.curl);
    assert.ok(history.response?.bodyText.includes(`"id":"${orderId}"`), 'order.id in the answer');
    const capture = nextStepsFor(history).find((s) => s.operationId === 'gateway.capture' || s.operationId === 'gateway.refund');
    assert.equal(capture?.params['orderId'], orderId);
  });
});
