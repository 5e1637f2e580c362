import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exampleBody } from '../../src/catalogue';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../src/simulator';
import { cli } from './cliProcess';
import { LIVE_MERCHANT, TEST_AND_LIVE_MERCHANTS } from '../harness/sendPorts';

/** The variables a developer may have set: none of them may answer for the test. */
const unsetSecrets = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('PAYMENT_WORKBENCH_')).map((k) => [k, undefined]));

/** The CLI has nobody to ask: a question is a refusal naming the flag or variable that gets past it. */
describe('payment-workbench run: the send path\'s questions in CI (the real process)', function () {
  this.timeout(60_000);
  let sim: SimulatorHandle;
  let dir: string;
  let envFile: string;
  const sent = () => sim.requestLog.entries.filter((e) => e.url.includes('/api/rest/')).length;

  before(async () => {
    sim = await startSimulator({ port: 0, merchants: TEST_AND_LIVE_MERCHANTS });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-questions-'));
    envFile = path.join(dir, 'environments.json');
    fs.writeFileSync(envFile, JSON.stringify({ environments: [
      { id: 'shop-live', name: 'Shop LIVE', gatewayUrl: sim.baseUrl, merchantId: LIVE_MERCHANT.merchantId },
      { id: 'shop-test', name: 'Shop TEST', gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId },
    ] }));
    const authorize = { id: 'auth', operation: 'gateway.authorize', body: exampleBody('gateway.authorize', 11), expect: { 'response.gatewayCode': 'APPROVED' } };
    fs.writeFileSync(path.join(dir, 'live.payflow.json'), JSON.stringify({ name: 'Pay on LIVE', environment: 'shop-live', steps: [authorize] }));
    const broken = { ...authorize, body: { ...exampleBody('gateway.authorize', 11), order: { amount: 'ten', currency: 'EUR' } } };
    fs.writeFileSync(path.join(dir, 'broken.payflow.json'), JSON.stringify({ name: 'Broken body', environment: 'shop-test', steps: [broken] }));
  });
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await sim.close();
  });

  const run = async (file: string, flags: string[], env: NodeJS.ProcessEnv) => {
    const r = await cli(['run', path.join(dir, file), '--environments', envFile, ...flags], { env: { ...unsetSecrets, ...env } });
    return { status: r.status, out: r.stdout + r.stderr };
  };

  it('a money-moving step to a LIVE environment is not sent without --yes-live, and says so; with it, it is', async () => {
    const before = sent();
    const refused = await run('live.payflow.json', [], { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: LIVE_MERCHANT.apiPassword });
    assert.equal(refused.status, 1, refused.out);
    assert.match(refused.out, /Not sent \(LIVE not confirmed\): Send Authorize of 10\.00 USD to the LIVE environment "Shop LIVE"\? Add --yes-live to send to LIVE environments\./);
    assert.equal(sent(), before, 'nothing reached the gateway');
    const allowed = await run('live.payflow.json', ['--yes-live'], { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: LIVE_MERCHANT.apiPassword });
    assert.equal(allowed.status, 0, allowed.out);
    assert.equal(sent(), before + 1);
  });

  it('a missing password names the environment variables to set, not a VS Code command', async () => {
    const r = await run('live.payflow.json', ['--yes-live'], {});
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /Not sent \(no password\): No gateway API password for "Shop LIVE"\. Set the environment variable PAYMENT_WORKBENCH_SHOP_LIVE_GATEWAY_API_PASSWORD or PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD\./);
    assert.doesNotMatch(r.out, /Payment Workbench: Set/);
  });

  it('a body that breaks the catalogue\'s rules is refused with the rule and the way past it; --send-anyway sends it', async () => {
    const before = sent();
    const refused = await run('broken.payflow.json', [], { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: SIMULATOR_DEFAULTS.apiPassword });
    assert.equal(refused.status, 1, refused.out);
    assert.match(refused.out, /Not sent \(rules fail\): Authorize: 1 rule fails\..*order\.amount.*--send-anyway\./);
    assert.equal(sent(), before);
    const anyway = await run('broken.payflow.json', ['--send-anyway'], { PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD: SIMULATOR_DEFAULTS.apiPassword });
    assert.equal(sent(), before + 1, anyway.out);
    assert.match(anyway.out, /400/);
  });
});
