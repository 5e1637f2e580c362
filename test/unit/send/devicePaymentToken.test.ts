/**
 * A device payment token (sourceOfFunds.provided.card.devicePayment.paymentToken) is the payer's card,
 * encrypted for the gateway: anyone holding it may pay with it until it is used. Through the real send
 * path, no output of the workbench keeps it (history, cURL, the text and response views, the simulator's
 * log and answers), and the one redaction policy treats it as the payer's data, not as a credential: a
 * form shows it for typing, a history entry replays without it and says so.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HistoryStore } from '../../../src/history/historyStore';
import { replayOf } from '../../../src/history/replay';
import { toExchangeView } from '../../../src/features/response/host/exchangeView';
import { renderExchange } from '../../../src/features/response/host/renderExchange';
import { isCredentialKey, isStoredCredentialPath, redactJson, redactMessage, redactText } from '../../../src/redaction';
import type { SimulatorHandle } from '../../../src/simulator';
import { SIMULATOR_DEFAULTS } from '../../../src/simulator';
import { SimulatorSender, useSimulatorSender } from '../../harness/simulatorSender';

/** Google Pay's token shape, as JSON text (the vendor's samples send it so); the marker is what must never show. */
const MARKER = 'SENTINEL-DEVICE-TOKEN-5c1e';
const TOKEN = JSON.stringify({ signature: 'MEUCIQ', protocolVersion: 'ECv2', signedMessage: JSON.stringify({ encryptedMessage: MARKER, ephemeralPublicKey: 'BOdo', tag: 'x' }) });
const TOKEN_PATH = 'sourceOfFunds.provided.card.devicePayment.paymentToken';

const pay = (paymentToken: unknown): Record<string, unknown> => ({
  apiOperation: 'PAY',
  order: { amount: '12.00', currency: 'EUR', walletProvider: 'GOOGLE_PAY' },
  sourceOfFunds: { type: 'CARD', provided: { card: { devicePayment: { paymentToken } } } },
  transaction: { source: 'INTERNET' },
});

describe('a device payment token never reaches an output, through the real send path', function () {
  this.timeout(20_000);
  let sender: SimulatorSender;
  let sim: SimulatorHandle;
  let dir: string;
  useSimulatorSender((s, h) => {
    sender = s;
    sim = h;
  });
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-device-token-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('history, cURL, the text and response views and the simulator log hold no token; the payment is approved', async () => {
    const exchange = await sender.send({ operationId: 'gateway.pay', params: { orderId: `DEVICE-${Date.now()}`, transactionId: '1' }, body: pay(TOKEN) });
    assert.equal(exchange.response?.status, 201, exchange.response?.bodyText);
    const store = new HistoryStore(path.join(dir, 'history.json'));
    await store.add(exchange);
    const outputs = {
      history: fs.readFileSync(store.filePath, 'utf8'),
      curl: exchange.request.curl,
      text: renderExchange(exchange),
      panel: JSON.stringify(toExchangeView(exchange)),
      simulatorLog: JSON.stringify(sim.requestLog.entries),
    };
    for (const [where, text] of Object.entries(outputs)) assert.ok(!text.includes(MARKER), `${where} holds the device payment token:\n${text.slice(0, 1500)}`);
    assert.match(outputs.history, /"paymentToken":\s*"<redacted>"/, 'history says the token was there');
    const replay = replayOf(store.list()[0] ?? exchange, () => 'FRESH');
    assert.equal(replay.complete, false, 'a replay without the token goes through the form');
    assert.match(replay.fieldNotes[TOKEN_PATH] ?? '', /redacted in history: enter it again/);
  });

  it('an Apple Pay token pasted as an object is redacted whole, in the body and in the refusal that quotes it', async () => {
    const pasted = { version: 'EC_v1', data: MARKER, signature: 'MIAG', header: { ephemeralPublicKey: 'MFkw', transactionId: 'a1b2' } };
    const exchange = await sender.send({ operationId: 'gateway.pay', params: { orderId: `DEVICE-OBJ-${Date.now()}`, transactionId: '1' }, body: pay(pasted) });
    const outputs = { curl: exchange.request.curl, text: renderExchange(exchange), panel: JSON.stringify(toExchangeView(exchange)), failure: JSON.stringify(exchange.failure ?? null), simulatorLog: JSON.stringify(sim.requestLog.entries) };
    for (const [where, text] of Object.entries(outputs)) assert.ok(!text.includes(MARKER), `${where} holds the device payment token:\n${text.slice(0, 1500)}`);
  });

  it('Retrieve Session does not answer with the token a session holds', async () => {
    const created = await sender.send({ operationId: 'gateway.createSession', body: {} });
    const id = String((JSON.parse(created.response?.bodyText ?? '{}') as { session: { id: string } }).session.id);
    const auth = `Basic ${Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64')}`;
    const url = `${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/session/${id}`;
    const updated = await fetch(url, { method: 'PUT', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ sourceOfFunds: { provided: { card: { devicePayment: { paymentToken: TOKEN } } } } }) });
    const retrieved = await fetch(url, { headers: { authorization: auth } });
    for (const [where, answer] of [['update', await updated.text()], ['retrieve', await retrieved.text()]]) {
      assert.ok(!answer.includes(MARKER), `${where} answers with the token: ${answer}`);
    }
  });
});

describe('the redaction policy: the device payment token is the payer\'s secret data, not a credential', () => {
  it('is redacted as JSON, as text and in a message, as a string or an object', () => {
    const json = JSON.stringify(redactJson(pay(TOKEN)));
    assert.ok(!json.includes(MARKER), json);
    assert.ok(!JSON.stringify(redactJson(pay({ data: MARKER }))).includes(MARKER));
    for (const text of [`{"paymentToken":${JSON.stringify(TOKEN)}}`, `paymentToken=${MARKER}`, `{'paymentToken': '${MARKER}'}`]) {
      assert.ok(!redactText(text).includes(MARKER), redactText(text));
      assert.ok(!redactMessage(text).includes(MARKER), redactMessage(text));
    }
  });

  it('a form holds it (it is typed, never filled from SecretStorage) and import does not take it for a credential', () => {
    assert.equal(isStoredCredentialPath(TOKEN_PATH), false);
    assert.equal(isCredentialKey('paymentToken'), false);
  });
});
