import * as assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { launchBrowser } from '../harness/browser';

/**
 * The simulator's own pages (browser-payment provider, financing session) opened the way the README's
 * code-server set-up serves them: behind a proxy that adds a path prefix, /proxy/<port>/. A tiny
 * loopback proxy strips the prefix like code-server's; anything outside it gets code-server's answer
 * to a stray POST, so a button that posts to an absolute /_simulator/… path fails visibly.
 */

interface PrefixProxy {
  /** http://127.0.0.1:<proxy port>/proxy/<simulator port> */
  prefixUrl: string;
  /** The merchant's page the payer returns to (served by the proxy itself). */
  shopUrl: string;
  close(): Promise<void>;
}

async function startPrefixProxy(target: SimulatorHandle): Promise<PrefixProxy> {
  const prefix = `/proxy/${target.port}`;
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/shop/')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Shop</title><h1 id="shop">Back at the shop</h1>');
      return;
    }
    if (!url.startsWith(`${prefix}/`)) {
      res.writeHead(405, { 'content-type': 'text/plain' }).end(`Unsupported method ${req.method ?? ''}`);
      return;
    }
    const upstream = httpRequest(
      { host: '127.0.0.1', port: target.port, method: req.method, path: url.slice(prefix.length), headers: { ...req.headers, host: `127.0.0.1:${target.port}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (e) => res.writeHead(502).end(String(e)));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    prefixUrl: `${origin}${prefix}`,
    shopUrl: `${origin}/shop/return`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function api(url: string, init: { method: string; body?: unknown; headers?: Record<string, string> }): Promise<unknown> {
  const res = await fetch(url, {
    method: init.method,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  assert.ok(res.ok, `${init.method} ${url}: HTTP ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

const at = (value: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[k] : undefined), value);

describe('simulator pages behind a path-prefix proxy (Chromium)', function () {
  this.timeout(120_000);
  let sim: SimulatorHandle;
  let proxy: PrefixProxy;
  let browser: Browser;
  let page: Page;
  const gatewayAuth = 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');
  const behindProxy = (simulatorUrl: string): string => {
    assert.ok(simulatorUrl.startsWith(sim.baseUrl), simulatorUrl);
    return proxy.prefixUrl + simulatorUrl.slice(sim.baseUrl.length);
  };

  before(async () => {
    sim = await startSimulator({ port: 0, processingDelayMs: 0 });
    proxy = await startPrefixProxy(sim);
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  });

  after(async () => {
    await browser?.close();
    await proxy?.close();
    await sim?.close();
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
