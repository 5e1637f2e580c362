import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from './cliProcess';

/** A device payment token is the payer's card encrypted for the gateway: the CLI's reports never print it. */
describe('payment-workbench CLI: a device payment token in a flow is never printed', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-device-'));
    const pay = (paymentToken: string) => ({ apiOperation: 'PAY', order: { amount: '12.00', currency: 'EUR', walletProvider: 'GOOGLE_PAY' }, sourceOfFunds: { type: 'CARD', provided: { card: { devicePayment: { paymentToken } } } } });
    fs.writeFileSync(path.join(dir, 'device.payflow.json'), JSON.stringify({ name: 'Device payment', steps: [
      { id: 'pay', operation: 'gateway.pay', body: pay('SENTINEL-TOKEN-SENT'), expect: { 'sourceOfFunds.provided.card.devicePayment.paymentToken': 'SENTINEL-TOKEN-EXPECTED' } },
    ] }));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('an expectation on the token shows <redacted> for the value expected and "absent" for the answer that has none', async () => {
    for (const reporter of ['text', 'json', 'junit']) {
      const r = await cli(['run', dir, '--simulator', '--reporter', reporter]);
      const out = r.stdout + r.stderr;
      assert.equal(r.status, 1, out);
      assert.ok(!out.includes('SENTINEL-TOKEN'), `${reporter} printed the token:\n${out}`);
      assert.match(out, /paymentToken: expected (<|&lt;)redacted(>|&gt;), got absent/, `${reporter}: ${out}`);
    }
  });
});
