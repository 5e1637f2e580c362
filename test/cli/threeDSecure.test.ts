/**
 * 3-D Secure end to end through the real CLI against the simulator: each outcome the test cards
 * choose, and Pay with authentication.transactionId refused wherever the gateway refuses it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli, repoRoot } from './cliProcess';
import { CHALLENGE_PAYER_STEP } from '../../src/decode/gateway/authentication';

const cardOf = (number: string) => ({ provided: { card: { number, expiry: { month: '1', year: '39' }, securityCode: '100' } } });
const ids = { orderId: '{{init.params.orderId}}', transactionId: '{{init.params.transactionId}}' };

function initiate(number: string, expect: Record<string, unknown>): object {
  return { id: 'init', operation: 'gateway.initiateAuthentication', body: { apiOperation: 'INITIATE_AUTHENTICATION', order: { currency: 'EUR' }, authentication: { channel: 'PAYER_BROWSER' }, sourceOfFunds: cardOf(number) }, expect };
}

function authenticate(number: string, expect: Record<string, unknown>, amount = '50.00'): object {
  return { id: 'auth', operation: 'gateway.authenticatePayer', params: ids, body: { apiOperation: 'AUTHENTICATE_PAYER', order: { amount, currency: 'EUR' }, authentication: { redirectResponseUrl: 'https://merchant.example.com/back' }, sourceOfFunds: cardOf(number) }, expect };
}

function pay(id: string, number: string, expect: Record<string, unknown>, extra: { orderId?: string; amount?: string; currency?: string } = {}): object {
  return {
    id, operation: 'gateway.pay', params: { orderId: extra.orderId ?? '{{init.params.orderId}}' },
    body: { apiOperation: 'PAY', order: { amount: extra.amount ?? '50.00', currency: extra.currency ?? 'EUR' }, authentication: { transactionId: '{{init.params.transactionId}}' }, sourceOfFunds: cardOf(number) },
    expect,
  };
}

const refused = (field = 'authentication.transactionId') => ({ status: 400, result: 'ERROR', 'error.field': field });

const FLOWS: Record<string, object[]> = {
  frictionless: [
    initiate('4440000042200014', { 'authentication.version': '3DS2', 'transaction.authenticationStatus': 'AUTHENTICATION_AVAILABLE' }),
    authenticate('4440000042200014', { result: 'SUCCESS', 'authentication.3ds2.transactionStatus': 'Y', 'authentication.payerInteraction': 'NOT_REQUIRED', 'response.gatewayRecommendation': 'PROCEED' }),
    pay('otherCurrency', '4440000042200014', refused('order.currency'), { currency: 'USD' }),
    pay('pay', '4440000042200014', { result: 'SUCCESS', 'order.status': 'CAPTURED' }),
  ],
  attempted: [
    initiate('5123450000001006', { result: 'SUCCESS' }),
    authenticate('5123450000001006', { result: 'SUCCESS', 'authentication.3ds2.transactionStatus': 'A', 'transaction.authenticationStatus': 'AUTHENTICATION_ATTEMPTED' }),
    pay('pay', '5123450000001006', { result: 'SUCCESS' }),
  ],
  failed: [
    initiate('5123450000002004', { result: 'SUCCESS' }),
    authenticate('5123450000002004', { result: 'FAILURE', 'authentication.3ds2.transactionStatus': 'N', 'transaction.authenticationStatus': 'AUTHENTICATION_FAILED' }),
    pay('pay', '5123450000002004', refused()),
  ],
  rejected: [
    initiate('5123450000003002', { result: 'SUCCESS' }),
    authenticate('5123450000003002', { result: 'FAILURE', 'authentication.3ds2.transactionStatus': 'R', 'response.gatewayRecommendation': 'DO_NOT_PROCEED' }),
    pay('pay', '5123450000003002', refused()),
  ],
  unavailable: [
    initiate('5123450000005007', { result: 'SUCCESS' }),
    authenticate('5123450000005007', { result: 'FAILURE', 'authentication.3ds2.transactionStatus': 'U', 'transaction.authenticationStatus': 'AUTHENTICATION_UNAVAILABLE' }),
    pay('pay', '5123450000005007', refused()),
  ],
  notEnrolled: [
    initiate('5123450000004000', { result: 'SUCCESS', 'authentication.version': 'NONE', 'authentication.redirect': { present: false } }),
    pay('pay', '5123450000004000', refused()),
    { id: 'plain', operation: 'gateway.pay', params: { orderId: '{{init.params.orderId}}' }, body: { apiOperation: 'PAY', order: { amount: '50.00', currency: 'EUR' }, sourceOfFunds: cardOf('5123450000004000') }, expect: { result: 'SUCCESS' } },
  ],
  challenge: [
    initiate('4440000009900010', { result: 'SUCCESS' }),
    authenticate('4440000009900010', { result: 'PENDING', 'authentication.3ds2.transactionStatus': 'C', 'authentication.payerInteraction': 'REQUIRED' }),
    pay('beforeChallenge', '4440000009900010', refused()),
    { id: 'payer', payer: { challenge: '{{auth.response.authentication.redirect.html}}', outcome: 'rejected' }, expect: { 'response.gatewayRecommendation': 'DO_NOT_PROCEED', 'order.id': '{{init.params.orderId}}' } },
    { id: 'read', operation: 'gateway.retrieveTransaction', params: ids, expect: { 'authentication.3ds2.transactionStatus': 'R' } },
    pay('afterRejected', '4440000009900010', refused()),
  ],
  otherOrder: [
    initiate('5123456789012346', { result: 'SUCCESS' }),
    authenticate('5123456789012346', { 'authentication.3ds2.transactionStatus': 'Y' }),
    pay('elsewhere', '5123456789012346', refused(), { orderId: 'another-order-1' }),
    pay('tooMuch', '5123456789012346', refused('order.amount'), { amount: '50.01' }),
  ],
};

describe('3-D Secure through the real CLI on the simulator', function () {
  this.timeout(120_000);
  let dir: string;

  before(() => {
    assert.ok(fs.existsSync(path.join(repoRoot, 'dist', 'cli.js')), 'dist/cli.js is not built: run `node esbuild.js`');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-3ds-'));
    for (const [name, steps] of Object.entries(FLOWS)) fs.writeFileSync(path.join(dir, `${name}.payflow.json`), JSON.stringify({ name: `3DS ${name}`, steps }));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('each test card gives its outcome (Y, A, N, R, U, not enrolled, challenge), and Pay with the authentication is approved only after Y or A of the same order, in its currency, up to its amount', async () => {
    const r = await cli(['run', dir, '--simulator']);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^\d+ passed, 0 failed, 0 skipped$/m);
    for (const name of Object.keys(FLOWS)) assert.ok(r.stdout.includes(`3DS ${name}`), `${name} did not run:\n${r.stdout}`);
  });

  it('a refused Pay explains why: the authentication has not completed, or was not successful', async () => {
    const r = await cli(['run', path.join(dir, 'challenge.payflow.json'), '--simulator', '--reporter', 'json']);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /has not completed \(AUTHENTICATION_PENDING\); the payer must finish the challenge first/);
    assert.match(r.stdout, /was not successful \(transactionStatus R, AUTHENTICATION_REJECTED\)/);
  });

  it('the payer step the response panel offers to copy after a challenge passes that challenge in a flow (the shipped challenge example with the copied step)', async () => {
    const example = JSON.parse(fs.readFileSync(path.join(repoRoot, 'examples', 'flows', '3ds-challenge.payflow.json'), 'utf8')) as { steps: { id: string; payer?: unknown }[] };
    const copied = JSON.parse(CHALLENGE_PAYER_STEP) as { id: string; payer: unknown };
    const steps = example.steps.map((s) => (s.payer !== undefined ? { ...s, ...copied } : s));
    assert.equal(steps.filter((s) => s.payer === copied.payer).length, 1, 'the example has one payer step to replace');
    const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-3ds-copied-'));
    try {
      fs.writeFileSync(path.join(copyDir, 'copied.payflow.json'), JSON.stringify({ ...example, $schema: undefined, steps }));
      const r = await cli(['run', path.join(copyDir, 'copied.payflow.json'), '--simulator']);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^\d+ passed, 0 failed, 0 skipped$/m);
      assert.match(r.stdout, /✓ payer +Payer: 3-D Secure chall/);
      assert.match(r.stdout, /✓ pay +Pay +HTTP 201 +Approved/, 'Pay with the authentication is approved after the copied step');
    } finally {
      fs.rmSync(copyDir, { recursive: true, force: true });
    }
  });

  it('test-cards --json lists every card with number, expiry {month, year}, securityCode, purpose, and threeDS for the 3-D Secure cards', async () => {
    const r = await cli(['test-cards', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const cards = JSON.parse(r.stdout) as { number: string; expiry: { month: string; year: string }; securityCode?: string; purpose: string; threeDS?: string }[];
    const behaviours = new Set(cards.map((c) => c.threeDS).filter(Boolean));
    assert.deepEqual([...behaviours].sort(), ['attempted', 'challenge', 'failed', 'frictionless', 'notEnrolled', 'rejected', 'unavailable']);
    for (const c of cards) {
      assert.match(c.number, /^\d{15,16}$/);
      assert.deepEqual(c.expiry, { month: '1', year: '39' });
      assert.ok(c.purpose.length > 10);
    }
    assert.ok(cards.some((c) => c.number === '5123450000000008' && c.threeDS === 'challenge'), 'the approve card is there');
    assert.ok(cards.some((c) => c.number === '4508750015741019' && c.threeDS === undefined), 'a card without 3-D Secure behaviour has no threeDS');
  });

  it('test-cards prints a table and has its own --help', async () => {
    const table = await cli(['test-cards']);
    assert.equal(table.status, 0);
    assert.match(table.stdout, /^5123456789012346 +01\/39 +100 +frictionless /m);
    const help = await cli(['test-cards', '--help']);
    assert.match(help.stdout, /payment-workbench test-cards \[--json\]/);
  });
});
