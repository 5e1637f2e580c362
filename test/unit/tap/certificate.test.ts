import * as assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { writeOlderTapCa } from '../../harness/olderTapCa';
import { issueServerCertificate, TAP_CA_COMMON_NAME, TAP_CERTIFICATE_FILES, tapCertificate, type TapCertificate } from '../../../src/tap/certificate';

const run = promisify(execFile);
const DAY = 86_400_000;

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tap-tls-'));
  tempDirs.push(dir);
  return dir;
}
const fileIn = (dir: string, name: keyof typeof TAP_CERTIFICATE_FILES) => path.join(dir, TAP_CERTIFICATE_FILES[name]);

function hasTool(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

interface Server {
  port: number;
  close(): Promise<void>;
}

/** A real HTTPS server with the tap's certificate; it answers "tap" so a client can show it got through. */
function startServer(tls: { cert: string; key: string }, host: string): Promise<Server> {
  const server = https.createServer(tls, (_req, res) => res.end('tap'));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** A GET with full verification (rejectUnauthorized, Node's default), trusting only `ca` when given. */
function get(options: https.RequestOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = https.get({ agent: false, rejectUnauthorized: true, ...options }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
}

async function refusal(options: https.RequestOptions): Promise<string> {
  try {
    await get(options);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return `${e.code ?? ''}: ${e.message}`;
  }
  assert.fail(`expected the TLS connection to ${String(options.servername ?? options.host)} to be refused`);
}

type ClientCommand = (caFile: string, urls: string[]) => [string, string[], NodeJS.ProcessEnv?];

interface ClientOutcome {
  /** What the client said when it trusted another tap's CA. */
  otherCa: string;
  /** What it said to a server whose certificate the tap CA signed for a name outside its constraints. */
  outsideConstraints: string;
}

async function runClient(command: ClientCommand, caFile: string, urls: string[]): Promise<{ code: number; stdout: string; out: string }> {
  const [file, args, env] = command(caFile, urls);
  return run(file, args, { env: { ...process.env, ...env }, timeout: 60_000 }).then(
    (r) => ({ code: 0, stdout: r.stdout, out: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, stdout: e.stdout ?? '', out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
  );
}

/**
 * A real client, configured as docs/tap-tls.md says, must get through by 127.0.0.1 and by localhost when it
 * trusts the tap CA, and must be refused when it trusts another CA, and by a server whose certificate the
 * tap CA signed for a name outside its constraints.
 */
async function checkClient(
  command: ClientCommand,
  s: { caFile: string; otherCaFile: string; port: number; outsidePort: number },
  constraints: 'honoured' | 'ignored' = 'honoured',
): Promise<ClientOutcome> {
  const ok = await runClient(command, s.caFile, [`https://127.0.0.1:${s.port}/`, `https://localhost:${s.port}/`]);
  assert.equal(ok.stdout.trim(), 'taptap', `trusting the tap CA: ${ok.out}`);
  const other = await runClient(command, s.otherCaFile, [`https://127.0.0.1:${s.port}/`]);
  assert.notEqual(other.code, 0, `trusting another CA must fail, got: ${other.out}`);
  const outside = await runClient(command, s.caFile, [`https://127.0.0.1:${s.outsidePort}/`]);
  if (constraints === 'honoured') assert.notEqual(outside.code, 0, `a certificate outside the CA's name constraints must fail, got: ${outside.out}`);
  // What docs/tap-tls.md says of this client; should it start to honour them, the doc can say so.
  else assert.equal(outside.stdout.trim(), 'tap', `this client was known to ignore a trust anchor's name constraints: ${outside.out}`);
  return { otherCa: other.out, outsideConstraints: outside.out };
}

function skipWithout(ctx: Mocha.Context, command: string, args: string[], what: string): void {
  if (!hasTool(command, args)) {
    console.log(`    (skipped: ${what} is not installed)`);
    ctx.skip();
  }
}

describe('tap: TLS certificate', function () {
  this.timeout(60_000);
  let dir: string;
  let tap: TapCertificate;
  let caPem: string;
  let otherCaFile: string;
  let server: Server;
  /** Serves a certificate the tap CA signed for bank.example and 127.0.0.1: valid signature, outside the name constraints. */
  let outside: Server;
  const clientSetup = () => ({ caFile: tap.caFile, otherCaFile, port: server.port, outsidePort: outside.port });

  before(async () => {
    dir = tempDir();
    tap = tapCertificate(dir);
    caPem = fs.readFileSync(tap.caFile, 'utf8');
    otherCaFile = tapCertificate(tempDir()).caFile;
    server = await startServer(tap, '127.0.0.1');
    const ca = { cert: new X509Certificate(caPem), key: createPrivateKey(fs.readFileSync(fileIn(dir, 'caKey'))) };
    outside = await startServer(issueServerCertificate(ca, { dns: ['bank.example'], ips: ['127.0.0.1'] }, new Date()), '127.0.0.1');
  });
  after(async () => {
    await server?.close();
    await outside?.close();
    for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  describe('what it makes', () => {
    it('returns the CA file path and a server certificate and key, the first time created', () => {
      assert.ok(path.isAbsolute(tap.caFile));
      assert.equal(tap.caFile, fileIn(dir, 'caCert'));
      assert.equal(tap.created, true);
      assert.equal(tap.caCreated, true);
      assert.match(tap.cert, /^-----BEGIN CERTIFICATE-----\n/);
      assert.match(tap.key, /^-----BEGIN PRIVATE KEY-----\n/);
      // The CA file holds the CA certificate and nothing else: no key, no server certificate.
      assert.equal(caPem.match(/-----BEGIN /g)?.length, 1);
      assert.match(caPem, /^-----BEGIN CERTIFICATE-----\n/);
    });

    it('the CA and server certificates carry the extensions and limits clients check', () => {
      const ca = new X509Certificate(caPem);
      const leaf = new X509Certificate(tap.cert);
      assert.equal(ca.ca, true);
      assert.ok(ca.subject.split('\n').includes(`CN=${TAP_CA_COMMON_NAME}`), ca.subject);
      assert.equal(leaf.ca, false);
      assert.ok(leaf.checkIssued(ca) && leaf.verify(ca.publicKey), 'issued and signed by the CA');
      assert.equal(leaf.subjectAltName, 'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
      assert.deepEqual(leaf.keyUsage, ['1.3.6.1.5.5.7.3.1']); // extKeyUsage serverAuth
      assert.equal(leaf.publicKey.asymmetricKeyDetails?.namedCurve, 'prime256v1');
      assert.equal(ca.publicKey.asymmetricKeyDetails?.namedCurve, 'prime256v1');
      for (const cert of [ca, leaf]) {
        assert.equal(cert.serialNumber.length, 32, `16-byte serial: ${cert.serialNumber}`);
        assert.ok(parseInt(cert.serialNumber[0] ?? '8', 16) < 8, 'positive serial');
      }
      const days = (c: X509Certificate) => (Date.parse(c.validTo) - Date.parse(c.validFrom)) / DAY;
      assert.ok(days(leaf) <= 825 && days(leaf) > 800, `server certificate valid ${days(leaf)} days`);
      assert.ok(days(ca) > days(leaf), `CA valid ${days(ca)} days`);
      assert.ok(Date.parse(leaf.validFrom) < Date.now(), 'valid now');
    });

    it('past 2049 the dates are GeneralizedTime, as RFC 5280 wants, and still read back', () => {
      const d = tempDir();
      const made = tapCertificate(d, { now: new Date('2045-06-01T00:00:00Z') });
      const ca = new X509Certificate(fs.readFileSync(made.caFile));
      assert.match(ca.validTo, /2055 GMT$/);
      assert.equal(tapCertificate(d, { now: new Date('2045-06-02T00:00:00Z') }).created, false, 'reused, so the dates were read back');
    });

    it('a folder that cannot be used gives a clear error', () => {
      const file = path.join(tempDir(), 'not-a-folder');
      fs.writeFileSync(file, '');
      assert.throws(() => tapCertificate(file), /The Gateway Tap keeps its certificate in .*not-a-folder, which cannot be used as a private folder: EEXIST/);
      assert.throws(() => tapCertificate(tempDir(), { now: new Date(Number.NaN) }), /not a valid date/);
    });

    it('generation is quick: the once-per-machine cost of starting the tap with TLS', () => {
      const started = process.hrtime.bigint();
      const fresh = tapCertificate(tempDir());
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      assert.equal(fresh.created, true);
      console.log(`    (made a CA and a server certificate in ${ms.toFixed(1)} ms)`);
    });
  });

  describe('TLS clients', () => {
    it('a client trusting only the CA file connects by 127.0.0.1 and by localhost, fully verified', async () => {
      // `ca` replaces Node's bundled roots: the CA file is the only thing trusted.
      assert.equal(await get({ host: '127.0.0.1', port: server.port, ca: caPem }), 'tap');
      assert.equal(await get({ host: 'localhost', family: 4, port: server.port, ca: caPem }), 'tap');
    });

    it('a client trusting only the CA file connects by [::1]', async function () {
      let v6: Server;
      try {
        v6 = await startServer(tap, '::1');
      } catch (error) {
        console.log(`    (skipped: this machine has no IPv6 loopback: ${String((error as Error).message)})`);
        this.skip();
      }
      try {
        assert.equal(await get({ host: '::1', port: v6.port, ca: caPem }), 'tap');
      } finally {
        await v6.close();
      }
    });

    it('a client without the CA, or with another tap CA, is refused', async () => {
      assert.match(await refusal({ host: '127.0.0.1', port: server.port }), /^UNABLE_TO_VERIFY_LEAF_SIGNATURE:/);
      const other = fs.readFileSync(otherCaFile, 'utf8');
      assert.match(await refusal({ host: '127.0.0.1', port: server.port, ca: other }), /^UNABLE_TO_VERIFY_LEAF_SIGNATURE:/);
    });

    it('a name the certificate does not hold is refused', async () => {
      assert.match(await refusal({ host: '127.0.0.1', servername: 'example.com', port: server.port, ca: caPem }), /^ERR_TLS_CERT_ALTNAME_INVALID:/);
    });

    it('the CA key can vouch for nothing but localhost, 127.0.0.1 and ::1 (name constraints)', async () => {
      // The certificate names 127.0.0.1 too, so the host check passes: only the CA's constraints can refuse it.
      const served = await new Promise<Buffer>((resolve, reject) => {
        const socket = tls.connect({ host: '127.0.0.1', port: outside.port, rejectUnauthorized: false }, () => {
          resolve(socket.getPeerCertificate().raw);
          socket.end();
        });
        socket.on('error', reject);
      });
      const cert = new X509Certificate(served);
      assert.equal(cert.subjectAltName, 'DNS:bank.example, IP Address:127.0.0.1');
      assert.ok(cert.verify(new X509Certificate(caPem).publicKey), 'validly signed by the tap CA all the same');
      // OpenSSL's X509_V_ERR_PERMITTED_VIOLATION; Node has no code name for it, only the message.
      assert.match(await refusal({ host: '127.0.0.1', port: outside.port, ca: caPem }), /permitted subtree violation/);
    });
  });

  // Each client as docs/tap-tls.md configures it.
  describe('other clients', () => {
    it('Node: NODE_EXTRA_CA_CERTS=<CA file>', async () => {
      const script =
        "(async () => { let out = ''; for (const url of process.argv.slice(1)) out += await new Promise((ok, ko) => " +
        "require('https').get(url, { family: 4 }, (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => ok(b)); }).on('error', ko)); " +
        'process.stdout.write(out); })().catch((e) => { console.error(e.code, e.message); process.exit(2); });';
      const out = await checkClient((ca, urls) => [process.execPath, ['-e', script, ...urls], { NODE_EXTRA_CA_CERTS: ca }], clientSetup());
      assert.match(out.otherCa, /UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
      assert.match(out.outsideConstraints, /permitted subtree violation/);
    });

    it('openssl verify accepts the chain (strict, TLS server purpose); openssl x509 shows the extensions', async function () {
      skipWithout(this, 'openssl', ['version'], 'openssl');
      const verify = (ca: string) => ['openssl', ['verify', '-x509_strict', '-purpose', 'sslserver', '-CAfile', ca, fileIn(dir, 'cert')]] as [string, string[]];
      const ok = await run(...verify(tap.caFile));
      assert.match(ok.stdout, /: OK$/m);
      await assert.rejects(run(...verify(otherCaFile)), /unable to get local issuer certificate/);

      const leaf = (await run('openssl', ['x509', '-noout', '-text', '-in', fileIn(dir, 'cert')])).stdout;
      for (const line of [
        'Signature Algorithm: ecdsa-with-SHA256',
        'NIST CURVE: P-256',
        'Subject: CN = localhost',
        'X509v3 Basic Constraints: critical\n                CA:FALSE',
        'X509v3 Key Usage: critical\n                Digital Signature',
        'X509v3 Extended Key Usage: \n                TLS Web Server Authentication',
        'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1',
        'X509v3 Subject Key Identifier',
        'X509v3 Authority Key Identifier',
      ]) assert.ok(leaf.includes(line), `server certificate shows "${line}":\n${leaf}`);

      const ca = (await run('openssl', ['x509', '-noout', '-text', '-in', tap.caFile])).stdout;
      for (const line of [
        `Subject: CN = ${TAP_CA_COMMON_NAME}`,
        'X509v3 Basic Constraints: critical\n                CA:TRUE, pathlen:0',
        'X509v3 Key Usage: critical\n                Certificate Sign, CRL Sign',
        'X509v3 Name Constraints: critical',
        'DNS:localhost',
        'IP:127.0.0.1/255.255.255.255',
        'email:invalid',
        'URI:invalid',
        'DirName:CN = localhost',
        'othername:UPN:invalid',
        'X509v3 Subject Key Identifier',
      ]) assert.ok(ca.includes(line), `CA certificate shows "${line}":\n${ca}`);
    });

    it('openssl verify refuses a certificate the CA key issues for another name', async function () {
      skipWithout(this, 'openssl', ['version'], 'openssl');
      const ca = { cert: new X509Certificate(caPem), key: createPrivateKey(fs.readFileSync(fileIn(dir, 'caKey'))) };
      const stolenFile = path.join(tempDir(), 'stolen.pem');
      fs.writeFileSync(stolenFile, issueServerCertificate(ca, { dns: ['bank.example'], ips: [] }, new Date()).cert);
      await assert.rejects(run('openssl', ['verify', '-CAfile', tap.caFile, stolenFile]), /permitted subtree violation/);
    });

    // VERIFY_X509_STRICT is the default from Python 3.13 on; set here so older Pythons check as strictly.
    const pythonFetch = (context: string) =>
      ['import ssl, sys, urllib.request', `ctx = ${context}`, 'ctx.verify_flags |= getattr(ssl, "VERIFY_X509_STRICT", 0)', 'print("".join(urllib.request.urlopen(u, context=ctx).read().decode() for u in sys.argv[2:]), end="")'].join('\n');

    it('Python: ssl.create_default_context(cafile=<CA file>), with X.509 strict checks on', async function () {
      skipWithout(this, 'python3', ['--version'], 'python3');
      const script = pythonFetch('ssl.create_default_context(cafile=sys.argv[1])');
      const out = await checkClient((ca, urls) => ['python3', ['-c', script, ca, ...urls]], clientSetup());
      assert.match(out.otherCa, /CERTIFICATE_VERIFY_FAILED/);
      assert.match(out.outsideConstraints, /permitted subtree violation/);
    });

    it('Python: SSL_CERT_FILE=<CA file> for urllib with the default context', async function () {
      skipWithout(this, 'python3', ['--version'], 'python3');
      const script = pythonFetch('ssl.create_default_context()');
      const out = await checkClient((ca, urls) => ['python3', ['-c', script, 'unused', ...urls], { SSL_CERT_FILE: ca }], clientSetup());
      assert.match(out.otherCa, /CERTIFICATE_VERIFY_FAILED/);
    });

    it('Python requests: verify=<CA file> and REQUESTS_CA_BUNDLE=<CA file>', async function () {
      skipWithout(this, 'python3', ['-c', 'import requests'], 'python3 with requests');
      const viaArgument = 'import sys, requests\nprint("".join(requests.get(u, verify=sys.argv[1]).text for u in sys.argv[2:]), end="")';
      const out = await checkClient((ca, urls) => ['python3', ['-c', viaArgument, ca, ...urls]], clientSetup());
      assert.match(out.otherCa, /CERTIFICATE_VERIFY_FAILED/);
      const viaVariable = 'import sys, requests\nprint("".join(requests.get(u).text for u in sys.argv[1:]), end="")';
      await checkClient((ca, urls) => ['python3', ['-c', viaVariable, ...urls], { REQUESTS_CA_BUNDLE: ca }], clientSetup());
    });

    const phpCurl = (caOption: string) =>
      [
        '$body = "";',
        'foreach (array_slice($argv, 2) as $url) {',
        '  $c = curl_init($url);',
        `  curl_setopt_array($c, [${caOption}CURLOPT_RETURNTRANSFER => true, CURLOPT_SSL_VERIFYPEER => true, CURLOPT_SSL_VERIFYHOST => 2]);`,
        '  $r = curl_exec($c);',
        '  if ($r === false) { fwrite(STDERR, curl_error($c)); exit(1); }',
        '  $body .= $r;',
        '}',
        'echo $body;',
      ].join('\n');

    it('PHP curl: CURLOPT_CAINFO=<CA file>', async function () {
      skipWithout(this, 'php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);'], 'php with the curl extension');
      const out = await checkClient((ca, urls) => ['php', ['-r', phpCurl('CURLOPT_CAINFO => $argv[1], '), '--', ca, ...urls]], clientSetup());
      assert.match(out.otherCa, /SSL certificate problem/);
      assert.match(out.outsideConstraints, /permitted subtree violation/);
    });

    it('PHP curl without a CA option (as the e-commerce modules call it): php.ini curl.cainfo=<CA file>', async function () {
      skipWithout(this, 'php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);'], 'php with the curl extension');
      const out = await checkClient((ca, urls) => ['php', ['-d', `curl.cainfo=${ca}`, '-r', phpCurl(''), '--', 'unused', ...urls]], clientSetup());
      assert.match(out.otherCa, /SSL certificate problem/);
    });

    it('PHP streams (file_get_contents): php.ini openssl.cafile=<CA file>', async function () {
      skipWithout(this, 'php', ['-r', 'exit(extension_loaded("openssl") ? 0 : 1);'], 'php with the openssl extension');
      const script = '$body = ""; foreach (array_slice($argv, 1) as $url) { $r = file_get_contents($url); if ($r === false) exit(1); $body .= $r; } echo $body;';
      const out = await checkClient((ca, urls) => ['php', ['-d', 'display_errors=stderr', '-d', `openssl.cafile=${ca}`, '-r', script, '--', ...urls]], clientSetup());
      assert.match(out.otherCa, /certificate verify failed/);
    });

    it('cURL: --cacert <CA file>', async function () {
      skipWithout(this, 'curl', ['--version'], 'curl');
      const out = await checkClient((ca, urls) => ['curl', ['-sS', '--cacert', ca, ...urls]], clientSetup());
      assert.match(out.otherCa, /certificate/i);
      assert.match(out.outsideConstraints, /certificate/i);
    });

    it('Java: keytool -importcert into a truststore, then -Djavax.net.ssl.trustStore', async function () {
      if (!hasTool('java', ['-version']) || !hasTool('keytool', ['-help'])) {
        console.log('    (skipped: java and keytool are not installed)');
        this.skip();
      }
      const work = tempDir();
      const source = path.join(work, 'Get.java');
      fs.writeFileSync(
        source,
        'public class Get { public static void main(String[] urls) throws Exception {\n' +
          '  var out = new StringBuilder();\n' +
          '  for (String url : urls) {\n' +
          '    try (var in = java.net.URI.create(url).toURL().openConnection().getInputStream()) { out.append(new String(in.readAllBytes())); }\n' +
          '  }\n' +
          '  System.out.print(out);\n' +
          '} }\n',
      );
      const truststore = (ca: string) => {
        const store = path.join(work, `${path.basename(path.dirname(ca))}.p12`);
        if (!fs.existsSync(store)) {
          execFileSync('keytool', ['-importcert', '-noprompt', '-alias', 'payment-workbench-tap', '-file', ca, '-keystore', store, '-storetype', 'PKCS12', '-storepass', 'changeit'], { stdio: 'pipe' });
        }
        return store;
      };
      // Java's PKIX validator does not apply a trust anchor's own nameConstraints (it builds the anchor without them).
      const out = await checkClient(
        (ca, urls) => ['java', [`-Djavax.net.ssl.trustStore=${truststore(ca)}`, '-Djavax.net.ssl.trustStorePassword=changeit', source, ...urls]],
        clientSetup(),
        'ignored',
      );
      assert.match(out.otherCa, /PKIX path (building|validation) failed/);
    });
  });

  // What a stolen CA key could sign and a client trusting the CA would still accept: TLS servers of this machine, nothing else.
  describe('what the CA may vouch for', () => {
    /** A leaf the tap CA's key signs with openssl, as someone holding that key could: `ext` is an openssl extfile. */
    function signedByTapCa(subject: string, ext: string): { cert: string; key: string; file: string } {
      const work = tempDir();
      const file = (name: string) => path.join(work, name);
      fs.writeFileSync(file('leaf.ext'), ext);
      execFileSync('openssl', ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', file('leaf.key'), '-out', file('leaf.csr'), '-subj', subject], { stdio: 'pipe' });
      execFileSync('openssl', ['x509', '-req', '-in', file('leaf.csr'), '-CA', tap.caFile, '-CAkey', fileIn(dir, 'caKey'), '-set_serial', '7', '-days', '2', '-extfile', file('leaf.ext'), '-out', file('leaf.pem')], { stdio: 'pipe' });
      return { cert: fs.readFileSync(file('leaf.pem'), 'utf8'), key: fs.readFileSync(file('leaf.key'), 'utf8'), file: file('leaf.pem') };
    }
    const verify = (purpose: string, leafFile: string) =>
      run('openssl', ['verify', '-x509_strict', '-purpose', purpose, '-CAfile', tap.caFile, leafFile]).then(
        (r) => r.stdout + r.stderr,
        (e: { stdout?: string; stderr?: string }) => `refused: ${e.stdout ?? ''}${e.stderr ?? ''}`,
      );
    const serverNames = 'DNS:localhost,IP:127.0.0.1';

    it('openssl: the tap\'s own server certificate verifies as a TLS server, and only as one', async function () {
      skipWithout(this, 'openssl', ['version'], 'openssl');
      assert.match(await verify('sslserver', fileIn(dir, 'cert')), /: OK$/m);
      for (const purpose of ['sslclient', 'smimesign', 'smimeencrypt']) assert.match(await verify(purpose, fileIn(dir, 'cert')), /^refused: .*unsuitable certificate purpose/s, purpose);
      const ca = (await run('openssl', ['x509', '-noout', '-text', '-in', tap.caFile])).stdout;
      assert.ok(ca.includes('X509v3 Extended Key Usage: \n                TLS Web Server Authentication\n'), `the CA is for TLS servers only:\n${ca}`);
    });

    const refusedLeaves: Array<[string, string, string, string, RegExp]> = [
      ['an S/MIME certificate for an e-mail address', '/CN=CEO/emailAddress=ceo@bank.example', 'subjectAltName=email:ceo@bank.example\nextendedKeyUsage=emailProtection\n', 'smimesign', /unsuitable certificate purpose|permitted subtree violation/],
      ['an e-mail certificate without extendedKeyUsage', '/CN=CEO', 'subjectAltName=email:ceo@bank.example\n', 'smimesign', /unsuitable certificate purpose|permitted subtree violation/],
      ['a TLS client certificate', '/CN=localhost', `subjectAltName=${serverNames}\nextendedKeyUsage=clientAuth\n`, 'sslclient', /unsuitable certificate purpose/],
      ['a server certificate that also names an e-mail address', '/CN=localhost', `subjectAltName=${serverNames},email:ceo@bank.example\nextendedKeyUsage=serverAuth\n`, 'sslserver', /permitted subtree violation/],
      ['a server certificate that also names a URI', '/CN=localhost', `subjectAltName=${serverNames},URI:https://bank.example/\nextendedKeyUsage=serverAuth\n`, 'sslserver', /permitted subtree violation/],
      ['a server certificate that also names a Windows user (UPN otherName)', '/CN=localhost', `subjectAltName=${serverNames},otherName:1.3.6.1.4.1.311.20.2.3;UTF8:ceo@bank.example\nextendedKeyUsage=serverAuth\n`, 'sslserver', /unsupported name constraint type/],
      ['a server certificate for another organisation\'s subject name', '/O=Bank Example/CN=localhost', `subjectAltName=${serverNames}\nextendedKeyUsage=serverAuth\n`, 'sslserver', /permitted subtree violation/],
      ['a server certificate for a host outside this machine', '/CN=bank.example', 'subjectAltName=DNS:bank.example\nextendedKeyUsage=serverAuth\n', 'sslserver', /permitted subtree violation/],
    ];
    for (const [what, subject, ext, purpose, why] of refusedLeaves) {
      it(`openssl verify refuses ${what} signed with the CA key`, async function () {
        skipWithout(this, 'openssl', ['version'], 'openssl');
        const out = await verify(purpose, signedByTapCa(subject, ext).file);
        assert.match(out, /^refused: /, out);
        assert.match(out, why);
      });
    }

    it('Node TLS client: a server certificate that also names an e-mail address is refused in the handshake', async function () {
      skipWithout(this, 'openssl', ['version'], 'openssl');
      const leaf = signedByTapCa('/CN=localhost', `subjectAltName=${serverNames},email:ceo@bank.example\nextendedKeyUsage=serverAuth\n`);
      const s = await startServer(leaf, '127.0.0.1');
      try {
        assert.match(await refusal({ host: '127.0.0.1', port: s.port, ca: caPem }), /permitted subtree violation/);
      } finally {
        await s.close();
      }
    });

    it('Node TLS server: a client certificate the CA key signed is not authorized', async function () {
      skipWithout(this, 'openssl', ['version'], 'openssl');
      const client = signedByTapCa('/CN=localhost', 'extendedKeyUsage=clientAuth\n');
      // A server that trusts the tap CA for its clients (as one trusting it system-wide would).
      const mtls = tls.createServer({ cert: tap.cert, key: tap.key, ca: caPem, requestCert: true, rejectUnauthorized: false }, (socket) => {
        socket.end(socket.authorized ? 'authorized' : `not authorized: ${String(socket.authorizationError)}`);
      });
      await new Promise<void>((resolve) => mtls.listen(0, '127.0.0.1', resolve));
      try {
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = tls.connect({ host: '127.0.0.1', port: (mtls.address() as AddressInfo).port, ca: caPem, cert: client.cert, key: client.key }, () => {
            let text = '';
            socket.setEncoding('utf8');
            socket.on('data', (c: string) => (text += c));
            socket.on('end', () => resolve(text));
          });
          socket.on('error', reject);
        });
        // Node names OpenSSL's X509_V_ERR_INVALID_PURPOSE ("unsuitable certificate purpose") by its code.
        assert.equal(answer, 'not authorized: INVALID_PURPOSE');
      } finally {
        await new Promise<void>((resolve) => mtls.close(() => resolve()));
      }
    });
  });

  describe('kept and renewed', () => {
    it('a second call reuses the files: same certificate and key, nothing rewritten', () => {
      const before = Object.values(TAP_CERTIFICATE_FILES).map((f) => fs.statSync(path.join(dir, f)));
      const again = tapCertificate(dir);
      assert.equal(again.created, false);
      assert.equal(again.caCreated, false);
      assert.equal(again.cert, tap.cert);
      assert.equal(again.key, tap.key);
      assert.equal(again.caFile, tap.caFile);
      const after = Object.values(TAP_CERTIFICATE_FILES).map((f) => fs.statSync(path.join(dir, f)));
      assert.deepEqual(after.map((s) => [s.ino, s.mtimeMs]), before.map((s) => [s.ino, s.mtimeMs]));
    });

    /** A fresh set in its own folder, so each case below breaks its own copy. */
    function freshSet(now?: Date): { dir: string; first: TapCertificate; ca: string } {
      const d = tempDir();
      const first = tapCertificate(d, now ? { now } : {});
      return { dir: d, first, ca: fs.readFileSync(first.caFile, 'utf8') };
    }
    const chainsTo = (cert: string, caFile: string) => {
      const ca = new X509Certificate(fs.readFileSync(caFile));
      const leaf = new X509Certificate(cert);
      return leaf.checkIssued(ca) && leaf.verify(ca.publicKey);
    };

    const leafBreakages: Array<[string, (d: string) => void, RegExp]> = [
      ['a corrupt server certificate', (d) => fs.writeFileSync(fileIn(d, 'cert'), 'garbage'), /server certificate file is not a certificate/],
      ['a huge server certificate file (not read)', (d) => fs.writeFileSync(fileIn(d, 'cert'), Buffer.alloc(2 * 1024 * 1024, 0x41)), /server certificate file is not a certificate/],
      ['a server key that is not a key', (d) => fs.writeFileSync(fileIn(d, 'key'), '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'), /key file is not a private key/],
      [
        'a server key of another pair',
        (d) => fs.writeFileSync(fileIn(d, 'key'), String(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }))),
        /key does not belong/,
      ],
      ['a missing server key', (d) => fs.rmSync(fileIn(d, 'key')), /no server certificate/],
      [
        'a server certificate without ::1 (as an older version could have made)',
        (d) => {
          const ca = { cert: new X509Certificate(fs.readFileSync(fileIn(d, 'caCert'))), key: createPrivateKey(fs.readFileSync(fileIn(d, 'caKey'))) };
          const narrow = issueServerCertificate(ca, { dns: ['localhost'], ips: ['127.0.0.1'] }, new Date());
          fs.writeFileSync(fileIn(d, 'cert'), narrow.cert);
          fs.writeFileSync(fileIn(d, 'key'), narrow.key);
        },
        /does not name localhost, 127\.0\.0\.1, ::1/,
      ],
      [
        'a server certificate and key from another CA',
        (d) => {
          fs.copyFileSync(fileIn(path.dirname(otherCaFile), 'cert'), fileIn(d, 'cert'));
          fs.copyFileSync(fileIn(path.dirname(otherCaFile), 'key'), fileIn(d, 'key'));
        },
        /not issued by the CA/,
      ],
    ];
    for (const [what, breakIt, why] of leafBreakages) {
      it(`${what}: a new server certificate under the same CA, so the user's trust keeps working`, () => {
        const set = freshSet();
        breakIt(set.dir);
        const renewed = tapCertificate(set.dir);
        assert.equal(renewed.created, true);
        assert.equal(renewed.caCreated, false);
        assert.match(renewed.renewedBecause ?? '', why);
        assert.equal(fs.readFileSync(renewed.caFile, 'utf8'), set.ca, 'CA file unchanged');
        assert.notEqual(renewed.cert, set.first.cert);
        assert.ok(chainsTo(renewed.cert, renewed.caFile));
        assert.ok(new X509Certificate(renewed.cert).checkPrivateKey(createPrivateKey(renewed.key)));
        assert.equal(tapCertificate(set.dir).created, false, 'and reused from then on');
      });
    }

    const caBreakages: Array<[string, (d: string) => void, RegExp]> = [
      ['a corrupt CA key', (d) => fs.writeFileSync(fileIn(d, 'caKey'), 'garbage'), /CA key file is not a private key/],
      ['a missing CA key', (d) => fs.rmSync(fileIn(d, 'caKey')), /no CA yet/],
      ['a CA file of another tap', (d) => fs.copyFileSync(otherCaFile, fileIn(d, 'caCert')), /CA key does not belong/],
      ['a CA file that is not a certificate', (d) => fs.writeFileSync(fileIn(d, 'caCert'), ''), /CA file is not a certificate/],
    ];
    for (const [what, breakIt, why] of caBreakages) {
      it(`${what}: a new CA and server certificate (the user must trust the new CA)`, () => {
        const set = freshSet();
        breakIt(set.dir);
        const renewed = tapCertificate(set.dir);
        assert.equal(renewed.created, true);
        assert.equal(renewed.caCreated, true);
        assert.match(renewed.renewedBecause ?? '', why);
        assert.notEqual(fs.readFileSync(renewed.caFile, 'utf8'), set.ca);
        assert.ok(chainsTo(renewed.cert, renewed.caFile));
      });
    }

    it('a CA made by an older version (no extendedKeyUsage, DNS and IP constraints only) is replaced, saying why', function () {
      skipWithout(this, 'openssl', ['version'], 'openssl');
      const d = tempDir();
      const old = writeOlderTapCa(d);

      const renewed = tapCertificate(d);
      assert.equal(renewed.caCreated, true, 'a new CA to trust');
      assert.match(renewed.replacedCa ?? '', /made by an older version of the tap: it could vouch for more than TLS servers of this machine/);
      assert.notEqual(fs.readFileSync(renewed.caFile, 'utf8'), old);
      assert.deepEqual(new X509Certificate(fs.readFileSync(renewed.caFile)).keyUsage, ['1.3.6.1.5.5.7.3.1'], 'the new CA is for TLS servers');
      assert.ok(chainsTo(renewed.cert, renewed.caFile));
      const again = tapCertificate(d);
      assert.equal(again.created, false, 'and kept from then on');
      assert.equal(again.replacedCa, undefined);
    });

    it('a server certificate expiring within 30 days is re-issued under the same CA', () => {
      const now = Date.now();
      const set = freshSet(new Date(now - (825 - 20) * DAY));
      const end = Date.parse(new X509Certificate(set.first.cert).validTo);
      assert.ok(end - now < 30 * DAY, 'the set made then ends within 30 days of today');
      assert.equal(tapCertificate(set.dir, { now: new Date(end - 31 * DAY) }).created, false, '31 days before its end: kept');
      const renewed = tapCertificate(set.dir);
      assert.equal(renewed.created, true);
      assert.equal(renewed.caCreated, false);
      assert.match(renewed.renewedBecause ?? '', /server certificate expires/);
      assert.ok(Date.parse(new X509Certificate(renewed.cert).validTo) > now + 800 * DAY);
      assert.equal(fs.readFileSync(renewed.caFile, 'utf8'), set.ca);
    });

    it('a CA expiring within 30 days is replaced, with a new server certificate', () => {
      const now = Date.now();
      const set = freshSet(new Date(now - (3650 - 10) * DAY));
      const renewed = tapCertificate(set.dir);
      assert.equal(renewed.caCreated, true);
      assert.match(renewed.renewedBecause ?? '', /^CA expires/);
      assert.ok(chainsTo(renewed.cert, renewed.caFile));
    });

    it('a server certificate never outlives its CA', () => {
      const now = Date.now();
      const set = freshSet(new Date(now - (3650 - 400) * DAY));
      fs.rmSync(fileIn(set.dir, 'cert'));
      const renewed = tapCertificate(set.dir);
      assert.equal(renewed.caCreated, false);
      const caEnd = Date.parse(new X509Certificate(set.ca).validTo);
      assert.equal(Date.parse(new X509Certificate(renewed.cert).validTo), caEnd);
    });

    it('certificates not valid yet (the clock went back) are made anew', () => {
      const set = freshSet(new Date(Date.now() + 5 * DAY));
      const renewed = tapCertificate(set.dir);
      assert.equal(renewed.caCreated, true);
      assert.match(renewed.renewedBecause ?? '', /not valid before/);
      assert.ok(Date.parse(new X509Certificate(renewed.cert).validFrom) < Date.now());
    });
  });

  describe('files and processes', () => {
    const mode = (p: string) => fs.statSync(p).mode & 0o7777;

    it('private keys are 0600, a folder it makes 0700, certificates not writable by others', function () {
      if (process.platform === 'win32') this.skip(); // no POSIX modes
      const d = path.join(tempDir(), 'made', 'here');
      tapCertificate(d);
      assert.equal(mode(d), 0o700);
      assert.equal(mode(path.dirname(d)), 0o700, 'the folders it made on the way too');
      assert.equal(mode(fileIn(d, 'caKey')), 0o600);
      assert.equal(mode(fileIn(d, 'key')), 0o600);
      for (const cert of [fileIn(d, 'caCert'), fileIn(d, 'cert')]) assert.equal(mode(cert) & 0o022, 0, `${cert} is ${mode(cert).toString(8)}`);
      assert.deepEqual(fs.readdirSync(d).sort(), Object.values(TAP_CERTIFICATE_FILES).sort(), 'no temp files or lock left behind');
    });

    it('a folder that existed is used as it is: its mode is left alone', function () {
      if (process.platform === 'win32') this.skip();
      const d = tempDir();
      fs.chmodSync(d, 0o755);
      assert.equal(tapCertificate(d).created, true);
      assert.equal(mode(d), 0o755);
      assert.equal(mode(fileIn(d, 'caKey')), 0o600, 'the keys are private all the same');
    });

    for (const [what, folderMode] of [['1777, as /tmp', 0o1777], ['2775, as a shared web root', 0o2775], ['0757', 0o757]] as const) {
      it(`a folder others can write (${what}) is refused with why, and left as it was`, function () {
        if (process.platform === 'win32') this.skip();
        const d = tempDir();
        fs.chmodSync(d, folderMode);
        assert.throws(() => tapCertificate(d), {
          message: `The Gateway Tap keeps its CA's private key in ${d}, which other users can write to (mode ${folderMode.toString(8)}): they could put a CA of their own there for you to trust. Use a folder only you can write to.`,
        });
        assert.equal(mode(d), folderMode, 'the folder keeps its mode');
        assert.deepEqual(fs.readdirSync(d), [], 'and nothing was written into it');
      });
    }

    it('a folder of another user is refused', function () {
      // Only root can give a folder away; as anyone else, the folder would not be writable at all.
      if (process.platform === 'win32' || process.getuid?.() !== 0) this.skip();
      const d = tempDir();
      fs.chownSync(d, 65534, 65534);
      assert.throws(() => tapCertificate(d), /keeps its CA's private key in .*, which belongs to another user \(uid 65534\): they could put a CA of their own there for you to trust\. Use a folder only you can write to\./);
      assert.deepEqual(fs.readdirSync(d), []);
    });

    it('a lock left by a process that died is taken over', () => {
      const d = tempDir();
      const lock = path.join(d, '.generating.lock');
      fs.mkdirSync(lock);
      const minuteAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(lock, minuteAgo, minuteAgo);
      assert.equal(tapCertificate(d).created, true);
      assert.ok(!fs.existsSync(lock));
    });

    it('processes starting at once all get the same matching set, made once', async () => {
      const d = tempDir();
      const modulePath = path.resolve(__dirname, '../../../src/tap/certificate.js');
      const startAt = Date.now() + 2000;
      // Each child waits for the same instant, then asks for the certificate: the race two taps starting together run.
      const child = `
        const { tapCertificate } = require(${JSON.stringify(modulePath)});
        const wait = ${startAt} - Date.now();
        if (wait > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
        const r = tapCertificate(${JSON.stringify(d)});
        process.stdout.write(JSON.stringify(r));`;
      const results = await Promise.all(
        Array.from({ length: 6 }, () => {
          const p = spawn(process.execPath, ['-e', child], { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          p.stdout.on('data', (c: Buffer) => (out += c.toString()));
          return new Promise<TapCertificate>((resolve, reject) => p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as TapCertificate) : reject(new Error(`child exited ${code}`)))));
        }),
      );
      assert.equal(results.filter((r) => r.created).length, 1, 'made by exactly one process');
      const onDisk = tapCertificate(d);
      assert.equal(onDisk.created, false);
      for (const r of results) {
        assert.equal(r.cert, onDisk.cert);
        assert.equal(r.key, onDisk.key);
        assert.equal(r.caFile, onDisk.caFile);
      }
      assert.ok(chainsToCa(onDisk));
    });
  });
});

function chainsToCa(t: TapCertificate): boolean {
  const ca = new X509Certificate(fs.readFileSync(t.caFile));
  const leaf = new X509Certificate(t.cert);
  return leaf.checkIssued(ca) && leaf.verify(ca.publicKey) && leaf.checkPrivateKey(createPrivateKey(t.key));
}
