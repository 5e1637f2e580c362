/**
 * A stored secret goes only where it was stored for: the origin binding, over the real SecretStore
 * (in-memory SecretStorage) and the engine's Credentials, with the question answered by the test.
 */
import '../mocks/registerVscode';
import * as assert from 'node:assert/strict';
import { Credentials, SecretWithheld, type OriginAnswer, type OriginQuestion } from '../../../src/credentials/credentials';
import { openSecret, originOf, sealSecret } from '../../../src/credentials/secretOrigin';
import { environmentSchema, type Environment } from '../../../src/environments/environment';
import { SecretStore } from '../../../src/secrets/secretStore';
import { secretKey } from '../../../src/secrets/secretKeys';
import { InMemorySecretStorage } from '../mocks/secretStorage';
import { SIMULATOR_DEFAULTS } from '../../../src/simulator/defaults';

describe('originOf: the origin a secret is bound to', () => {
  it('writes the default port out, lowercases scheme and host, and drops path, query, fragment and userinfo', () => {
    assert.equal(originOf('https://Gateway.Example.COM/api/rest/version/100?x=1#y'), 'https://gateway.example.com:443');
    assert.equal(originOf('https://gateway.example.com:443'), 'https://gateway.example.com:443');
    assert.equal(originOf('HTTP://127.0.0.1:4477/'), 'http://127.0.0.1:4477');
    assert.equal(originOf('http://gateway.example.com'), 'http://gateway.example.com:80');
    assert.equal(originOf('https://user:pw@gateway.example.com:8443/x'), 'https://gateway.example.com:8443');
  });

  it('tells apart what a person could mistake for the same host: scheme, port, a look-alike IDN (punycode), a suffix', () => {
    const bound = originOf('https://gateway.example.com');
    for (const other of ['http://gateway.example.com', 'https://gateway.example.com:8443', 'https://gatewаy.example.com' /* Cyrillic а */, 'https://gateway.example.com.evil.net', 'https://[::1]']) {
      assert.notEqual(originOf(other), bound, other);
    }
    assert.match(originOf('https://gatewаy.example.com') ?? '', /^https:\/\/xn--gatewy-[a-z0-9]+\.example\.com:443$/, 'an IDN host in its punycode form, as the question shows it');
    assert.equal(originOf('https://GATEWAY.example.com.'), 'https://gateway.example.com.:443', 'a trailing dot is another name: asked, not matched');
  });

  it('is undefined for what is not an http(s) URL', () => {
    for (const u of [undefined, '', 'not a url', 'file:///etc/passwd', 'javascript:alert(1)', 'ftp://x.example.com']) assert.equal(originOf(u), undefined, String(u));
  });

  it('an envelope holds the value as typed, and a value stored before binding (even JSON) reads as unbound', () => {
    for (const value of ['p"w\\{', '{"pwBound":1', '', '🔑'.repeat(1000)]) assert.deepEqual(openSecret(sealSecret(value, 'https://a.example:443')), { value, origin: 'https://a.example:443' });
    assert.deepEqual(openSecret('{"accessToken":"a"}'), { value: '{"accessToken":"a"}' });
    assert.deepEqual(openSecret('{"pwBound":1,broken'), { value: '{"pwBound":1,broken' });
  });
});

const own = environmentSchema.parse({ id: 'acme', name: 'Acme test', gatewayUrl: 'https://test-gateway.example.com/', financingBaseUrl: 'https://financing.example.com', merchantId: 'TESTACME' });
/** The same id, declared by a cloned repository's workspace file, pointing at its own host. */
const cloned: Environment = { ...own, name: 'Acme (cloned)', gatewayUrl: 'https://evil.example.net', financingBaseUrl: 'https://evil.example.net:8443' };

describe('Credentials over SecretStore: a stored secret goes only where it was stored for', () => {
  let storage: InMemorySecretStorage;
  let store: SecretStore;
  let asked: OriginQuestion[];
  let answer: OriginAnswer;
  const credentials = () => new Credentials(store, { askOrigin: async (q) => (asked.push(q), answer) });

  beforeEach(async () => {
    storage = new InMemorySecretStorage();
    store = new SecretStore(storage);
    asked = [];
    answer = 'decline';
    await store.set(own, 'gatewayApiPassword', 'acme-password');
  });
  afterEach(() => store.dispose());

  it('the environment it was stored for gets it without a question, also with the URL written otherwise', async () => {
    const c = credentials();
    assert.equal(await c.secretOrDefault(own, 'gatewayApiPassword'), 'acme-password');
    assert.equal(await c.secretOrDefault({ ...own, gatewayUrl: 'https://TEST-GATEWAY.example.com:443/api' }, 'gatewayApiPassword'), 'acme-password');
    assert.deepEqual(asked, []);
  });

  it('a send to another host asks, naming both hosts; declined, the secret is not given out', async () => {
    await assert.rejects(credentials().secretOrDefault(cloned, 'gatewayApiPassword'), (err: unknown) => {
      assert.ok(err instanceof SecretWithheld);
      assert.doesNotMatch(err.message, /acme-password/);
      return true;
    });
    assert.equal(asked.length, 1);
    assert.equal(asked[0]?.storedFor, 'test-gateway.example.com:443');
    assert.equal(asked[0]?.sendingTo, 'evil.example.net:443');
    assert.doesNotMatch(asked[0]?.message ?? '', /cloned/, 'the workspace file\'s free-text name is not part of the question');
    assert.match(asked[0]?.message ?? '', /gateway API password of environment "acme" was stored for test-gateway\.example\.com:443; this request goes to evil\.example\.net:443/);
  });

  it('without anyone to ask (no question port), a secret never goes to another host', async () => {
    await assert.rejects(new Credentials(store).secretOrDefault(cloned, 'gatewayApiPassword'), SecretWithheld);
  });

  it('"send in this window" lets it go there until the window closes, and leaves it bound where it was', async () => {
    answer = 'allow';
    const c = credentials();
    assert.equal(await c.secretOrDefault(cloned, 'gatewayApiPassword'), 'acme-password');
    assert.equal(await c.secretOrDefault(cloned, 'gatewayApiPassword'), 'acme-password');
    assert.equal(asked.length, 1, 'asked once in this window');
    assert.equal((await store.getBound('acme', 'gatewayApiPassword'))?.origin, 'https://test-gateway.example.com:443');
    answer = 'decline';
    await assert.rejects(credentials().secretOrDefault(cloned, 'gatewayApiPassword'), SecretWithheld, 'a new window asks again');
  });

  it('"store for" binds it to the new host: the new host gets it without a question, the old one is asked', async () => {
    answer = 'bind';
    const c = credentials();
    assert.equal(await c.secretOrDefault(cloned, 'gatewayApiPassword'), 'acme-password');
    assert.equal((await store.getBound('acme', 'gatewayApiPassword'))?.origin, 'https://evil.example.net:443');
    assert.equal(await credentials().secretOrDefault(cloned, 'gatewayApiPassword'), 'acme-password');
    assert.equal(asked.length, 1);
    answer = 'decline';
    await assert.rejects(credentials().secretOrDefault(own, 'gatewayApiPassword'), SecretWithheld);
  });

  it('a secret stored before binding is asked about once, naming the host, then bound', async () => {
    await storage.store(secretKey('acme', 'partnerPassword'), 'legacy-password');
    answer = 'bind';
    assert.equal(await credentials().secretOrDefault(own, 'partnerPassword'), 'legacy-password');
    assert.equal(asked[0]?.storedFor, undefined);
    assert.equal(asked[0]?.sendingTo, 'financing.example.com:443');
    assert.match(asked[0]?.message ?? '', /stored before Payment Workbench bound secrets to their host; this request goes to financing\.example\.com:443/);
    assert.equal(await credentials().secretOrDefault(own, 'partnerPassword'), 'legacy-password');
    assert.equal(asked.length, 1);
  });

  it('each secret is bound to its own API: the partner password to the financing URL, the gateway password to the gateway URL', async () => {
    await store.set(own, 'partnerPassword', 'partner-pw');
    const financingMoved = { ...own, financingBaseUrl: 'https://evil.example.net' };
    assert.equal(await credentials().secretOrDefault(financingMoved, 'gatewayApiPassword'), 'acme-password');
    await assert.rejects(credentials().secretOrDefault(financingMoved, 'partnerPassword'), SecretWithheld);
  });

  it('the same URL through a proxy (TLS checks off) or trusting another CA is another destination: asked, naming the route', async () => {
    const proxied: Environment = { ...own, proxy: { url: 'http://user:proxypw@proxy.evil.example.net:3128', strictSSL: false } };
    await assert.rejects(credentials().secretOrDefault(proxied, 'gatewayApiPassword'), SecretWithheld);
    assert.equal(asked[0]?.sendingTo, 'test-gateway.example.com:443 via proxy proxy.evil.example.net:3128 without TLS checks');
    assert.doesNotMatch(asked[0]?.message ?? '', /proxypw/, 'the proxy\'s own credentials are not shown');
    await assert.rejects(credentials().secretOrDefault({ ...own, caPath: 'certs/ca.pem' }, 'gatewayApiPassword'), SecretWithheld);
    assert.equal(asked[1]?.sendingTo, 'test-gateway.example.com:443 trusting the CA "certs/ca.pem"');
  });

  it('the question names every hop that would read the secret in clear: a proxy with TLS checks off, a proxy of http://, the network', async () => {
    const proxied: Environment = { ...own, proxy: { url: 'http://proxy.evil.example.net:3128', strictSSL: false } };
    await assert.rejects(credentials().secretOrDefault(proxied, 'gatewayApiPassword'), SecretWithheld);
    assert.match(asked[0]?.detail ?? '', /read in clear by proxy proxy\.evil\.example\.net:3128 \(TLS checks off: so can anything between it and test-gateway\.example\.com:443\)/);
    const plain: Environment = { ...own, gatewayUrl: 'http://test-gateway.example.com', proxy: { url: 'http://proxy.evil.example.net:3128', strictSSL: true } };
    await assert.rejects(credentials().secretOrDefault(plain, 'gatewayApiPassword'), SecretWithheld);
    assert.match(asked[1]?.detail ?? '', /proxy proxy\.evil\.example\.net:3128 \(http:\/\/, no TLS\); the network on the way to test-gateway\.example\.com:80/);
    await assert.rejects(credentials().secretOrDefault({ ...own, proxy: { url: 'http://proxy.evil.example.net:3128', strictSSL: true }, caPath: 'certs/ca.pem' }, 'gatewayApiPassword'), SecretWithheld);
    assert.match(asked[2]?.detail ?? '', /proxy proxy\.evil\.example\.net:3128 \(if the extra CA "certs\/ca\.pem" is its own\)/);
    await assert.rejects(credentials().secretOrDefault(cloned, 'gatewayApiPassword'), SecretWithheld);
    assert.doesNotMatch(asked[3]?.detail ?? '', /in clear/, 'an https:// host with TLS checks on: nobody on the way reads it');
  });

  it('a form or a prompt shows a stored value only for its own host, and asks nothing', async () => {
    await store.set(own, 'partnerEmail', 'ana@acme.example');
    const c = credentials();
    assert.equal(await c.withoutAsking(own, 'partnerEmail'), 'ana@acme.example');
    assert.equal(await c.withoutAsking(cloned, 'partnerEmail'), undefined);
    assert.equal(await c.has(cloned, 'partnerEmail'), true, '"stored" is said; the send asks');
    assert.deepEqual(asked, []);
  });

  it('the send path reads a secret more than once: two reads at the same moment ask one question', async () => {
    answer = 'allow';
    const c = credentials();
    const both = await Promise.all([c.secretOrDefault(cloned, 'gatewayApiPassword'), c.secretOrDefault(cloned, 'gatewayApiPassword')]);
    assert.deepEqual(both, ['acme-password', 'acme-password']);
    assert.equal(asked.length, 1);
  });

  it('a duplicated environment keeps the binding: pointing the copy elsewhere does not take the secret along', async () => {
    await store.copyAll('acme', 'acme-copy');
    const copy = { ...cloned, id: 'acme-copy' };
    await assert.rejects(credentials().secretOrDefault(copy, 'gatewayApiPassword'), SecretWithheld);
    assert.equal(await credentials().secretOrDefault({ ...own, id: 'acme-copy' }, 'gatewayApiPassword'), 'acme-password');
  });

  it('financing tokens stored for another host, or before binding, read as signed out', async () => {
    const tokens = { accessToken: 'at', refreshToken: 'rt', expiresAt: 1, tokenType: 'Bearer' };
    await store.tokenStore(own).save(tokens);
    assert.deepEqual(await store.tokenStore(own).load(), tokens);
    assert.equal(await store.tokenStore(cloned).load(), undefined);
    await storage.store(secretKey('acme', 'financingTokens'), JSON.stringify(tokens));
    assert.equal(await store.tokenStore(own).load(), undefined);
  });

  it('the CLI (variables, nothing bound) hears of each secret handed out and for which origin; simulator defaults are not reported', async () => {
    const used: string[] = [];
    const c = new Credentials({ get: async (_id, name) => (name === 'gatewayApiPassword' ? 'from-variable' : undefined) }, { onUse: (env, name, origin) => used.push(`${env.id} ${name} ${origin ?? '-'}`) });
    assert.equal(await c.secretOrDefault(cloned, 'gatewayApiPassword'), 'from-variable');
    assert.equal(await c.secretOrDefault({ ...own, simulator: true, gatewayUrl: 'http://127.0.0.1:4477', financingBaseUrl: 'http://127.0.0.1:4477' }, 'partnerPassword'), SIMULATOR_DEFAULTS.partnerPassword);
    assert.deepEqual(used, ['acme gatewayApiPassword https://evil.example.net:443']);
  });
});
