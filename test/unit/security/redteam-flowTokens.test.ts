/**
 * Red team: a flow in a repository you did not write. An expectation may quote an earlier step's
 * answer by reference; when that answer field is a token (the financing partner's refresh or access
 * token), the failure message prints the live token into the terminal, the JUnit file and the JSON
 * report, all of which CI keeps and often publishes. Expecting the token field by its own path is
 * redacted; the same value reached through a reference must be too.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from '../../cli/cliProcess';

/** The simulator's tokens (src/simulator/financing/tokens.ts): access sim_at_…, refresh sim_rt_…. */
const TOKEN = /sim_(at|rt)_[A-Za-z0-9_-]{8,}/;

const flow = {
  name: 'A pull request quotes the partner tokens in expectations',
  steps: [
    { id: 'offers', operation: 'financing.offers', body: { products: [{ name: 'Laptop', category: 1, price: 999.99, quantity: 1 }], credit_period: 12 }, expect: { status: 200 } },
    { id: 'refresh', operation: 'financing.refreshToken', expect: { status: 200 } },
    {
      id: 'quote',
      operation: 'financing.offers',
      body: { products: [{ name: 'Laptop', category: 1, price: 999.99, quantity: 1 }], credit_period: 12 },
      // Both fail on purpose: the message shows what was expected, which is the token.
      expect: { success: '{{refresh.response.refresh_token}}', message: 'access {{refresh.response.access_token}}' },
    },
  ],
};

describe('red team: tokens reached by a flow reference stay out of every report (real process)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-redteam-tokens-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('run --reporter text/junit/json prints no refresh or access token that a failed expectation quotes', async () => {
    fs.writeFileSync(path.join(dir, 'quote.payflow.json'), JSON.stringify(flow, null, 2));
    const r = await cli(['run', 'quote.payflow.json', '--simulator', '--reporter', 'text', '--reporter', 'junit:junit.xml', '--reporter', 'json:report.json'], { cwd: dir });
    assert.equal(r.status, 1, `the quoting step fails: ${r.stdout}${r.stderr}`);
    const outputs: [string, string][] = [
      ['stdout', r.stdout],
      ['stderr', r.stderr],
      ['junit.xml', fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8')],
      ['report.json', fs.readFileSync(path.join(dir, 'report.json'), 'utf8')],
    ];
    for (const [where, text] of outputs) assert.doesNotMatch(text, TOKEN, `${where} holds a token: ${TOKEN.exec(text)?.[0] ?? ''}`);
    assert.match(r.stdout, /success: expected/, 'the failure is still reported');
  });
});
