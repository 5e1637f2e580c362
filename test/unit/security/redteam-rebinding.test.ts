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
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, method, path, headers: { host: `rebind.example:${target.port}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } },
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
      assert.ok(listed.status >= 400 && listed.status < 500, `GET /_simulator/deliveries with Host rebind.example answered ${listed.status}: ${listed.body.slice(0, 200)}`);
      const changed = await asRebindingPage(sim.url, 'PUT', '/_simulator/merchants/TESTSIMULATOR01/webhook', JSON.stringify({ url: 'http://10.0.0.1/admin' }));
      assert.ok(changed.status >= 400 && changed.status < 500, `PUT webhook with Host rebind.example answered ${changed.status}: ${changed.body.slice(0, 200)}`);
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
      assert.ok(answer.status >= 400 && answer.status < 500, `answered ${answer.status}`);
      assert.doesNotMatch(answer.body, /Unable to find order|REBOUND-1/, 'the call reached the upstream');
    } finally {
      await stop(tap);
    }
  });
});
