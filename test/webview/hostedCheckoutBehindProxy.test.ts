import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../src/simulator';
import { api, at, SIMULATOR_GATEWAY_AUTH, startProxiedSimulator, type PrefixProxy, type ProxiedSimulator } from '../harness/prefixProxy';

/**
 * The Hosted Checkout payment page in Chromium, behind a path-prefix proxy (code-server's
 * /proxy/<port>/): the merchant's own page loads checkout.js through the proxy, configures the
 * session and shows the payment page; the payer types a card and returns to the shop with the
 * resultIndicator. What the merchant sent is shown as text, and the page's CSP lets no script of
 * the merchant's run.
 */
describe('Hosted Checkout page behind a path-prefix proxy (Chromium)', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  let proxy: PrefixProxy;
  let running: ProxiedSimulator | undefined;
  let page: Page;
  const gatewayAuth = SIMULATOR_GATEWAY_AUTH;
  const sessionUrl = () => `${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/session`;

  /** The merchant's checkout page: checkout.js from the simulator (through the proxy), session id from the query. */
  const shopCheckout = (prefixPath: string) => `<!doctype html><title>Checkout</title>
<script src="${prefixPath}/_simulator/checkout/checkout.js"></script>
<button id="buy" type="button">Buy</button>
<script>document.getElementById('buy').onclick = function () {
  Checkout.configure({ session: { id: new URLSearchParams(location.search).get('session') } });
  Checkout.showPaymentPage();
};</script>`;

  before(async () => {
    // The shop is on the proxy's origin, so its page reaches the simulator by the prefix path alone.
    running = await startProxiedSimulator((port) => ({ checkout: shopCheckout(`/proxy/${port}`) }));
    ({ sim, proxy, page } = running);
  });

  after(async () => {
    await running?.close();
  });

  async function initiate(orderId: string, merchantName: string): Promise<{ id: string; successIndicator: string }> {
    const answer = await api(sessionUrl(), {
      method: 'POST', headers: { authorization: gatewayAuth },
      body: { apiOperation: 'INITIATE_CHECKOUT', interaction: { operation: 'PURCHASE', returnUrl: proxy.shopUrl, cancelUrl: proxy.shopUrl.replace('return', 'cart'), merchant: { name: merchantName } }, order: { id: orderId, amount: '31.00', currency: 'EUR', description: '<img src=x onerror="window.pwned=1">' } },
    });
    return { id: String(at(answer, 'session.id')), successIndicator: String(at(answer, 'successIndicator')) };
  }

  it("pays from the merchant's page with checkout.js, a 3-D Secure challenge card included: the payer returns with resultIndicator = successIndicator, the order is CAPTURED", async () => {
    const { id, successIndicator } = await initiate('PROXY-HCO-1', 'Shop <script>window.pwned=1</script>');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // Behind code-server the simulator's own address is unreachable: every step must go through the proxy.
    const direct: string[] = [];
    page.on('request', (r) => { if (r.url().startsWith(sim.baseUrl)) direct.push(`${r.method()} ${r.url()}`); });
    await page.goto(`${proxy.shopUrl.replace('/return', '/checkout')}?session=${encodeURIComponent(id)}`);
    await Promise.all([page.waitForURL(/\/_simulator\/checkout\//), page.locator('#buy').click()]);
    assert.ok(page.url().startsWith(proxy.prefixUrl), `the payment page stays behind the proxy: ${page.url()}`);
    assert.equal(await page.locator('h1').innerText(), 'Shop <script>window.pwned=1</script>', 'the merchant name is text');
    assert.match(await page.locator('#order').innerText(), /<img src=x onerror="window.pwned=1">/);
    assert.equal(await page.evaluate(() => (globalThis as { pwned?: number }).pwned), undefined, 'nothing the merchant sent ran');
    await page.locator('#cardNumber').fill('5123450000000008');
    await page.locator('#expiryMonth').fill('1');
    await page.locator('#expiryYear').fill('39');
    await page.locator('#securityCode').fill('100');
    // A 3-D Secure challenge card: the payer passes the simulator's challenge, reached through the proxy.
    await Promise.all([page.waitForURL(/\/_simulator\/3ds-challenge\//), page.locator('#pay').click()]);
    assert.ok(page.url().startsWith(proxy.prefixUrl), `the challenge page is behind the proxy: ${page.url()}`);
    await page.locator('#selectAuthResult').selectOption('authenticated');
    await Promise.all([page.waitForURL(/\/shop\/return/), page.locator('#acssubmit').click()]);
    const back = new URL(page.url());
    assert.equal(back.searchParams.get('resultIndicator'), successIndicator);
    assert.equal(await page.locator('#shop').innerText(), 'Back at the shop');
    const order = await api(`${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/PROXY-HCO-1`, { method: 'GET', headers: { authorization: gatewayAuth } });
    assert.equal(at(order, 'status'), 'CAPTURED');
    assert.deepEqual(errors, []);
    assert.deepEqual(direct, [], 'no request left the proxy for the simulator\'s direct address');
  });

  it('Cancel posts through the proxy and sends the payer to cancelUrl; a wrong card number is told on the page, which still posts through the proxy', async () => {
    const { id } = await initiate('PROXY-HCO-2', 'Shop');
    await page.goto(`${proxy.prefixUrl}/_simulator/checkout/${encodeURIComponent(id)}`);
    await page.locator('#cardNumber').fill('1234');
    await page.locator('#expiryMonth').fill('1');
    await page.locator('#expiryYear').fill('39');
    await Promise.all([page.waitForNavigation(), page.locator('#pay').click()]);
    assert.match(await page.locator('#problem').innerText(), /12 to 19 digits/);
    await Promise.all([page.waitForURL(/\/shop\/cart/), page.locator('#cancel').click()]);
    assert.equal(new URL(page.url()).searchParams.get('resultIndicator'), null);
  });
});
