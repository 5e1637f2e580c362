/**
 * Any web page open in the user's browser can POST text/plain to a loopback port without a preflight.
 * The inbox checks no secret on financing callbacks (the partner signs nothing) nor on webhooks when
 * none is set (the CLI's flow runs), so such a page could plant notifications that a flow waiting for
 * one takes for the real thing. A browser always says where a cross-origin POST comes from; a webhook
 * sender never does. Over loopback, with the headers a browser sends.
 */
import * as assert from 'node:assert/strict';
import { startReceiver, type NotificationReceiver } from '../../../src/notifications';

const callback = { order_id: 'ORD-FORGED', status: 'Disbursed' };
const webhook = { order: { id: 'ORD-FORGED', status: 'CAPTURED' }, transaction: { id: 'T-1', type: 'PAYMENT' }, result: 'SUCCESS' };

describe('the local inbox takes no post a web page makes', () => {
  let inbox: NotificationReceiver;
  beforeEach(async () => {
    inbox = await startReceiver({});
  });
  afterEach(() => inbox.close());

  it('a cross-site form or no-cors fetch (Origin, Sec-Fetch-Site, text/plain) gets 403 and leaves nothing a flow could wait for', async () => {
    const browser: Record<string, string>[] = [
      { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      { 'content-type': 'text/plain', origin: 'null' },
      { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of browser) {
      for (const [source, body] of [['financing', callback], ['gateway', webhook]] as const) {
        const r = await fetch(inbox.urlFor(source), { method: 'POST', headers, body: JSON.stringify(body) });
        assert.equal(r.status, 403, `${source} ${JSON.stringify(headers)}`);
        assert.match(((await r.json()) as { error: string }).error, /web page may not post to the inbox/);
      }
    }
    assert.deepEqual(inbox.events(), []);
    assert.equal(await inbox.waitFor((e) => e.orderId === 'ORD-FORGED', 50), undefined);
  });

  it('a server\'s post (no Origin, as the gateway, the partner, the simulator and curl send it) is still taken', async () => {
    const r = await fetch(inbox.urlFor('financing'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(callback) });
    assert.equal(r.status, 200);
    assert.equal(inbox.events()[0]?.orderId, 'ORD-FORGED');
  });
});
