/**
 * "Intercept without changing code", through the real CLI: a merchant program in Node, Python, PHP and
 * Java, each with the real gateway host written into its code, runs under `payment-workbench tap
 * --upstream simulator -- COMMAND` and completes Create Session → Update Session → Pay → Retrieve Order
 * against the simulator, every call captured and checked. A call the program makes to another HTTPS
 * host (a server on 127.0.0.2 with a certificate of its own) goes through an untouched tunnel. Each
 * runtime is skipped, with its reason, only where its toolchain is missing. `tap env` gives a terminal
 * the same variables.
 */
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { issueServerCertificate, makeCa } from '../../src/tap/certificate';
import { TRUST_FOLDER_PREFIX } from '../../src/tap/runtimes/throughTap';
import { cli, repoRoot, startCli } from './cliProcess';

const FIXTURES = path.join(repoRoot, 'test', 'fixtures', 'tap', 'intercept');
const PASSWORD = 'simulator-api-password';
const OTHER_TOKEN = `other-host-${process.pid}`;
const SEQUENCE = ['gateway.createSession', 'gateway.updateSession', 'gateway.pay', 'gateway.retrieveOrder'];

interface Runtime {
  name: string;
  missing(): string | undefined;
  command: string[];
  /** The Java program has no second host: its trust store is the JDK's roots and the tap's CA only. */
  callsOtherHost: boolean;
}

const works = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' }).status === 0;

const RUNTIMES: Runtime[] = [
  { name: 'Node (https.request, fetch)', missing: () => undefined, command: [process.execPath, path.join(FIXTURES, 'merchant.js')], callsOtherHost: true },
  { name: 'Python (urllib.request)', missing: () => (works('python3', ['--version']) ? undefined : 'python3 is not installed here'), command: ['python3', path.join(FIXTURES, 'merchant.py')], callsOtherHost: true },
  {
    name: 'PHP (curl)',
    missing: () => (!works('php', ['--version']) ? 'php is not installed here' : !works('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']) ? 'php has no curl extension here' : undefined),
    command: ['php', path.join(FIXTURES, 'merchant.php')],
    callsOtherHost: true,
  },
  {
    name: 'Java (HttpURLConnection)',
    missing: () => (!works('java', ['-version']) ? 'java is not installed here' : !works('keytool', ['-help']) ? 'the JDK has no keytool here (a JRE alone)' : undefined),
    command: ['java', path.join(FIXTURES, 'Merchant.java')],
    callsOtherHost: false,
  },
];

/** Waits for `check` to hold, failing with `what` once `bound` is passed: a bound on a hang, no timed assertion. */
async function until<T>(check: () => T | undefined, what: () => string, bound = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - started > bound) throw new Error(`never happened: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface RecordLine {
  operation: string | null;
  status: number | null;
  problems: number;
  recognised: boolean;
  exchange: { request: { url: string; headers: Record<string, string> } };
}

describe('tap -- COMMAND: a program hard-wired to the gateway host, intercepted (real CLI)', function () {
  this.timeout(120_000);
  let dir: string;
  let other: https.Server;
  let otherUrl: string;
  let otherCaFile: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-intercept-'));
    // Another HTTPS host with a certificate of its own, which the program trusts through the CA file the user had set.
    const ca = makeCa({ commonName: 'intercept test: other host CA', scope: { dns: [], ips: ['127.0.0.2'], subjects: ['127.0.0.2'] }, days: 2 }, new Date());
    const leaf = issueServerCertificate(ca, { dns: [], ips: ['127.0.0.2'] }, new Date());
    otherCaFile = path.join(dir, 'other-ca.pem');
    fs.writeFileSync(otherCaFile, ca.pem);
    other = https.createServer({ cert: leaf.cert, key: leaf.key }, (_req, res) => res.end(OTHER_TOKEN));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.2', resolve));
    otherUrl = `https://127.0.0.2:${(other.address() as AddressInfo).port}/`;
  });

  after(() => {
    other?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const runtime of RUNTIMES) {
    it(`${runtime.name}: session → pay → retrieve captured and checked; another host tunnelled untouched`, async function () {
      const why = runtime.missing();
      if (why) {
        this.test!.title += ` (skipped: ${why})`;
        this.skip();
      }
      const record = path.join(dir, `${runtime.name.split(' ')[0]}.jsonl`);
      const env = { GATEWAY_PASSWORD: PASSWORD, SSL_CERT_FILE: otherCaFile, NODE_EXTRA_CA_CERTS: otherCaFile, ...(runtime.callsOtherHost ? { OTHER_URL: otherUrl } : { OTHER_URL: undefined }) };
      const run = await cli(['tap', '--upstream', 'simulator', '--no-tls', '--cert-dir', path.join(dir, 'certs'), '--record', record, '--', ...runtime.command], { env });

      assert.equal(run.status, 0, `the program's exit status is the tap's\n${run.stderr}\n${run.stdout}`);
      const said = JSON.parse(run.stdout.split('\n').find((l) => l.startsWith('{"calls"')) ?? 'null') as { calls: [string, number][]; other: string | null } | null;
      assert.ok(said, `the program printed its calls\n${run.stdout}`);
      assert.deepEqual(said.calls.map(([, status]) => status), [201, 200, 201, 200], `the simulator answered each call: ${JSON.stringify(said.calls)}`);

      const lines = fs.readFileSync(record, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RecordLine);
      assert.deepEqual(lines.map((l) => l.operation), SEQUENCE, 'every gateway call was captured and recognised');
      for (const line of lines) {
        assert.equal(line.problems, 0, `${line.operation} passed its checks`);
        assert.equal(line.exchange.request.headers.authorization ?? line.exchange.request.headers.Authorization, 'Basic <redacted>', 'the merchant\'s credentials are masked in the record');
      }

      if (runtime.callsOtherHost) {
        assert.equal(said.other, OTHER_TOKEN, 'the other host answered the program itself');
        assert.match(run.stderr, new RegExp(`tunnel 127\\.0\\.0\\.2:${(other.address() as AddressInfo).port} \\(not intercepted\\): \\d+ B up, \\d+ B down`));
        assert.ok(!lines.some((l) => l.exchange.request.url.includes('127.0.0.2')), 'a tunnelled host is never recorded');
      }
    });
  }

  it('a merchant server (Python) with the gateway host in its configuration: a whole 3-D Secure checkout through tap -- is captured', async function () {
    if (!works('python3', ['--version'])) {
      this.test!.title += ' (skipped: python3 is not installed here)';
      this.skip();
    }
    const server = path.join(repoRoot, 'test', 'fixtures', 'tap', 'merchant_server.py');
    const env = { GATEWAY_BASE_URL: 'https://test-gateway.mastercard.com', GATEWAY_MERCHANT_ID: 'TESTSIMULATOR01', GATEWAY_API_PASSWORD: PASSWORD };
    const tap = await startCli(['tap', '--upstream', 'simulator', '--no-tls', '--cert-dir', path.join(dir, 'certs'), '--json', '--', 'python3', server], { stream: 'stdout', pattern: /Merchant server at (http:\/\/127\.0\.0\.1:\d+)/ }, { env });
    try {
      // The shop's own front end calls it on loopback (NO_PROXY): only its gateway calls go through the tap.
      const answer = await fetch(`${tap.url}/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: '50.00', currency: 'EUR', card: { number: '5123456789012346', expiry: { month: '1', year: '39' }, securityCode: '100' } }) });
      const checkout = (await answer.json()) as { calls: { name: string; status: number }[] };
      assert.deepEqual(checkout.calls.map((c) => c.name), ['createSession', 'updateSession', 'initiateAuthentication', 'authenticatePayer', 'pay', 'retrieveOrder']);
      const seen = await until(() => {
        const calls = tap.lines().filter((l) => l.startsWith('{"seq"')).map((l) => JSON.parse(l) as RecordLine);
        return calls.length >= 6 ? calls : undefined;
      }, () => `six calls on the tap's stdout: ${tap.lines().join('\n')}\n${tap.stderr()}`);
      assert.deepEqual(seen.map((c) => c.operation), ['gateway.createSession', 'gateway.updateSession', 'gateway.initiateAuthentication', 'gateway.authenticatePayer', 'gateway.pay', 'gateway.retrieveOrder']);
      // Checked as any tapped call: this server sends Update Session's amount as a JSON number, which the gateway takes and the check warns of.
      const problems = seen.flatMap((c) => (c.exchange as { requestProblems?: { path: string; severity: string }[] }).requestProblems?.map((p) => `${c.operation} ${p.severity} ${p.path}`) ?? []);
      assert.deepEqual(problems, ['gateway.updateSession warning order.amount']);
    } finally {
      tap.child.kill('SIGTERM');
      await tap.exited;
    }
  });

  it('the financing partner\'s API (its host in the code, --intercept): login, offers, refresh, logout recognised as one sign-in, tokens and password masked', async () => {
    const record = path.join(dir, 'financing.jsonl');
    const run = await cli(['tap', '--upstream', 'simulator', '--no-tls', '--cert-dir', path.join(dir, 'certs'), '--intercept', 'partner.example.com', '--record', record, '--', process.execPath, path.join(FIXTURES, 'financing.js')], { env: { PARTNER_PASSWORD: 'simulator-password' } });
    assert.equal(run.status, 0, `${run.stderr}\n${run.stdout}`);
    const text = fs.readFileSync(record, 'utf8');
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as RecordLine & { conversation: string | null });
    assert.deepEqual(lines.map((l) => l.operation), ['financing.login', 'financing.offers', 'financing.refreshToken', 'financing.logout']);
    assert.deepEqual(lines.map((l) => l.conversation), ['sign-in 1', 'sign-in 1', 'sign-in 1', 'sign-in 1'], 'the refreshed token still belongs to the same sign-in');
    assert.ok(!text.includes('simulator-password'), 'the partner password is masked');
    assert.doesNotMatch(text, /(access|refresh)_token\\?":\\?"(?!<redacted>)/, 'tokens are masked in every answer');
    assert.doesNotMatch(text, /"(authorization|refreshtoken)":"(?!(Bearer )?<redacted>")/i, 'and in every request header');
    assert.match(run.stdout, /#1 .* Login .* sign-in 1/);
  });

  it('tap env: a terminal given the variables of the running tap sends its program through it', async () => {
    const certs = path.join(dir, 'env-certs');
    const tap = await startCli(['tap', '--upstream', 'simulator', '--no-tls', '--cert-dir', certs, '--json'], { stream: 'stderr', pattern: /Gateway Tap at (http:\/\/127\.0\.0\.1:\d+)/ });
    try {
      const printed = await cli(['tap', 'env', '--cert-dir', certs]);
      assert.equal(printed.status, 0, printed.stderr);
      assert.match(printed.stdout, new RegExp(`^export HTTPS_PROXY='${tap.url.replace(/\./g, '\\.')}'$`, 'm'));
      assert.match(printed.stdout, /^export NODE_OPTIONS='--require ".*tapNodePreload\.js"'$/m);
      const script = `eval "$(${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(repoRoot, 'bin', 'payment-workbench.js'))} tap env --cert-dir ${JSON.stringify(certs)})" && ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(FIXTURES, 'merchant.js'))}`;
      const program = spawn('bash', ['-c', script], { env: { ...process.env, GATEWAY_PASSWORD: PASSWORD } });
      let out = '';
      program.stdout.on('data', (d: Buffer) => (out += d.toString()));
      program.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const status = await new Promise<number | null>((resolve) => program.once('close', resolve));
      assert.equal(status, 0, out);
      const ops = await until(() => (tap.lines().filter((l) => l.startsWith('{')).length >= 4 ? tap.lines() : undefined), () => `four calls on the tap's stdout: ${tap.lines().join('\n')}`);
      assert.deepEqual(ops.filter((l) => l.startsWith('{')).map((l) => (JSON.parse(l) as RecordLine).operation), SEQUENCE);
    } finally {
      tap.child.kill('SIGTERM');
      await tap.exited;
    }
    // A note others could write is not believed: it could point the terminal at their proxy and CA.
    fs.writeFileSync(path.join(certs, 'running-tap.json'), JSON.stringify({ pid: process.pid, proxyUrl: 'http://127.0.0.1:1', files: { bundleFile: __filename } }), { mode: 0o666 });
    fs.chmodSync(path.join(certs, 'running-tap.json'), 0o666);
    const planted = await cli(['tap', 'env', '--cert-dir', certs]);
    assert.equal(planted.status, 1, planted.stdout);
    fs.rmSync(path.join(certs, 'running-tap.json'));
    const after = await cli(['tap', 'env', '--cert-dir', certs]);
    assert.equal(after.status, 1, 'with the tap stopped there is nothing to point a terminal at');
    assert.match(after.stderr, /no Gateway Tap is running/);
  });

  it('Ctrl+C reaches the command; the tap waits for it, cleans up and exits with its status', async () => {
    const trustFolders = () => new Set(fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith(TRUST_FOLDER_PREFIX)));
    const before = trustFolders();
    const script = "process.on('SIGINT', () => { console.log('command stopped'); process.exit(3); }); setInterval(() => {}, 1000); console.log('command ready');";
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'payment-workbench.js'), 'tap', '--upstream', 'simulator', '--no-tls', '--cert-dir', path.join(dir, 'sigint-certs'), '--', process.execPath, '-e', script], { detached: true });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    try {
      await until(() => (out.includes('command ready') ? true : undefined), () => `the command to start: ${out}${err}`);
      assert.ok([...trustFolders()].some((d) => !before.has(d)), 'the run has its trust files');
      process.kill(-(child.pid ?? 0), 'SIGINT'); // as a terminal's Ctrl+C: the whole process group
      assert.equal(await exited, 3, `${out}\n${err}`);
      assert.match(out, /command stopped/);
      assert.match(err, /Gateway Tap stopped after 0 calls/);
      assert.ok(!fs.existsSync(path.join(dir, 'sigint-certs', 'running-tap.json')), 'the note for tap env is gone');
      assert.deepEqual([...trustFolders()].filter((d) => !before.has(d)), [], 'the run\'s trust files are removed');
    } finally {
      if (child.exitCode === null) process.kill(-(child.pid ?? 0), 'SIGKILL');
    }
  });

  it('refuses -- without a command, and a tap without --upstream or a command', async () => {
    const empty = await cli(['tap', '--upstream', 'simulator', '--']);
    assert.equal(empty.status, 2);
    assert.match(empty.stderr, /-- must be followed by the command/);
    const none = await cli(['tap']);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /--upstream names where calls go/);
  });
});
