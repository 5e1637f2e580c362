import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FormPanels } from '../../src/features/form/host/formPanels';
import type { FormHostMessage, FormState } from '../../src/features/form/protocol';
import { runPayerPage } from '../../src/flows/payerPages';
import { HttpClient } from '../../src/http';
import type { Exchange } from '../../src/send/exchange';
import { startSimulator, SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../src/simulator';
import { extensionApi, send } from './support';

const card = { provided: { card: { number: '4440000009900010', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
const bodies = {
  init: { apiOperation: 'INITIATE_AUTHENTICATION', order: { currency: 'EUR' }, authentication: { channel: 'PAYER_BROWSER' }, sourceOfFunds: card },
  auth: { apiOperation: 'AUTHENTICATE_PAYER', order: { amount: '50.00', currency: 'EUR' }, authentication: { redirectResponseUrl: 'https://merchant.example.com/back' }, device: { browser: 'Mozilla/5.0', browserDetails: { '3DSecureChallengeWindowSize': 'FULL_SCREEN', language: 'en-US' } }, sourceOfFunds: card },
  pay: { apiOperation: 'PAY', order: { amount: '50.00', currency: 'EUR' }, sourceOfFunds: card },
};

/**
 * 3-D Secure from the doors a person uses, in the real extension host: Initiate Authentication,
 * Authenticate Payer (its transaction id continued by the send session), the challenge answered on the
 * simulator's page as the payer's browser would, then Pay: an authenticated, captured payment.
 */
describe('3-D Secure from the forms and the palette', function () {
  this.timeout(90_000);
  let sim: SimulatorHandle;
  let forms: FormPanels;
  const client = new HttpClient();
  const envId = 'it-3ds';
  let n = 0;
  const orderId = () => `ORD-3DS-${Date.now().toString(36)}-${++n}`;

  before(async () => {
    forms = (await (await extensionApi()).inspect.features()).panels.forms;
    sim = await startSimulator({ port: 0 });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: envId, name: '3DS test', gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, timeoutMs: 5000 });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: envId, value: SIMULATOR_DEFAULTS.apiPassword });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: envId, confirmed: true });
    await client.close();
    await sim?.close();
  });

  async function challenge(auth: Exchange | undefined): Promise<void> {
    assert.equal(auth?.decoded?.outcome?.result, 'PENDING', `Authenticate Payer asks for a challenge: ${auth?.response?.bodyText ?? auth?.failure?.message}`);
    const html = (JSON.parse(auth?.response?.bodyText ?? '{}') as { authentication?: { redirect?: { html?: string } } }).authentication?.redirect?.html;
    assert.ok(html, 'the challenge redirect html');
    const page = await runPayerPage({ challenge: html, outcome: 'authenticated' }, { client });
    assert.equal((page.response as { response?: { gatewayRecommendation?: string } }).response?.gatewayRecommendation, 'PROCEED');
  }

  function assertAuthenticatedPayment(pay: Exchange | undefined, authTransactionId: string | undefined): void {
    assert.equal(pay?.decoded?.outcome?.result, 'SUCCESS', pay?.response?.bodyText);
    assert.match(pay?.response?.bodyText ?? '', /"status":"CAPTURED"/);
    assert.notEqual(pay?.params.transactionId, authTransactionId, 'Pay took a new transaction id');
    assert.equal((pay?.request.body as { authentication?: { transactionId?: string } }).authentication?.transactionId, authTransactionId, 'Pay carried the authentication');
  }

  it('from the palette: Authenticate Payer continues the initiated transaction, Pay is authenticated', async () => {
    const order = orderId();
    const init = await send({ environmentId: envId, operationId: 'gateway.initiateAuthentication', params: { orderId: order }, body: bodies.init });
    assert.equal(init?.decoded?.outcome?.result, 'SUCCESS', init?.response?.bodyText);
    const auth = await send({ environmentId: envId, operationId: 'gateway.authenticatePayer', params: { orderId: order }, body: bodies.auth });
    assert.equal(auth?.params.transactionId, init?.params.transactionId, 'the same transaction id as Initiate Authentication');
    await challenge(auth);
    const pay = await send({ environmentId: envId, operationId: 'gateway.pay', params: { orderId: order }, body: bodies.pay });
    assertAuthenticatedPayment(pay, init?.params.transactionId);
  });

  it('from the forms: the same journey, each form sending what the page holds', async () => {
    const order = orderId();
    const sendFrom = async (operationId: string, body: Record<string, unknown>): Promise<Exchange | undefined> => {
      const form = await forms.openForm({ operationId, environmentId: envId, params: { orderId: order } });
      assert.ok(form, `the ${operationId} form opened`);
      const state: FormState = { ...form.currentState, params: { ...form.currentState.params, orderId: order }, body: body as FormState['body'] };
      const posted: FormHostMessage[] = await form.receiveAsFromPage({ type: 'send', state, sendAnyway: false });
      const sent = posted.find((m) => m.type === 'sent');
      assert.ok(sent, `${operationId} was sent: ${JSON.stringify(posted).slice(0, 400)}`);
      return lastExchange(operationId, order);
    };
    const init = await sendFrom('gateway.initiateAuthentication', bodies.init);
    assert.equal(init?.decoded?.outcome?.result, 'SUCCESS', init?.response?.bodyText);
    const auth = await sendFrom('gateway.authenticatePayer', bodies.auth);
    assert.equal(auth?.params.transactionId, init?.params.transactionId, 'the same transaction id as Initiate Authentication');
    await challenge(auth);
    const pay = await sendFrom('gateway.pay', bodies.pay);
    assertAuthenticatedPayment(pay, init?.params.transactionId);
  });

  /** The exchange a form's send produced, as every door's listeners got it (the session's onExchange hook). */
  const seen: Exchange[] = [];
  let listening: { dispose(): void } | undefined;
  before(async () => {
    listening = (await (await extensionApi()).inspect.features()).sendSession.hooks.onExchange.addHook('3ds test', ({ exchange }) => void seen.push(exchange));
  });
  after(() => listening?.dispose());
  function lastExchange(operationId: string, order: string): Exchange | undefined {
    return [...seen].reverse().find((e) => e.operationId === operationId && e.params.orderId === order);
  }
});
