import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exampleBody } from '../../../src/catalogue';
import type { Environment } from '../../../src/environments/environment';
import { HistoryStore } from '../../../src/history/historyStore';
import { toExchangeView } from '../../../src/features/response/host/exchangeView';
import { renderExchange } from '../../../src/features/response/host/renderExchange';
import type { Exchange } from '../../../src/send/exchange';
import { previewRequest } from '../../../src/send/requestPreview';
import type { SimulatorHandle } from '../../../src/simulator';
import { SimulatorSender, useSimulatorSender } from '../../harness/simulatorSender';

/** Greppable secrets planted where a user could put them by mistake. */
const SENTINEL = {
  urlPassword: 'SENTINEL-URL-PW-4e1b',
  loginPassword: 'SENTINEL-LOGIN-PW-a9c3',
  truncatedPassword: 'SENTINEL-TRUNC-PW-77f0',
  longCard: '51234500000000085123450000000008',
  realCard: '5555555555554444',
};

function assertNoSentinel(text: string, where: string): void {
  for (const [name, value] of Object.entries(SENTINEL)) assert.ok(!text.includes(value), `${where}: ${name} leaked\n${text.slice(0, 2000)}`);
}

describe('sentinel secrets outside JSON never reach history, cURL, text view, response view, preview or the simulator log', function () {
  let sim: SimulatorHandle;
  let sender: SimulatorSender;
  let dir: string;
  const outputs: { where: string; text: string }[] = [];

  useSimulatorSender((s, h) => {
    sender = s;
    sim = h;
  });
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-sentinel-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function keep(e: Exchange, label: string): Promise<void> {
    const store = new HistoryStore(path.join(dir, `${label}.json`));
    await store.add(e);
    outputs.push(
      { where: `${label}: history file`, text: fs.readFileSync(store.filePath, 'utf8') },
      { where: `${label}: cURL`, text: e.request.curl },
      { where: `${label}: text view`, text: renderExchange(e) },
      { where: `${label}: response panel`, text: JSON.stringify(toExchangeView(e)) },
    );
  }

  it('a password in the environment URL (an environment that bypassed the check, e.g. an old file)', async () => {
    const withUserinfo = (url: string) => url.replace('://', `://merchant:${SENTINEL.urlPassword}@`);
    const env: Environment = { ...sender.env, gatewayUrl: withUserinfo(sender.env.gatewayUrl ?? ''), financingBaseUrl: withUserinfo(sender.env.financingBaseUrl ?? '') };
    const body = exampleBody('gateway.authorize');
    await keep(await sender.send({ operationId: 'gateway.authorize', params: { orderId: `SENT-URL-${Date.now()}`, transactionId: '1' }, body }, env), 'url');
    const preview = previewRequest(env, 'gateway.authorize', undefined, { orderId: 'O-1', transactionId: '1' }, body);
    outputs.push({ where: 'preview url', text: preview.url }, { where: 'preview cURL', text: preview.curl });
  });

  it('a password in a non-JSON login body (single-quoted pseudo JSON) and form-encoded', async () => {
    const pseudo = `{'email':'partner@example.com','password':'${SENTINEL.loginPassword}'}`;
    await keep(await sender.send({ operationId: 'financing.login', body: pseudo }), 'pseudo-json');
    const form = `email=partner%40example.com&password=${SENTINEL.loginPassword}`;
    await keep(await sender.send({ operationId: 'financing.login', body: form }), 'form');
    const preview = previewRequest(sender.env, 'financing.login', undefined, {}, pseudo);
    outputs.push({ where: 'login preview cURL', text: preview.curl });
  });

  it('a password in truncated JSON and a 32-digit card number, as the simulator log keeps them', async () => {
    const truncated = `{"email":"partner@example.com","password":"${SENTINEL.truncatedPassword}`;
    await keep(await sender.send({ operationId: 'financing.login', body: truncated }), 'truncated');
    const card = `{"apiOperation":"AUTHORIZE","note":"${SENTINEL.longCard}","sourceOfFunds":{"provided":{"card":{"number":"${SENTINEL.realCard}"`;
    await keep(await sender.send({ operationId: 'gateway.authorize', params: { orderId: `SENT-CARD-${Date.now()}`, transactionId: '1' }, body: card }), 'card');
    outputs.push({ where: 'simulator log', text: JSON.stringify(sim.requestLog.entries) });
  });

  it('no output holds a sentinel', () => {
    assert.ok(outputs.length >= 15);
    for (const { where, text } of outputs) assertNoSentinel(text, where);
  });
});
