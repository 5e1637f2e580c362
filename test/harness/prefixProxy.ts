import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { launchBrowser } from './browser';

/**
 * The simulator behind a proxy that adds a path prefix, /proxy/<port>/, and strips it like
 * code-server's; anything outside it gets code-server's answer to a stray POST, so a button that
 * posts to an absolute /_simulator/… path fails visibly. /shop/… is the merchant's site: its return
 * page, and any page given in `shopPages` (path after /shop/ → HTML).
 */

export interface PrefixProxy {
  /** http://127.0.0.1:<proxy port>/proxy/<simulator port> */
  prefixUrl: string;
  /** The merchant's page the payer returns to (served by the proxy itself). */
  shopUrl: string;
  close(): Promise<void>;
}

export async function startPrefixProxy(target: SimulatorHandle, shopPages: Record<string, string> = {}): Promise<PrefixProxy> {
  const prefix = `/proxy/${target.port}`;
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/shop/')) {
      const own = shopPages[url.slice('/shop/'.length).split('?')[0] ?? ''];
      res.writeHead(200, { 'content-type': 'text/html' }).end(own ?? '<!doctype html><title>Shop</title><h1 id="shop">Back at the shop</h1>');
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

/** A JSON call to the simulator that must succeed. */
export async function api(url: string, init: { method: string; body?: unknown; headers?: Record<string, string> }): Promise<unknown> {
  const res = await fetch(url, {
    method: init.method,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  assert.ok(res.ok, `${init.method} ${url}: HTTP ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** The value at a dotted path of a parsed answer. */
export const at = (value: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[k] : undefined), value);

/** The simulator's default merchant as Basic auth, for the API calls a page test makes beside the browser. */
export const SIMULATOR_GATEWAY_AUTH = 'Basic ' + Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64');

export interface ProxiedSimulator {
  sim: SimulatorHandle;
  proxy: PrefixProxy;
  page: Page;
  /** Closes the browser, then the proxy, then the simulator. */
  close(): Promise<void>;
}

/** What every simulator-page browser test starts with: the simulator behind the prefix proxy, and a fresh page. */
export async function startProxiedSimulator(shopPages: (simulatorPort: number) => Record<string, string> = () => ({})): Promise<ProxiedSimulator> {
  const sim = await startSimulator({ port: 0, processingDelayMs: 0 });
  const proxy = await startPrefixProxy(sim, shopPages(sim.port));
  const browser: Browser = await launchBrowser();
  const page = await (await browser.newContext()).newPage();
  return {
    sim, proxy, page,
    close: async () => {
      await browser.close();
      await proxy.close();
      await sim.close();
    },
  };
}
