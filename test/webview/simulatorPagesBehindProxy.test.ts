import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../src/simulator';
import { api, at, SIMULATOR_GATEWAY_AUTH, startProxiedSimulator, type PrefixProxy, type ProxiedSimulator } from '../harness/prefixProxy';

/**
 * The simulator's own pages (browser-payment provider, financing session) opened the way the README's
 * code-server set-up serves them: behind a proxy that adds a path prefix, /proxy/<port>/. A tiny
 * loopback proxy strips the prefix like code-server's; anything outside it gets code-server's answer
 * to a stray POST, so a button that posts to an absolute /_simulator/… path fails visibly.
 */

describe('simulator pages behind a path-prefix proxy (Chromium)', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  let proxy: PrefixProxy;
  let running: ProxiedSimulator | undefined;
  let page: Page;
  const gatewayAuth = SIMULATOR_GATEWAY_AUTH;
  const behindProxy = (simulatorUrl: string): string => {
    assert.ok(simulatorUrl.startsWith(sim.baseUrl), simulatorUrl);
    return proxy.prefixUrl + simulatorUrl.slice(sim.baseUrl.length);
  };

  before(async () => {
    running = await startProxiedSimulator();
    ({ sim, proxy, page } = running);
  });

  after(async () => {
    await running?.close();
  });

  it('browser payment: Pay posts through the proxy, the payer returns to the merchant and the order is CAPTURED', async () => {
    const orderUrl = `${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/PROXY-BP-1`;
    const initiated = await api(`${orderUrl}/transaction/BP1`, {
      method: 'PUT',
      headers: { authorization: gatewayAuth },
      body: { apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { amount: '25.50', currency: 'EUR' }, sourceOfFunds: { type: 'WALLET_A' }, browserPayment: { operation: 'PAY', returnUrl: proxy.shopUrl } },
    });
    await page.goto(behindProxy(String(at(initiated, 'browserPayment.redirectUrl'))));
    assert.equal(await page.locator('#status').innerText(), 'REDIRECTED_TO_PROVIDER');
    const [landed] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Pay' }).click()]);
    assert.equal(landed?.status(), 200, `after Pay: HTTP ${landed?.status()} ${await page.locator('body').innerText()}`);
    assert.equal(page.url(), proxy.shopUrl);
    assert.equal(await page.locator('#shop').innerText(), 'Back at the shop');
    const order = await api(orderUrl, { method: 'GET', headers: { authorization: gatewayAuth } });
    assert.equal(at(order, 'status'), 'CAPTURED');

    // The finished provider page: under the strict CSP, its own style applied (the nonce), nothing
    // blocked, and its link takes the payer back to the merchant.
    const violations: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
    const finished = await page.goto(behindProxy(String(at(initiated, 'browserPayment.redirectUrl'))));
    assert.match(finished?.headers()['content-security-policy'] ?? '', /default-src 'none'.*form-action 'self'/);
    assert.equal(await page.locator('body').evaluate((b: unknown) => (globalThis as unknown as { getComputedStyle(x: unknown): { maxWidth: string } }).getComputedStyle(b).maxWidth), '576px', 'the page style runs under its nonce');
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Back to the merchant' }).click()]);
    assert.equal(page.url(), proxy.shopUrl);
    assert.deepEqual(violations, []);
  });

  it('financing session: Approve posts through the proxy and the application is Disbursed', async () => {
    const login = await api(`${sim.baseUrl}/api/online/login`, { method: 'POST', body: { email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword } });
    const offers = await api(`${sim.baseUrl}/api/online/offers?selectFirst=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${String(at(login, 'access_token'))}` },
      body: { products: [{ name: 'TV', price: 5000, quantity: 1 }], external_id: 78, credit_period: 24 },
    });
    const sessionUrl = behindProxy(String(at(offers, 'data.sessionUrl')));
    await page.goto(sessionUrl);
    assert.equal(await page.locator('#status').innerText(), 'Started');
    const [landed] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Approve and disburse' }).click()]);
    assert.equal(landed?.status(), 200, `after Approve: HTTP ${landed?.status()} ${await page.locator('body').innerText()}`);
    assert.equal(page.url(), sessionUrl, 'back on the session page, still behind the proxy');
    assert.equal(await page.locator('#status').innerText(), 'Disbursed');
  });
});
