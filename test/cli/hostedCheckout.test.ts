/**
 * Hosted Checkout through the real CLI with the simulator (--simulator): Initiate Checkout, the
 * payer step on the payment page, the resultIndicator the payer returns with, the order it leaves.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from './cliProcess';

interface Report { flows: { steps: { id: string; status: string; verdict?: string; failures: { path: string; expected: string; actual: string }[] }[] }[] }

const initiate = (operation: string, extra: object = {}) => ({
  id: 'checkout', operation: 'gateway.initiateCheckout',
  body: { apiOperation: 'INITIATE_CHECKOUT', interaction: { operation, returnUrl: 'https://shop.example.com/return', cancelUrl: 'https://shop.example.com/cart', merchant: { name: 'Shop' } },
    order: { id: '{{fresh.orderId}}', amount: '12.00', currency: 'EUR' }, ...extra },
});
const payer = (options: object = {}) => ({ id: 'payer', payer: { checkout: '{{env.gatewayUrl}}/_simulator/checkout/{{checkout.response.session.id}}', card: '5111111111111118', expiry: '01/39', ...options } });
const order = (expect: object) => ({ id: 'order', operation: 'gateway.retrieveOrder', params: { orderId: '{{checkout.body.order.id}}' }, expect });

describe('payment-workbench run: Hosted Checkout on the simulator (real process)', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-hco-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function run(name: string, steps: object[], env = 'local-simulator'): Promise<{ status: number | null; stdout: string; report: Report }> {
    const flow = path.join(dir, `${name}.payflow.json`);
    fs.writeFileSync(flow, JSON.stringify({ name, steps }));
    const r = await cli(['run', flow, '--simulator', '--env', env, '--reporter', 'json']);
    return { status: r.status, stdout: r.stdout + r.stderr, report: JSON.parse(r.stdout) as Report };
  }

  it('returnUrl and cancelUrl take http(s) only: javascript: and data: are refused naming the field', async () => {
    const r = await run('bad-urls', [
      { ...initiate('PURCHASE'), id: 'js', body: { apiOperation: 'INITIATE_CHECKOUT', interaction: { operation: 'PURCHASE', returnUrl: 'javascript:alert(1)' }, order: { id: 'o-js', amount: '1.00', currency: 'EUR' } }, expect: { status: 400, 'error.cause': 'INVALID_REQUEST', 'error.field': 'interaction.returnUrl' } },
      { ...initiate('PURCHASE'), id: 'data', body: { apiOperation: 'INITIATE_CHECKOUT', interaction: { operation: 'PURCHASE', cancelUrl: 'data:text/html,<script>alert(1)</script>' }, order: { id: 'o-data', amount: '1.00', currency: 'EUR' } }, expect: { status: 400, 'error.field': 'interaction.cancelUrl' } },
    ]);
    assert.equal(r.status, 0, r.stdout);
  });

  it('AUTHORIZE on the authorize-only merchant: the payer returns with resultIndicator = successIndicator and the order is AUTHORIZED', async () => {
    const r = await run('authorize', [
      initiate('AUTHORIZE'),
      { ...payer(), expect: { resultIndicator: '{{checkout.response.successIndicator}}', returnUrl: 'https://shop.example.com/return', sessionVersion: { present: true } } },
      order({ 'body.status': 'AUTHORIZED', totalAuthorizedAmount: '12.00', totalCapturedAmount: '0.00' }),
    ], 'local-simulator-authorize-only');
    assert.equal(r.status, 0, r.stdout);
    assert.equal(r.report.flows[0]?.steps[0]?.verdict, 'Checkout session ready');
  });

  it('a declined card: resultIndicator differs from successIndicator and the order is FAILED', async () => {
    const failed = await run('declined', [initiate('PURCHASE'), { ...payer({ expiry: '05/39' }), expect: { resultIndicator: { present: true } } }, order({ 'body.status': 'FAILED' })]);
    assert.equal(failed.status, 0, failed.stdout);
    const compared = await run('declined-indicator', [initiate('PURCHASE'), { ...payer({ expiry: '05/39' }), expect: { resultIndicator: '{{checkout.response.successIndicator}}' } }]);
    const failure = compared.report.flows[0]?.steps[1]?.failures[0];
    assert.equal(failure?.path, 'resultIndicator', compared.stdout);
    assert.notEqual(failure?.actual, failure?.expected);
  });

  it('VERIFY verifies the card; Cancel sends the payer to cancelUrl without a resultIndicator and takes no payment', async () => {
    const verified = await run('verify', [initiate('VERIFY'), { ...payer(), expect: { resultIndicator: '{{checkout.response.successIndicator}}' } }, order({ 'body.status': 'VERIFIED' })]);
    assert.equal(verified.status, 0, verified.stdout);
    const cancelled = await run('cancel', [
      initiate('PURCHASE'),
      { ...payer({ action: 'cancel' }), expect: { returnUrl: 'https://shop.example.com/cart', resultIndicator: { present: false } } },
      order({ status: 400 }),
    ]);
    assert.equal(cancelled.status, 0, cancelled.stdout);
  });

  it('a 3-D Secure challenge card: the payer passes the challenge (authenticated) and pays; failed on the challenge, nothing is paid', async () => {
    const passed = await run('challenge-passed', [
      initiate('PURCHASE'),
      { ...payer({ card: '5123450000000008', outcome: 'authenticated' }), expect: { challenged: true, resultIndicator: '{{checkout.response.successIndicator}}' } },
      order({ 'body.status': 'CAPTURED', totalCapturedAmount: '12.00' }),
    ]);
    assert.equal(passed.status, 0, passed.stdout);
    const failed = await run('challenge-failed', [
      initiate('PURCHASE'),
      { ...payer({ card: '5123450000000008', outcome: 'failed' }), expect: { challenged: true, resultIndicator: { present: true } } },
      order({ totalCapturedAmount: '0.00', totalAuthorizedAmount: '0.00' }),
    ]);
    assert.equal(failed.status, 0, failed.stdout);
  });

  it('frictionless 3-D Secure cards: Y pays without a challenge, N (failed) is not paid', async () => {
    const y = await run('frictionless', [initiate('PURCHASE'), { ...payer({ card: '5123456789012346' }), expect: { challenged: false, resultIndicator: '{{checkout.response.successIndicator}}' } }, order({ 'body.status': 'CAPTURED' })]);
    assert.equal(y.status, 0, y.stdout);
    const n = await run('frictionless-failed', [initiate('PURCHASE'), { ...payer({ card: '5123450000002004' }), expect: { challenged: false } }, order({ totalCapturedAmount: '0.00' })]);
    assert.equal(n.status, 0, n.stdout);
  });

  it('checkoutMode PAYMENT_LINK answers paymentLink.url, the payment page the payer is sent to', async () => {
    const r = await run('payment-link', [
      initiate('PURCHASE', { checkoutMode: 'PAYMENT_LINK' }),
      { ...payer(), payer: { ...payer().payer, checkout: '{{checkout.response.paymentLink.url}}' }, expect: { resultIndicator: '{{checkout.response.successIndicator}}' } },
    ]);
    assert.equal(r.status, 0, r.stdout);
  });

  it('NONE only collects the card into the session: Retrieve Session shows it masked, no order is paid', async () => {
    const r = await run('none', [
      initiate('NONE'),
      { ...payer({ securityCode: '100' }), expect: { resultIndicator: '{{checkout.response.successIndicator}}' } },
      { id: 'read', operation: 'gateway.retrieveSession', params: { sessionId: '{{checkout.response.session.id}}' }, expect: { 'sourceOfFunds.provided.card.number': '511111xxxxxx1118', 'sourceOfFunds.provided.card.securityCode': { present: false }, 'order.amount': '12.00' } },
      order({ status: 400 }),
    ]);
    assert.equal(r.status, 0, r.stdout);
    assert.ok(!r.stdout.includes('5111111111111118'));
  });
});
