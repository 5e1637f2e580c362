/**
 * The browser-payment example returns the payer to a simulator page that shows the outcome: the
 * flow's returnUrl resolves to it, the provider page's Pay lands there, and the page is escaped,
 * relative and under a strict Content-Security-Policy.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { cliConnections } from '../../../src/cli/connections';
import { parseFlowText, runFlow } from '../../../src/flows';
import { Credentials } from '../../../src/credentials/credentials';
import { localSimulatorEnvironment } from '../../../src/environments/environment';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../../../src/simulator';
import { answerYes } from '../../harness/sendPorts';

const FLOW = path.resolve(__dirname, '../../../../examples/flows/browser-payment.payflow.json');

describe('the browser-payment example returns the payer to a simulator page with the outcome', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  let connections: ReturnType<typeof cliConnections>;
  before(async () => {
    sim = await startSimulator({ port: 0 });
    connections = cliConnections(new Credentials({ get: async () => undefined }), undefined);
  });
  after(async () => {
    await connections.close();
    await sim.close();
  });

  it('Pay on the provider page lands on a page that exists and shows order id, result, gatewayCode and amount', async () => {
    const parsed = parseFlowText(readFileSync(FLOW, 'utf8'));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const result = await runFlow(parsed.flow, { env: localSimulatorEnvironment(sim.port), deps: connections.runnerDeps(), port: answerYes, signIn: async () => undefined });
    assert.ok(result.passed, JSON.stringify(result.steps.map((s) => [s.message, s.failures])));
    const answer = JSON.parse(result.steps[0]?.exchange?.response?.bodyText ?? '{}') as { order: { id: string }; browserPayment: { redirectUrl: string; returnUrl: string } };
    assert.ok(answer.browserPayment.returnUrl.startsWith(sim.baseUrl), answer.browserPayment.returnUrl);

    await fetch(answer.browserPayment.redirectUrl);
    const pay = await fetch(`${answer.browserPayment.redirectUrl}/return`, { method: 'POST', body: new URLSearchParams({ outcome: 'approve' }), redirect: 'manual' });
    assert.equal(pay.status, 303);
    const returned = await fetch(new URL(pay.headers.get('location') ?? '', answer.browserPayment.redirectUrl));
    const html = await returned.text();
    assert.equal(returned.status, 200, html);
    assert.match(html, new RegExp(`<td id="order">${answer.order.id}</td>`));
    assert.match(html, /<td id="result">SUCCESS<\/td>/);
    assert.match(html, /<td id="gatewayCode">APPROVED<\/td>/);
    assert.match(html, /<td id="amount">EUR 45\.50<\/td>/);
    const csp = returned.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.doesNotMatch(html, /(href|action)="(\/|https?:)/, 'links are relative (the page works behind a path-prefix proxy)');
  });

  it('escapes what it shows, and says plainly when there is no such order', async () => {
    const missing = await fetch(`${sim.baseUrl}/_simulator/browser-payment/returned/${SIMULATOR_DEFAULTS.merchantId}/%3Cb%3E`);
    const html = await missing.text();
    assert.equal(missing.status, 404);
    assert.match(html, /No order &#60;b&#62; of merchant TESTSIMULATOR01/);
    assert.doesNotMatch(html, /<b>/);
  });
});
