import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { bin, cli } from './cliProcess';

describe('payment-workbench export openapi (the real CLI)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-openapi-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a reader that stops early (`| head`) ends the output quietly: exit 0, no EPIPE trace', async () => {
    const child = spawn(process.execPath, [bin, 'export', 'openapi'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(status, 0, stderr);
    assert.doesNotMatch(stderr, /EPIPE|Unhandled/);
  });

  it('prints the description of the newest version on stdout, a valid OpenAPI 3.1 document', async () => {
    const run = await cli(['export', 'openapi']);
    assert.equal(run.status, 0, run.stderr);
    const doc = JSON.parse(run.stdout) as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '100');
    assert.ok(doc.paths['/api/rest/version/100/merchant/{merchantId}/order/{orderId}/transaction/{transactionId}']);
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const result = await new Validator().validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
  });

  it('writes the version asked for into --out, a file or a folder', async () => {
    const file = path.join(dir, 'specs', 'gateway.json');
    const run = await cli(['export', 'openapi', '--version', '57', '--out', file], { cwd: dir });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout.trim(), /^Wrote specs[\\/]gateway\.json\.$/);
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { info: { version: string }; paths: Record<string, unknown> };
    assert.equal(doc.info.version, '57');
    assert.ok(Object.keys(doc.paths).every((p) => p.startsWith('/api/rest/version/57/')));
    const intoFolder = await cli(['export', 'openapi', '--version', '11', '--out', `${dir}${path.sep}`]);
    assert.equal(intoFolder.status, 0, intoFolder.stderr);
    assert.ok(fs.existsSync(path.join(dir, 'gateway-v11.openapi.json')));
  });

  it('refuses an unknown version with the versions it knows, and a file after openapi', async () => {
    const unknown = await cli(['export', 'openapi', '--version', '80']);
    assert.equal(unknown.status, 2);
    assert.equal(unknown.stdout, '');
    assert.match(unknown.stderr, /export openapi: the catalogue knows no gateway version "80"; the known versions are 1 to 100 except 2, 5, 6, 22, 25, 80/);
    const extra = await cli(['export', 'openapi', 'flow.payflow.json']);
    assert.equal(extra.status, 2);
    assert.match(extra.stderr, /export openapi takes no file, got "flow\.payflow\.json"/);
    const misplaced = await cli(['export', '--http', '--version', '57', 'a.payreq.json']);
    assert.equal(misplaced.status, 2);
    assert.match(misplaced.stderr, /--version goes with export openapi/);
  });

  it('refuses an --out it cannot create at once, /proc included (Node\'s recursive mkdir never returned there)', async function () {
    if (!fs.existsSync('/proc/self')) this.skip();
    const run = await cli(['export', 'openapi', '--out', '/proc/pw-no-such/x.json']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /export: cannot write \/proc\/pw-no-such\/x\.json \(E[A-Z]+\); choose another --out/);
  });
});
