import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exampleBody } from '../../../src/catalogue';
import { HistoryStore } from '../../../src/history/historyStore';
import { CARD_NOT_KEPT_NOTE, replayOf } from '../../../src/history/replay';
import type { Exchange } from '../../../src/send/exchange';
import { makeExchange } from '../../harness/exchanges';
import { SimulatorSender, useSimulatorSender } from '../../harness/simulatorSender';

type CardBody = { sourceOfFunds: { provided: { card: Record<string, unknown> } } };
const CARD = 'sourceOfFunds.provided.card';

function withCard(number: string, securityCode: string): CardBody {
  const base = exampleBody('gateway.authorize') as CardBody;
  return { ...base, sourceOfFunds: { ...base.sourceOfFunds, provided: { card: { ...base.sourceOfFunds.provided.card, number, securityCode } } } };
}

const cardOf = (body: unknown) => (body as CardBody).sourceOfFunds.provided.card;

describe('history replay: what Re-send and Open Request in Form use', () => {
  let sender: SimulatorSender;
  let dir: string;
  let n = 0;
  const fresh = () => `ORD-FRESH-${++n}`;

  useSimulatorSender((s) => (sender = s));
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-replay-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** An exchange as history keeps it: sent to the simulator, then stored and read back from disk. */
  async function kept(e: Exchange): Promise<Exchange> {
    const file = path.join(dir, `h-${++n}.json`);
    await new HistoryStore(file).add(e);
    const back = new HistoryStore(file).get(e.id);
    assert.ok(back);
    return back;
  }

  it('a card that is not a public test card is not kept: number and CSC cleared and noted, never sent as masked', async () => {
    const sent = await sender.send({ operationId: 'gateway.authorize', params: { orderId: `O-R-${Date.now()}`, transactionId: '1' }, body: withCard('5555555555554444', '123') });
    const replay = replayOf(await kept(sent), fresh);
    assert.equal(replay.complete, false);
    assert.equal(cardOf(replay.body).number, undefined);
    assert.equal(cardOf(replay.body).securityCode, undefined);
    assert.deepEqual(replay.fieldNotes, { [`${CARD}.number`]: CARD_NOT_KEPT_NOTE, [`${CARD}.securityCode`]: CARD_NOT_KEPT_NOTE });
    assert.ok(!JSON.stringify(replay.body).includes('xxxxxx') && !JSON.stringify(replay.body).includes('<redacted>'));
  });

  it('a public test card on a TEST environment is kept in full, CSC included; Authorize gets a fresh order id', async () => {
    const orderId = `O-T-${Date.now()}`;
    const sent = await sender.send({ operationId: 'gateway.authorize', params: { orderId, transactionId: '1' }, body: withCard('5123450000000008', '100') });
    const replay = replayOf(await kept(sent), fresh);
    assert.equal(replay.complete, true);
    assert.equal(cardOf(replay.body).number, '5123450000000008');
    assert.equal(cardOf(replay.body).securityCode, '100');
    assert.deepEqual(replay.fieldNotes, {});
    assert.match(replay.params.orderId ?? '', /^ORD-FRESH-/);
    assert.notEqual(replay.params.orderId, orderId);
    assert.equal(replay.params.transactionId, undefined, 'every send draws its own transaction id');
  });

  it('the same test card on a LIVE environment is not kept', async () => {
    const e = makeExchange({ environment: { id: 'live', name: 'Production', live: true } });
    const replay = replayOf(await kept({ ...e, request: { ...e.request, body: withCard('5123450000000008', '100') } }), fresh);
    assert.equal(replay.complete, false);
    assert.equal(replay.fieldNotes[`${CARD}.number`], CARD_NOT_KEPT_NOTE);
  });

  it('an entry of an older version with 511111…1118 and <redacted> is never replayed as it was', () => {
    const e = makeExchange();
    const replay = replayOf({ ...e, request: { ...e.request, body: withCard('511111…1118', '<redacted>') } }, fresh);
    assert.equal(replay.complete, false);
    assert.deepEqual(Object.keys(replay.fieldNotes).sort(), [`${CARD}.number`, `${CARD}.securityCode`]);
  });

  it('a follow-up (Refund, Update Authorization) keeps its order id', () => {
    for (const operationId of ['gateway.refund', 'gateway.updateAuthorization']) {
      const e = makeExchange({ operationId, params: { orderId: 'O-KEEP', transactionId: 'T-1', merchantId: 'TESTSIM' } });
      const replay = replayOf(e, fresh);
      assert.deepEqual(replay.params, { orderId: 'O-KEEP' }, operationId);
    }
    for (const operationId of ['gateway.verify', 'gateway.initiateBrowserPayment']) {
      assert.match(replayOf(makeExchange({ operationId, params: { orderId: 'O-OLD' } }), fresh).params.orderId ?? '', /^ORD-FRESH-/, operationId);
    }
  });

  it('a redacted login password is dropped without a note (the host fills it from secret storage), and the entry goes through the form', () => {
    const e = makeExchange({ operationId: 'financing.login', params: {} });
    const replay = replayOf({ ...e, request: { ...e.request, body: { email: 'a@b.test', password: '<redacted>' } } }, fresh);
    assert.deepEqual(replay.body, { email: 'a@b.test' });
    assert.deepEqual(replay.fieldNotes, {});
    assert.equal(replay.complete, false);
  });

  it('a value cut by the history bounds is not sent again', () => {
    const e = makeExchange();
    const replay = replayOf({ ...e, request: { ...e.request, body: { order: { description: `abc… [cut for history]` } } } }, fresh);
    assert.equal(replay.complete, false);
    assert.ok(replay.fieldNotes['order.description']);
  });
});
