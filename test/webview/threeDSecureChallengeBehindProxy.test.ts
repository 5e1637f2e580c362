import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../src/simulator';
import { api, at, SIMULATOR_GATEWAY_AUTH, startProxiedSimulator, type PrefixProxy, type ProxiedSimulator } from '../harness/prefixProxy';

/**
 * A merchant's own 3-D Secure integration in Chromium, the simulator behind a path-prefix proxy
 * (code-server's /proxy/<port>/): Initiate Authentication and Authenticate Payer with the challenge
 * card over HTTP, the merchant's page renders authentication.redirect.html, the payer picks the
 * result on the simulator's challenge page and is POSTed back to redirectResponseUrl (a tiny
 * merchant server here); then Pay with authentication.transactionId.
 */

interface Merchant {
  url: string;
  /** The checkout page's body (set once the gateway has answered). */
  checkoutHtml: string;
  /** The fields of each POST to /3ds-return, in order. */
  returns: URLSearchParams[];
  close(): Promise<void>;
}

async function startMerchant(): Promise<Merchant> {
  const merchant: Merchant = { url: '', checkoutHtml: '', returns: [], close: () => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    if (req.url === '/3ds-return' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        merchant.returns.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Shop</title><h1 id="shop">Back at the shop</h1>');
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Checkout</title>${merchant.checkoutHtml}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  merchant.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  merchant.close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return merchant;
}

describe('3-D Secure challenge page behind a path-prefix proxy (Chromium)', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  let proxy: PrefixProxy;
  let merchant: Merchant;
  let running: ProxiedSimulator | undefined;
  let page: Page;
  const gatewayAuth = SIMULATOR_GATEWAY_AUTH;
  const orderUrl = (orderId: string) => `${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/${orderId}`;
  const card = { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' };

  before(async () => {
    running = await startProxiedSimulator();
    ({ sim, proxy, page } = running);
    merchant = await startMerchant();
  });

  after(async () => {
    await merchant?.close();
    await running?.close();
  });

  /**
   * Initiate Authentication + Authenticate Payer with the challenge card, then the payer's browser
   * on the merchant's page (which renders redirect.html) picks `outcome` in the challenge frame.
   * Answers the fields POSTed back to the merchant; asserts every step stayed behind the proxy.
   */
  async function challengeInBrowser(orderId: string, outcome: string): Promise<URLSearchParams> {
    const send = (body: unknown) => api(`${orderUrl(orderId)}/transaction/AUTH1`, { method: 'PUT', headers: { authorization: gatewayAuth }, body });
    await send({ apiOperation: 'INITIATE_AUTHENTICATION', authentication: { acceptVersions: '3DS2', channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION' }, order: { currency: 'EUR' }, sourceOfFunds: { provided: { card } } });
    const answer = await send({ apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: `${merchant.url}/3ds-return` }, order: { amount: '42.00', currency: 'EUR' }, device: { browser: 'MOZILLA' } });
    assert.equal(at(answer, 'authentication.3ds2.transactionStatus'), 'C');
    const html = String(at(answer, 'authentication.redirect.html'));
    assert.ok(html.includes(`${sim.baseUrl}/`), html);
    // What code-server's port forwarding does to the simulator's address: the same path behind the prefix.
    merchant.checkoutHtml = html.split(`${sim.baseUrl}/`).join(`${proxy.prefixUrl}/`);
    const before = merchant.returns.length;
    const direct: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => { if (r.url().startsWith(sim.baseUrl)) direct.push(`${r.method()} ${r.url()}`); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${merchant.url}/checkout`);
    const frame = page.frameLocator('#challengeFrame');
    await frame.locator('#selectAuthResult').selectOption(outcome);
    await frame.locator('#acssubmit').click();
    await frame.locator('#shop').waitFor();
    assert.deepEqual(direct, [], "no request left the proxy for the simulator's direct address");
    assert.deepEqual(errors, []);
    page.removeAllListeners('request');
    page.removeAllListeners('pageerror');
    assert.equal(merchant.returns.length, before + 1, 'one POST back to redirectResponseUrl');
    return merchant.returns[before] ?? new URLSearchParams();
  }

  const pay = (orderId: string) => fetch(`${orderUrl(orderId)}/transaction/PAY1`, {
    method: 'PUT', headers: { authorization: gatewayAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ apiOperation: 'PAY', authentication: { transactionId: 'AUTH1' }, order: { amount: '42.00', currency: 'EUR' }, sourceOfFunds: { provided: { card } } }),
  }).then(async (r) => ({ status: r.status, body: JSON.parse(await r.text()) as unknown }));

  it('the payer picks "authenticated": POSTed back to redirectResponseUrl with the ids, then Pay with authentication.transactionId is approved', async () => {
    const fields = await challengeInBrowser('PROXY-3DS-1', 'authenticated');
    assert.equal(fields.get('order.id'), 'PROXY-3DS-1');
    assert.equal(fields.get('transaction.id'), 'AUTH1');
    assert.equal(fields.get('result'), 'SUCCESS');
    assert.equal(fields.get('response.gatewayRecommendation'), 'PROCEED');
    const paid = await pay('PROXY-3DS-1');
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.equal(at(paid.body, 'result'), 'SUCCESS');
    assert.equal(at(paid.body, 'order.status'), 'CAPTURED');
  });

  it('the payer picks "failed": POSTed back with result FAILURE, and Pay with that authentication is refused', async () => {
    const fields = await challengeInBrowser('PROXY-3DS-2', 'failed');
    assert.equal(fields.get('result'), 'FAILURE');
    assert.notEqual(fields.get('response.gatewayRecommendation'), 'PROCEED');
    const paid = await pay('PROXY-3DS-2');
    assert.equal(paid.status, 400, JSON.stringify(paid.body));
    assert.equal(at(paid.body, 'error.field'), 'authentication.transactionId');
    assert.match(String(at(paid.body, 'error.explanation')), /was not successful \(transactionStatus N/);
  });
});
