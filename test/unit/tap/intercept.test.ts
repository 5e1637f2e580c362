/**
 * The tap as a proxy, in process: the run's interception CA and what it vouches for, the CONNECT
 * target parser, where intercepted calls go (mapped, as asked, LIVE refused), the variables a program
 * through the tap gets, and a real CONNECT: an intercepted host decrypted, checked and recorded; any
 * other host tunnelled with its own certificate; a client that does not trust the CA told apart.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { X509Certificate } from 'node:crypto';
import type { Environment } from '../../../src/environments/environment';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { issueServerCertificate, makeCa } from '../../../src/tap/certificate';
import { interceptAuthority } from '../../../src/tap/interceptAuthority';
import { interceptRoutes, liveRefusal, PUBLIC_GATEWAY_HOSTS } from '../../../src/tap/interceptRoutes';
import { connectTarget } from '../../../src/tap/proxy';
import { shellAssignments, throughTapVariables, writeTrustFiles } from '../../../src/tap/runtimes/throughTap';
import { startTap } from '../../../src/tap/server';
import type { ProxyNotice, TapCall, TapHandle } from '../../../src/tap/types';

const GATEWAY = 'test-gateway.mastercard.com';
const AUTH = `Basic ${Buffer.from('merchant.TESTSIMULATOR01:simulator-api-password').toString('base64')}`;

/** A CONNECT through `proxy`, then TLS to `host` inside it, trusting `ca` only. */
function tunnelTo(proxy: string, host: string, port: number, ca: string): Promise<tls.TLSSocket> {
  const { hostname, port: proxyPort } = new URL(proxy);
  return new Promise((resolve, reject) => {
    const connect = http.request({ host: hostname, port: Number(proxyPort), method: 'CONNECT', path: `${host}:${port}` });
    connect.once('connect', (res, socket) => {
      if (res.statusCode !== 200) return reject(new Error(`CONNECT answered ${res.statusCode}`));
      const secure = tls.connect({ socket, servername: host.match(/^[\d.]+$/) ? undefined : host, host, ca });
      secure.once('secureConnect', () => resolve(secure));
      secure.once('error', reject);
    });
    connect.once('error', reject);
    connect.end();
  });
}

/** One HTTPS request on an open TLS socket (the proxy's tunnel), answered as text. */
function requestOn(socket: tls.TLSSocket, host: string, method: string, target: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host, method, path: target, createConnection: () => socket, headers: { authorization: AUTH, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.once('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('Gateway Tap as a proxy', () => {
  describe('the interception CA', () => {
    it('vouches only for the hosts of the run, for TLS servers, and issues no sub-CA', () => {
      const authority = interceptAuthority([GATEWAY, 'Partner.Example.com']);
      const ca = new X509Certificate(authority.caPem);
      assert.ok(ca.ca, 'a CA certificate');
      // The name constraints carry the hosts (lower-cased), and nothing else names a host in a CA certificate.
      assert.ok(ca.raw.includes(Buffer.from(GATEWAY)), 'the gateway host is permitted');
      assert.ok(ca.raw.includes(Buffer.from('partner.example.com')), 'host names are compared lower-cased');
      assert.ok(!ca.raw.includes(Buffer.from('Partner.Example.com')));
      assert.throws(() => authority.contextFor('evil.example'), /does not intercept evil\.example/);
    });

    it('a client trusting it accepts the leaf for an intercepted host, and the leaf is made once per host', async () => {
      const authority = interceptAuthority([GATEWAY]);
      assert.equal(authority.contextFor(GATEWAY), authority.contextFor(GATEWAY.toUpperCase()), 'cached for the run');
      const server = tls.createServer({ SNICallback: (name, done) => done(null, authority.contextFor(name)) }, (s) => s.end('ok'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const socket = tls.connect({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, servername: GATEWAY, ca: authority.caPem });
        await new Promise<void>((resolve, reject) => {
          socket.once('secureConnect', resolve);
          socket.once('error', reject);
        });
        assert.equal(socket.authorized, true);
        socket.destroy();
      } finally {
        server.close();
      }
    });
  });

  describe('CONNECT targets', () => {
    it('reads host:port and [v6]:port, lower-cased; refuses what is not one', () => {
      assert.deepEqual(connectTarget('Test-Gateway.Mastercard.com:443'), { host: GATEWAY, port: 443 });
      assert.deepEqual(connectTarget('[::1]:8443'), { host: '::1', port: 8443 });
      for (const bad of [undefined, '', 'host', 'host:0', 'host:70000', 'a b:443', 'user@host:443', 'host:443/path', 'x'.repeat(400)]) assert.equal(connectTarget(bad), undefined, String(bad));
    });
  });

  describe('routes', () => {
    const envs = [
      { id: 'sim', name: 'Sim', gatewayUrl: 'http://127.0.0.1:4477', financingBaseUrl: 'http://127.0.0.1:4477' },
      { id: 'wl', name: 'White label', gatewayUrl: 'https://bank.test.gateway.example', financingBaseUrl: 'https://partner.example.com/prefix' },
    ] as Environment[];

    it('intercepts the public gateway hosts, the environments\' non-loopback hosts and --intercept ones; maps them to the upstream', () => {
      const routes = interceptRoutes(envs, ['Extra.Example'], envs[1]);
      for (const host of [...PUBLIC_GATEWAY_HOSTS, 'bank.test.gateway.example', 'partner.example.com', 'extra.example']) assert.ok(routes.has(host), host);
      assert.ok(![...routes.keys()].some((h) => h.startsWith('127.')), 'loopback is never intercepted');
      assert.deepEqual(routes.get(GATEWAY), { kind: 'mapped', url: 'https://bank.test.gateway.example', financingUrl: 'https://partner.example.com/prefix' });
      assert.deepEqual(interceptRoutes(envs, [], undefined).get(GATEWAY), { kind: 'asked' }, 'without an upstream each call goes where it was sent');
    });

    it('as asked: a TEST merchant on a test host passes; any other asks for --yes-live', () => {
      const refuse = liveRefusal(false);
      assert.ok(refuse);
      assert.equal(refuse(new URL(`https://${GATEWAY}/api/rest/version/100/merchant/TESTSHOP/session`)), undefined);
      assert.match(refuse(new URL('https://ap-gateway.mastercard.com/api/rest/version/100/merchant/SHOP01/order/1')) ?? '', /may be LIVE.*--yes-live/);
      assert.equal(liveRefusal(true), undefined);
    });
  });

  describe('the variables of a program through the tap', () => {
    let dir: string;
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-trust-'));
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('proxy variables in both cases, loopback never proxied, CA files that add to (not replace) what the user had', async () => {
      const userCa = path.join(dir, 'corporate.pem');
      fs.writeFileSync(userCa, '-----BEGIN CERTIFICATE-----\nCORPORATE\n-----END CERTIFICATE-----\n');
      const env = { SSL_CERT_FILE: userCa, NO_PROXY: 'internal.example', NODE_OPTIONS: '--max-old-space-size=512', PHP_INI_SCAN_DIR: '/etc/php/conf.d', PATH: '' };
      const files = await writeTrustFiles(interceptAuthority([GATEWAY]).caPem, env);
      try {
        const vars = throughTapVariables('http://127.0.0.1:9999', files, '/opt/pw/tapNodePreload.js', env, 'linux');
        for (const name of ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) assert.equal(vars[name], 'http://127.0.0.1:9999', name);
        assert.equal(vars.NO_PROXY, 'localhost,127.0.0.1,::1,internal.example');
        assert.equal(vars.NODE_OPTIONS, '--max-old-space-size=512 --require "/opt/pw/tapNodePreload.js"');
        assert.equal(vars.PHP_INI_SCAN_DIR, `/etc/php/conf.d:${files.phpIniDir}`, 'PHP\'s own scan folder is kept');
        const bundle = fs.readFileSync(files.bundleFile, 'utf8');
        assert.ok(bundle.includes('CORPORATE'), 'the CA file the user had set stays trusted');
        assert.ok(bundle.split('BEGIN CERTIFICATE').length > 100, 'the public roots stay trusted');
        assert.match(fs.readFileSync(path.join(files.phpIniDir, 'payment-workbench-tap.ini'), 'utf8'), /^curl\.cainfo="/m);
        assert.match(vars.JAVA_TOOL_OPTIONS ?? '', /-Dhttps\.proxyHost=127\.0\.0\.1 -Dhttps\.proxyPort=9999/);
        assert.equal(files.javaTrustStore, undefined, 'no keytool on an empty PATH: no Java trust store, and no option naming one');
        assert.doesNotMatch(vars.JAVA_TOOL_OPTIONS ?? '', /trustStore/);
      } finally {
        fs.rmSync(files.dir, { recursive: true, force: true });
      }
    });

    it('writes assignments each shell reads back as the same text', () => {
      const tricky = { A: "it's $HOME \\ `x`" };
      assert.equal(shellAssignments(tricky, 'bash'), "export A='it'\\''s $HOME \\ `x`'\n");
      assert.equal(shellAssignments(tricky, 'fish'), "set -gx A 'it\\'s $HOME \\\\ `x`';\n");
      assert.equal(shellAssignments(tricky, 'powershell'), "$env:A = 'it''s $HOME \\ `x`'\n");
    });
  });

  describe('CONNECT through a running tap', function () {
    this.timeout(20_000);
    let simulator: SimulatorHandle;
    let tap: TapHandle;
    let other: https.Server;
    let otherCa: string;
    const notices: ProxyNotice[] = [];
    const calls: TapCall[] = [];

    before(async () => {
      simulator = await startSimulator({ port: 0 });
      tap = await startTap({
        upstream: { url: simulator.baseUrl, environment: { id: 'sim', name: 'Simulator', live: false } },
        intercept: { routes: new Map([[GATEWAY, { kind: 'mapped', url: simulator.baseUrl }]]) },
        onProxyNotice: (n) => notices.push(n),
      });
      tap.onCall((c) => calls.push(c));
      const ca = makeCa({ commonName: 'other host CA', scope: { dns: [], ips: ['127.0.0.1'], subjects: ['127.0.0.1'] }, days: 2 }, new Date());
      otherCa = ca.pem;
      const leaf = issueServerCertificate(ca, { dns: [], ips: ['127.0.0.1'] }, new Date());
      other = https.createServer({ cert: leaf.cert, key: leaf.key }, (_req, res) => res.end('the other host'));
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    });

    after(async () => {
      other.close();
      await tap.close();
      await simulator.close();
    });

    it('decrypts an intercepted host with the run CA, forwards to the mapped upstream and records the call, checked', async () => {
      const socket = await tunnelTo(tap.url, GATEWAY, 443, tap.interceptCaPem ?? '');
      const answer = await requestOn(socket, GATEWAY, 'POST', '/api/rest/version/100/merchant/TESTSIMULATOR01/session', {});
      assert.equal(answer.status, 201, answer.text);
      await tap.settled(5_000);
      const call = calls.at(-1);
      assert.equal(call?.exchange.operationId, 'gateway.createSession');
      assert.deepEqual(call?.problems, []);
    });

    it('tunnels any other host untouched: the client sees that host\'s own certificate, the tap only its name and byte counts', async () => {
      const port = (other.address() as AddressInfo).port;
      const before = calls.length;
      const socket = await tunnelTo(tap.url, '127.0.0.1', port, otherCa);
      assert.equal(socket.authorized, true, 'the other host\'s certificate, verified by its own CA');
      const answer = await requestOn(socket, '127.0.0.1', 'GET', '/');
      assert.equal(answer.text, 'the other host');
      socket.destroy();
      const tunnel = await new Promise<ProxyNotice>((resolve) => {
        const check = () => {
          const found = notices.find((n) => n.kind === 'tunnel' && n.port === port);
          if (found) resolve(found);
          else setTimeout(check, 10);
        };
        check();
      });
      assert.ok(tunnel.kind === 'tunnel' && tunnel.bytesDown > 0 && tunnel.bytesUp > 0);
      assert.equal(calls.length, before, 'a tunnelled host is never recorded');
    });

    it('listening beyond loopback, tunnels for no one on another machine (no open relay)', async function () {
      const address = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
      if (!address) return this.skip();
      const wide = await startTap({ upstream: { url: simulator.baseUrl, environment: { id: 'sim', name: 'Simulator', live: false } }, host: '0.0.0.0', intercept: { routes: new Map() } });
      try {
        const port = Number(new URL(wide.url).port);
        const status = await new Promise<number>((resolve, reject) => {
          const connect = http.request({ host: address, port, method: 'CONNECT', path: `127.0.0.1:${(other.address() as AddressInfo).port}` });
          connect.once('connect', (res, socket) => {
            socket.destroy();
            resolve(res.statusCode ?? 0);
          });
          connect.once('response', (res) => resolve(res.statusCode ?? 0));
          connect.once('error', reject);
          connect.end();
        });
        assert.equal(status, 403);
      } finally {
        await wide.close();
      }
    });

    it('says when a client refuses the run\'s certificate (it does not trust the interception CA)', async () => {
      await assert.rejects(tunnelTo(tap.url, GATEWAY, 443, otherCa));
      const refused = await new Promise<ProxyNotice>((resolve) => {
        const check = () => {
          const found = notices.find((n) => n.kind === 'handshake');
          if (found) resolve(found);
          else setTimeout(check, 10);
        };
        check();
      });
      assert.equal(refused.kind === 'handshake' && refused.host, GATEWAY);
    });
  });
});
