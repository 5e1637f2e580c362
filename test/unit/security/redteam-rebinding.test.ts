/**
 * Red team: DNS rebinding. A web page on rebind.example:PORT whose name is made to resolve to 127.0.0.1
 * talks to a loopback server as its own origin: no CORS preflight, and it reads every answer. Only the
 * Host header tells such a request from the user's own (curl, the CLI, the extension), so a loopback
 * server that answers any Host lends its whole API to any web page the user opens.
 */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { startCli, type RunningCli } from '../../cli/cliProcess';

interface Answer {
  status: number;
  body: string;
}

/** A request as the rebound page's browser sends it: to the loopback address, Host naming the page's site. */
function asRebindingPage(url: string, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  return requestTo(url, method, path, body, { host: `rebind.example:${new URL(url).port}`, ...headers });
}

/** A request to the loopback address with the headers given (Host among them when given). */
function requestTo(url: string, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, method, path, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const stop = async (running: RunningCli | undefined): Promise<void> => {
  if (!running) return;
  running.child.kill('SIGTERM');
  await running.exited;
};

describe('red team: loopback servers and DNS rebinding (real processes)', function () {
  this.timeout(60_000);

  it("the simulator's control endpoints answer no request whose Host is another site (a rebound web page could read the deliveries, change the webhook URL and read what it answered)", async () => {
    let sim: RunningCli | undefined;
    try {
      sim = await startCli(['simulator', '--port', '0'], { stream: 'stdout', pattern: /listening on (http:\/\/127\.0\.0\.1:\d+)/ });
      const listed = await asRebindingPage(sim.url, 'GET', '/_simulator/deliveries');
      assert.equal(listed.status, 421, `GET /_simulator/deliveries with Host rebind.example answered ${listed.status}: ${listed.body.slice(0, 200)}`);
      assert.match(listed.body, /Host \\"rebind\.example:\d+\\" is not this server's/);
      const changed = await asRebindingPage(sim.url, 'PUT', '/_simulator/merchants/TESTSIMULATOR01/webhook', JSON.stringify({ url: 'http://10.0.0.1/admin' }));
      assert.equal(changed.status, 421, `PUT webhook with Host rebind.example answered ${changed.status}: ${changed.body.slice(0, 200)}`);
      const order = await asRebindingPage(sim.url, 'GET', '/api/rest/version/100/merchant/TESTSIMULATOR01/order/REBOUND-1');
      assert.equal(order.status, 421, 'the gateway routes refuse it too');
      // The user's own clients name loopback, with or without the port: answered as before.
      const port = new URL(sim.url).port;
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'localhost', `[::1]:${port}`]) {
        const own = await requestTo(sim.url, 'GET', '/_simulator/deliveries', undefined, { host });
        assert.equal(own.status, 200, `Host ${host} answered ${own.status}: ${own.body.slice(0, 200)}`);
      }
      // A page of another site (no rebinding needed for a form's POST): the control endpoints refuse it, a page on localhost is the user's.
      const crossSite = await requestTo(sim.url, 'GET', '/_simulator/deliveries', undefined, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      assert.equal(crossSite.status, 403, crossSite.body);
      const nullOrigin = await requestTo(sim.url, 'DELETE', '/_simulator/deliveries', undefined, { origin: 'null' });
      assert.equal(nullOrigin.status, 403, nullOrigin.body);
      const localPage = await requestTo(sim.url, 'GET', '/_simulator/deliveries', undefined, { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' });
      assert.equal(localPage.status, 200, localPage.body);
    } finally {
      await stop(sim);
    }
  });

  it('the Gateway Tap forwards no call whose Host is another site (a rebound page would send calls through it and forge lines of the record)', async () => {
    let tap: RunningCli | undefined;
    try {
      tap = await startCli(['tap', '--upstream', 'simulator', '--no-tls', '--port', '0'], { stream: 'stderr', pattern: /Gateway Tap at (http:\/\/[^\s]+)/ });
      // Same-origin to the page once rebound, so it may send any header: here the simulator's public password, so a forwarded call is answered about the order.
      const basic = `Basic ${Buffer.from('merchant.TESTSIMULATOR01:simulator-api-password').toString('base64')}`;
      const answer = await asRebindingPage(tap.url, 'GET', '/api/rest/version/100/merchant/TESTSIMULATOR01/order/REBOUND-1', undefined, { authorization: basic });
      assert.equal(answer.status, 421, `answered ${answer.status}`);
      assert.doesNotMatch(answer.body, /Unable to find order|REBOUND-1/, 'the call reached the upstream');
      // A merchant's server at the tap's base URL (127.0.0.1 or localhost) is forwarded as before.
      const port = new URL(tap.url).port;
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
        const forwarded = await requestTo(tap.url, 'GET', '/api/rest/version/100/merchant/TESTSIMULATOR01/order/REBOUND-1', undefined, { host, authorization: basic });
        assert.match(forwarded.body, /Unable to find order|REBOUND-1/, `Host ${host}: answered ${forwarded.status} ${forwarded.body.slice(0, 200)}`);
      }
    } finally {
      await stop(tap);
    }
  });
});
