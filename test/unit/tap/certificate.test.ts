import * as assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
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

/** A command that must print "tap" when it trusts `good` and fail when it trusts another CA. */
async function trustedOnlyWithTheCa(command: (caFile: string) => [string, string[], NodeJS.ProcessEnv?], good: string, other: string): Promise<string> {
  const [file, args, env] = command(good);
  const ok = await run(file, args, { env: { ...process.env, ...env }, timeout: 60_000 });
  assert.equal(ok.stdout.trim(), 'tap', `${file} trusting the tap CA: ${ok.stderr}`);
  const [file2, args2, env2] = command(other);
  const bad = await run(file2, args2, { env: { ...process.env, ...env2 }, timeout: 60_000 }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
  );
  assert.notEqual(bad.code, 0, `${file} trusting another CA must fail, got: ${bad.out}`);
  return bad.out;
}

describe('tap: TLS certificate', function () {
  this.timeout(60_000);
  let dir: string;
  let tap: TapCertificate;
  let caPem: string;
  let otherCaFile: string;
  let server: Server;

  before(async () => {
    dir = tempDir();
    tap = tapCertificate(dir);
    caPem = fs.readFileSync(tap.caFile, 'utf8');
    otherCaFile = tapCertificate(tempDir()).caFile;
    server = await startServer(tap, '127.0.0.1');
  });
  after(async () => {
    await server?.close();
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
      const ca = { cert: new X509Certificate(caPem), key: createPrivateKey(fs.readFileSync(fileIn(dir, 'caKey'))) };
      const stolen = issueServerCertificate(ca, { dns: ['bank.example'], ips: ['10.0.0.1'] }, new Date());
      assert.ok(new X509Certificate(stolen.cert).verify(ca.cert.publicKey), 'validly signed by the CA all the same');
      const evil = await startServer(stolen, '127.0.0.1');
      try {
        // OpenSSL's X509_V_ERR_PERMITTED_VIOLATION; Node has no code name for it, only the message.
        assert.match(await refusal({ host: '127.0.0.1', servername: 'bank.example', port: evil.port, ca: caPem }), /permitted subtree violation/);
      } finally {
        await evil.close();
      }
    });

    it('Node: NODE_EXTRA_CA_CERTS=<CA file> makes a plain https.get trust the tap', async () => {
      const script = `require('https').get('https://localhost:${server.port}/', { family: 4 }, (r) => r.pipe(process.stdout)).on('error', (e) => { console.error(e.code); process.exit(2); })`;
      const out = await trustedOnlyWithTheCa((ca) => [process.execPath, ['-e', script], { NODE_EXTRA_CA_CERTS: ca }], tap.caFile, otherCaFile);
      assert.match(out, /UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
    });
  });

  describe('other clients', () => {
    it('openssl verify accepts the chain (strict, TLS server purpose); openssl x509 shows the extensions', async function () {
      if (!hasTool('openssl', ['version'])) {
        console.log('    (skipped: openssl is not installed)');
        this.skip();
      }
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
        'X509v3 Subject Key Identifier',
      ]) assert.ok(ca.includes(line), `CA certificate shows "${line}":\n${ca}`);
    });

    it('openssl refuses a certificate the CA key issues for another name', async function () {
      if (!hasTool('openssl', ['version'])) {
        console.log('    (skipped: openssl is not installed)');
        this.skip();
      }
      const ca = { cert: new X509Certificate(caPem), key: createPrivateKey(fs.readFileSync(fileIn(dir, 'caKey'))) };
      const stolenFile = path.join(tempDir(), 'stolen.pem');
      fs.writeFileSync(stolenFile, issueServerCertificate(ca, { dns: ['bank.example'], ips: [] }, new Date()).cert);
      await assert.rejects(run('openssl', ['verify', '-CAfile', tap.caFile, stolenFile]), /permitted subtree violation/);
    });

    it('Python: ssl.create_default_context(cafile=<CA file>) verifies, with X.509 strict checks on', async function () {
      if (!hasTool('python3', ['--version'])) {
        console.log('    (skipped: python3 is not installed)');
        this.skip();
      }
      // VERIFY_X509_STRICT is the default from Python 3.13 on; set here so older Pythons check as strictly.
      const script = [
        'import ssl, sys, urllib.request',
        'ctx = ssl.create_default_context(cafile=sys.argv[1])',
        'ctx.verify_flags |= getattr(ssl, "VERIFY_X509_STRICT", 0)',
        'for host in ("127.0.0.1", "localhost"):',
        '    body = urllib.request.urlopen(f"https://{host}:{sys.argv[2]}/", context=ctx).read().decode()',
        'print(body)',
      ].join('\n');
      const out = await trustedOnlyWithTheCa((ca) => ['python3', ['-c', script, ca, String(server.port)]], tap.caFile, otherCaFile);
      assert.match(out, /CERTIFICATE_VERIFY_FAILED/);
    });

    it('PHP: curl with CURLOPT_CAINFO=<CA file> verifies peer and host', async function () {
      if (!hasTool('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);'])) {
        console.log('    (skipped: php with the curl extension is not installed)');
        this.skip();
      }
      const script = [
        'foreach (["127.0.0.1", "localhost"] as $host) {',
        '  $c = curl_init("https://$host:" . $argv[2] . "/");',
        '  curl_setopt_array($c, [CURLOPT_CAINFO => $argv[1], CURLOPT_RETURNTRANSFER => true, CURLOPT_SSL_VERIFYPEER => true, CURLOPT_SSL_VERIFYHOST => 2]);',
        '  $body = curl_exec($c);',
        '  if ($body === false) { fwrite(STDERR, curl_error($c)); exit(1); }',
        '}',
        'echo $body;',
      ].join('\n');
      const out = await trustedOnlyWithTheCa((ca) => ['php', ['-r', script, '--', ca, String(server.port)]], tap.caFile, otherCaFile);
      assert.match(out, /SSL certificate problem/);
    });

    it('cURL: --cacert <CA file> verifies', async function () {
      if (!hasTool('curl', ['--version'])) {
        console.log('    (skipped: curl is not installed)');
        this.skip();
      }
      const out = await trustedOnlyWithTheCa((ca) => ['curl', ['-sS', '--cacert', ca, `https://localhost:${server.port}/`]], tap.caFile, otherCaFile);
      assert.match(out, /certificate/i);
    });

    it('Java: keytool -importcert into a truststore, then -Djavax.net.ssl.trustStore verifies', async function () {
      if (!hasTool('java', ['-version']) || !hasTool('keytool', ['-help'])) {
        console.log('    (skipped: java and keytool are not installed)');
        this.skip();
      }
      const work = tempDir();
      const source = path.join(work, 'Get.java');
      fs.writeFileSync(
        source,
        'public class Get { public static void main(String[] a) throws Exception {\n' +
          '  for (String host : new String[] {"127.0.0.1", "localhost"}) {\n' +
          '    var c = (javax.net.ssl.HttpsURLConnection) java.net.URI.create("https://" + host + ":" + a[0] + "/").toURL().openConnection();\n' +
          '    System.out.print(host.equals("localhost") ? new String(c.getInputStream().readAllBytes()) : "");\n' +
          '    c.getInputStream().close();\n' +
          '  }\n' +
          '} }\n',
      );
      const truststore = (ca: string) => {
        const store = path.join(work, `${path.basename(path.dirname(ca))}.p12`);
        if (!fs.existsSync(store)) {
          execFileSync('keytool', ['-importcert', '-noprompt', '-alias', 'payment-workbench-tap', '-file', ca, '-keystore', store, '-storetype', 'PKCS12', '-storepass', 'changeit'], { stdio: 'pipe' });
        }
        return store;
      };
      const out = await trustedOnlyWithTheCa(
        (ca) => ['java', [`-Djavax.net.ssl.trustStore=${truststore(ca)}`, '-Djavax.net.ssl.trustStorePassword=changeit', source, String(server.port)]],
        tap.caFile,
        otherCaFile,
      );
      assert.match(out, /PKIX path (building|validation) failed/);
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
      ['a server key that is not a key', (d) => fs.writeFileSync(fileIn(d, 'key'), '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'), /key file is not a private key/],
      [
        'a server key of another pair',
        (d) => fs.writeFileSync(fileIn(d, 'key'), String(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }))),
        /key does not belong/,
      ],
      ['a missing server key', (d) => fs.rmSync(fileIn(d, 'key')), /no server certificate/],
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
    it('private keys are 0600, the folder 0700 even when it existed before, certificates not writable by others', function () {
      if (process.platform === 'win32') this.skip(); // no POSIX modes
      const d = tempDir();
      fs.chmodSync(d, 0o755);
      tapCertificate(d);
      const mode = (p: string) => fs.statSync(p).mode & 0o777;
      assert.equal(mode(d), 0o700);
      assert.equal(mode(fileIn(d, 'caKey')), 0o600);
      assert.equal(mode(fileIn(d, 'key')), 0o600);
      for (const cert of [fileIn(d, 'caCert'), fileIn(d, 'cert')]) assert.equal(mode(cert) & 0o022, 0, `${cert} is ${mode(cert).toString(8)}`);
      assert.deepEqual(fs.readdirSync(d).sort(), Object.values(TAP_CERTIFICATE_FILES).sort(), 'no temp files or lock left behind');
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
