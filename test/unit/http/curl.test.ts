import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { basicAuthHeader, KnownSecrets, shellQuote, toCurl, type OutgoingRequest } from '../../../src/http';

/** Runs the command through a real POSIX shell with curl replaced by an argv printer. */
function argvOf(command: string): string[] {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}`;
  return execFileSync('sh', ['-c', script], { encoding: 'utf8' }).split('\0').slice(0, -1);
}

const API_PASSWORD = 'SENTINEL-api-pass-\'"$`x';
const request: OutgoingRequest = {
  method: 'PUT',
  url: 'http://127.0.0.1:4477/api/rest/version/100/merchant/TESTSIMULATOR01/order/O%2F1/transaction/T1',
  headers: { 'Content-Type': 'application/json', Authorization: basicAuthHeader('TESTSIMULATOR01', API_PASSWORD, { emptyUser: false }) },
  body: JSON.stringify({
    apiOperation: 'REFUND',
    note: "it's $HOME `date` \\ done\nline two",
    sourceOfFunds: { provided: { card: { number: '5123450000000008', securityCode: '100' } } },
  }),
  timeoutMs: 15_000,
  maxResponseBytes: 1024,
};

describe('toCurl', () => {
  it('produces a command whose arguments survive the shell unchanged (with secrets when asked)', () => {
    const argv = argvOf(toCurl(request, { includeSecrets: true }));
    assert.deepEqual(argv, [
      '-sS', '-X', 'PUT', request.url,
      '-H', 'Content-Type: application/json',
      '-H', `Authorization: ${request.headers.Authorization}`,
      '--data-raw', request.body,
      '--max-time', '15',
    ]);
  });

  it('redacts by default: no password, no Basic value, no card number or CSC', () => {
    const known = new KnownSecrets().addBasicCredentials('merchant.TESTSIMULATOR01', API_PASSWORD);
    const command = toCurl(request, { includeSecrets: false, known });
    const argv = argvOf(command);
    assert.ok(argv.includes('Authorization: Basic <redacted>'));
    for (const secret of [API_PASSWORD, request.headers.Authorization ?? '', '5123450000000008', '"100"']) {
      assert.ok(!command.includes(secret), `leaked ${secret}`);
    }
    const body = JSON.parse(argv[argv.indexOf('--data-raw') + 1] ?? '') as { sourceOfFunds: { provided: { card: { number: string } } } };
    assert.equal(body.sourceOfFunds.provided.card.number, '512345xxxxxx0008');
  });

  it('adds certificate, proxy and insecure options, hiding proxy credentials when redacting', () => {
    const command = toCurl(request, {
      includeSecrets: false,
      transport: { certPath: '/certs/my client.pem', keyPath: '/certs/key.pem', caPath: '/certs/ca.pem', proxyUrl: 'http://user:proxy-secret@proxy:3128', insecure: true },
    });
    const argv = argvOf(command);
    assert.ok(argv.includes('/certs/my client.pem'));
    assert.ok(argv.includes('--insecure'));
    assert.ok(!command.includes('proxy-secret'));
  });

  it('shellQuote is the identity after sh for any string (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        const clean = text.replace(/\0/g, '');
        assert.deepEqual(argvOf(`curl ${shellQuote(clean)}`), [clean]);
      }),
      { numRuns: 60 },
    );
  });
});
