import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { exampleBody, getOperation, type OperationDef } from '../../src/catalogue';
import { simulatorReturnPage, withFreshBodyIds, withSimulatorReturnPages } from '../../src/commands/payerReturnPages';
import type { JsonObject } from '../../src/features/form/model/json';
import { startSimulator, type SimulatorHandle } from '../../src/simulator';
import { launchBrowser } from '../harness/browser';
import { SimulatorSender } from '../harness/simulatorSender';

/**
 * Where a payer's browser ends when a newcomer sends the forms' starting bodies to the simulator: after
 * the 3-D Secure challenge and after Hosted Checkout's payment page, on the simulator's own return page
 * (order, outcome, what came back) rather than on merchant.example.com, a DNS error. Chromium drives the
 * simulator's real pages; the bodies are made as the form and Send Request… make them.
 */
describe('payer return pages on the simulator (Chromium)', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  let sender: SimulatorSender;
  let browser: Browser;
  let page: Page;
  let ids = 0;
  const fresh = () => `ORD-RETURN-${Date.now()}-${++ids}`;
  const op = (id: string): OperationDef => getOperation(id) as OperationDef;
  /** The starting body of a form opened on the simulator (formPanels.startingBody). */
  const startingBody = (id: string, orderId?: string): JsonObject => {
    const o = op(id);
    const body = withFreshBodyIds(o, 100, structuredClone(exampleBody(o.id, 100) ?? {}) as JsonObject, fresh).body;
    const order = orderId ?? ((body['order'] as JsonObject | undefined)?.['id'] as string | undefined);
    return withSimulatorReturnPages(o, 100, body, sender.env, order);
  };

  before(async () => {
    sim = await startSimulator({ port: 0 });
    sender = new SimulatorSender(sim);
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  });
  after(async () => {
    await browser?.close();
    await sender?.close();
    await sim?.close();
  });

  it('after the 3-D Secure challenge the payer lands on the simulator’s return page for the order, with what the challenge posted back', async () => {
    const orderId = fresh();
    const params = { orderId, transactionId: 'AUTH-1' };
    const card = { number: '5123450000000008', expiry: { month: '1', year: '39' } };
    const init = await sender.send({ operationId: 'gateway.initiateAuthentication', params, body: { apiOperation: 'INITIATE_AUTHENTICATION', order: { currency: 'EUR' }, authentication: { acceptVersions: '3DS2', channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION' }, sourceOfFunds: { provided: { card } } } });
    assert.equal(init.response?.status, 200, init.response?.bodyText);

    const body = startingBody('gateway.authenticatePayer', orderId);
    const returnPage = simulatorReturnPage(sender.env, orderId);
    assert.equal((body['authentication'] as JsonObject)['redirectResponseUrl'], returnPage, 'the simulator’s return page, not merchant.example.com');
    const auth = await sender.send({ operationId: 'gateway.authenticatePayer', params, body: { ...body, order: { amount: '42.00', currency: 'EUR' }, sourceOfFunds: { provided: { card } } } });
    const challenge = auth.decoded?.authentication?.challengeUrl;
    assert.ok(challenge, auth.response?.bodyText);

    await page.goto(challenge);
    await page.locator('#selectAuthResult').selectOption('authenticated');
    await Promise.all([page.waitForURL((u) => u.toString().startsWith(returnPage ?? '?')), page.locator('#acssubmit').click()]);
    assert.equal(await page.locator('h1').innerText(), 'Back at the merchant');
    assert.equal(await page.locator('#order').innerText(), orderId);
    assert.match(await page.locator('#authentication').innerText(), /^AUTH-1: Y$/);
    assert.match(await page.locator('#brought-back').innerText(), new RegExp(`order\\.id\\s+${orderId}`));
    assert.match(await page.locator('#next').innerText(), /Retrieve Transaction/);
  });

  it('after Hosted Checkout’s payment page the payer lands on the return page with resultIndicator; the example pays a fresh order each time', async () => {
    const first = startingBody('gateway.initiateCheckout');
    const second = startingBody('gateway.initiateCheckout');
    const orderOf = (b: JsonObject) => (b['order'] as JsonObject)['id'] as string;
    assert.notEqual(orderOf(first), 'ORDER-1', 'not the catalogue’s fixed order id');
    assert.notEqual(orderOf(first), orderOf(second), 'a second checkout pays a new order');
    const interaction = first['interaction'] as JsonObject;
    assert.equal(interaction['returnUrl'], simulatorReturnPage(sender.env, orderOf(first)));
    assert.equal(interaction['cancelUrl'], simulatorReturnPage(sender.env, orderOf(first)));

    const checkout = await sender.send({ operationId: 'gateway.initiateCheckout', params: {}, body: first });
    assert.equal(checkout.response?.status, 201, checkout.response?.bodyText);
    const paymentPage = checkout.decoded?.session?.paymentPageUrl;
    assert.ok(paymentPage, 'Open Payment Page has a page to open on the simulator');
    await page.goto(paymentPage);
    await page.locator('#cardNumber').fill('5111111111111118');
    await page.locator('#expiryMonth').fill('1');
    await page.locator('#expiryYear').fill('39');
    await page.locator('#securityCode').fill('100');
    await Promise.all([page.waitForURL(/\/_simulator\/browser-payment\/returned\//), page.locator('#pay').click()]);
    assert.equal(await page.locator('h1').innerText(), 'Back at the merchant');
    assert.equal(await page.locator('#order').innerText(), orderOf(first));
    assert.equal(await page.locator('#gatewayCode').innerText(), 'APPROVED');
    const indicator = /"successIndicator":"([^"]+)"/.exec(checkout.response?.bodyText.replace(/\s/g, '') ?? '')?.[1];
    assert.match(await page.locator('#brought-back').innerText(), new RegExp(`resultIndicator\\s+${indicator}`));
  });

  it('a return page for an order the simulator does not hold still answers (404), naming it and what came back, escaped', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const url = `${simulatorReturnPage(sender.env, hostile)}?resultIndicator=${encodeURIComponent(hostile)}`;
    const response = await page.goto(url);
    assert.equal(response?.status(), 404);
    assert.match(await page.locator('body').innerText(), /No order <img src=x onerror=alert\(1\)> of merchant/);
    assert.equal(await page.locator('img').count(), 0, 'text, never markup');
  });
});
