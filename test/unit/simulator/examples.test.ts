/**
 * Every shipped request (each file in examples/, and the catalogue's minimal example of every
 * operation with a body) succeeds against the simulator, sent by the real request runner over
 * loopback: the catalogue declares every rule the simulator enforces, so what the form and the
 * request-file diagnostics call valid, the simulator accepts.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { exampleBody, parseRequestFile, validateBody, type OperationId } from '../../../src/catalogue';
import type { Exchange } from '../../../src/send/exchange';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { SimulatorSender } from '../../harness/simulatorSender';

const EXAMPLES = path.resolve(__dirname, '../../../../examples');
let ids = 0;
const freshIds = () => ({ orderId: `ORD-EXAMPLE-${++ids}`, transactionId: `TXN-EXAMPLE-${ids}` });

/** Success as the API says it: a gateway result of SUCCESS, or the financing API's success:true. */
function assertSucceeded(exchange: Exchange, what: string): void {
  assert.equal(exchange.failure, undefined, `${what}: ${exchange.failure?.message}`);
  const status = exchange.response?.status ?? 0;
  const text = exchange.response?.bodyText ?? '';
  assert.ok(status >= 200 && status < 300, `${what}: HTTP ${status} ${text}`);
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if ('result' in body) assert.equal(body['result'], 'SUCCESS', `${what}: ${text}`);
  if ('success' in body) assert.equal(body['success'], true, `${what}: ${text}`);
}

describe('examples succeed against the simulator (one declaration of every rule)', () => {
  let sim: SimulatorHandle;
  let sender: SimulatorSender;
  before(async () => {
    sim = await startSimulator({ port: 0 });
    sender = new SimulatorSender(sim);
    // Offers need a signed-in partner, as in the editor (Sign In to Financing API).
    assertSucceeded(await sender.send({ operationId: 'financing.login', body: { email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword } }), 'sign in');
  });
  after(async () => {
    await sender.close();
    await sim.close();
  });

  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.payreq.json')).sort();
  it('there are examples to check', () => assert.ok(files.length >= 5, files.join(', ')));

  for (const file of files) {
    it(`examples/${file} is valid in the catalogue and succeeds`, async () => {
      const parsed = parseRequestFile(readFileSync(path.join(EXAMPLES, file), 'utf8'));
      assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
      const { operation, version, params, body } = parsed.file;
      assert.deepEqual(validateBody(operation, version, body), [], 'no error and no warning in a shipped example');
      const orderParams = { ...freshIds(), ...(params ?? {}) };
      const exchange = await sender.send({ operationId: operation, ...(version !== undefined ? { version } : {}), params: orderParams, body });
      assertSucceeded(exchange, file);
    });
  }

  it('accepts what the real gateway accepts (warnings): an amount as a number, null optionals, a v100 source type such as KNET', async () => {
    const authorize = { ...exampleBody('gateway.authorize'), order: { amount: 10.5, currency: 'USD', description: null } };
    const paid = await sender.send({ operationId: 'gateway.authorize', params: freshIds(), body: authorize });
    assertSucceeded(paid, 'Authorize with a JSON number amount');
    assert.equal((JSON.parse(paid.response?.bodyText ?? '{}') as { order?: { amount?: unknown } }).order?.amount, 10.5);
    const browser = { ...exampleBody('gateway.initiateBrowserPayment', 100), sourceOfFunds: { type: 'KNET' } };
    assertSucceeded(await sender.send({ operationId: 'gateway.initiateBrowserPayment', version: 100, params: freshIds(), body: browser }), 'v100 with KNET');
    const selectFirst = { ...exampleBody('financing.offersSelectFirst'), external_id: 'SHOP-ORDER-1' };
    assertSucceeded(await sender.send({ operationId: 'financing.offersSelectFirst', params: freshIds(), body: selectFirst }), 'external_id as text');
  });

  it('rejects, in the catalogue\'s words, what the catalogue calls an error', async () => {
    const body = { products: [{ name: 'Pen', price: 2, quantity: 1 }], external_id: 1 };
    const r = await sender.send({ operationId: 'financing.offersSelectFirst', params: freshIds(), body });
    const [issue] = validateBody('financing.offersSelectFirst', undefined, body);
    assert.equal(issue?.rule, 'cartTotal');
    assert.equal(r.response?.status, 400);
    assert.equal((JSON.parse(r.response?.bodyText ?? '{}') as { message?: string }).message, issue.message);
  });

  const withBody: OperationId[] = ['gateway.authorize', 'gateway.verify', 'gateway.initiateBrowserPayment', 'financing.offers', 'financing.offersSelectFirst'];
  for (const id of withBody) {
    it(`the catalogue's minimal ${id} example (snippets, "new request") succeeds`, async () => {
      const body = exampleBody(id);
      assert.deepEqual(validateBody(id, undefined, body), []);
      assertSucceeded(await sender.send({ operationId: id, params: freshIds(), body }), id);
    });
  }
});
