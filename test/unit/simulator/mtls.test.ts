import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Agent, request } from 'undici';
import { startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { authorizeBody, MID } from './helpers';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// EC keys: generated in milliseconds, where RSA takes seconds on a busy machine.
const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];

/** A throw-away CA, a server certificate for 127.0.0.1 and a client certificate, all signed by the CA. */
function makeCertificates(dir: string): void {
  const run = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  };
  run('req', '-x509', ...KEY, '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=Simulator Test CA');
  fs.writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run('req', ...KEY, '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'server.ext');
  run('req', ...KEY, '-nodes', '-keyout', 'client.key', '-out', 'client.csr', '-subj', `/CN=merchant.${MID}`);
  run('x509', '-req', '-in', 'client.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'client.crt', '-days', '2');
}

describe('simulator: mTLS port', function () {
  let sim: SimulatorHandle | undefined;
  let dir = '';
  const read = (name: string) => fs.readFileSync(path.join(dir, name));

  before(async function () {
    if (!hasOpenssl()) {
      console.log('    (skipped: openssl is not installed, so no certificates can be generated)');
      this.skip();
    }
    this.timeout(60_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-mtls-'));
    makeCertificates(dir);
    sim = await startSimulator({ port: 0, processingDelayMs: 0, mtls: { port: 0, key: read('server.key'), cert: read('server.crt'), ca: read('ca.crt') } });
  });
  after(async () => {
    await sim?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const url = () => `${sim?.mtlsUrl ?? ''}/api/rest/version/11/merchant/${MID}/order/M-${Date.now()}/transaction/1`;

  it('rejects a client without a certificate (TLS handshake fails)', async () => {
    const agent = new Agent({ connect: { ca: read('ca.crt') } });
    try {
      await assert.rejects(request(url(), { dispatcher: agent, method: 'PUT', body: JSON.stringify(authorizeBody()) }).then((r) => r.body.text()));
    } finally {
      await agent.close();
    }
  });

  it('accepts a client certificate signed by the CA, without Basic auth', async () => {
    assert.ok(sim?.mtlsUrl?.startsWith('https://127.0.0.1:'));
    const agent = new Agent({ connect: { ca: read('ca.crt'), cert: read('client.crt'), key: read('client.key') } });
    try {
      const res = await request(url(), { dispatcher: agent, method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(authorizeBody()) });
      const body = JSON.parse(await res.body.text()) as { result?: string };
      assert.equal(res.statusCode, 200);
      assert.equal(body.result, 'SUCCESS');
    } finally {
      await agent.close();
    }
  });

  it('rejects a certificate from another CA', async function () {
    this.timeout(60_000);
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-mtls-other-'));
    try {
      makeCertificates(other);
      const agent = new Agent({ connect: { ca: read('ca.crt'), cert: fs.readFileSync(path.join(other, 'client.crt')), key: fs.readFileSync(path.join(other, 'client.key')) } });
      try {
        await assert.rejects(request(url(), { dispatcher: agent, method: 'PUT', body: JSON.stringify(authorizeBody()) }).then((r) => r.body.text()));
      } finally {
        await agent.close();
      }
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
