import * as assert from 'node:assert/strict';
import { classifyFailure, type FailureContext } from '../../../src/http/failureClassification';

const ctx: FailureContext = {
  host: 'gateway.example.test:443',
  timeoutMs: 5000,
  maxResponseBytes: 10 * 1024 * 1024,
  timedOut: false,
  cancelled: false,
  receivedHeaders: false,
  secure: true,
};

function coded(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

/** Errors the network stack produces that the simulator cannot (DNS, certificate names, parser). */
describe('failure classification of errors the simulator cannot produce', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['DNS', coded('ENOTFOUND', 'getaddrinfo ENOTFOUND gateway.example.test'), 'dns', /^Host name gateway\.example\.test could not be resolved \(DNS, ENOTFOUND\) — check the base URL$/],
    ['certificate name', Object.assign(new Error('wrapped'), { cause: coded('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames") }), 'tls', /TLS handshake with gateway\.example\.test:443 failed/],
    ['expired certificate', coded('CERT_HAS_EXPIRED', 'certificate has expired'), 'tls', /certificate has expired/],
    ['refused on every address', Object.assign(new AggregateError([coded('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' }), 'refused', /service running and the URL right/],
    ['bad HTTP', coded('HPE_INVALID_CONSTANT', 'Expected HTTP/'), 'protocol', /invalid HTTP response/],
    ['connect timeout', coded('UND_ERR_CONNECT_TIMEOUT'), 'timeout', /No response from gateway\.example\.test:443 within 5000 ms/],
    ['anything else', new Error('boom'), 'other', /Request to gateway\.example\.test:443 failed: boom/],
  ];
  for (const [name, error, kind, message] of cases) {
    it(`${name} → ${kind}`, () => {
      const failure = classifyFailure(error, ctx);
      assert.equal(failure.kind, kind);
      assert.match(failure.message, message);
    });
  }

  it('a refused connection asks whether the simulator runs only when the target is the simulator; any other host, loopback too, gets the error plainly', () => {
    const refused = Object.assign(new AggregateError([coded('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' });
    const local = { ...ctx, host: '127.0.0.1:8080', secure: false };
    assert.equal(classifyFailure(refused, local).message, 'Connection refused by 127.0.0.1:8080 (ECONNREFUSED) — is the service running and the URL right?');
    assert.equal(classifyFailure(refused, { ...local, host: '127.0.0.1:4477', localSimulator: true }).message, 'Connection refused by 127.0.0.1:4477 (ECONNREFUSED) — is the simulator running?');
  });

  it('a proxy answering 407 is a proxy failure', () => {
    const failure = classifyFailure(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), { ...ctx, proxyHost: 'proxy.corp:3128' });
    assert.equal(failure.kind, 'proxy');
    assert.match(failure.message, /Proxy proxy\.corp:3128 could not reach gateway\.example\.test:443/);
  });
});
