import * as assert from 'node:assert/strict';
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { cli, repoRoot } from './cliProcess';

const fixtures = path.join(repoRoot, 'test', 'fixtures', 'interop');
const PASSWORD = SIMULATOR_DEFAULTS.apiPassword;
/** No secret of the machine running the tests leaks into a run: each test names the variable it sets. */
const unsetSecrets = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('PAYMENT_WORKBENCH_')).map((k) => [k, undefined]));

/** Runs a program to its end without blocking this process, which serves the simulator it calls. */
function runProgram(tool: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<{ status: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries({ ...process.env, no_proxy: '127.0.0.1,localhost', ...env }).filter((e): e is [string, string] => e[1] !== undefined));
  return new Promise((resolve) => {
    execFile(tool, args, { env: clean, encoding: 'utf8', ...(cwd ? { cwd } : {}) }, (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
  });
}
const runNode = (file: string, env: NodeJS.ProcessEnv) => runProgram(process.execPath, [file], env);

/** The exported programs that run here: a missing toolchain is a skip with its reason, never a failure. */
const PROGRAMS = [
  { language: 'node', file: 'request.mjs', tool: process.execPath, args: (f: string) => [f] },
  { language: 'python', file: 'request.py', tool: 'python3', args: (f: string) => [f] },
  { language: 'php', file: 'request.php', tool: 'php', args: (f: string) => [f] },
  // Compiled once by javac below: the source launcher would compile it again on each run.
  { language: 'java', file: 'Request.java', tool: 'java', args: (f: string) => ['-cp', path.dirname(f), 'Request'] },
] as const;
const hasTool = (tool: string) => spawnSync(tool, ['--version'], { encoding: 'utf8' }).error === undefined;

interface Recorded {
  method: string;
  url: string;
  body: Buffer;
}

/**
 * A loopback server in front of the simulator that keeps each request's bytes as they arrived, and
 * passes it on with the path below `/api/` (the environment's URL may have a prefix of its own).
 */
async function recordingProxy(target: string): Promise<{ url: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '';
      requests.push({ method: req.method ?? '', url, body });
      const headers = Object.fromEntries(['authorization', 'content-type', 'accept'].flatMap((h) => (typeof req.headers[h] === 'string' ? [[h, req.headers[h] as string]] : [])));
      fetch(`${target}${url.slice(url.indexOf('/api/'))}`, { method: req.method ?? 'GET', headers, ...(body.length ? { body } : {}) })
        .then(async (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
        .catch((err: unknown) => res.writeHead(502).end(String(err)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Every file under `dir` (recursively) that holds `secret`. */
function filesHolding(dir: string, secret: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => fs.readFileSync(file, 'utf8').includes(secret));
}

describe('payment-workbench import and export (the real CLI against the simulator)', function () {
  this.timeout(90_000);
  let sim: SimulatorHandle;
  let dir: string;
  /** A fixture with the simulator's real address in place of the default port the fixtures name. */
  const copy = (name: string) => {
    const target = path.join(dir, name);
    fs.writeFileSync(target, fs.readFileSync(path.join(fixtures, name), 'utf8').replaceAll('http://127.0.0.1:4477', sim.baseUrl));
    return target;
  };
  const run = (folder: string, envId: string, env: NodeJS.ProcessEnv) =>
    cli(['run', folder, '--environments', path.join(folder, 'payment-workbench.environments.json'), '--env', envId], { env: { ...unsetSecrets, ...env } });

  before(async () => {
    assert.ok(fs.existsSync(path.join(repoRoot, 'dist', 'cli.js')), 'dist/cli.js is not built: run `node esbuild.js`');
    sim = await startSimulator({ port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-interop-'));
  });
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await sim.close();
  });

  it('imports a cURL command as a request file on Authorize v11 that runs green with the password from the variable the report names', async () => {
    const out = path.join(dir, 'curl');
    const imported = await cli(['import', copy('authorize.curl.sh'), '--out', out]);
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    assert.match(imported.stdout, /\| .*authorize\.curl\.sh \| authorize\.payreq\.json \(gateway\.authorize v11\) \|/);
    assert.match(imported.stdout, /`testsimulator01` \(TESTSIMULATOR01 on 127\.0\.0\.1:\d+\): gateway http:\/\/127\.0\.0\.1:\d+, merchant TESTSIMULATOR01/, 'the environment is named after the merchant and host, not the file');
    assert.match(imported.stdout, /Set the environment variable PAYMENT_WORKBENCH_TESTSIMULATOR01_GATEWAY_API_PASSWORD or PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD/);
    assert.deepEqual(filesHolding(out, PASSWORD), [], 'the password given with -u is in no file');
    const refused = await run(out, 'testsimulator01', {});
    assert.equal(refused.status, 1, 'without the variable nothing is sent');
    const r = await run(out, 'testsimulator01', { PAYMENT_WORKBENCH_TESTSIMULATOR01_GATEWAY_API_PASSWORD: PASSWORD });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ request\s+Authorize\s+HTTP 201\s+Approved/);
  });

  it('imports a Postman v2.1 collection with its environment as a flow (authorize, partial refund, order status on one order) that runs green; the secret variable lands on no disk', async () => {
    const out = path.join(dir, 'postman');
    const imported = await cli(['import', copy('card-order.postman_collection.json'), copy('simulator.postman_environment.json'), '--out', out]);
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    assert.match(imported.stdout, /authorize-refund-part-read-the-order\.payflow\.json, step partialRefund \(gateway\.refund v13\)/);
    const variable = /Set the environment variable (PAYMENT_WORKBENCH_\w+)/.exec(imported.stdout)?.[1];
    assert.equal(variable, 'PAYMENT_WORKBENCH_SIMULATOR_FROM_POSTMAN_GATEWAY_API_PASSWORD');
    assert.deepEqual(filesHolding(out, PASSWORD), [], 'the secret variable\'s value is in no written file');
    assert.doesNotMatch(imported.stdout, new RegExp(PASSWORD), 'nor in the report');
    const r = await run(out, 'simulator-from-postman', { [variable]: PASSWORD });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ authorize\s+Authorize\s+HTTP 201\s+Approved/);
    assert.match(r.stdout, /✓ partialRefund\s+Refund\s+HTTP 201/);
    assert.match(r.stdout, /✓ orderStatus\s+Retrieve Order\s+HTTP 200\s+Order PARTIALLY_REFUNDED/);
  });

  it('imports a collection shaped like the gateway\'s public samples (ids carried by test scripts, the password in a Basic header variable, {{$guid}}, a commented body) as a flow that runs green', async () => {
    const out = path.join(dir, 'saved-card');
    const imported = await cli(['import', copy('saved-card.postman_collection.json'), '--out', out]);
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    const variable = /Set the environment variable (PAYMENT_WORKBENCH_\w+)/.exec(imported.stdout)?.[1];
    assert.equal(variable, 'PAYMENT_WORKBENCH_TESTSIMULATOR01_GATEWAY_API_PASSWORD');
    assert.deepEqual(filesHolding(out, PASSWORD), [], 'the password behind the Basic header variable is in no file');
    const r = await run(out, 'testsimulator01', { [variable]: PASSWORD });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ payWithTheToken\s+Pay\s+HTTP 201\s+Approved/);
    assert.match(r.stdout, /✓ readTheToken\s+Retrieve Token\s+HTTP 200\s+Token read/);
  });

  it('imports a .http file: the request on Verify runs green, the one on no operation is kept as a plain request with the reason', async () => {
    const out = path.join(dir, 'http');
    const imported = await cli(['import', copy('verify.http'), '--out', out]);
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    assert.match(imported.stdout, /verify\.http:19: kept as a plain HTTP request: its path has no \/api\/rest\//);
    assert.ok(fs.existsSync(path.join(out, 'verify.unmatched.http')));
    const r = await run(out, 'testsimulator01', { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ request\s+Verify\s+HTTP 201\s+Approved/);
  });

  it('exports Authorize as Node code that moves money on the simulator with the password from the environment variable', async () => {
    const environments = path.join(dir, 'shop.environments.json');
    fs.writeFileSync(environments, JSON.stringify({ environments: [{ id: 'shop-test', name: 'Shop test', gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId }] }));
    const program = path.join(dir, 'request.mjs');
    const exported = await cli(['export', '--code', 'node', path.join(fixtures, 'authorize.payreq.json'), '--environments', environments, '--env', 'shop-test', '--out', program]);
    assert.equal(exported.status, 0, exported.stdout + exported.stderr);
    assert.doesNotMatch(fs.readFileSync(program, 'utf8'), new RegExp(PASSWORD));
    const ordersBefore = sim.requestLog.entries.length;
    const missing = await runNode(program, { ...unsetSecrets });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /Set the environment variable PAYMENT_WORKBENCH_SHOP_TEST_GATEWAY_API_PASSWORD or PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD/);
    assert.equal(sim.requestLog.entries.length, ordersBefore, 'nothing sent without the password');
    const ran = await runNode(program, { ...unsetSecrets, PAYMENT_WORKBENCH_SHOP_TEST_GATEWAY_API_PASSWORD: PASSWORD });
    assert.equal(ran.status, 0, ran.stderr);
    assert.equal(ran.stdout.trim(), 'HTTP 201 SUCCESS APPROVED');
    const orderId = /\/order\/([^/]+)\/transaction\//.exec(sim.requestLog.entries.at(-1)?.url ?? '')?.[1] ?? '';
    const order = await fetch(`${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/${orderId}`, { headers: { Authorization: `Basic ${Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${PASSWORD}`).toString('base64')}` } });
    assert.equal(((await order.json()) as { totalAuthorizedAmount: unknown }).totalAuthorizedAmount, 12.5, 'the simulator holds the order with its money');
  });

  /**
   * The issue's case: a committed environments file names an environment with a statement in it, and
   * a request file (its name and body values) carries what ends a literal or a comment in each language.
   * Each program that runs here is exported by the CLI, then run twice against the simulator.
   */
  for (const program of PROGRAMS) {
    it(`exports Authorize as ${program.language} code that runs twice (two approvals, two orders) with hostile names and values, runs none of them, and sends the body byte for byte (skipped without ${path.basename(program.tool)})`, async function () {
      if (!hasTool(program.tool) || (program.language === 'java' && !hasTool('javac'))) {
        if (this.test) this.test.title += ` — skipped: ${program.tool} is not installed here`;
        this.skip();
      }
      const proxy = await recordingProxy(sim.baseUrl);
      try {
        const work = fs.mkdtempSync(path.join(dir, `hostile-${program.language}-`));
        // What would print PWNED if it ran: after a line break in Python, JavaScript (U+2028 too) and C#, after PHP's ?>, after Java's \u000a.
        const name = 'Shop\nprint("PWNED")#\u2028console.log("PWNED")//?>PWNED<?php //\\u000a\u0085';
        fs.mkdirSync(path.join(work, '.vscode'));
        fs.writeFileSync(path.join(work, '.vscode', 'payment-workbench.environments.json'), JSON.stringify({ environments: [{ id: 'shop-test', name, gatewayUrl: `${proxy.url}/pre'$\`{x}`, merchantId: SIMULATOR_DEFAULTS.merchantId }] }));
        const body = {
          apiOperation: 'AUTHORIZE',
          order: { amount: '12.50', currency: 'EUR', reference: '\n\r?>*/"""\'`\u2028\u2029\u0085\u0000\\u000a\\ ü😀' },
          transaction: { reference: '${PWNED}#{PWNED}{$x}{{apiPassword}}%s' },
          sourceOfFunds: { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } },
        };
        const requestFile = path.join(work, 'auth\nprint("PWNED")#?>PWNED.payreq.json');
        fs.writeFileSync(requestFile, JSON.stringify({ operation: 'gateway.authorize', version: 11, body }));
        const exported = await cli(['export', '--code', program.language, path.basename(requestFile), '--env', 'shop-test', '--out', '.'], { cwd: work });
        assert.equal(exported.status, 0, exported.stdout + exported.stderr);
        const file = path.join(work, program.file);
        assert.ok(fs.existsSync(file), `--out . wrote ${program.file} into the folder`);
        if (program.language === 'java') assert.equal(spawnSync('javac', ['-d', work, file], { encoding: 'utf8' }).status, 0);
        for (let run = 0; run < 2; run++) {
          const ran = await runProgram(program.tool, program.args(file), { ...unsetSecrets, PAYMENT_WORKBENCH_SHOP_TEST_GATEWAY_API_PASSWORD: PASSWORD }, work);
          assert.equal(ran.stdout, 'HTTP 201 SUCCESS APPROVED\n', `run ${run + 1}: ${ran.stderr}`);
          assert.equal(ran.status, 0);
        }
        assert.equal(proxy.requests.length, 2);
        const expected = Buffer.from(JSON.stringify(body, null, 2));
        for (const sent of proxy.requests) assert.ok(sent.body.equals(expected), `the body sent is the request file's, byte for byte:\n${sent.body.toString()}`);
        const orders = proxy.requests.map((r) => /\/order\/([^/]+)\/transaction\/([^/]+)$/.exec(r.url)?.slice(1) ?? []);
        assert.match(orders[0]?.[0] ?? '', /^ORD-[0-9A-F]{12}$/);
        assert.match(orders[0]?.[1] ?? '', /^TXN-[0-9A-F]{12}$/);
        assert.notEqual(orders[0]?.[0], orders[1]?.[0], 'each run is a new order');
        assert.match(proxy.requests[0]?.url ?? '', /^\/pre'\$%60%7Bx%7D\/api\/rest\/version\/11\/merchant\/TESTSIMULATOR01\/order\//, 'the environment\'s URL as the URL parser reads it');
      } finally {
        await proxy.close();
      }
    });
  }

  it('export --out takes a folder as import --out does (existing, or new when it ends in /), and says which path it cannot write and what to do', async () => {
    const request = path.join(fixtures, 'authorize.payreq.json');
    const folder = path.join(dir, 'out-folder');
    fs.mkdirSync(folder);
    const intoExisting = await cli(['export', '--code', 'java', request, '--out', folder]);
    assert.equal(intoExisting.status, 0, intoExisting.stderr);
    assert.ok(fs.existsSync(path.join(folder, 'Request.java')));
    const intoNew = await cli(['export', '--http', request, '--out', `${path.join(dir, 'new-folder')}${path.sep}`]);
    assert.equal(intoNew.status, 0, intoNew.stderr);
    assert.ok(fs.existsSync(path.join(dir, 'new-folder', 'authorize.http')));
    const asFile = await cli(['export', '--code', 'python', request, '--out', path.join(dir, 'named.py')]);
    assert.equal(asFile.status, 0, asFile.stderr);
    assert.match(fs.readFileSync(path.join(dir, 'named.py'), 'utf8'), /urllib\.request/);
    const underAFile = await cli(['export', '--code', 'node', request, '--out', `${path.join(dir, 'named.py', 'sub')}${path.sep}`]);
    assert.equal(underAFile.status, 2);
    assert.match(underAFile.stderr, /export: cannot make the folder .*named\.py.sub \((ENOTDIR|EEXIST)\); choose another --out/);
  });

  it('round trip: a flow exported as a Postman collection and environment, imported again, runs green', async () => {
    const flowDir = path.join(dir, 'postman');
    const exported = path.join(dir, 'exported');
    const e = await cli(['export', '--postman', path.join(flowDir, 'authorize-refund-part-read-the-order.payflow.json'), '--environments', path.join(flowDir, 'payment-workbench.environments.json'), '--out', exported]);
    assert.equal(e.status, 0, e.stdout + e.stderr);
    const collection = JSON.parse(fs.readFileSync(path.join(exported, 'authorize-refund-part-read-the-order.postman_collection.json'), 'utf8')) as { info: { schema: string } };
    assert.match(collection.info.schema, /v2\.1\.0/);
    const environment = JSON.parse(fs.readFileSync(path.join(exported, 'simulator-from-postman.postman_environment.json'), 'utf8')) as { values: { key: string; value: string; type: string }[] };
    assert.deepEqual(environment.values.find((v) => v.key === 'apiPassword'), { key: 'apiPassword', value: '', type: 'secret', enabled: true });
    const again = path.join(dir, 'again');
    const imported = await cli(['import', ...fs.readdirSync(exported).map((f) => path.join(exported, f)), '--out', again]);
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    const r = await run(again, 'simulator-from-postman', { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: PASSWORD });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /3 passed, 0 failed/);
  });

  it('round trip: cURL → request file → cURL gives the same request (method, URL apart from the fresh ids, headers, body), its password read from the shell', async () => {
    const first = path.join(dir, 'curl', 'authorize.payreq.json');
    const e = await cli(['export', '--curl', first, '--environments', path.join(dir, 'curl', 'payment-workbench.environments.json'), '--env', 'testsimulator01']);
    assert.equal(e.status, 0, e.stdout + e.stderr);
    assert.match(e.stdout, /-u :"\$PAYMENT_WORKBENCH_TESTSIMULATOR01_GATEWAY_API_PASSWORD"/);
    assert.match(e.stdout, /curl -sS -X PUT .*\/api\/rest\/version\/11\/merchant\/TESTSIMULATOR01\/order\/[^/]+\/transaction\/[^/\s]+/);
    fs.writeFileSync(path.join(dir, 'exported.sh'), e.stdout);
    const again = path.join(dir, 'curl-again');
    const imported = await cli(['import', path.join(dir, 'exported.sh'), '--out', again]);
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    assert.match(imported.stdout, /from the shell variable PAYMENT_WORKBENCH_TESTSIMULATOR01_GATEWAY_API_PASSWORD/);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(again, 'authorize.payreq.json'), 'utf8')), JSON.parse(fs.readFileSync(first, 'utf8')));
  });

  it('says what is wrong with a file it cannot import; a rerun of the same import writes every file under a new name, overwrites nothing, and runs', async () => {
    fs.writeFileSync(path.join(dir, 'broken.sh'), "curl -X PUT 'https://h/x");
    const r = await cli(['import', path.join(dir, 'broken.sh'), '--out', path.join(dir, 'broken')]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /broken\.sh:1:13: the quote ' opened here is never closed/);
    assert.ok(!fs.existsSync(path.join(dir, 'broken')), 'nothing written');
    const out = path.join(dir, 'curl');
    const before = Object.fromEntries(fs.readdirSync(out).map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]));
    const again = await cli(['import', copy('authorize.curl.sh'), '--out', out]);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /authorize\.payreq\.json: a file of that name is in .* already; written as authorize-2\.payreq\.json/);
    assert.match(again.stdout, /\| authorize-2\.payreq\.json \(gateway\.authorize v11\) \|/);
    for (const [f, text] of Object.entries(before)) assert.equal(fs.readFileSync(path.join(out, f), 'utf8'), text, `${f} is as it was`);
    const ran = await run(out, 'testsimulator01', { PAYMENT_WORKBENCH_TESTSIMULATOR01_GATEWAY_API_PASSWORD: PASSWORD });
    assert.equal(ran.status, 0, ran.stdout + ran.stderr);
  });
});

describe('payment-workbench import: bounded, and no secret in a file or in what it prints', function () {
  this.timeout(90_000);
  let sim: SimulatorHandle;
  let dir: string;
  const unixOnly = function (this: Mocha.Context) {
    if (process.platform === 'win32') this.skip();
  };

  before(async () => {
    sim = await startSimulator({ port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-import-'));
  });
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await sim.close();
  });

  it('reads a file named on the command line only up to its limit, whatever stat says: /dev/zero and a pipe that never ends are refused', async function () {
    unixOnly.call(this);
    const zero = await cli(['import', '/dev/zero', '--out', path.join(dir, 'zero')]);
    assert.equal(zero.status, 2, zero.stdout + zero.stderr);
    assert.match(zero.stderr, /\/dev\/zero: is larger than the 4\.8 MB read at most \(more than 5000000 bytes came/);
    const fifo = path.join(dir, 'endless.sh');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn(process.execPath, ['-e', `const fs=require('fs');const fd=fs.openSync(${JSON.stringify(fifo)},'w');const b=Buffer.from('curl https://h/x\\n'.repeat(4096));for(;;){try{fs.writeSync(fd,b)}catch{process.exit(0)}}`], { stdio: 'ignore' });
    try {
      const piped = await cli(['import', fifo, '--out', path.join(dir, 'fifo')]);
      assert.equal(piped.status, 2, piped.stdout + piped.stderr);
      assert.match(piped.stderr, /endless\.sh: is larger than the 4\.8 MB read at most \(more than 5000000 bytes/);
    } finally {
      writer.kill();
    }
  });

  it('reads a cURL @file body only from a regular file beside the command: @/dev/zero, a pipe and a link out of the folder are refused at once', async function () {
    unixOnly.call(this);
    const folder = path.join(dir, 'atfile');
    fs.mkdirSync(folder);
    execFileSync('mkfifo', [path.join(folder, 'pipe.json')]);
    fs.symlinkSync('/dev/zero', path.join(folder, 'zero.json'));
    const cases: [string, RegExp][] = [
      ['-d @/dev/zero', /@\/dev\/zero: is outside the folder of zero-abs\.sh/],
      ['--data-binary @zero.json', /@zero\.json: is outside the folder/],
      ['-T pipe.json', /@pipe\.json: is not a regular file \(a device, a pipe or a socket\)/],
      ['--json @-', /@-: reads standard input/],
    ];
    for (const [i, [option, message]] of cases.entries()) {
      const file = path.join(folder, i === 0 ? 'zero-abs.sh' : `case${i}.sh`);
      fs.writeFileSync(file, `curl -X PUT ${sim.baseUrl}/api/rest/version/100/merchant/TESTSIMULATOR01/order/1/transaction/1 ${option}\n`);
      const r = await cli(['import', file, '--out', path.join(folder, `out${i}`)]);
      assert.equal(r.status, 2, `${option}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, message, option);
    }
  });

  it('a password in the URL\'s user info goes to the variable the report names, never to the environments file or the output; the printed Run: command runs', async () => {
    const out = path.join(dir, 'userinfo');
    const command = path.join(dir, 'userinfo.sh');
    const url = sim.baseUrl.replace('http://', `http://merchant.${SIMULATOR_DEFAULTS.merchantId}:${PASSWORD}@`);
    fs.writeFileSync(command, `curl -X PUT '${url}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/1/transaction/1?api_key=QK-5151' -H 'Content-Type: application/json' -d '{"apiOperation":"VERIFY","order":{"currency":"EUR"},"sourceOfFunds":{"type":"CARD","provided":{"card":{"number":"5123450000000008","expiry":{"month":"1","year":"39"},"securityCode":"100"}}}}'\n`);
    const imported = await cli(['import', command, '--out', out], { cwd: dir });
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    for (const secret of [PASSWORD, 'QK-5151']) {
      assert.ok(!imported.stdout.includes(secret) && !imported.stderr.includes(secret), `${secret} printed`);
      assert.deepEqual(filesHolding(out, secret), [], `${secret} written`);
    }
    assert.doesNotMatch(imported.stdout, /None found/);
    assert.match(imported.stdout, /- The gateway API password of `testsimulator01`, from the password given in .*userinfo\.sh: never written to a file\. Its value was in the source and was not copied\./);
    assert.match(imported.stdout, /- Query parameter "api_key", from .*userinfo\.sh: kept out of every file/);
    const environments = JSON.parse(fs.readFileSync(path.join(out, 'payment-workbench.environments.json'), 'utf8')) as { environments: { gatewayUrl: string }[] };
    assert.equal(environments.environments[0]?.gatewayUrl, sim.baseUrl);
    const run = /^Run: payment-workbench (.*)$/m.exec(imported.stdout)?.[1];
    assert.equal(run, 'run userinfo --environments userinfo/payment-workbench.environments.json --env testsimulator01');
    const ran = await cli((run ?? '').split(' '), { cwd: dir, env: { ...unsetSecrets, PAYMENT_WORKBENCH_TESTSIMULATOR01_GATEWAY_API_PASSWORD: PASSWORD } });
    assert.equal(ran.status, 0, ran.stdout + ran.stderr);
  });

  it('into a folder that holds files and environments already: a name taken in any case gets -2, an environment id held for another place is not taken, the folder\'s environments are kept; a broken environments file refuses the import before anything is written', async () => {
    const out = path.join(dir, 'shared');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'AUTHORIZE.PAYREQ.JSON'), 'theirs');
    const theirs = { id: 'testsimulator01', name: 'Theirs', gatewayUrl: 'https://elsewhere.example.com', merchantId: 'TESTSIMULATOR01' };
    fs.writeFileSync(path.join(out, 'payment-workbench.environments.json'), JSON.stringify({ environments: [theirs] }));
    const command = path.join(dir, 'authorize.curl.sh');
    fs.writeFileSync(command, fs.readFileSync(path.join(fixtures, 'authorize.curl.sh'), 'utf8').replaceAll('http://127.0.0.1:4477', sim.baseUrl));
    const imported = await cli(['import', command, '--out', out], { cwd: dir });
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    assert.equal(fs.readFileSync(path.join(out, 'AUTHORIZE.PAYREQ.JSON'), 'utf8'), 'theirs');
    assert.ok(fs.existsSync(path.join(out, 'authorize-2.payreq.json')));
    const environments = (JSON.parse(fs.readFileSync(path.join(out, 'payment-workbench.environments.json'), 'utf8')) as { environments: { id: string; gatewayUrl: string }[] }).environments;
    assert.deepEqual(environments.map((e) => [e.id, e.gatewayUrl]), [['testsimulator01', 'https://elsewhere.example.com'], ['testsimulator01-2', sim.baseUrl]]);
    const run = /^Run: payment-workbench (.*)$/m.exec(imported.stdout)?.[1] ?? '';
    assert.match(run, /--env testsimulator01-2$/);
    fs.rmSync(path.join(out, 'AUTHORIZE.PAYREQ.JSON'));
    const ran = await cli(run.split(' '), { cwd: dir, env: { ...unsetSecrets, PAYMENT_WORKBENCH_TESTSIMULATOR01_2_GATEWAY_API_PASSWORD: PASSWORD } });
    assert.equal(ran.status, 0, ran.stdout + ran.stderr);
    const broken = path.join(dir, 'broken-environments');
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, 'payment-workbench.environments.json'), '{ "environments": [ { "id": "x y" } ] }');
    const refused = await cli(['import', command, '--out', broken], { cwd: dir });
    assert.equal(refused.status, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /payment-workbench\.environments\.json: environment 1: .*; fix it or import into another folder/);
    assert.deepEqual(fs.readdirSync(broken), ['payment-workbench.environments.json'], 'nothing written');
  });

  it('the README\'s run: a collection and environment on the local simulator\'s own address, imported beside the examples, run with --simulator alone', async () => {
    const examples = path.join(dir, 'examples');
    const imported = await cli(['import', path.join(fixtures, 'card-order.postman_collection.json'), path.join(fixtures, 'simulator.postman_environment.json'), '--out', examples]);
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    assert.match(imported.stdout, /Run: payment-workbench run \S+examples --simulator --env local-simulator/);
    const ran = await cli(['run', examples, '--simulator'], { env: unsetSecrets });
    assert.equal(ran.status, 0, ran.stdout + ran.stderr);
    assert.match(ran.stdout, /3 passed, 0 failed/);
  });

  it('a Postman environment named past the schema\'s 80 characters is shortened, and the printed Run: command runs its flow', async () => {
    const out = path.join(dir, 'long name');
    const collection = path.join(dir, 'c.json');
    const environment = path.join(dir, 'e.json');
    fs.writeFileSync(collection, fs.readFileSync(path.join(fixtures, 'card-order.postman_collection.json'), 'utf8'));
    fs.writeFileSync(environment, JSON.stringify({ name: `Shop ${'x'.repeat(200)}`, values: [{ key: 'baseUrl', value: sim.baseUrl }, { key: 'gatewayPassword', value: PASSWORD, type: 'secret' }] }));
    const imported = await cli(['import', collection, environment, '--out', out], { cwd: dir });
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    const run = /^Run: payment-workbench run 'long name' --environments 'long name\/payment-workbench\.environments\.json' --env (\S+)$/m.exec(imported.stdout)?.[1];
    assert.ok(run, imported.stdout);
    const variable = /Set the environment variable (PAYMENT_WORKBENCH_\w+)/.exec(imported.stdout)?.[1] ?? '';
    const ran = await cli(['run', 'long name', '--environments', 'long name/payment-workbench.environments.json', '--env', run], { cwd: dir, env: { ...unsetSecrets, [variable]: PASSWORD } });
    assert.equal(ran.status, 0, ran.stdout + ran.stderr);
    assert.match(ran.stdout, /3 passed, 0 failed/);
  });
});
