/**
 * The simulator's explanations quote what a request gave the way every problem message of the
 * workbench does (format/quote.ts quoteValueAt): through the one redaction policy, at most 200
 * characters, control characters escaped; over loopback, as a client and the request log see them.
 */
import * as assert from 'node:assert/strict';
import type { Agent } from 'undici';
import type { SimulatorHandle } from '../../../src/simulator';
import { field, gatewayPut, useSimulator } from './helpers';

const authorize = (card: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  apiOperation: 'AUTHORIZE',
  order: { amount: '10.00', currency: 'EUR' },
  sourceOfFunds: { type: 'CARD', provided: { card: { expiry: { month: '1', year: '39' }, ...card } } },
  ...extra,
});

describe('simulator: explanations quote input as every message does (masked, redacted, bounded)', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let agent: Agent;
  useSimulator({}, (s, a) => {
    sim = s;
    agent = a;
  });

  it('a card number sent as a JSON number is masked in the answer and in the log, Luhn or not', async () => {
    for (const [i, number] of [5123450000000009, 4111111111111111].entries()) {
      const answer = await gatewayPut(agent, sim.baseUrl, 100, `QUOTE-CARD-${i}`, '1', authorize({ number }));
      assert.equal(answer.status, 400, answer.text);
      assert.equal(field(answer.json, 'error.field'), 'sourceOfFunds.provided.card.number');
      assert.ok(!answer.text.includes(String(number)), `the answer quotes the card number: ${answer.text}`);
      assert.match(String(field(answer.json, 'error.explanation')), new RegExp(`^Value '${String(number).slice(0, 6)}x{6}${String(number).slice(-4)}' is invalid\\.`));
    }
    assert.ok(!JSON.stringify(sim.requestLog.entries).includes('5123450000000009'), 'the log keeps no card number');
  });

  it('a password in a URL a rule refuses is redacted in the explanation', async () => {
    const answer = await gatewayPut(agent, sim.baseUrl, 100, 'QUOTE-URL', '1', authorize({ number: '5123450000000008' }, { order: { amount: '10.00', currency: 'EUR', notificationUrl: 'ftp://merchant:Hunter2Secret@shop.example/hook' } }));
    assert.equal(answer.status, 400, answer.text);
    assert.equal(field(answer.json, 'error.field'), 'order.notificationUrl');
    assert.ok(!answer.text.includes('Hunter2Secret'), answer.text);
  });

  it('a megabyte apiOperation is quoted by its first 200 characters and its length', async () => {
    const long = 'A'.repeat(1_000_000);
    const operation = await gatewayPut(agent, sim.baseUrl, 100, 'QUOTE-OP', '1', { ...authorize({ number: '5123450000000008' }), apiOperation: long });
    assert.equal(field(operation.json, 'error.field'), 'apiOperation');
    const explanation = String(field(operation.json, 'error.explanation'));
    assert.ok(explanation.length < 1000, `an explanation of ${explanation.length} characters`);
    assert.match(explanation, /^Value 'A{200}…' \(1000000 characters\) is not supported\./);
  });

  it('a control character in a quoted value is written as an escape, never raw', async () => {
    const answer = await gatewayPut(agent, sim.baseUrl, 100, 'QUOTE-CTL', '1', authorize({ number: '5123450000000008' }, { order: { amount: '10.00', currency: 'eu\u001b[31mr' } }));
    assert.equal(answer.status, 400, answer.text);
    const explanation = String(field(answer.json, 'error.explanation'));
    assert.ok(!explanation.includes('\u001b'), explanation);
    assert.match(explanation, /\\u001b/);
  });
});
