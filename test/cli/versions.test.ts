/**
 * Issue 23: the operations real integrations use, at the versions they pin, through the real CLI
 * against the built-in simulator: one flow file per version, run as one folder (one simulator).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli, repoRoot } from './cliProcess';

const PINNED = [51, 57, 61, 63, 72, 78, 100];

const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };

function flowAt(version: number): object {
  const step = (s: Record<string, unknown>) => ({ version, ...s });
  const session = `SESSION0002VERSIONS${String(version).padStart(3, '0')}ABCDEFGHI`;
  return {
    name: `Card operations at version ${version}`,
    environment: 'local-simulator-authorize-only',
    steps: [
      step({ id: 'session', operation: 'gateway.updateSession', params: { sessionId: session },
        body: { order: { amount: '12.00', currency: 'EUR' } }, expect: { status: 200, version: String(version) } }),
      step({ id: 'verify', operation: 'gateway.verify', body: { apiOperation: 'VERIFY', order: { currency: 'EUR' }, sourceOfFunds: card },
        expect: { result: 'SUCCESS', version: String(version) } }),
      step({ id: 'auth', operation: 'gateway.authorize', body: { apiOperation: 'AUTHORIZE', session: { id: '{{session.params.sessionId}}' }, sourceOfFunds: card },
        expect: { 'response.gatewayCode': 'APPROVED', 'order.status': 'AUTHORIZED', version: String(version) } }),
      step({ id: 'capture', operation: 'gateway.capture', params: { orderId: '{{auth.params.orderId}}' },
        body: { apiOperation: 'CAPTURE', transaction: { amount: '12.00', currency: 'EUR' } }, expect: { 'order.status': 'CAPTURED' } }),
      step({ id: 'refund', operation: 'gateway.refund', params: { orderId: '{{auth.params.orderId}}' },
        body: { apiOperation: 'REFUND', transaction: { amount: '2.00', currency: 'EUR' } }, expect: { 'order.status': 'PARTIALLY_REFUNDED' } }),
      step({ id: 'transaction', operation: 'gateway.retrieveTransaction', params: { orderId: '{{auth.params.orderId}}', transactionId: '{{auth.params.transactionId}}' },
        expect: { 'transaction.type': 'AUTHORIZATION', version: String(version) } }),
      step({ id: 'order', operation: 'gateway.retrieveOrder', params: { orderId: '{{auth.params.orderId}}' },
        expect: { 'body.status': 'PARTIALLY_REFUNDED', 'body.totalRefundedAmount': '2.00' } }),
      step({ id: 'pay', operation: 'gateway.pay', params: { orderId: '{{fresh.orderId.paid}}' },
        body: { apiOperation: 'PAY', order: { amount: '5.00', currency: 'EUR' }, sourceOfFunds: card }, expect: { 'order.status': 'CAPTURED', version: String(version) } }),
      step({ id: 'void', operation: 'gateway.void', params: { orderId: '{{pay.params.orderId}}' },
        body: { apiOperation: 'VOID', transaction: { targetTransactionId: '{{pay.params.transactionId}}' } }, expect: { result: 'SUCCESS', 'transaction.type': 'VOID_PAYMENT' } }),
    ],
  };
}

describe('CLI: the versions real integrations pin', () => {
  let dir: string;
  before(() => {
    assert.ok(fs.existsSync(path.join(repoRoot, 'dist', 'cli.js')), 'dist/cli.js is not built: run `node esbuild.js`');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-versions-'));
    for (const v of PINNED) fs.writeFileSync(path.join(dir, `v${v}.payflow.json`), JSON.stringify(flowAt(v), null, 2));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('Update Session, Verify, Authorize, Capture, Refund, Retrieve Transaction, Retrieve Order, Pay and Void pass at 51, 57, 61, 63, 72, 78 and 100', async () => {
    const r = await cli(['run', dir, '--simulator']);
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    for (const v of PINNED) assert.match(r.stdout, new RegExp(`Card operations at version ${v}`), r.stdout);
  });

  it('a flow whose Refund at 100 carries a misspelt field fails on that step with the gateway\'s "Unexpected parameter", naming the field', async () => {
    const flow = flowAt(100) as { name: string; steps: Record<string, unknown>[] };
    const steps = flow.steps.slice(0, 5).map((s) => (s['id'] === 'refund' ? { ...s, body: { apiOperation: 'REFUND', order: { refrence: 'R-1' }, transaction: { amount: '2.00', currency: 'EUR' } } } : s));
    const file = path.join(dir, '..', `${path.basename(dir)}-unknown.payflow.json`);
    fs.writeFileSync(file, JSON.stringify({ ...flow, name: 'Refund with a misspelt field', steps }, null, 2));
    try {
      const r = await cli(['run', file, '--simulator']);
      assert.equal(r.status, 1, `${r.stdout}\n${r.stderr}`);
      const out = `${r.stdout}\n${r.stderr}`;
      assert.match(out, /refund/);
      assert.match(out, /Unexpected parameter 'order\.refrence'/);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
