/**
 * The one judgement of who may talk to a server this machine runs for its user (simulator, Gateway Tap,
 * inbox): the Host a DNS-rebound page still names, and the Origin and Sec-Fetch-Site a browser page sends.
 */
import * as assert from 'node:assert/strict';
import { fromBrowserPage, fromOtherSitePage, hostNameOf, isLoopbackName, isOwnHost, misdirectedExplanation } from '../../../src/http/loopbackRequests';

describe('loopback requests: Host, Origin and Sec-Fetch-Site', () => {
  it('reads the host of a Host header: lower case, without port or brackets', () => {
    assert.equal(hostNameOf('LocalHost:4010'), 'localhost');
    assert.equal(hostNameOf('[::1]:4010'), '::1');
    assert.equal(hostNameOf('[::1]'), '::1');
    assert.equal(hostNameOf('::1'), '::1');
    assert.equal(hostNameOf('127.0.0.1'), '127.0.0.1');
  });

  it('calls loopback only names no DNS answer can move: localhost, ::1, 127.x.x.x', () => {
    for (const name of ['localhost', '::1', '127.0.0.1', '127.1.2.3']) assert.ok(isLoopbackName(name), name);
    for (const name of ['localhost.rebind.example', '127.0.0.1.nip.io', 'rebind.example', '10.0.0.1', '0.0.0.0', '']) assert.ok(!isLoopbackName(name), name);
  });

  it('takes a loopback Host, with or without port, and the host the server listens on; refuses any other name', () => {
    const own = (host: string | undefined, listen = '127.0.0.1') => isOwnHost(host === undefined ? {} : { host }, listen);
    for (const host of ['localhost', 'localhost:4010', '127.0.0.1:4010', '[::1]:4010', 'LOCALHOST:1']) assert.ok(own(host), host);
    assert.ok(own(undefined), 'no Host (HTTP/1.0): no browser sent it');
    for (const host of ['rebind.example:4010', 'rebind.example', 'localhost.rebind.example:4010', '10.0.0.1:4010']) assert.ok(!own(host), host);
    assert.ok(own('sim.test:4010', 'sim.test'), 'the name --host gave');
    assert.ok(own('192.168.1.5:4010', '192.168.1.5'), 'the address --host gave');
    assert.ok(!own('rebind.example:4010', 'sim.test'));
  });

  it('behind a wildcard (0.0.0.0, ::) any IP address is the machine\'s own, a DNS name still is not', () => {
    for (const listen of ['0.0.0.0', '::']) {
      assert.ok(isOwnHost({ host: '192.168.1.5:4010' }, listen), listen);
      assert.ok(isOwnHost({ host: '[fe80::1]:4010' }, listen), listen);
      assert.ok(!isOwnHost({ host: 'rebind.example:4010' }, listen), listen);
    }
  });

  it('explains a 421 naming the Host refused and the names taken', () => {
    assert.match(misdirectedExplanation({ host: 'rebind.example:4010' }, '127.0.0.1'), /^Misdirected request: Host "rebind\.example:4010" is not this server's; it answers localhost, 127\.0\.0\.1 and \[::1\] only/);
    assert.match(misdirectedExplanation({ host: 'x' }, 'sim.test'), /\[::1\] or sim\.test only/);
  });

  it('tells a browser page by Origin or Sec-Fetch-Site, and one of another site by a non-loopback Origin or cross-site', () => {
    assert.ok(!fromBrowserPage({ host: 'localhost', 'user-agent': 'curl/8' }));
    assert.ok(fromBrowserPage({ origin: 'http://localhost:3000' }));
    assert.ok(fromBrowserPage({ 'sec-fetch-site': 'same-origin' }));
    assert.ok(!fromOtherSitePage({ 'user-agent': 'curl/8' }), 'no browser');
    assert.ok(fromOtherSitePage({ origin: 'https://evil.example' }));
    assert.ok(fromOtherSitePage({ origin: 'null' }), 'a sandboxed or file page');
    assert.ok(fromOtherSitePage({ origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' }));
    assert.ok(fromOtherSitePage({ 'sec-fetch-site': 'cross-site' }));
    assert.ok(!fromOtherSitePage({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' }), "a dev server's page on localhost is the user's");
    assert.ok(!fromOtherSitePage({ origin: 'http://[::1]:4010', 'sec-fetch-site': 'same-origin' }));
    assert.ok(!fromOtherSitePage({ 'sec-fetch-site': 'none' }), 'typed in the address bar');
  });
});
