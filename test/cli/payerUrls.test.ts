/**
 * Every URL the payer's browser is sent to takes http(s) only, and the real CLI says so before
 * sending, naming the field: the rule is the catalogue's, so the CLI, the form and the simulator agree.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from './cliProcess';

const SCRIPT_URL = 'javascript://shop.example/%0Aalert(document.domain)';

const requests: Record<string, { field: string; file: object }> = {
  browserPayment: {
    field: 'browserPayment.returnUrl',
    file: { operation: 'gateway.initiateBrowserPayment', version: 100, params: { orderId: 'PAYER-URL-1', transactionId: 'bp' }, body: { apiOperation: 'INITIATE_BROWSER_PAYMENT', order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: { type: 'WALLET_A' }, browserPayment: { operation: 'PAY', returnUrl: SCRIPT_URL } } },
  },
  authenticatePayer: {
    field: 'authentication.redirectResponseUrl',
    file: { operation: 'gateway.authenticatePayer', version: 100, params: { orderId: 'PAYER-URL-2', transactionId: 'auth' }, body: { apiOperation: 'AUTHENTICATE_PAYER', order: { amount: '5.00', currency: 'EUR' }, authentication: { redirectResponseUrl: SCRIPT_URL } } },
  },
};

describe('payment-workbench run: payer URLs are http(s) only (real process)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-payer-url-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const [name, { field, file }] of Object.entries(requests)) {
    it(`${field}: a javascript:// URL is not sent, and the report names the field and the rule`, async () => {
      const request = path.join(dir, `${name}.payreq.json`);
      fs.writeFileSync(request, JSON.stringify(file));
      const r = await cli(['run', request, '--simulator']);
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /Not sent \(rules fail\)/);
      assert.match(r.stdout, new RegExp(`${field.replace(/\./g, '\\.')}: must be an http or https URL`));
    });
  }
});
